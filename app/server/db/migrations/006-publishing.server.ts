import type { Kysely } from 'kysely'

// ADR 020: post status and publish date, rendered HTML stored at save time,
// automatic reading time, bounded revisions; project texts rendered too. Existing plain-text
// bodies become Markdown that keeps their look: one paragraph per line, no character read
// as Markdown syntax.

/** Backslash-escapes what Markdown would read as syntax in a line of plain text. */
export function escapeMarkdownLine(line: string): string {
  return (
    line
      // inline syntax anywhere: emphasis, code, links, images, raw HTML, entities, tables,
      // strikethrough, and a backslash itself
      .replace(/[\\`*_[\]<>&|~!]/g, '\\$&')
      // block syntax at the start: headings, quotes, lists, thematic breaks, setext lines
      .replace(/^([#+=-])/, '\\$1')
      .replace(/^(\d+)([.)])/, '$1\\$2')
  )
}

/** Plain text (one paragraph per line, blank lines ignored) → equivalent Markdown. */
export function plainTextToMarkdown(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map(escapeMarkdownLine)
    .join('\n\n')
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema of their time
async function convertBodies(db: Kysely<any>, table: 'blog_posts' | 'projects') {
  const rows: { id: string; content: string }[] = await db
    .selectFrom(table)
    .select(['id', 'content'])
    .execute()
  for (const row of rows) {
    await db
      .updateTable(table)
      .set({ content: plainTextToMarkdown(row.content) })
      .where('id', '=', row.id)
      .execute()
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('blog_posts')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('published'))
    .execute()
  await db.schema.alterTable('blog_posts').addColumn('publishedAt', 'text').execute()
  await db.schema.alterTable('blog_posts').addColumn('contentHtml', 'text').execute()
  await db.schema
    .alterTable('blog_posts')
    .addColumn('readTimeAuto', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('projects').addColumn('contentHtml', 'text').execute()
  await db
    .updateTable('blog_posts')
    .set((eb) => ({ publishedAt: eb.ref('createdAt') }))
    .execute()
  await db.schema
    .createIndex('blog_posts_status_published')
    .on('blog_posts')
    .columns(['status', 'publishedAt'])
    .execute()

  await db.schema
    .createTable('blog_revisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('postId', 'text', (c) => c.notNull().references('blog_posts.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('authorId', 'text', (c) => c.notNull())
    .addColumn('authorName', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('blog_revisions_post_time')
    .on('blog_revisions')
    .columns(['postId', 'createdAt'])
    .execute()

  await convertBodies(db, 'blog_posts')
  await convertBodies(db, 'projects')
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('blog_revisions').ifExists().execute()
  await db.schema.dropIndex('blog_posts_status_published').ifExists().execute()
  await db.schema.alterTable('projects').dropColumn('contentHtml').execute()
  for (const column of ['readTimeAuto', 'contentHtml', 'publishedAt', 'status']) {
    await db.schema.alterTable('blog_posts').dropColumn(column).execute()
  }
}
