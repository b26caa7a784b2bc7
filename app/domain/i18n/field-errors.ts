// A public form's field refusals on the English site (ADR 074). The domain schemas carry
// French messages (and Zod, its own English defaults where a schema gives none): on /en/,
// each refusal is read from the issue's kind instead, so no French or Zod text reaches an
// English visitor whatever was posted (too long, a list for a text, a missing field). No I/O.
import type { z } from 'zod'
import type { FieldErrors } from '#app/domain/common.ts'

export const ENGLISH_NOT_TEXT = 'Invalid value: a text is expected.'

/** "At most 5,000 characters." */
export function englishTooLong(max: number): string {
  return `At most ${max.toLocaleString('en-GB')} characters.`
}

/**
 * One English sentence per refused field, first issue first. `fields` gives each visible
 * field's own sentence (what to enter), used when the issue says nothing more precise; issues
 * on other fields (a honeypot, an unknown key) are left out, as the form shows no such field.
 */
export function englishFieldErrors(
  error: z.ZodError,
  input: Readonly<Record<string, unknown>>,
  fields: Readonly<Record<string, string>>,
): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '')
    if (!Object.hasOwn(fields, field) || Object.hasOwn(out, field)) continue
    const sent = input[field]
    if (issue.code === 'too_big' && issue.origin === 'string')
      out[field] = englishTooLong(Number(issue.maximum))
    else if (sent !== undefined && typeof sent !== 'string') out[field] = ENGLISH_NOT_TEXT
    else out[field] = fields[field]!
  }
  return out
}
