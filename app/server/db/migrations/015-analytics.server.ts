import type { Kysely } from 'kysely'
import { dialectOf } from '../dialect.server.ts'

// Built-in audience statistics (ADRs 072, 073). Compact raw events with integer times and
// dictionary-encoded strings, hourly and daily rollups per dimension, the daily salt of the
// visitor hash, and a small key/value state (settings, rollup watermark, weekly e-mail).
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  // SQLite: `integer primary key` is the rowid itself (no bytes of its own per row).
  // PostgreSQL: an identity column (db:copy moves its sequence past the copied ids).
  const id = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', postgres ? 'bigint' : 'integer', (c) =>
        postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey(),
      )

  // Strings stored once: paths, referrer hosts, UTM values, browsers, systems, link targets.
  await id('analytics_dict')
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addUniqueConstraint('analytics_dict_kind_value', ['kind', 'value'])
    .execute()

  // One row per page view or goal. t: Unix seconds; v: 48-bit keyed hash of the visitor of the
  // day (never an address); the rest are small integers (dictionary ids, enums).
  await id('analytics_event')
    .addColumn('t', 'integer', (c) => c.notNull())
    .addColumn('v', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('path', 'integer', (c) => c.notNull())
    .addColumn('ref', 'integer')
    .addColumn('src', 'integer')
    .addColumn('med', 'integer')
    .addColumn('camp', 'integer')
    .addColumn('country', 'integer')
    .addColumn('device', 'integer')
    .addColumn('browser', 'integer')
    .addColumn('os', 'integer')
    .execute()
  await db.schema.createIndex('analytics_event_t').on('analytics_event').column('t').execute()

  // gran: 0 = hour, 1 = day; start: Unix seconds of the bucket (UTC); dim/value: the dimension
  // and its value (0/0 = every visit). Anonymous counts only.
  await db.schema
    .createTable('analytics_rollup')
    .addColumn('gran', 'integer', (c) => c.notNull())
    .addColumn('dim', 'integer', (c) => c.notNull())
    .addColumn('start', 'integer', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addColumn('visitors', 'integer', (c) => c.notNull())
    .addColumn('visits', 'integer', (c) => c.notNull())
    .addColumn('pageviews', 'integer', (c) => c.notNull())
    .addColumn('bounces', 'integer', (c) => c.notNull())
    .addColumn('duration', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_rollup_pk', ['gran', 'dim', 'start', 'value'])
    .execute()

  // The salt of the day (day = Unix day number, UTC); older days' salts are deleted.
  await db.schema
    .createTable('analytics_salt')
    .addColumn('day', 'integer', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('analytics_state')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'analytics_state',
    'analytics_salt',
    'analytics_rollup',
    'analytics_event',
    'analytics_dict',
  ])
    await db.schema.dropTable(table).ifExists().execute()
}
