import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../dialect.server.ts'

// Rollups under one filter per month (ADR 128): for each whole month and each value holding
// about 1 % of its visits (a referrer, a country, a goal…), the month's counts per panel
// dimension and value of the visits with that value, so a narrow filter over a year reads twelve
// months of rows instead of its visit rows. Written in the background, never by this migration.
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  // fdim/fvalue: the filter; month: the day number of the month's first day in the site's
  // calendar; dim/value: the panel row; the counts as in analytics_rollup. The rows under
  // (0, 0, month) list the values built for the month (ADR 128). On SQLite without a rowid:
  // the key is the row.
  await db.schema
    .createTable('analytics_filter_month')
    .addColumn('fdim', 'integer', (c) => c.notNull())
    .addColumn('fvalue', 'bigint', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('dim', 'integer', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addColumn('visitors', 'integer', (c) => c.notNull())
    .addColumn('visits', 'integer', (c) => c.notNull())
    .addColumn('pageviews', 'integer', (c) => c.notNull())
    .addColumn('bounces', 'integer', (c) => c.notNull())
    .addColumn('duration', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_filter_month_pk', [
      'fdim',
      'fvalue',
      'month',
      'dim',
      'value',
    ])
    .$call((b) => (postgres ? b : b.modifyEnd(sql`without rowid`)))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('analytics_filter_month').ifExists().execute()
}
