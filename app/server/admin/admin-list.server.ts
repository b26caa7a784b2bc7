// The bulk action of an admin list (ADR 091, ADR 099), written once for posts, projects, media
// and messages: the form parsed by the list's own schema (French refusals, one page of ids at
// most), each ticked row run through the collection's own repository calls, one activity
// entry per changed row, and back to the list as it was filtered with a French toast.
import {
  bulkActionSchema,
  bulkDoneMessage,
  listParamNames,
  type BulkAction,
  type ListSpec,
} from '#app/domain/admin-list.ts'
import type { ResourceType } from '#app/domain/activity.ts'
import { recordActivity } from '../activity/activity.server.ts'
import { redirectWithToast } from '../http/toast.server.ts'
import { formFailure, listUrlOf, type Actor } from './admin-actions.server.ts'

/** What one row's action did: changed it (true), kept it back (why), or nothing (false). */
export type BulkOutcome = boolean | { kept: string }

export interface BulkTarget<T> {
  spec: ListSpec
  /**
   * The collection as declared once: its tab (/admin/<id>, where the answer goes back to),
   * its resource type and the name an item is logged under.
   */
  collection: { id: string; resourceType: ResourceType; nameOf: (item: T) => string }
  /** Reads one ticked row; a row that no longer exists is skipped. */
  get: (id: string) => Promise<T | undefined>
  /** Runs the action on one row. */
  apply: (item: T, action: BulkAction, tag: string) => Promise<BulkOutcome>
  /** The toast's sentence on the rows kept back (media still in use). */
  keptMessage?: (count: number) => string
}

export async function bulkIntent<T>(
  request: Request,
  admin: Actor,
  form: { values: Record<string, unknown>; formData: FormData },
  target: BulkTarget<T>,
) {
  const parsed = bulkActionSchema(target.spec).safeParse({
    action: form.values.action,
    ids: form.formData.getAll('ids').filter((id) => typeof id === 'string'),
    tag: typeof form.values.tag === 'string' ? form.values.tag : undefined,
  })
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {}
    for (const issue of parsed.error.issues)
      fieldErrors[String(issue.path[0] ?? 'action')] ??= issue.message
    return formFailure(fieldErrors, form.values, Object.values(fieldErrors)[0])
  }
  const { action, ids, tag } = parsed.data
  let done = 0
  let kept = 0
  for (const id of new Set(ids)) {
    const item = await target.get(id)
    if (item === undefined) continue
    const outcome = await target.apply(item, action, tag)
    if (outcome === false) continue
    if (outcome !== true) {
      kept++
      continue
    }
    done++
    await recordActivity(request, {
      actor: admin,
      action: action === 'delete' ? 'delete' : 'update',
      resourceType: target.collection.resourceType,
      resourceId: id,
      resourceName: target.collection.nameOf(item),
      details: `Action groupée : ${bulkDoneMessage(action, 1)}`,
    })
  }
  const keptText = kept > 0 && target.keptMessage ? ` ; ${target.keptMessage(kept)}` : ''
  return redirectWithToast(
    listUrlOf(request, `/admin/${target.collection.id}`, listParamNames(target.spec)),
    {
      kind: done === 0 && kept > 0 ? 'error' : 'success',
      message: `${bulkDoneMessage(action, done)}${keptText}`,
    },
  )
}
