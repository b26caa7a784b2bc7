import type { z } from 'zod'
import { toFieldErrors, type FieldErrors } from '#app/domain/common.ts'

/** Invalid input: carries French messages per field; nothing was written. */
export class ValidationError extends Error {
  readonly fieldErrors: FieldErrors
  constructor(fieldErrors: FieldErrors, message = 'Données invalides') {
    super(message)
    this.name = 'ValidationError'
    this.fieldErrors = fieldErrors
  }
}

/** Parse with a domain schema or throw a ValidationError with French field messages. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input)
  if (!result.success) throw new ValidationError(toFieldErrors(result.error))
  return result.data
}
