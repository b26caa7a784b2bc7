import type { Kysely } from 'kysely'
import { dialectOf } from '../dialect.server.ts'

// Core Web Vitals from real visitors (ADR 096): one compact row per measured page load, integers
// only. t: Unix seconds; path: the page's dictionary id; device: 1–3 (as analytics_event);
// lcp, inp, ttfb in milliseconds and cls in thousandths, each null when not measured. No
// visitor hash: a measure names a page, never who loaded it.
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  await db.schema
    .createTable('analytics_vitals')
    // SQLite: the rowid itself; PostgreSQL: an identity column (db:copy pages by it).
    .addColumn('id', postgres ? 'bigint' : 'integer', (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey(),
    )
    .addColumn('t', 'integer', (c) => c.notNull())
    .addColumn('path', 'integer', (c) => c.notNull())
    .addColumn('device', 'integer')
    .addColumn('lcp', 'integer')
    .addColumn('inp', 'integer')
    .addColumn('cls', 'integer')
    .addColumn('ttfb', 'integer')
    .execute()
  await db.schema.createIndex('analytics_vitals_t').on('analytics_vitals').column('t').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('analytics_vitals').ifExists().execute()
}
