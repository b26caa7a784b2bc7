// Client-side validation with the same Zod schema the action uses (no drift): blocks the
// submit and shows the French errors when the form is invalid; server errors show otherwise.
import { useState, type FormEvent } from 'react'
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

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget
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
      setClientErrors(null)
      return
    }
    event.preventDefault()
    const errors = toFieldErrors(result.error)
    setClientErrors(errors)
    // Move focus to the first invalid control so keyboard and screen-reader users land on it.
    const first = Object.keys(errors)[0]
    if (first !== undefined) {
      const control = form.elements.namedItem(first)
      if (control instanceof HTMLElement) control.focus()
    }
  }

  return { errors: clientErrors ?? serverErrors ?? {}, onSubmit }
}
