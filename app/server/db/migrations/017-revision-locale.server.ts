import type { Kysely } from 'kysely'

// A post's revisions per language (ADR 077): the English version of a post keeps its own
// history beside the French one. Existing revisions are French. Portable SQL (ADR 028).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('blog_revisions')
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('fr'))
    .execute()
  await db.schema
    .createIndex('blog_revisions_post_locale_time')
    .on('blog_revisions')
    .columns(['postId', 'locale', 'createdAt'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('blog_revisions_post_locale_time').ifExists().execute()
  await db.schema.alterTable('blog_revisions').dropColumn('locale').execute()
}
