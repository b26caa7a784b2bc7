// Rollups under one filter (ADR 112): a day's counts per panel row of the visits holding one
// broad value of a visit-level dimension, written by the rollup beside the day's rollups and
// visit rows. A filter on that value alone reads them for the days they cover, and the visit
// rows (ADR 109) for the others; combined filters read the visit rows only.
import type { Kysely, Transaction } from 'kysely'
import { DIM, EVENT_KIND } from '#app/domain/analytics.ts'
import type { AnalyticsFilterRollupTable, Database } from '../db/schema.server.ts'
import {
  countVisits,
  rollupRows,
  type CountMap,
  type Visit,
  type VisitFilter,
} from './rollup.server.ts'
import type { Row } from './sources.server.ts'
import { countFromVisits, firstVisitId, totalFromVisits } from './visits.server.ts'
import type { Zone } from './zone.server.ts'

const DAY_S = 86_400

/** The dimensions rolled up per value, with the visit's attribute and visit row column. */
export const FILTER_DIMS = [
  [DIM.referrer, 'referrer', 'ref'],
  [DIM.source, 'source', 'src'],
  [DIM.medium, 'medium', 'med'],
  [DIM.campaign, 'campaign', 'camp'],
  [DIM.country, 'country', 'country'],
  [DIM.device, 'device', 'device'],
  [DIM.browser, 'browser', 'browser'],
  [DIM.os, 'os', 'os'],
  [DIM.channel, 'channel', 'channel'],
] as const satisfies readonly [number, keyof Visit['attrs'], keyof Database['analytics_visit']][]

/**
 * A value is rolled up for a day when it holds at least this share of the day's visits: the
 * values whose visit rows cost most to read. Lower shares cost bytes fast (ADR 112: at 1 M
 * events, 63 bytes a raw event at 10 %, 24 at 30 %).
 */
const BROAD_SHARE = 0.3

/** Values that no filter asks for: a missing UTM value or channel (ADR 095). */
export const NEVER_FILTERED: ReadonlySet<number> = new Set([
  DIM.source,
  DIM.medium,
  DIM.campaign,
  DIM.channel,
])

/** Whether a single filter can be read from these rollups. */
export function isRolledUpFilter(filters: VisitFilter[]): boolean {
  return filters.length === 1 && FILTER_DIMS.some(([dim]) => dim === filters[0]!.dim)
}

/** The day's rows under each broad value (visits counted as the day's rollups count them). */
export function filterRollupRows(
  visits: Visit[],
  day: number,
  zone: Zone,
): AnalyticsFilterRollupTable[] {
  // A visit of goals only is not a visit (`countVisits`): the share is of visits with a page.
  const counted = visits.filter((v) => v.events.some((e) => e.kind === EVENT_KIND.pageview))
  const rows: AnalyticsFilterRollupTable[] = []
  for (const [fdim, attr] of FILTER_DIMS) {
    const perValue = new Map<number, number>()
    for (const visit of counted) {
      const value = visit.attrs[attr]
      perValue.set(value, (perValue.get(value) ?? 0) + 1)
    }
    for (const [fvalue, n] of perValue) {
      if (n < counted.length * BROAD_SHARE || (fvalue === 0 && NEVER_FILTERED.has(fdim))) continue
      // The visits holding the value, counted as a filter on it counts them (`visitMatches`),
      // per day only: these rows have no hours.
      const map: CountMap = new Map()
      const holding = visits.filter((visit) => visit.attrs[attr] === fvalue)
      countVisits(holding, map, [], zone, { hourly: false })
      for (const r of rollupRows(map))
        rows.push({
          fdim,
          fvalue,
          day,
          dim: r.dim,
          value: r.value,
          visitors: r.visitors,
          visits: r.visits,
          pageviews: r.pageviews,
          bounces: r.bounces,
          duration: r.duration,
        })
    }
  }
  return rows
}

/**
 * Replaces a day's rows. Called before the day's visit rows are replaced: the values its old
 * rows were written under are the old visit rows' (both were written from the same visits), so
 * each is deleted through the key instead of a scan of the table.
 */
export async function replaceFilterRollups(
  trx: Transaction<Database>,
  day: number,
  rows: AnalyticsFilterRollupTable[],
): Promise<void> {
  const old = await trx
    .selectFrom('analytics_visit')
    .select(FILTER_DIMS.map(([, , column]) => column))
    .where('id', '>=', firstVisitId(day))
    .where('id', '<', firstVisitId(day + 1))
    .execute()
  // One statement: each dimension's old values through the key (SQLite's OR by index, a
  // bitmap OR on PostgreSQL).
  const keys = FILTER_DIMS.map(([fdim, , column]) => ({
    fdim,
    values: [...new Set(old.map((r) => Number(r[column])))],
  })).filter((k) => k.values.length > 0)
  if (keys.length)
    await trx
      .deleteFrom('analytics_filter_rollup')
      .where('day', '=', day)
      .where((eb) =>
        eb.or(keys.map((k) => eb.and([eb('fdim', '=', k.fdim), eb('fvalue', 'in', k.values)]))),
      )
      .execute()
  // Under SQLite's bound on parameters: 10 columns × 90 rows.
  for (let i = 0; i < rows.length; i += 90)
    await trx
      .insertInto('analytics_filter_rollup')
      .values(rows.slice(i, i + 90))
      .execute()
}

/** Deletes the rows of days before `day` (retention, or days counted in another time zone). */
export async function deleteFilterRollupsBefore(db: Kysely<Database>, day: number): Promise<void> {
  await db.deleteFrom('analytics_filter_rollup').where('day', '<', day).execute()
}

/** A row of counts read from the database (strings or bigints on PostgreSQL) as numbers. */
export const numeric = (
  dim: number,
  start: number,
  value: number,
  r: Record<string, unknown>,
): Row => ({
  gran: 1,
  start,
  dim,
  value,
  visitors: Number(r.visitors ?? 0),
  visits: Number(r.visits ?? 0),
  pageviews: Number(r.pageviews ?? 0),
  bounces: Number(r.bounces ?? 0),
  duration: Number(r.duration ?? 0),
})

/**
 * The rows of days [from, to] under one filter, as `countFromVisits` gives them: from these
 * rollups for the days they cover (the value was broad that day), from the visit rows for the
 * others, run by run. `totalOnly`: the total alone (a previous period).
 */
export async function countFromFilterRollups(
  db: Kysely<Database>,
  from: number,
  to: number,
  filter: VisitFilter,
  totalOnly: boolean,
): Promise<Row[]> {
  const range = db
    .selectFrom('analytics_filter_rollup')
    .where('fdim', '=', filter.dim)
    .where('fvalue', '=', filter.value)
    .where('day', '>=', from)
    .where('day', '<=', to)
  // A day is covered when it has its total row (every broad value has visits).
  const days = await range
    .select(['day', 'visitors', 'visits', 'pageviews', 'bounces', 'duration'])
    .where('dim', '=', DIM.total)
    .where('value', '=', 0)
    .orderBy('day')
    .execute()
  const rows: Row[] = []
  if (totalOnly) {
    const total = numeric(DIM.total, from * DAY_S, 0, {})
    for (const d of days) {
      const r = numeric(DIM.total, from * DAY_S, 0, d)
      total.visitors += r.visitors
      total.visits += r.visits
      total.pageviews += r.pageviews
      total.bounces += r.bounces
      total.duration += r.duration
    }
    if (total.visits) rows.push(total)
  } else if (days.length) {
    for (const d of days) rows.push(numeric(DIM.total, Number(d.day) * DAY_S, 0, d))
    const panels = await range
      .select((eb) => [
        'dim',
        'value',
        eb.fn.sum<number>('visitors').as('visitors'),
        eb.fn.sum<number>('visits').as('visits'),
        eb.fn.sum<number>('pageviews').as('pageviews'),
        eb.fn.sum<number>('bounces').as('bounces'),
        eb.fn.sum<number>('duration').as('duration'),
      ])
      .where('dim', '>', DIM.total)
      .groupBy(['dim', 'value'])
      .execute()
    for (const p of panels) rows.push(numeric(Number(p.dim), from * DAY_S, Number(p.value), p))
  }
  // The days not covered, read from the visit rows a run of days at a time.
  const covered = new Set(days.map((d) => Number(d.day)))
  const fromVisits = totalOnly ? totalFromVisits : countFromVisits
  let run: number | undefined
  for (let day = from; day <= to + 1; day++) {
    if (day <= to && !covered.has(day)) run ??= day
    else if (run !== undefined) {
      rows.push(...(await fromVisits(db, run, day - 1, [filter])))
      run = undefined
    }
  }
  return rows
}
