// Checks the repository tests share (imported by `*.test.ts` only).
import type { DatabaseSync } from 'node:sqlite'
import { sql } from 'kysely'
import { expect, it } from 'vitest'
import type { FieldErrors } from '#app/domain/common.ts'
import { getDb } from '#app/server/db/client.server.ts'
import type { Database } from '#app/server/db/schema.server.ts'
import { ValidationError } from '#app/server/http/errors.server.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { validForm } from '../../../tests/fixtures/forms.ts'

type FormName = Parameters<typeof validForm>[0]

/**
 * A fresh database for every test of the file, and the valid form of collection `name` with
 * what a test changes (a fresh object each call). A Vitest fixture, not a React hook.
 */
export function useValidForm<Name extends FormName>(name: Name) {
  useTestDatabase()
  return (overrides: Record<string, unknown> = {}) => validForm(name, overrides)
}

/** Deleting `id` answers true and the item is gone; deleting it again answers false. */
export async function expectDeletedOnce(
  remove: (id: string) => Promise<boolean>,
  get: (id: string) => Promise<unknown>,
  id: string,
): Promise<void> {
  expect(await remove(id)).toBe(true)
  expect(await get(id)).toBeUndefined()
  expect(await remove(id)).toBe(false)
}

/** The French errors by field `write` was refused with; it must fail with a ValidationError. */
export async function refusal(write: Promise<unknown>): Promise<FieldErrors> {
  const error = await write.catch((e: unknown) => e)
  expect(error).toBeInstanceOf(ValidationError)
  return (error as ValidationError).fieldErrors
}

/** Every row of `table`, in a fixed order, to prove that a refused write changed none. */
async function tableRows(table: keyof Database): Promise<string[]> {
  const { rows } = await sql`select * from ${sql.table(table)}`.execute(getDb())
  return rows.map((row) => JSON.stringify(row)).sort()
}

/**
 * One test a case: creating `input(bad)` and updating a stored item with `bad` are each refused
 * with exactly `fieldErrors`, and `table` is left as it was.
 */
export function itRefusesBadInput<T extends { id: string }>(
  table: keyof Database,
  writes: {
    create: (input: Record<string, unknown>) => Promise<T>
    update: (id: string, patch: Record<string, unknown>) => Promise<T | undefined>
  },
  input: (overrides?: Record<string, unknown>) => Record<string, unknown>,
  cases: readonly (readonly [bad: Record<string, unknown>, fieldErrors: FieldErrors])[],
): void {
  it.each(cases)('rejects %j on create and update, writing nothing', async (bad, fieldErrors) => {
    const stored = await writes.create(input())
    const before = await tableRows(table)
    expect(await refusal(writes.create(input(bad)))).toEqual(fieldErrors)
    expect(await refusal(writes.update(stored.id, bad))).toEqual(fieldErrors)
    expect(await tableRows(table)).toEqual(before)
  })
}

/** SQLite's plan for `query`, a step a line: a listing should name its index, not sort. */
export function queryPlan(sqlite: DatabaseSync, query: string): string {
  return sqlite
    .prepare(`EXPLAIN QUERY PLAN ${query}`)
    .all()
    .map((r) => String((r as { detail: string }).detail))
    .join('\n')
}
