// The checks every form schema's test makes the same way (imported by `*.test.ts` only).
import { expect, it } from 'vitest'
import type { z } from 'zod'
import { formDataToObject, toFieldErrors, type FieldErrors } from './common.ts'

type Values = Readonly<Record<string, unknown>>

/** The French errors by field of `schema` for `input`; {} when it parses. */
export function fieldErrors(schema: z.ZodType, input: unknown): FieldErrors {
  const result = schema.safeParse(input)
  return result.success ? {} : toFieldErrors(result.error)
}

/**
 * One test a value: `field` set to it on `valid` parses when it is in `accepts`, and is
 * refused with `message` on that field alone when it is in `refuses`.
 */
export function itChecksField(
  schema: z.ZodType,
  valid: Values,
  field: string,
  values: { accepts: readonly unknown[]; refuses: readonly unknown[]; message: string },
): void {
  const cases: [unknown, boolean][] = [
    ...values.accepts.map((value): [unknown, boolean] => [value, true]),
    ...values.refuses.map((value): [unknown, boolean] => [value, false]),
  ]
  it.each(cases)(`${field} %j accepted: %s`, (value, ok) => {
    expect(fieldErrors(schema, { ...valid, [field]: value })).toEqual(
      ok ? {} : { [field]: values.message },
    )
  })
}

/**
 * One test named `title`: each field of `required` is refused with its French message when
 * absent, and again in `blank` (the fields empty or only spaces).
 */
export function itRequires(
  title: string,
  schema: z.ZodType,
  required: Readonly<Record<string, string>>,
  blank: Values,
): void {
  it(title, () => {
    expect(fieldErrors(schema, {})).toEqual(required)
    expect(fieldErrors(schema, blank)).toEqual(required)
  })
}

/** Each field takes `max` characters and refuses one more with the French bound. */
export function itBoundsLength(
  schema: z.ZodType,
  valid: Values,
  bounds: readonly (readonly [field: string, max: number])[],
): void {
  it.each(bounds)('bounds %s at %i characters', (field, max) => {
    expect(schema.safeParse({ ...valid, [field]: 'x'.repeat(max) }).success).toBe(true)
    expect(fieldErrors(schema, { ...valid, [field]: 'x'.repeat(max + 1) })).toEqual({
      [field]: `${max} caractères maximum`,
    })
  })
}

/** `values` posted as a browser form: one entry a value (a list repeats its name), in their order. */
export function formOf(values: Readonly<Record<string, string | readonly string[]>>): FormData {
  const form = new FormData()
  for (const [key, value] of Object.entries(values))
    for (const item of typeof value === 'string' ? [value] : value) form.append(key, item)
  return form
}

/** What `schema` makes of `values` posted as a browser form, read as an action reads it. */
export function parseForm<S extends z.ZodType>(
  schema: S,
  values: Readonly<Record<string, string | readonly string[]>>,
): z.output<S> {
  return schema.parse(formDataToObject(formOf(values)))
}
