// Client-side validation with the same Zod schema the action uses (no drift): blocks the
// submit and shows the French errors when the form is invalid; server errors show otherwise.
import { useRef, useState, type FormEvent } from 'react'
import type { z } from 'zod'
import { formDataToObject, toFieldErrors, type FieldErrors } from '#app/domain/common.ts'

const SAVE_INTENTS = new Set(['create', 'update', 'save', 'url'])

/**
 * `useSchemaForm(schema, serverErrors)` → `{ errors, onSubmit }`. Pass `onSubmit` to the
 * `<Form>`; read `errors[field]`. `prepare` may adjust the parsed object before validation.
 */
export function useSchemaForm(
  schema: z.ZodType,
  serverErrors: FieldErrors | undefined,
  prepare?: (values: Record<string, unknown>) => Record<string, unknown>,
) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
  const [seenServerErrors, setSeenServerErrors] = useState(serverErrors)
  // New server errors replace stale client ones (derived during render, no effect).
  if (seenServerErrors !== serverErrors) {
    setSeenServerErrors(serverErrors)
    setClientErrors(null)
  }
  const shown = clientErrors ?? serverErrors ?? {}

  // An error leaves as soon as its field is fixed, not at the next submit.
  // Errors only shrink while typing; new ones appear on submit.
  const recheck = useRef<(form: HTMLFormElement) => void>(() => {})
  recheck.current = (form) => {
    const keys = Object.keys(shown)
    if (keys.length === 0) return
    let values = formDataToObject(new FormData(form))
    if (prepare) values = prepare(values)
    const result = schema.safeParse(values)
    const still = result.success ? {} : toFieldErrors(result.error)
    const next: FieldErrors = {}
    for (const key of keys) if (key in still) next[key] = still[key]!
    if (Object.keys(next).length !== keys.length) setClientErrors(next)
  }
  const watched = useRef(new WeakSet<HTMLFormElement>())
  function watch(form: HTMLFormElement) {
    if (watched.current.has(form)) return
    watched.current.add(form)
    // After React has handled the event: a state update from inside this listener would
    // re-render controlled inputs with their previous value and lose the keystroke.
    const later = () => window.setTimeout(() => recheck.current(form), 0)
    form.addEventListener('input', later)
    form.addEventListener('change', later)
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget
    watch(form)
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    // A button posting another intent (delete, reorder…) is not a save: let it through.
    if (
      submitter instanceof HTMLButtonElement &&
      submitter.name === 'intent' &&
      !SAVE_INTENTS.has(submitter.value)
    )
      return
    const formData = new FormData(form, submitter ?? undefined)
    let values = formDataToObject(formData)
    if (prepare) values = prepare(values)
    const result = schema.safeParse(values)
    if (result.success) {
      // Valid here: hide the previous answer's errors while this one is on its way.
      setClientErrors({})
      return
    }
    event.preventDefault()
    const errors = toFieldErrors(result.error)
    setClientErrors(errors)
    // Move focus to the first invalid control so keyboard and screen-reader users land on it.
    const first = Object.keys(errors)[0]
    if (first !== undefined) firstControl(form, first)?.focus()
  }

  return {
    errors: shown,
    onSubmit,
    /** Lets a form with server errors (no submit seen yet) clear them while typing. */
    formRef: (form: HTMLFormElement | null) => {
      if (form) watch(form)
    },
  }
}

/**
 * The control an error key names: `title`, a list posted as `tags[]`, or an entry of it
 * (`images.2`); the first of several inputs sharing the name.
 */
function firstControl(form: HTMLFormElement, key: string): HTMLElement | undefined {
  const base = key.split('.')[0]!
  for (const name of [key, `${key}[]`, base, `${base}[]`]) {
    const found = form.elements.namedItem(name)
    const control = found instanceof RadioNodeList ? found[0] : found
    if (control instanceof HTMLElement) return control
  }
  return undefined
}
