import type { Kysely } from 'kysely'

// The owner's translations of the content (ADR 075): one row per item and language, its
// translated fields as a JSON object ({"title": …, "content": …}). French stays in the
// entities' own tables; a missing row means "not translated". Messages remember the
// language of the page they were sent from. Portable SQL (ADR 028).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('translations')
    // 'project' | 'post' | 'skill' | 'timeline' | 'process' | 'media' | 'profile' | 'settings' …
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entityId', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('translations_pk', ['entity', 'entityId', 'locale'])
    .execute()
  await db.schema
    .alterTable('messages')
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('fr'))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('locale').execute()
  await db.schema.dropTable('translations').ifExists().execute()
}
