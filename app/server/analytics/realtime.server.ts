// Visitors on the site now (ADR 072): distinct visitors of the last five minutes' raw events.
import { sql, type Kysely } from 'kysely'
import { getDb } from '../db/client.server.ts'
import type { Database } from '../db/schema.server.ts'

/** Visitors seen in the last five minutes. */
export async function realtimeVisitors(
  now = Date.now(),
  db: Kysely<Database> = getDb(),
): Promise<number> {
  const row = await db
    .selectFrom('analytics_event')
    .select(sql<number>`count(distinct v)`.as('n'))
    .where('t', '>=', Math.floor(now / 1000) - 300)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}
