// Rollups (ADR 073): raw events of a day grouped into visits (one visitor hash, no gap of
// 30 minutes; the salt is daily), then counted per hour and per day for every dimension. Days
// and hours are the site's time zone's (ADR 095): bucket starts are local wall-clock seconds. The dashboard reads these rows; only filtered views read raw
// events, through the same counting code.
import { sql, type ExpressionBuilder, type Kysely, type OnConflictBuilder } from 'kysely'
import { DIM, EVENT_KIND, goalValue } from '#app/domain/analytics.ts'
import { getDatabaseHandle, getDb, withRelaxedCommits } from '../db/client.server.ts'
import type { AnalyticsEventTable, AnalyticsRollupTable, Database } from '../db/schema.server.ts'
import { assignChannels } from './channels.server.ts'
import {
  deleteFilterRollupsBefore,
  filterRollupRows,
  replaceFilterRollups,
} from './filter-rollup.server.ts'
import { deleteAllFilterMonths, deleteFilterMonth } from './filter-month.server.ts'
import { flushEvents, getStatsSettings, readState, writeState } from './store.server.ts'
import { deleteVisits, FIRST_EVENT_COLUMN, writeVisits } from './visits.server.ts'
import { UTC_ZONE, zoneOf, type Zone } from './zone.server.ts'

const DAY_S = 86_400
const HOUR_S = 3_600
/** A gap this long starts a new visit. */
export const VISIT_GAP_S = 30 * 60

/** A raw event as read back (the table's columns but its id). */
export type EventRow = Omit<AnalyticsEventTable, 'id'>

export const EVENT_COLUMNS = [
  't',
  'v',
  'kind',
  'path',
  ...Object.values(FIRST_EVENT_COLUMN),
] as const

/** A visit's attributes, from its first event. */
export interface Visit {
  events: EventRow[]
  entry: number
  /** The last page viewed (ADR 095). */
  exit: number
  attrs: Record<Exclude<keyof typeof DIM, 'total' | 'page' | 'entry' | 'exit' | 'goal'>, number>
}

/** A filter on one dimension: the stored integer value. */
export interface VisitFilter {
  dim: number
  value: number
}

export interface Counts {
  /**
   * Distinct visitors. `countVisits` counts visits in visitor order, so a visitor's visits
   * follow each other: a visitor is new to a row when it is not the row's last one.
   */
  visitors: number
  lastVisitor: number
  visits: number
  pageviews: number
  bounces: number
  duration: number
}

/** A bucket's counts per dimension, then per value. */
type Bucket = Map<number, Map<number, Counts>>

/** Counts keyed by bucket (`gran|start`), then by dimension and value. */
export type CountMap = Map<string, Bucket>

function bucketOf(map: CountMap, gran: 0 | 1, start: number): Bucket {
  const key = `${gran}|${start}`
  let bucket = map.get(key)
  if (!bucket) map.set(key, (bucket = new Map()))
  return bucket
}

function counts(bucket: Bucket, dim: number, value: number): Counts {
  let values = bucket.get(dim)
  if (!values) bucket.set(dim, (values = new Map()))
  let c = values.get(value)
  if (!c) {
    c = { visitors: 0, lastVisitor: NaN, visits: 0, pageviews: 0, bounces: 0, duration: 0 }
    values.set(value, c)
  }
  return c
}

/** Counts visitor `v` in `c` (once: see `Counts.visitors`). */
function seen(c: Counts, v: number): void {
  if (c.lastVisitor === v) return
  c.visitors += 1
  c.lastVisitor = v
}

/** Dimensions also rolled up per hour: the total (the chart of a day) and the goals. */
const HOURLY: ReadonlySet<number> = new Set([DIM.total, DIM.goal])

/** Events sorted by (visitor, time) into visits. */
export function toVisits(rows: EventRow[]): Visit[] {
  const visits: Visit[] = []
  let current: Visit | undefined
  let last: EventRow | undefined
  for (const row of rows) {
    if (!current || !last || last.v !== row.v || row.t - last.t > VISIT_GAP_S) {
      current = {
        events: [],
        entry: row.path,
        exit: row.path,
        attrs: {
          referrer: row.ref ?? 0,
          source: row.src ?? 0,
          medium: row.med ?? 0,
          campaign: row.camp ?? 0,
          country: row.country ?? 0,
          device: row.device ?? 0,
          browser: row.browser ?? 0,
          os: row.os ?? 0,
          // Set by assignChannels (ADR 095), which reads the dictionary.
          channel: 0,
        },
      }
      visits.push(current)
    }
    // The entry page is the first page viewed (a goal may come first in a race).
    if (
      row.kind === EVENT_KIND.pageview &&
      current.events.every((e) => e.kind !== EVENT_KIND.pageview)
    )
      current.entry = row.path
    if (row.kind === EVENT_KIND.pageview) current.exit = row.path
    current.events.push(row)
    last = row
  }
  return visits
}

/** Whether a visit matches every filter (a page filter: the visit viewed that page). */
export function visitMatches(visit: Visit, filters: VisitFilter[]): boolean {
  for (const f of filters) {
    if (f.dim === DIM.page) {
      if (!visit.events.some((e) => e.kind === EVENT_KIND.pageview && e.path === f.value))
        return false
    } else if (f.dim === DIM.entry) {
      if (visit.entry !== f.value) return false
    } else if (f.dim === DIM.exit) {
      if (visit.exit !== f.value) return false
    } else if (f.dim === DIM.goal) {
      // A built-in goal is its event kind; an owner's page goal is -(the page's id) (ADR 095).
      const reached =
        f.value < 0
          ? visit.events.some((e) => e.kind === EVENT_KIND.pageview && e.path === -f.value)
          : visit.events.some(
              (e) => e.kind !== EVENT_KIND.pageview && goalValue(e.kind, e.ref) === f.value,
            )
      if (!reached) return false
    } else {
      const name = (Object.keys(DIM) as (keyof typeof DIM)[]).find((k) => DIM[k] === f.dim)
      if (!name || !(name in visit.attrs)) return false
      if (visit.attrs[name as keyof Visit['attrs']] !== f.value) return false
    }
  }
  return true
}

/**
 * Adds a day's visits to `map` at both granularities (gran 0: the hour, gran 1: the day; with
 * `hourly: false`, the day only). Page views count in their own hour; a visit counts in the
 * hour it started.
 */
export function countVisits(
  visits: Visit[],
  map: CountMap,
  filters: VisitFilter[] = [],
  zone: Zone = UTC_ZONE,
  { hourly = true } = {},
): void {
  // A page filter (Plausible's semantics, ADR 095): the visits that saw the page count whole
  // (visitors, visits, bounces, duration, their entry, exit, sources…), but page views are the
  // page's own, so the Pages panel and the page views count that page only.
  const onlyPages = new Set(filters.filter((f) => f.dim === DIM.page).map((f) => f.value))
  // In visitor order (a stable sort keeps each visitor's visits in time order), so each row
  // counts its distinct visitors without a set (`Counts.visitors`).
  const ordered = visits.toSorted((a, b) => a.events[0]!.v - b.events[0]!.v)
  const hours = new Map<number, Bucket>()
  const hourOf = (t: number): Bucket | undefined => {
    if (!hourly) return undefined
    const start = Math.floor(zone.local(t) / HOUR_S) * HOUR_S
    let bucket = hours.get(start)
    if (!bucket) hours.set(start, (bucket = bucketOf(map, 0, start)))
    return bucket
  }
  for (const visit of ordered) {
    if (filters.length && !visitMatches(visit, filters)) continue
    const first = visit.events[0]!
    const v = first.v
    const lastT = visit.events[visit.events.length - 1]!.t
    const day = bucketOf(map, 1, Math.floor(zone.local(first.t) / DAY_S) * DAY_S)
    let views = 0
    for (const e of visit.events) if (e.kind === EVENT_KIND.pageview) views += 1
    const bounced = views <= 1 ? 1 : 0
    const duration = lastT - first.t
    const visitLevel: [number, number][] = [
      [DIM.total, 0],
      [DIM.entry, visit.entry],
      [DIM.exit, visit.exit],
      [DIM.referrer, visit.attrs.referrer],
      [DIM.country, visit.attrs.country],
      [DIM.device, visit.attrs.device],
      [DIM.browser, visit.attrs.browser],
      [DIM.os, visit.attrs.os],
    ]
    if (visit.attrs.source) visitLevel.push([DIM.source, visit.attrs.source])
    if (visit.attrs.medium) visitLevel.push([DIM.medium, visit.attrs.medium])
    if (visit.attrs.campaign) visitLevel.push([DIM.campaign, visit.attrs.campaign])
    if (visit.attrs.channel) visitLevel.push([DIM.channel, visit.attrs.channel])
    // A visit with no page view is a goal the server recorded alone (a mail provider's
    // one-click unsubscribe, ADR 097): it counts as that goal, not as a visit.
    if (views) {
      const startHour = hourOf(first.t)
      for (const [dim, value] of visitLevel) {
        const c = counts(day, dim, value)
        seen(c, v)
        c.visits += 1
        c.bounces += bounced
        c.duration += duration
        if (startHour && HOURLY.has(dim)) {
          const h = counts(startHour, dim, value)
          seen(h, v)
          h.visits += 1
          h.bounces += bounced
          h.duration += duration
        }
      }
    }
    // Page views: the total and the visit's dimensions count them where they happened.
    const pagesSeen = new Set<number>()
    const goalsSeen = new Set<number>()
    for (const event of visit.events) {
      const hour = hourOf(event.t)
      if (event.kind === EVENT_KIND.pageview) {
        if (onlyPages.size && !onlyPages.has(event.path)) continue
        for (const [dim, value] of visitLevel) {
          counts(day, dim, value).pageviews += 1
          if (hour && HOURLY.has(dim)) {
            const h = counts(hour, dim, value)
            h.pageviews += 1
            seen(h, v)
          }
        }
        const c = counts(day, DIM.page, event.path)
        c.pageviews += 1
        seen(c, v)
        if (!pagesSeen.has(event.path)) {
          c.visits += 1
          c.bounces += bounced
        }
        pagesSeen.add(event.path)
      } else {
        // A click goal counts under its name (ADR 103).
        const goal = goalValue(event.kind, event.ref)
        for (const c of hour
          ? [counts(day, DIM.goal, goal), counts(hour, DIM.goal, goal)]
          : [counts(day, DIM.goal, goal)]) {
          c.pageviews += 1
          seen(c, v)
          if (!goalsSeen.has(goal)) c.visits += 1
        }
        goalsSeen.add(goal)
      }
    }
  }
}

/** The event column holding a visit-level dimension (the visit's value is its first event's). */
const COLUMN_OF_DIM: Partial<
  Record<number, (typeof FIRST_EVENT_COLUMN)[keyof typeof FIRST_EVENT_COLUMN]>
> = FIRST_EVENT_COLUMN

/**
 * Events that could make a visit match the filter: a page view of the page (a page filter), an
 * event on the page (an entry filter), or the dimension's value (a visit takes its first event's). A superset of the
 * matching visits' events, narrowed in the database; `visitMatches` decides exactly.
 */
function couldMatch(eb: ExpressionBuilder<Database, 'analytics_event'>, filter: VisitFilter) {
  if (filter.dim === DIM.page)
    return eb.and([eb('kind', '=', EVENT_KIND.pageview), eb('path', '=', filter.value)])
  // A visit of goals only (no page view) enters on its first goal's path (`toVisits`).
  if (filter.dim === DIM.entry || filter.dim === DIM.exit) return eb('path', '=', filter.value)
  if (filter.dim === DIM.goal)
    return filter.value < 0
      ? eb.and([eb('kind', '=', EVENT_KIND.pageview), eb('path', '=', -filter.value)])
      : filter.value >= 16
        ? eb.and([
            eb('kind', '=', filter.value % 16),
            eb('ref', '=', Math.floor(filter.value / 16)),
          ])
        : eb('kind', '=', filter.value)
  // A channel is computed from strings (ADR 095): every visitor of the day may match.
  if (filter.dim === DIM.channel) return eb.lit(true)
  const column = COLUMN_OF_DIM[filter.dim]
  if (!column) return eb.lit(false)
  // 0 is how a missing value is counted (`toVisits`); the column may hold null or 0.
  return filter.value === 0
    ? eb.or([eb(column, 'is', null), eb(column, '=', 0)])
    : eb(column, '=', filter.value)
}

/**
 * A day's raw events in (visitor, time) order. With filters, only the events of the visitors
 * who had, that day, an event that could match each filter (the database narrows the rows
 * before they are read; the salt is daily, so a hash names one visitor of one day).
 */
export async function dayEvents(
  db: Kysely<Database>,
  day: number,
  filters: VisitFilter[] = [],
  zone: Zone = UTC_ZONE,
): Promise<EventRow[]> {
  // The day's bounds in Unix seconds: local midnights (ADR 095).
  const from = zone.utc(day * DAY_S)
  const to = zone.utc((day + 1) * DAY_S)
  let query = db
    .selectFrom('analytics_event')
    .select([...EVENT_COLUMNS])
    .where('t', '>=', from)
    .where('t', '<', to)
  for (const filter of filters)
    query = query.where('v', 'in', (eb) =>
      eb
        .selectFrom('analytics_event')
        .select('v')
        .where('t', '>=', from)
        .where('t', '<', to)
        .where((w) => couldMatch(w, filter)),
    )
  const rows = await query.execute()
  const events = rows.map((r) => ({ ...r, v: Number(r.v) }))
  return events.sort((a, b) => a.v - b.v || a.t - b.t)
}

/** The rollup rows of counted visits, one per bucket, dimension and value. */
export function rollupRows(map: CountMap): AnalyticsRollupTable[] {
  const rows: AnalyticsRollupTable[] = []
  for (const [key, bucket] of map) {
    const [gran, start] = key.split('|').map(Number) as [number, number]
    for (const [dim, values] of bucket)
      for (const [value, c] of values)
        rows.push({
          gran,
          start,
          dim,
          value,
          visitors: c.visitors,
          visits: c.visits,
          pageviews: c.pageviews,
          bounces: c.bounces,
          duration: c.duration,
        })
  }
  return rows
}

/** The counts of the rollup rows read, summed under their own names. */
export function summedCounts(eb: ExpressionBuilder<Database, 'analytics_rollup'>) {
  return [
    eb.fn.sum<number>('visitors').as('visitors'),
    eb.fn.sum<number>('visits').as('visits'),
    eb.fn.sum<number>('pageviews').as('pageviews'),
    eb.fn.sum<number>('bounces').as('bounces'),
    eb.fn.sum<number>('duration').as('duration'),
  ]
}

/** A bucket already rolled up takes the new counts. */
function replaceCounts(oc: OnConflictBuilder<Database, 'analytics_rollup'>) {
  return oc.columns(['gran', 'dim', 'start', 'value']).doUpdateSet((eb) => ({
    visitors: eb.ref('excluded.visitors'),
    visits: eb.ref('excluded.visits'),
    pageviews: eb.ref('excluded.pageviews'),
    bounces: eb.ref('excluded.bounces'),
    duration: eb.ref('excluded.duration'),
  }))
}

/**
 * Recomputes one day's rollups (hours and day) and its visit rows (ADR 103) from its raw events;
 * with `rollups: false`, its visit rows only.
 */
export async function rollupDay(
  db: Kysely<Database>,
  day: number,
  zone: Zone = UTC_ZONE,
  { rollups = true } = {},
): Promise<number> {
  const map: CountMap = new Map()
  const visits = toVisits(await dayEvents(db, day, [], zone))
  await assignChannels(db, visits)
  countVisits(visits, map, [], zone)
  const rows = rollupRows(map)
  // A day keeping older rollups keeps no rows under a filter: its visit rows answer (ADR 112).
  const filterRows = rollups ? filterRollupRows(visits, day, zone) : []
  // Committed without waiting for its fsync on SQLite (ADR 117): these rows are counted from the
  // raw events, and the refresh's mark, written after its last day, is a durable commit behind
  // them; a power cut before it makes the next refresh count them again (ADR 122).
  const relaxed =
    db === getDatabaseHandle()?.db
      ? withRelaxedCommits
      : <T>(work: (d: Kysely<Database>) => Promise<T>) => work(db)
  await relaxed((d) =>
    d.transaction().execute(async (trx) => {
      // Before the visit rows: the old ones name the old rows' filter values.
      await replaceFilterRollups(trx, day, filterRows)
      // The month's rows under a filter were counted from the old visit rows (ADR 128).
      await deleteFilterMonth(trx, monthStartOf(day * DAY_S) / DAY_S)
      await writeVisits(trx, day, visits)
      if (!rollups) return
      // Every (gran, dim) named: a range of the key each, not a scan of the hourly and daily rows.
      await trx
        .deleteFrom('analytics_rollup')
        .where('gran', 'in', [0, 1])
        .where('dim', 'in', Object.values(DIM))
        .where('start', '>=', day * DAY_S)
        .where('start', '<', (day + 1) * DAY_S)
        .execute()
      for (let i = 0; i < rows.length; i += 100)
        await trx
          .insertInto('analytics_rollup')
          .values(rows.slice(i, i + 100))
          // Another app server rolling the same day up: the last one wins, with the same counts.
          .onConflict(replaceCounts)
          .execute()
    }),
  )
  return rows.length
}

/** Local seconds of the first day of the month holding `t` (local seconds). */
export function monthStartOf(t: number): number {
  const date = new Date(t * 1000)
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000
}

/** The first second of the next month. */
export function nextMonthStart(monthStart: number): number {
  const date = new Date(monthStart * 1000)
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / 1000
}

/**
 * A month's rows (gran 2): its days' rows summed, so a long period reads twelve rows per value
 * instead of 365 (visitors are daily visitors, summed as everywhere, ADR 073).
 */
export async function rollupMonth(db: Kysely<Database>, monthStart: number): Promise<void> {
  const end = nextMonthStart(monthStart)
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('analytics_rollup')
      .where('gran', '=', 2)
      .where('start', '=', monthStart)
      .execute()
    await trx
      .insertInto('analytics_rollup')
      .columns([
        'gran',
        'dim',
        'start',
        'value',
        'visitors',
        'visits',
        'pageviews',
        'bounces',
        'duration',
      ])
      .expression((eb) =>
        eb
          .selectFrom('analytics_rollup')
          .select((s) => [
            sql<number>`2`.as('gran'),
            'dim',
            sql<number>`${monthStart}`.as('start'),
            'value',
            ...summedCounts(s),
          ])
          .where('gran', '=', 1)
          .where('start', '>=', monthStart)
          .where('start', '<', end)
          .groupBy(['dim', 'value']),
      )
      .onConflict(replaceCounts)
      .execute()
  })
}

let refreshing: Promise<void> | undefined

/** The state key naming the time zone the rollups were counted in (ADR 095). */
const ROLLUP_ZONE = 'rollupZone'
/** Set once every kept day's visit rows are written (ADR 103). */
const ROLLUP_VISITS = 'rollupVisits'
/** The refresh's state keys, for the monthly rows' build (ADR 128). */
export const ROLLUP_STATE = { until: 'rolledUntil', zone: ROLLUP_ZONE, visits: ROLLUP_VISITS }

/**
 * Brings the rollups up to date: every day from the last refresh (minus a margin for late
 * batches) to today, in the site's time zone. When the zone differs from the one the rollups
 * were counted in, every day whose raw events retention kept is counted again (ADR 095). One
 * refresh at a time per process.
 */
export function refreshRollups(now = Date.now(), db: Kysely<Database> = getDb()): Promise<void> {
  refreshing ??= (async () => {
    try {
      const nowS = Math.floor(now / 1000)
      const { timeZone } = await getStatsSettings(db)
      const until = Number(await readState('rolledUntil', db))
      const rolled = Number.isFinite(until) && until > 0
      // Rollups made before the setting existed were counted in UTC.
      const rolledZone = (await readState(ROLLUP_ZONE, db)) ?? (rolled ? 'UTC' : timeZone)
      // Rollups made before the visit rows existed (ADR 103): every kept day is counted again.
      const noVisits = rolled && (await readState(ROLLUP_VISITS, db)) === undefined
      const rebucket = rolled && (rolledZone !== timeZone || noVisits)
      const done = async () => {
        await writeState('rolledUntil', String(nowS), db)
        await writeState(ROLLUP_ZONE, timeZone, db)
        await writeState(ROLLUP_VISITS, '1', db)
      }
      let since: number
      if (rolled && !rebucket) {
        since = until - 300
        // Nothing written since: nothing to count (and no time zone data loaded, ADR 041).
        const fresh = await db
          .selectFrom('analytics_event')
          .select('t')
          .where('t', '>=', since)
          .limit(1)
          .executeTakeFirst()
        if (!fresh) return await done()
      } else {
        const first = await db
          .selectFrom('analytics_event')
          .select((eb) => eb.fn.min('t').as('t'))
          .executeTakeFirst()
        if (first?.t === null || first?.t === undefined) return await done()
        since = Number(first.t)
      }
      const zone = zoneOf(timeZone)
      let from = Math.floor(zone.local(since) / DAY_S)
      // Visit rows of days before the first kept one were counted in another time zone.
      if (rebucket) {
        await deleteVisits(db, 0, from)
        await deleteFilterRollupsBefore(db, from)
        // Months under a filter were counted in the old days: all go, rebuilt later (ADR 128).
        await deleteAllFilterMonths(db)
      }
      let visitsOnly: number | undefined
      if (rebucket) {
        // The first kept day may have lost events to the retention purge: when older rollups
        // exist, that day keeps its rows rather than be counted again from a part of it.
        const older = await db
          .selectFrom('analytics_rollup')
          .select('start')
          .where('gran', '=', 1)
          .where('start', '<', from * DAY_S)
          .limit(1)
          .executeTakeFirst()
        if (older) visitsOnly = from++
      }
      // That day's visits are still written: the visit rows hold what the events hold.
      if (visitsOnly !== undefined) await rollupDay(db, visitsOnly, zone, { rollups: false })
      const today = Math.floor(zone.local(nowS) / DAY_S)
      const months = new Set<number>()
      for (let day = from; day <= today; day++) {
        await rollupDay(db, day, zone)
        months.add(monthStartOf(day * DAY_S))
      }
      for (const month of months) await rollupMonth(db, month)
      await done()
    } finally {
      refreshing = undefined
    }
  })()
  return refreshing
}

/** Seconds since the last refresh (Infinity when never). */
export async function rollupAge(now = Date.now(), db: Kysely<Database> = getDb()): Promise<number> {
  const until = Number(await readState('rolledUntil', db))
  return Number.isFinite(until) && until > 0 ? now / 1000 - until : Infinity
}

/** The rollups are brought up to date when older than this (the timer does it too). */
const FRESH_S = 60

/** Before a read: this process's queued events written, rollups refreshed when stale. */
export async function freshRollups(now = Date.now()): Promise<void> {
  await flushEvents()
  // A refresh already running may have started before the time zone changed: twice at most.
  for (let i = 0; i < 2; i++) {
    const { timeZone } = await getStatsSettings()
    const stale = (await rollupAge(now)) > FRESH_S
    if (!stale && (await readState(ROLLUP_ZONE)) === timeZone) return
    await refreshRollups(now)
  }
}
