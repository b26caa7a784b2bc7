import { sql, type Kysely } from 'kysely'

// ADR 017: a media item may be a file uploaded into the library. These columns
// describe that file; items that only point at a URL keep their defaults.
const TEXT_COLUMNS = ['storageKey', 'mime', 'alt', 'placeholder', 'variants'] as const

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of TEXT_COLUMNS) {
    await db.schema
      .alterTable('media')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(column === 'variants' ? '[]' : ''))
      .execute()
  }
  await db.schema
    .alterTable('media')
    .addColumn('size', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('media').addColumn('width', 'integer').execute()
  await db.schema.alterTable('media').addColumn('height', 'integer').execute()
  await db.schema
    .alterTable('media')
    .addColumn('decorative', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  // Until now public pages used the title as the image's text alternative: keep it.
  await sql`update media set alt = title where category = 'image'`.execute(db)
  await db.schema.createIndex('media_storage_key').on('media').column('storageKey').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('media_storage_key').ifExists().execute()
  for (const column of [...TEXT_COLUMNS, 'size', 'width', 'height', 'decorative']) {
    await db.schema.alterTable('media').dropColumn(column).execute()
  }
}
