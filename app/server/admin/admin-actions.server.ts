// Shared steps of admin actions: read the form and its intent, turn a ValidationError into
// a 400 (and any unexpected save error into a logged 500) that keeps what the admin typed,
// and answer an unknown intent with a French 400.
import { data } from 'react-router'
import { formDataToObject, type FieldErrors } from '#app/domain/common.ts'
import type { ResourceType } from '#app/domain/activity.ts'
import type { CrudView, FormFailure } from '#app/domain/admin-collection.ts'
import { recordActivity } from '../activity/activity.server.ts'
import { ValidationError } from '../http/errors.server.ts'
import { log } from '../core/log.server.ts'
import { readFormData } from '../http/request-body.server.ts'
import { redirectWithToast } from '../http/toast.server.ts'

/** Parsed request body of an admin form: `intent`, all fields as an object, the raw FormData. */
export async function readAdminForm(request: Request) {
  const formData = await readFormData(request)
  const values = formDataToObject(formData)
  const intent = typeof values.intent === 'string' ? values.intent : ''
  const id = typeof values.id === 'string' ? values.id : ''
  delete values.intent
  return { intent, id, values, formData }
}

/** 400 with field errors and the submitted values (the form re-renders with them). */
export function formFailure(
  fieldErrors: FieldErrors,
  values: Record<string, unknown>,
  formError?: string,
) {
  return data<FormFailure>({ fieldErrors, values, formError }, { status: 400 })
}

/** Banner of a save that failed for a reason other than the admin's input. */
export const SAVE_FAILED_MESSAGE =
  "L'enregistrement a échoué. Vos saisies sont conservées ; veuillez réessayer."

/** A `redirect()`, `data()` or Response thrown on purpose: React Router's control flow. */
function isRouterResponse(error: unknown): boolean {
  return (
    error instanceof Response ||
    (typeof error === 'object' &&
      error !== null &&
      (error as { type?: unknown }).type === 'DataWithResponseInit')
  )
}

/**
 * Runs `save`; a ValidationError becomes a 400 form failure keeping `values`. An unexpected
 * error (database busy, disk full…) is logged and becomes a 500 form failure that keeps
 * `values` too, instead of replacing the form with the error boundary and losing the typing.
 * Thrown responses (redirect, 404…) still propagate.
 */
export async function withValidation<T>(
  values: Record<string, unknown>,
  save: () => Promise<T>,
  /** Optional banner text above the form (e.g. the French 'could not save' message). */
  formError?: string,
): Promise<T | ReturnType<typeof formFailure>> {
  try {
    return await save()
  } catch (error: unknown) {
    if (error instanceof ValidationError) return formFailure(error.fieldErrors, values, formError)
    if (isRouterResponse(error)) throw error
    log.error('admin save failed', {
      error: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? error.stack : undefined,
      fields: Object.keys(values),
    })
    return data<FormFailure>(
      { fieldErrors: {}, values, formError: formError ?? SAVE_FAILED_MESSAGE },
      { status: 500 },
    )
  }
}

/**
 * A list's URL after an action, as the admin left it: `base` with only these parameters of
 * the request (its filters, page or selection). The form posted to that URL; the request may
 * be the single-fetch one (`….data?_routes=…`), whose own parameters are dropped.
 */
export function listUrlOf(request: Request, base: string, keys: readonly string[]): string {
  const from = new URL(request.url).searchParams
  const kept = new URLSearchParams()
  for (const key of keys) {
    const value = from.get(key)
    if (value) kept.set(key, value)
  }
  const query = kept.toString()
  return query ? `${base}?${query}` : base
}

/** Response for an intent the tab does not know. */
export function unknownIntent(intent: string) {
  return data<FormFailure>(
    { fieldErrors: {}, values: {}, formError: `Action inconnue : ${intent || '(aucune)'}` },
    { status: 400 },
  )
}

/** Response when the item to change no longer exists. */
export function notFound(message = "Cet élément n'existe plus.") {
  return data<FormFailure>({ fieldErrors: {}, values: {}, formError: message }, { status: 404 })
}

/** Reads the tab's view from the URL; an unknown `edit` id is a 404 with `missing`. */
export async function loadCrudView<T>(
  request: Request,
  spec: { get(id: string): Promise<T | undefined>; list(): Promise<T[]>; missing: string },
): Promise<CrudView<T>> {
  const url = new URL(request.url)
  const editId = url.searchParams.get('edit')
  if (editId) {
    const item = await spec.get(editId)
    if (!item) throw data({ message: spec.missing }, { status: 404 })
    return { mode: 'edit', item, items: [] }
  }
  if (url.searchParams.has('new')) return { mode: 'create', item: null, items: [] }
  return { mode: 'list', item: null, items: await spec.list() }
}

/** Who did it: the signed-in admin (activity entries are attributed to the real user). */
export interface Actor {
  id: string
  name: string
  email: string
}

/** The create / update / delete steps of one list tab (see `handleCrudIntent`). */
export interface CrudSpec<T extends { id: string }> {
  /** Where a successful save or delete returns: the tab's list (e.g. '/admin/projects'). */
  listUrl: string
  resourceType: ResourceType
  nameOf: (item: T) => string
  /** Form defaults for fields a browser omits (unticked boxes, emptied lists). */
  formDefaults?: Record<string, unknown>
  get: (id: string) => Promise<T | undefined>
  create: (values: Record<string, unknown>) => Promise<T>
  update: (id: string, values: Record<string, unknown>) => Promise<T | undefined>
  remove: (id: string) => Promise<boolean>
  /** French toasts: 'Projet ajouté avec succès', … */
  messages: { created: string; updated: string; deleted: string; missing: string }
}

/**
 * The standard create / update / delete intents of a list tab: validates through the
 * repository, answers a 400 that keeps the typed values on failure, records the activity
 * as `actor`, and redirects to the list with a toast on success. Returns undefined for
 * another intent, so the route can handle its own (e.g. 'reorder').
 */
export async function handleCrudIntent<T extends { id: string }>(
  request: Request,
  actor: Actor,
  form: { intent: string; id: string; values: Record<string, unknown> },
  spec: CrudSpec<T>,
) {
  const { intent, id } = form
  const values = { ...spec.formDefaults, ...form.values }
  delete values.id
  switch (intent) {
    case 'create':
      return withValidation(form.values, async () => {
        const item = await spec.create(values)
        await recordActivity(request, {
          actor,
          action: 'create',
          resourceType: spec.resourceType,
          resourceId: item.id,
          resourceName: spec.nameOf(item),
        })
        return redirectWithToast(spec.listUrl, { kind: 'success', message: spec.messages.created })
      })
    case 'update':
      return withValidation(form.values, async () => {
        const item = id ? await spec.update(id, values) : undefined
        if (!item) return notFound(spec.messages.missing)
        await recordActivity(request, {
          actor,
          action: 'update',
          resourceType: spec.resourceType,
          resourceId: item.id,
          resourceName: spec.nameOf(item),
        })
        return redirectWithToast(spec.listUrl, { kind: 'success', message: spec.messages.updated })
      })
    case 'delete': {
      const item = id ? await spec.get(id) : undefined
      if (!item || !(await spec.remove(id))) {
        return redirectWithToast(spec.listUrl, { kind: 'error', message: spec.messages.missing })
      }
      await recordActivity(request, {
        actor,
        action: 'delete',
        resourceType: spec.resourceType,
        resourceId: item.id,
        resourceName: spec.nameOf(item),
      })
      return redirectWithToast(spec.listUrl, { kind: 'success', message: spec.messages.deleted })
    }
    default:
      return undefined
  }
}
