import { sql, type Kysely } from 'kysely'

// The activity log at 10 M entries (ADR 098): every view is a keyset page plus a count bounded
// at 1,001 rows, so each filter needs an index that yields its rows newest first and answers
// every other filter term without reading the table.
// - The default view hides page views (`action <> 'access'`): a partial index holds exactly
//   its rows, in order. The query writes the same literal term, or the planner cannot use it;
//   `action` is in it so that SQLite counts from the index alone (covering).
// - The resource type and user indexes carry `action` (and the user's, `resourceType`) after
//   the key: the other filters are checked on the index entry, so a count or a page reads
//   only matching rows from the table. They replace the three-column indexes of 001.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('activity_time_actions')
    .on('activity_logs')
    .columns(['timestamp', 'id', 'action'])
    .where(sql.ref('action'), '<>', sql.lit('access'))
    .execute()
  await db.schema
    .createIndex('activity_resource_time_action')
    .on('activity_logs')
    .columns(['resourceType', 'timestamp', 'id', 'action'])
    .execute()
  await db.schema.dropIndex('activity_resource_time').ifExists().execute()
  await db.schema
    .createIndex('activity_user_time_filters')
    .on('activity_logs')
    .columns(['userId', 'timestamp', 'id', 'action', 'resourceType'])
    .execute()
  await db.schema.dropIndex('activity_user_time').ifExists().execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('activity_user_time')
    .on('activity_logs')
    .columns(['userId', 'timestamp', 'id'])
    .execute()
  await db.schema.dropIndex('activity_user_time_filters').ifExists().execute()
  await db.schema
    .createIndex('activity_resource_time')
    .on('activity_logs')
    .columns(['resourceType', 'timestamp', 'id'])
    .execute()
  await db.schema.dropIndex('activity_resource_time_action').ifExists().execute()
  await db.schema.dropIndex('activity_time_actions').ifExists().execute()
}
