// Full-text search of the posts on both databases behind one filter (ADR 091): SQLite's FTS5
// table filled by triggers, PostgreSQL's tsvector under a GIN index (migration 025). Each word
// of the query must be found (a prefix of a word of the title, excerpt or text), accents and
// case ignored on both.
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely'
import { dialectOf } from './dialect.server.ts'

/** SQLite: the FTS5 table of the posts (its own id column, never the rowid). */
export const POST_SEARCH_TABLE = 'blog_posts_fts'
/** SQLite: each full-text row's key (its rowid) and post id, a narrow table (migration 034). */
export const POST_SEARCH_KEYS = 'blog_posts_fts_keys'
/** PostgreSQL: the French text search configuration, accents folded when unaccent exists. */
export const POST_SEARCH_CONFIG = 'vitrine_french'

/** More words than this in a query are ignored (a bound on the work one request asks for). */
const MAX_WORDS = 8
const MAX_WORD_LENGTH = 64

/** The words of a query: runs of letters and digits, lower case; nothing else reaches SQL. */
export function searchWords(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .slice(0, MAX_WORDS)
    .map((word) => word.slice(0, MAX_WORD_LENGTH))
}

/**
 * PostgreSQL: the posts' tsvector, exactly the expression of the GIN index (migration 025
 * builds the index from this very function, so a query can use it).
 */
export function postSearchVector(): RawBuilder<unknown> {
  return sql`to_tsvector(${sql.lit(POST_SEARCH_CONFIG)}::regconfig, ${sql.ref('title')} || ' ' || ${sql.ref('excerpt')} || ' ' || ${sql.ref('content')})`
}

/**
 * The condition "this row of blog_posts matches the query", for a `where` of any select over
 * blog_posts; undefined when the query has no word (no filter).
 */
export function postSearchFilter<DB>(
  db: Kysely<DB>,
  query: string | undefined,
): Expression<SqlBool> | undefined {
  const words = searchWords(query ?? '')
  if (words.length === 0) return undefined
  if (dialectOf(db) === 'postgres') {
    const tsquery = words.map((word) => `${word}:*`).join(' & ')
    return sql<SqlBool>`${postSearchVector()} @@ to_tsquery(${sql.lit(POST_SEARCH_CONFIG)}::regconfig, ${tsquery})`
  }
  const match = words.map((word) => `"${word}"*`).join(' ')
  const table = sql.table(POST_SEARCH_TABLE)
  const keys = sql.table(POST_SEARCH_KEYS)
  // The matches' rowids come from the index alone, their ids from the narrow keys table: the
  // stored copies of the texts are never opened (ADR 100). The unary + keeps SQLite from
  // driving the query by id lookups (one wide row read per match, then a sort): it walks the
  // list's own order (blog_posts_public_list) and tests each row against the matches.
  return sql<SqlBool>`+${sql.ref('blog_posts.id')} in (select id from ${keys} where k in (select rowid from ${table} where ${table} match ${match}))`
}

/**
 * Accented letters folded by `foldedText` (lower and upper case: SQLite's `lower()` only
 * knows ASCII), the French ones and their neighbours.
 */
const FOLDS: [string, string][] = [
  ...[...'àáâãäåÀÁÂÃÄÅ'].map((c): [string, string] => [c, 'a']),
  ...[...'çÇ'].map((c): [string, string] => [c, 'c']),
  ...[...'èéêëÈÉÊË'].map((c): [string, string] => [c, 'e']),
  ...[...'ìíîïÌÍÎÏ'].map((c): [string, string] => [c, 'i']),
  ...[...'ñÑ'].map((c): [string, string] => [c, 'n']),
  ...[...'òóôõöÒÓÔÕÖ'].map((c): [string, string] => [c, 'o']),
  ...[...'ùúûüÙÚÛÜ'].map((c): [string, string] => [c, 'u']),
  ...[...'ýÿÝŸ'].map((c): [string, string] => [c, 'y']),
  ['œ', 'oe'],
  ['Œ', 'oe'],
  ['æ', 'ae'],
  ['Æ', 'ae'],
]

/** A word as `foldedText` writes it: lower case, no accents. */
function foldWord(word: string): string {
  return word
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
}

/**
 * The columns' texts joined, in lower case and without accents, in SQL that both databases
 * run (ADR 099): `replace()` and `lower()` only, no extension.
 */
function foldedText(columns: readonly string[]): RawBuilder<string> {
  const joined = sql.join(
    columns.map((c) => sql`coalesce(${sql.ref(c)}, '')`),
    sql` || ' ' || `,
  )
  let text: RawBuilder<string> = sql<string>`lower(${joined})`
  for (const [from, to] of FOLDS)
    text = sql<string>`replace(${text}, ${sql.lit(from)}, ${sql.lit(to)})`
  return text
}

/** A column's text for an A → Z sort, accents and case ignored ("Été" among the E's). */
export function foldedOrder(column: string): RawBuilder<string> {
  return foldedText([column])
}

/**
 * The condition "each word of the query is found in one of these columns", accents and case
 * ignored, for the admin lists of projects, media and messages (ADR 099); undefined when the
 * query has no word. A scan of the rows in the database, never a load of the table.
 */
export function textSearchFilter(
  columns: readonly string[],
  query: string | undefined,
): Expression<SqlBool> | undefined {
  const words = searchWords(query ?? '').map(foldWord)
  if (words.length === 0) return undefined
  const text = foldedText(columns)
  // Words are letters and digits only: nothing in them is a LIKE wildcard.
  return sql<SqlBool>`(${sql.join(
    words.map((word) => sql`${text} like ${`%${word}%`}`),
    sql` and `,
  )})`
}
