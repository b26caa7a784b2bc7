import type { Kysely } from 'kysely'

// The French text each English field was translated from (ADR 094): a JSON object
// ({"title": "…"}) written with the English version, compared with the French item to flag
// « Traduction à revoir ». Null for versions saved before: nothing to compare, never flagged.
// Portable SQL (ADR 028).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('translations').addColumn('sources', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('translations').dropColumn('sources').execute()
}
