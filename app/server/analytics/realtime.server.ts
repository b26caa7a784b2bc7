// Visitors on the site now (ADR 072): distinct visitors of the last five minutes' raw events,
// the pages they are reading and where they came from (ADR 095).
import { sql, type Kysely } from 'kysely'
import { EVENT_KIND, type LiveRow } from '#app/domain/analytics.ts'
import { getDb } from '../db/client.server.ts'
import type { Database } from '../db/schema.server.ts'
import { EVENT_COLUMNS, toVisits } from './rollup.server.ts'

const WINDOW_S = 300
/** Rows of each realtime list. */
const LIVE_ROWS = 10

/** Visitors seen in the last five minutes. */
export async function realtimeVisitors(
  now = Date.now(),
  db: Kysely<Database> = getDb(),
): Promise<number> {
  const row = await db
    .selectFrom('analytics_event')
    .select(sql<number>`count(distinct v)`.as('n'))
    .where('t', '>=', Math.floor(now / 1000) - WINDOW_S)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

function top(counts: Map<number, number>): [number, number][] {
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, LIVE_ROWS)
}

/**
 * The pages the last five minutes' visitors are reading (each visitor's last page view) and
 * where their visits came from (the referrer of the visit, which may have started earlier:
 * the visitor's events of the day are read, the hash naming one visitor of one day).
 */
export async function realtimeDetail(
  now = Date.now(),
  db: Kysely<Database> = getDb(),
): Promise<{ pages: LiveRow[]; referrers: LiveRow[] }> {
  const nowS = Math.floor(now / 1000)
  const recent = await db
    .selectFrom('analytics_event')
    .select(['v', 't', 'path'])
    .where('t', '>=', nowS - WINDOW_S)
    .where('kind', '=', EVENT_KIND.pageview)
    .orderBy('t')
    .execute()
  const reading = new Map<number, number>()
  for (const row of recent) reading.set(Number(row.v), Number(row.path))
  const pageCounts = new Map<number, number>()
  for (const path of reading.values()) pageCounts.set(path, (pageCounts.get(path) ?? 0) + 1)
  const visitors = [...reading.keys()].slice(0, 1000)
  const refCounts = new Map<number, number>()
  for (let i = 0; i < visitors.length; i += 500) {
    const rows = await db
      .selectFrom('analytics_event')
      .select([...EVENT_COLUMNS])
      .where('v', 'in', visitors.slice(i, i + 500))
      .where('t', '>=', nowS - 86_400)
      .execute()
    const sorted = rows
      .map((r) => ({ ...r, v: Number(r.v) }))
      .sort((a, b) => a.v - b.v || a.t - b.t)
    const last = new Map<number, number>()
    for (const visit of toVisits(sorted)) last.set(visit.events[0]!.v, visit.attrs.referrer)
    for (const ref of last.values()) refCounts.set(ref, (refCounts.get(ref) ?? 0) + 1)
  }
  const pages = top(pageCounts)
  const refs = top(refCounts)
  const ids = [...pages, ...refs].map(([id]) => id).filter((id) => id > 0)
  const names = new Map<number, string>()
  if (ids.length)
    for (const row of await db
      .selectFrom('analytics_dict')
      .select(['id', 'value'])
      .where('id', 'in', ids)
      .execute())
      names.set(Number(row.id), row.value)
  return {
    pages: pages.map(([id, n]) => ({ label: names.get(id) ?? 'Inconnu', visitors: n })),
    referrers: refs.map(([id, n]) => ({
      label: id > 0 ? (names.get(id) ?? 'Inconnu') : 'Accès direct',
      visitors: n,
    })),
  }
}
