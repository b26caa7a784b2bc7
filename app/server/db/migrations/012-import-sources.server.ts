import type { Kysely } from 'kysely'

// What an import brought in (ADR 066): one row per source item (a WordPress post id, a Ghost
// post id, a Markdown file, a downloaded image URL…), naming the row it became. A second
// import of the same file finds its items here ('déjà présent'); `oldPath` is the item's
// address on the former site, answered with a 301 to its new page. Portable SQL (ADR 028).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('import_source')
    // '<format>:<kind>:<source id>', e.g. 'wordpress:post:1149'.
    .addColumn('sourceKey', 'text', (c) => c.primaryKey())
    // 'post' | 'media'
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('targetId', 'text', (c) => c.notNull())
    // The former path without its trailing slash ('/2013/01/11/markup'), or null.
    .addColumn('oldPath', 'text')
    // For media: the library URL the source URL now points at.
    .addColumn('targetUrl', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('import_source_old_path')
    .on('import_source')
    .column('oldPath')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_source').ifExists().execute()
}
