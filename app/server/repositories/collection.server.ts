// Helpers shared by the content repositories (projects, skills, timeline, blog, process,
// media): partial-update merging, default order, deletes, search keys.
import { sql, type Kysely } from 'kysely'
import { searchKey } from '#app/domain/blog.ts'
import type { ContentTables, Database } from '#app/server/db/schema.server.ts'
import { lazyCollator } from '#app/domain/lazy-intl.ts'

type CollectionTable =
  'projects' | 'skills' | 'timeline' | 'blog_posts' | 'creative_process' | 'media'

/** Patch keys left undefined mean "unchanged" (a typed caller's `{ title: undefined }`). */
export function definedOnly(patch: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(patch)) if (value !== undefined) out[key] = value
  return out
}

/** Current values overlaid with the patch, to be validated whole (contracts: updates). */
export function mergePatch(
  current: Readonly<Record<string, unknown>>,
  patch: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  return { ...current, ...definedOnly(patch) }
}

export async function countRows(db: Kysely<Database>, table: CollectionTable): Promise<number> {
  const result = await sql<{
    n: number | bigint
  }>`select count(*) as n from ${sql.table(table)}`.execute(db)
  return Number(result.rows[0]?.n ?? 0)
}

/** Default order of a new item: current count + 1, so it goes last. */
export async function nextOrder(db: Kysely<Database>, table: CollectionTable): Promise<number> {
  return (await countRows(db, table)) + 1
}

export async function deleteById(
  db: Kysely<Database>,
  table: keyof ContentTables,
  id: string,
): Promise<boolean> {
  const result = await db.deleteFrom(table).where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** True when the trimmed query is empty or found in one of the texts (case and accents ignored). */
export function matchesQuery(query: string | undefined, texts: readonly string[]): boolean {
  const needle = searchKey(query?.trim() ?? '')
  if (needle === '') return true
  return texts.some((text) => searchKey(text).includes(needle))
}

const collator = lazyCollator('fr', { sensitivity: 'base', numeric: true })

export function compareText(a: string, b: string): number {
  return collator.compare(a, b)
}

/** Distinct values sorted in French order (tags, categories). */
export function distinctSorted(values: Iterable<string>): string[] {
  return [...new Set(values)].sort(compareText)
}
