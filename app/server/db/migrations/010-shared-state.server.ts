import type { Kysely } from 'kysely'

// State several app servers share on one database (ADR 033). Portable SQL
// (ADR 028): text keys, ISO-8601 text timestamps, integers.
//
// - rate_limit: one row per rate-limit bucket (ADR 023's buckets, in the database). A hit is
//   one INSERT … ON CONFLICT DO UPDATE; expired rows are swept.
// - shared_secret: secrets every server must share and nobody configured (the session
//   signing secret on PostgreSQL without BETTER_AUTH_SECRET), created once by the first
//   server to start.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit')
    .addColumn('key', 'text', (c) => c.primaryKey())
    // The client address that made the key (per-owner cap), null for shared keys.
    .addColumn('owner', 'text')
    .addColumn('count', 'integer', (c) => c.notNull())
    // The rule's limit at the last hit: count ≥ allowed while the window runs is a live block.
    .addColumn('allowed', 'integer', (c) => c.notNull())
    .addColumn('resetAt', 'text', (c) => c.notNull())
    // Last hit, for least-recently-used eviction of idle buckets.
    .addColumn('usedAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('rate_limit_owner')
    .on('rate_limit')
    .columns(['owner', 'resetAt'])
    .execute()
  await db.schema.createIndex('rate_limit_reset').on('rate_limit').column('resetAt').execute()
  await db.schema.createIndex('rate_limit_used').on('rate_limit').column('usedAt').execute()

  await db.schema
    .createTable('shared_secret')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shared_secret').ifExists().execute()
  await db.schema.dropTable('rate_limit').ifExists().execute()
}
