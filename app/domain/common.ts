// Field building blocks shared by every form schema. No I/O: imported by the
// browser and the server alike. Messages are French; maximum lengths are ours
// (ADR 004): they keep one request from storing megabytes of text.
import './zod-config.ts'
import { z } from 'zod'
import { MAX_LENGTH } from './limits.ts'

export { MAX_LENGTH }

export const tooLong = (max: number) => `${max} caractères maximum`

/** A required text: trimmed, non-empty, bounded. */
export function requiredText(message: string, max: number = MAX_LENGTH.short) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: tooLong(max) })
}

/** Refusal of a value that is not one text (an array or object sent for a text field). */
export const NOT_TEXT = 'Valeur invalide : un texte est attendu'

/** One text (not an array or object), trimmed, at most `max` characters. */
function boundedText(max: number) {
  return z
    .string({ error: NOT_TEXT })
    .trim()
    .max(max, { error: tooLong(max) })
}

/** An optional text: trimmed; empty becomes undefined. */
export function optionalText(max: number = MAX_LENGTH.short) {
  return z.preprocess(emptyToUndefined, boundedText(max).optional())
}

function emptyToUndefined(value: unknown) {
  if (value === null || value === undefined) return undefined
  if (typeof value === 'string' && value.trim() === '') return undefined
  return value
}

/**
 * http(s) URL, or a path on this site ("/demo/…") for the images that ship with it: one
 * leading `/` not followed by `/` or `\` (browsers read `//x` and `/\x` as another host),
 * and no whitespace or control character anywhere.
 */
export function isUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f\\]/.test(value)) return false
  if (value.startsWith('/')) return !value.startsWith('//')
  if (!URL.canParse(value)) return false
  const protocol = new URL(value).protocol
  return protocol === 'http:' || protocol === 'https:'
}

export const INVALID_URL = 'URL invalide'
export const INVALID_EMAIL = 'Adresse e-mail invalide'

export function requiredUrl(message: string) {
  return requiredText(message, MAX_LENGTH.url).refine(isUrl, { error: INVALID_URL })
}

export function optionalUrl() {
  return z.preprocess(
    emptyToUndefined,
    boundedText(MAX_LENGTH.url).refine(isUrl, { error: INVALID_URL }).optional(),
  )
}

export function requiredEmail(message: string) {
  return requiredText(message, MAX_LENGTH.email).pipe(z.email({ error: INVALID_EMAIL }))
}

export function optionalEmail() {
  return z.preprocess(
    emptyToUndefined,
    boundedText(MAX_LENGTH.email)
      .pipe(z.email({ error: INVALID_EMAIL }))
      .optional(),
  )
}

/** Splits "a, b,, c " into ["a", "b", "c"]; lists pass through trimmed. */
export function splitList(value: unknown): string[] {
  const parts = Array.isArray(value)
    ? value.flatMap((v) => (typeof v === 'string' ? [v] : []))
    : typeof value === 'string'
      ? value.split(',')
      : []
  return parts.map((p) => p.trim()).filter((p) => p.length > 0)
}

/** Tags, keywords: comma-separated text or a list; trimmed, empties dropped. */
export function listField(itemMax: number = MAX_LENGTH.tag, maxItems: number = MAX_LENGTH.list) {
  return z.preprocess(
    splitList,
    z
      .array(z.string({ error: NOT_TEXT }).max(itemMax, { error: tooLong(itemMax) }))
      .max(maxItems, { error: `${maxItems} éléments maximum` }),
  )
}

/** A list of URLs (project images), added one by one; trimmed, empties ignored. */
export function urlListField(maxItems: number = MAX_LENGTH.list) {
  return z.preprocess(
    (v) => (Array.isArray(v) ? splitList(v) : typeof v === 'string' ? splitLines(v) : []),
    z
      .array(
        z
          .string({ error: NOT_TEXT })
          .max(MAX_LENGTH.url, { error: tooLong(MAX_LENGTH.url) })
          .refine(isUrl, { error: INVALID_URL }),
      )
      .max(maxItems, { error: `${maxItems} éléments maximum` }),
  )
}

function splitLines(value: string): string[] {
  return value
    .split(/[\n,]/)
    .map((p) => p.trim())
    .filter(Boolean)
}

/** Whole number from a form string or a number, with bounds and a default when empty. */
export function intField(opts: {
  message: string
  min?: number
  max?: number
  minMessage?: string
  maxMessage?: string
  default?: number
}) {
  let schema = z.number({ error: opts.message }).int({ error: opts.message })
  if (opts.min !== undefined)
    schema = schema.min(opts.min, { error: opts.minMessage ?? opts.message })
  if (opts.max !== undefined)
    schema = schema.max(opts.max, { error: opts.maxMessage ?? opts.message })
  return z.preprocess((value) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
      return opts.default
    if (typeof value === 'string') return Number(value.trim())
    return value
  }, schema)
}

/** A ticked box's values: "on" (a browser's), "true", "1" or true. */
function isTicked(value: unknown): boolean {
  return value === true || value === 'on' || value === 'true' || value === '1'
}

/**
 * Checkbox: "on", "true", "1" or true are true; anything else (or absent) is false. A hidden
 * "false" followed by the checkbox arrives as ["false", "on"]: ticked when one value is.
 * The one reading of a checkbox (ADR 079): `boolField.parse(value)` outside a schema.
 */
export const boolField = z.preprocess(
  (value) => (Array.isArray(value) ? value.some(isTicked) : isTicked(value)),
  z.boolean(),
)

export type FieldErrors = Record<string, string>

/** First message per field, keyed by dotted path ("contact.email"); "" for form-level. */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of error.issues) {
    const key = issue.path.join('.')
    if (!(key in out)) out[key] = issue.message
  }
  return out
}

const LIST_SUFFIX = '[]'

/**
 * Form name of a list posted item by item (`tags[]`): `formDataToObject` reads it as an
 * array under `name` even with a single item, so the item is never split on commas the way
 * a comma-separated text field is (project tags and images are added one by one, and may contain commas).
 */
export function listFieldName(name: string): string {
  return `${name}${LIST_SUFFIX}`
}

/**
 * FormData to a plain object; repeated keys become arrays, and a `name[]` key is always an
 * array stored under `name` (see `listFieldName`).
 */
export function formDataToObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string') continue
    if (key.endsWith(LIST_SUFFIX)) {
      const name = key.slice(0, -LIST_SUFFIX.length)
      const prev = out[name]
      out[name] = [...(Array.isArray(prev) ? prev : prev === undefined ? [] : [prev]), value]
      continue
    }
    if (key in out) {
      const prev = out[key]
      out[key] = Array.isArray(prev) ? [...prev, value] : [prev, value]
    } else out[key] = value
  }
  return out
}
