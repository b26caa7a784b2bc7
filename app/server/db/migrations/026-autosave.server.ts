import { sql, type Kysely } from 'kysely'

// Autosaves of posts (ADR 092): a revision row of kind 'autosave' beside the saved ones
// ('save'), at most one per post, language and author (the partial unique index, which the
// autosave's upsert names as its conflict target). Portable SQL (ADR 028).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('blog_revisions')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('save'))
    .execute()
  await db.schema
    .createIndex('blog_revisions_one_autosave')
    .on('blog_revisions')
    .columns(['postId', 'locale', 'authorId'])
    .unique()
    .where(sql.ref('kind'), '=', 'autosave')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('blog_revisions_one_autosave').ifExists().execute()
  await db.schema.alterTable('blog_revisions').dropColumn('kind').execute()
}
