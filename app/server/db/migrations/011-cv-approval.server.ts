import type { Kysely } from 'kysely'

// ADR 018 amendment: the accounts the owner approved to download the CV, when the CV is
// limited to approved accounts. Portable SQL (ADR 028): text keys, ISO-8601 text timestamps.
// A row per approved account; none for the others. No foreign key (SQLite enforces none
// here): a deleted user's row approves nobody, user ids are never reused.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cv_approval')
    .addColumn('userId', 'text', (c) => c.primaryKey())
    .addColumn('approvedBy', 'text', (c) => c.notNull())
    .addColumn('approvedAt', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cv_approval').ifExists().execute()
}
