import type { Kysely } from 'kysely'

// The owner's pages (ADR 090): one row per page, its Markdown and the HTML rendered at save
// time (ADR 020), a unique slug (its address, /<slug>), a status (draft or published), its
// search and social fields (as migration 014's), and whether and where it shows in the menu
// and the footer. Its English version lives in `translations` (entity 'page', ADR 075).
// Portable SQL (ADR 028).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('contentHtml', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('showInMenu', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('showInFooter', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('menuOrder', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seoTitle', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('seoDescription', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ogImage', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text')
    .execute()
  await db.schema.createIndex('pages_status').on('pages').columns(['status']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pages').ifExists().execute()
}
