import type { Kysely } from 'kysely'

// A page's history (ADR 101): the same rows as a post's (migration 006, 017, 026), owned by a
// page and gone with it. Pages have no excerpt; the column stays so one repository reads both
// histories. Portable SQL (ADR 028).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('page_revisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pageId', 'text', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('authorId', 'text', (c) => c.notNull())
    .addColumn('authorName', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('fr'))
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('save'))
    .execute()
  await db.schema
    .createIndex('page_revisions_page_locale_time')
    .on('page_revisions')
    .columns(['pageId', 'locale', 'createdAt'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('page_revisions').ifExists().execute()
}
