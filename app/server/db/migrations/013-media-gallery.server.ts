import { sql, type Kysely } from 'kysely'

// ADR 017 (amended): a library item is in the public gallery only when the owner says so.
// Every item that exists already was shown there: it stays shown. New rows default to hidden
// (an upload made from a content field, a blog screenshot, is not a gallery piece).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('media')
    .addColumn('inGallery', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`update media set ${sql.ref('inGallery')} = 1`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').dropColumn('inGallery').execute()
}
