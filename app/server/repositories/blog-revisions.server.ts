// Revisions of blog posts (ADR 020): every save keeps the exact title, excerpt and
// body with who and when; the oldest beyond MAX_REVISIONS per post are dropped.
import type { Kysely, Transaction } from 'kysely'
import { getDb } from '#app/server/db/client.server.ts'
import type { BlogRevisionsTable, Database } from '#app/server/db/schema.server.ts'
import { createId, nowIso } from '#app/server/db/util.server.ts'

export const MAX_REVISIONS = 30

export interface RevisionAuthor {
  id: string
  name: string
}

export type BlogRevision = BlogRevisionsTable

/** Keeps a revision of the saved post, then trims the post's history to MAX_REVISIONS. */
export async function addRevision(
  trx: Transaction<Database> | Kysely<Database>,
  post: { id: string; title: string; excerpt: string; content: string },
  author: RevisionAuthor,
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
      createdAt: nowIso(),
    })
    .execute()
  const stale = await trx
    .selectFrom('blog_revisions')
    .select('id')
    .where('postId', '=', post.id)
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

/** A post's revisions, newest first, without their texts (the history list). */
export async function listRevisions(
  postId: string,
): Promise<Pick<BlogRevision, 'id' | 'authorName' | 'createdAt' | 'title'>[]> {
  return getDb()
    .selectFrom('blog_revisions')
    .select(['id', 'title', 'authorName', 'createdAt'])
    .where('postId', '=', postId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

export async function getRevision(postId: string, id: string): Promise<BlogRevision | undefined> {
  return getDb()
    .selectFrom('blog_revisions')
    .selectAll()
    .where('postId', '=', postId)
    .where('id', '=', id)
    .executeTakeFirst()
}
