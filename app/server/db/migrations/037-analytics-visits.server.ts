import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../dialect.server.ts'

// Visit-level statistics (ADR 103), written by the rollup from the raw events: one row per
// visit, and one per page (or goal) of a visit, so a filtered dashboard reads visits instead of
// events. The visit id is its day (the site's calendar) × 2^24 + its rank in the day: a day's
// visits are one id range, which the rollup replaces and retention deletes.
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  // t: Unix seconds of the first event; dur: seconds to the last; pages: page views (0: goals
  // only); the dimensions are the visit's (its first event's, as analytics_event holds them);
  // channel: an index of CHANNELS (ADR 095).
  let visit = db.schema
    .createTable('analytics_visit')
    // SQLite: the rowid itself (no bytes of its own per row).
    .addColumn('id', postgres ? 'bigint' : 'integer', (c) => c.primaryKey())
    .addColumn('v', 'bigint', (c) => c.notNull())
    .addColumn('t', 'integer', (c) => c.notNull())
    .addColumn('dur', 'integer', (c) => c.notNull())
    .addColumn('pages', 'integer', (c) => c.notNull())
  for (const column of [
    'entry',
    'exit',
    'ref',
    'src',
    'med',
    'camp',
    'country',
    'device',
    'browser',
    'os',
    'channel',
  ])
    visit = visit.addColumn(column, 'integer', (c) => c.notNull())
  await visit.execute()

  // page: a page’s dictionary id, or −(its goal value) for a goal reached in the visit; views:
  // how many times. On SQLite without a rowid: the key is the row.
  await db.schema
    .createTable('analytics_visit_page')
    .addColumn('visit', 'bigint', (c) => c.notNull())
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_visit_page_pk', ['visit', 'page'])
    .$call((b) => (postgres ? b : b.modifyEnd(sql`without rowid`)))
    .execute()
  // A page filter: the visits of a page over a period (visit ids are days).
  await db.schema
    .createIndex('analytics_visit_page_page')
    .on('analytics_visit_page')
    .columns(['page', 'visit'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('analytics_visit_page').ifExists().execute()
  await db.schema.dropTable('analytics_visit').ifExists().execute()
}
