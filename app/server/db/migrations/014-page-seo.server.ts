import type { Kysely } from 'kysely'

// Per-page search and social fields of posts and projects (ADR 064's amendment). '' = the
// page's defaults, so existing rows keep their meta tags as they were.
const TABLES = ['projects', 'blog_posts'] as const
const COLUMNS = ['seoTitle', 'seoDescription', 'ogImage'] as const

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES)
    for (const column of COLUMNS)
      await db.schema
        .alterTable(table)
        .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
        .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES)
    for (const column of COLUMNS) await db.schema.alterTable(table).dropColumn(column).execute()
}
