// Revisions of blog posts (ADR 020): every save keeps the exact title, excerpt and
// body with who and when; the oldest beyond MAX_REVISIONS per post are dropped. Each language
// of a post has its own history (ADR 077): the French one is the post's, the English one its
// translation's; neither ever lists the other's.
import type { Kysely, Selectable, Transaction } from 'kysely'
import type { Locale } from '#app/domain/i18n/locale.ts'
import { getDb } from '#app/server/db/client.server.ts'
import type { BlogRevisionsTable, Database } from '#app/server/db/schema.server.ts'
import { createId, nowIso } from '#app/server/db/util.server.ts'

export const MAX_REVISIONS = 30

export interface RevisionAuthor {
  id: string
  name: string
}

export type BlogRevision = Selectable<BlogRevisionsTable>

/**
 * Keeps a revision of the saved post in `locale`, then trims that language's history to
 * MAX_REVISIONS. `createdAt` dates a revision of an earlier save (default: now).
 */
export async function addRevision(
  trx: Transaction<Database> | Kysely<Database>,
  post: { id: string; title: string; excerpt: string; content: string },
  author: RevisionAuthor,
  locale: Locale = 'fr',
  createdAt: string = nowIso(),
): Promise<void> {
  await trx
    .insertInto('blog_revisions')
    .values({
      id: createId(),
      postId: post.id,
      title: post.title,
      excerpt: post.excerpt,
      content: post.content,
      authorId: author.id,
      authorName: author.name,
      createdAt,
      locale,
    })
    .execute()
  const stale = await trx
    .selectFrom('blog_revisions')
    .select('id')
    .where('postId', '=', post.id)
    .where('locale', '=', locale)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .offset(MAX_REVISIONS)
    .limit(1000)
    .execute()
  if (stale.length > 0)
    await trx
      .deleteFrom('blog_revisions')
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
): Promise<Pick<BlogRevision, 'id' | 'authorName' | 'createdAt' | 'title'>[]> {
  return getDb()
    .selectFrom('blog_revisions')
    .select(['id', 'title', 'authorName', 'createdAt'])
    .where('postId', '=', postId)
    .where('locale', '=', locale)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

/** One revision of the post in `locale`; undefined when it belongs to another post or language. */
export async function getRevision(
  postId: string,
  id: string,
  locale: Locale = 'fr',
): Promise<BlogRevision | undefined> {
  return getDb()
    .selectFrom('blog_revisions')
    .selectAll()
    .where('postId', '=', postId)
    .where('id', '=', id)
    .where('locale', '=', locale)
    .executeTakeFirst()
}
