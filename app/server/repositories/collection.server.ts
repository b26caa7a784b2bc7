// Helpers shared by the content repositories (projects, skills, timeline, blog, process,
// media): partial-update merging, default order, deletes, search keys, reading one row.
import { sql, type Kysely } from 'kysely'
import { searchKey } from '#app/domain/blog.ts'
import type { ContentTables, Database } from '#app/server/db/schema.server.ts'
import { lazyCollator } from '#app/domain/lazy-intl.ts'
import { parseJson } from '#app/server/db/util.server.ts'

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

/** The search and social fields that are set (ADR 064): a blank column is the page's default. */
export function seoOf(row: { seoTitle: string; seoDescription: string; ogImage: string }) {
  return {
    ...(row.seoTitle ? { seoTitle: row.seoTitle } : {}),
    ...(row.seoDescription ? { seoDescription: row.seoDescription } : {}),
    ...(row.ogImage ? { ogImage: row.ogImage } : {}),
  }
}

/** The first row `query` finds, through `to`; undefined when it finds none. */
export async function firstRow<R, T>(
  query: { executeTakeFirst(): Promise<R | undefined> },
  to: (row: R) => T,
): Promise<T | undefined> {
  const row = await query.executeTakeFirst()
  return row ? to(row) : undefined
}

/**
 * Runs `change` on the stored item in one transaction, so a partial update overlays what is
 * stored at that moment; undefined, and nothing written, when there is no such item.
 */
export function updateExisting<T, R>(
  db: Kysely<Database>,
  find: (trx: Kysely<Database>, id: string) => Promise<T | undefined>,
  id: string,
  change: (trx: Kysely<Database>, current: T) => Promise<R>,
): Promise<R | undefined> {
  return db.transaction().execute(async (trx) => {
    const current = await find(trx, id)
    return current === undefined ? undefined : change(trx, current)
  })
}

/**
 * A new item's row, prepared (validated, rendered) before any transaction (ADR 081), inserted
 * with what `alsoInTransaction` writes (the import's source row, ADR 066) in one transaction.
 */
export async function insertPrepared<R, T>(
  db: Kysely<Database>,
  row: R,
  insert: (trx: Kysely<Database>, row: R) => Promise<T>,
  alsoInTransaction?: (trx: Kysely<Database>, item: T) => Promise<void>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const item = await insert(trx, row)
    await alsoInTransaction?.(trx, item)
    return item
  })
}

/** The Markdown rendering stored with an item (ADR 020), or null when there is none. */
export async function storedHtml(
  db: Kysely<Database>,
  table: 'blog_posts' | 'projects',
  id: string,
): Promise<string | null> {
  const row = await db
    .selectFrom(table)
    .select('contentHtml')
    .where('id', '=', id)
    .executeTakeFirst()
  return row?.contentHtml ?? null
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

/** Every tag in use in `table`, once, in French alphabetical order. */
export async function tagsInUse(
  db: Kysely<Database>,
  table: 'projects' | 'media',
): Promise<string[]> {
  const rows = await db.selectFrom(table).select('tags').execute()
  return distinctSorted(rows.flatMap((row) => parseJson<string[]>(row.tags, [])))
}

/** One page of an admin list (ADR 091, ADR 099). */
export interface ListPage<T> {
  items: T[]
  total: number
  /** The page shown: the one asked for, or the last one. */
  page: number
  pageCount: number
}

/**
 * Counts the matching rows, then reads only the rows of the wanted page (clamped to the last
 * one): `read(limit, offset)`.
 */
export async function readListPage<T>(
  count: Promise<{ n: number | string | bigint } | undefined>,
  pageSize: number,
  wanted: number,
  read: (limit: number, offset: number) => Promise<T[]>,
): Promise<ListPage<T>> {
  const total = Number((await count)?.n ?? 0)
  const pageCount = Math.max(1, Math.ceil(total / pageSize))
  const page = Math.min(Math.max(1, wanted), pageCount)
  const items = total === 0 ? [] : await read(pageSize, (page - 1) * pageSize)
  return { items, total, page, pageCount }
}
