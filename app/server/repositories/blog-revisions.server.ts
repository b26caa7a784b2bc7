// Revisions of blog posts (ADR 020): every save keeps the exact title, excerpt and
// body with who and when; the oldest beyond MAX_REVISIONS per post are dropped. Each language
// of a post has its own history (ADR 077): the French one is the post's, the English one its
// translation's; neither ever lists the other's. An autosave (ADR 092) is a row of kind
// 'autosave', one per post, language and author, never listed among the saved revisions; a
// save by that author in that language removes it.
// A page keeps the same history in its own table (ADR 101): every function takes the history
// it works on, the post's by default, and runs the same statements on either table.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import type { Locale } from '#app/domain/i18n/locale.ts'
import { getDb } from '#app/server/db/client.server.ts'
import type { BlogRevisionsTable, Database } from '#app/server/db/schema.server.ts'
import { createId, nowIso } from '#app/server/db/util.server.ts'

export const MAX_REVISIONS = 30

export interface RevisionAuthor {
  id: string
  name: string
}

/** Whose history: a post's (`blog_revisions`) or a page's (`page_revisions`, ADR 101). */
export type RevisionHistory = 'post' | 'page'

const HISTORIES = {
  post: { table: 'blog_revisions', owner: 'postId' },
  page: { table: 'page_revisions', owner: 'pageId' },
} as const

/** A saved version: the columns both histories share (a post's, without its owner). */
export type BlogRevision = Omit<Selectable<BlogRevisionsTable>, 'postId'>

const REVISION_COLUMNS = [
  'id',
  'title',
  'excerpt',
  'content',
  'authorId',
  'authorName',
  'createdAt',
  'locale',
  'kind',
] as const

/** The kind of a saved version; autosaves are AUTOSAVE_KIND (ADR 092). */
const SAVE_KIND = 'save'
const AUTOSAVE_KIND = 'autosave'

type Executor = Transaction<Database> | Kysely<Database>

/**
 * The history's table, typed as the post's: both tables have the same columns but the owner's
 * (`postId`, `pageId`), which every statement names through `ownerOf`.
 */
function tableOf(history: RevisionHistory) {
  return HISTORIES[history].table as 'blog_revisions'
}

function ownerOf(history: RevisionHistory) {
  return sql.ref<string>(HISTORIES[history].owner)
}

/** A row for `history`'s table, its owner under that table's column name. */
function rowOf(history: RevisionHistory, ownerId: string, values: Omit<BlogRevision, 'id'>) {
  return { id: createId(), ...values, [HISTORIES[history].owner]: ownerId } as BlogRevision & {
    postId: string
  }
}

/**
 * Keeps a revision of the saved post in `locale`, then trims that language's history to
 * MAX_REVISIONS. `createdAt` dates a revision of an earlier save (default: now).
 */
export async function addRevision(
  trx: Executor,
  post: { id: string; title: string; excerpt: string; content: string },
  author: RevisionAuthor,
  locale: Locale = 'fr',
  createdAt: string = nowIso(),
  history: RevisionHistory = 'post',
): Promise<void> {
  await trx
    .insertInto(tableOf(history))
    .values(
      rowOf(history, post.id, {
        title: post.title,
        excerpt: post.excerpt,
        content: post.content,
        authorId: author.id,
        authorName: author.name,
        createdAt,
        locale,
        kind: SAVE_KIND,
      }),
    )
    .execute()
  // The save supersedes what this author's typing autosaved in this language (ADR 092).
  await discardAutosave(trx, post.id, locale, author.id, history)
  const stale = await trx
    .selectFrom(tableOf(history))
    .select('id')
    .where(ownerOf(history), '=', post.id)
    .where('locale', '=', locale)
    .where('kind', '=', SAVE_KIND)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .offset(MAX_REVISIONS)
    .limit(1000)
    .execute()
  if (stale.length > 0)
    await trx
      .deleteFrom(tableOf(history))
      .where(
        'id',
        'in',
        stale.map((row) => row.id),
      )
      .execute()
}

/** A post's revisions in `locale`, newest first, without their texts (the history list). */
export async function listRevisions(
  postId: string,
  locale: Locale = 'fr',
  history: RevisionHistory = 'post',
): Promise<Pick<BlogRevision, 'id' | 'authorName' | 'createdAt' | 'title'>[]> {
  return getDb()
    .selectFrom(tableOf(history))
    .select(['id', 'title', 'authorName', 'createdAt'])
    .where(ownerOf(history), '=', postId)
    .where('locale', '=', locale)
    .where('kind', '=', SAVE_KIND)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

/** One revision of the post in `locale`; undefined when it belongs to another post or language. */
export async function getRevision(
  postId: string,
  id: string,
  locale: Locale = 'fr',
  history: RevisionHistory = 'post',
): Promise<BlogRevision | undefined> {
  return getDb()
    .selectFrom(tableOf(history))
    .select(REVISION_COLUMNS)
    .where(ownerOf(history), '=', postId)
    .where('id', '=', id)
    .where('locale', '=', locale)
    .where('kind', '=', SAVE_KIND)
    .executeTakeFirst()
}

/** What an autosave keeps: the texts of the form, as typed (ADR 092). */
interface AutosaveTexts {
  title: string
  excerpt: string
  content: string
}

/** An author's autosave of a post in one language, with its time. */
type Autosave = AutosaveTexts & { createdAt: string }

/**
 * Keeps the author's typing of the post in `locale` as its one autosave (replacing the
 * previous one in the same statement); the post itself is not touched. Returns its time.
 */
export async function saveAutosave(
  postId: string,
  locale: Locale,
  author: RevisionAuthor,
  texts: AutosaveTexts,
  createdAt: string = nowIso(),
): Promise<string> {
  const changes = { ...texts, authorName: author.name, createdAt }
  await getDb()
    .insertInto('blog_revisions')
    .values({
      id: createId(),
      postId,
      locale,
      authorId: author.id,
      kind: AUTOSAVE_KIND,
      ...changes,
    })
    // The partial unique index of migration 026: its WHERE is repeated literally so both
    // SQLite and PostgreSQL recognise it as the conflict target.
    .onConflict((oc) =>
      oc
        .columns(['postId', 'locale', 'authorId'])
        .where(sql<boolean>`kind = 'autosave'`)
        .doUpdateSet(changes),
    )
    .execute()
  return createdAt
}

/** The author's autosave of the post in `locale`, if any. */
export async function getAutosave(
  postId: string,
  locale: Locale,
  authorId: string,
): Promise<Autosave | undefined> {
  return getDb()
    .selectFrom('blog_revisions')
    .select(['title', 'excerpt', 'content', 'createdAt'])
    .where('postId', '=', postId)
    .where('locale', '=', locale)
    .where('authorId', '=', authorId)
    .where('kind', '=', AUTOSAVE_KIND)
    .executeTakeFirst()
}

/** Drops the author's autosave of the post in `locale` (saved, or discarded by the author). */
export async function discardAutosave(
  trx: Executor,
  postId: string,
  locale: Locale,
  authorId: string,
  history: RevisionHistory = 'post',
): Promise<void> {
  await trx
    .deleteFrom(tableOf(history))
    .where(ownerOf(history), '=', postId)
    .where('locale', '=', locale)
    .where('authorId', '=', authorId)
    .where('kind', '=', AUTOSAVE_KIND)
    .execute()
}
