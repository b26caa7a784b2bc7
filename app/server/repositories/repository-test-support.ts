// Checks the repository tests share (imported by `*.test.ts` only).
import type { DatabaseSync } from 'node:sqlite'
import { expect } from 'vitest'

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

/** SQLite's plan for `query`, a step a line: a listing should name its index, not sort. */
export function queryPlan(sqlite: DatabaseSync, query: string): string {
  return sqlite
    .prepare(`EXPLAIN QUERY PLAN ${query}`)
    .all()
    .map((r) => String((r as { detail: string }).detail))
    .join('\n')
}
