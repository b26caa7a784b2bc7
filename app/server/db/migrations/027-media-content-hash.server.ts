import { sql, type Kysely } from 'kysely'

// The library knows each file by the SHA-256 of its bytes as uploaded (ADR 093), so the same
// file uploaded twice is one item. Every stored key already starts with the first 32 hex
// digits of that hash (ADR 017): existing items take them as their hash, with no file read
// (on disk or S3). New items store the whole 64-digit hash; a lookup asks for both forms.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('media')
    .addColumn('contentHash', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await sql`update media set ${sql.ref('contentHash')} = substr(${sql.ref('storageKey')}, 1, 32)
    where ${sql.ref('storageKey')} <> ''`.execute(db)
  await db.schema.createIndex('media_content_hash').on('media').column('contentHash').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('media_content_hash').ifExists().execute()
  await db.schema.alterTable('media').dropColumn('contentHash').execute()
}
