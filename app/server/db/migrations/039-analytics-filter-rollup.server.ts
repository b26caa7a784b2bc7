import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../dialect.server.ts'

// Rollups under one filter (ADR 112): for each day and each broad value of a visit-level
// dimension (a country, a device… holding a large share of the day's visits), the day's counts
// per panel dimension and value of the visits with that value, so a single-dimension filter is
// read like the unfiltered dashboard instead of scanning most visit rows.
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  // fdim/fvalue: the filter; day: the day number of the site's calendar; dim/value: the panel
  // row; the counts as in analytics_rollup. On SQLite without a rowid: the key is the row.
  await db.schema
    .createTable('analytics_filter_rollup')
    .addColumn('fdim', 'integer', (c) => c.notNull())
    .addColumn('fvalue', 'bigint', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('dim', 'integer', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addColumn('visitors', 'integer', (c) => c.notNull())
    .addColumn('visits', 'integer', (c) => c.notNull())
    .addColumn('pageviews', 'integer', (c) => c.notNull())
    .addColumn('bounces', 'integer', (c) => c.notNull())
    .addColumn('duration', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_filter_rollup_pk', [
      'fdim',
      'fvalue',
      'day',
      'dim',
      'value',
    ])
    .$call((b) => (postgres ? b : b.modifyEnd(sql`without rowid`)))
    .execute()
  // The next refresh counts every kept day again, writing these rows (ADR 103's mark).
  await sql`delete from analytics_state where key = 'rollupVisits'`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('analytics_filter_rollup').ifExists().execute()
}
