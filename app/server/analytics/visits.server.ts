// Visit rows (ADR 103): the rollup writes each day's visits (analytics_visit) and their pages
// and goals (analytics_visit_page) from the raw events, and a filtered dashboard counts those
// instead of re-reading the events, with the same semantics as `countVisits`.
import type { Kysely, Transaction } from 'kysely'
import { DIM, EVENT_KIND, goalValue } from '#app/domain/analytics.ts'
import type { Database } from '../db/schema.server.ts'
import type { Row } from './sources.server.ts'
import type { Visit, VisitFilter } from './rollup.server.ts'

const DAY_S = 86_400
/** A visit's id: its day × 2^24 + its rank in the day (ADR 103). */
export const VISITS_PER_DAY = 2 ** 24
/** Days read per query when counting: the rows of a month in memory at most. */
const DAYS_PER_READ = 31

/** The first visit id of a day (a day number of the site's calendar). */
export const firstVisitId = (day: number) => day * VISITS_PER_DAY

/** Deletes the visit rows of days [from, to) (their ids). */
export async function deleteVisits(db: Kysely<Database>, from: number, to: number): Promise<void> {
  await db
    .deleteFrom('analytics_visit_page')
    .where('visit', '>=', firstVisitId(from))
    .where('visit', '<', firstVisitId(to))
    .execute()
  await db
    .deleteFrom('analytics_visit')
    .where('id', '>=', firstVisitId(from))
    .where('id', '<', firstVisitId(to))
    .execute()
}

/** Replaces a day's visit rows with `visits` (its visits in (visitor, time) order). */
export async function writeVisits(
  trx: Transaction<Database>,
  day: number,
  visits: Visit[],
): Promise<void> {
  await deleteVisits(trx, day, day + 1)
  const rows: Database['analytics_visit'][] = []
  const pages: Database['analytics_visit_page'][] = []
  visits.slice(0, VISITS_PER_DAY).forEach((visit, rank) => {
    const id = firstVisitId(day) + rank
    const first = visit.events[0]!
    const seen = new Map<number, number>()
    let views = 0
    for (const event of visit.events) {
      // A goal is stored as −(its goal value), beside the pages (ADR 103).
      const page =
        event.kind === EVENT_KIND.pageview ? event.path : -goalValue(event.kind, event.ref)
      if (event.kind === EVENT_KIND.pageview) views += 1
      seen.set(page, (seen.get(page) ?? 0) + 1)
    }
    const a = visit.attrs
    rows.push({
      id,
      v: first.v,
      t: first.t,
      dur: visit.events[visit.events.length - 1]!.t - first.t,
      pages: views,
      entry: visit.entry,
      exit: visit.exit,
      ref: a.referrer,
      src: a.source,
      med: a.medium,
      camp: a.campaign,
      country: a.country,
      device: a.device,
      browser: a.browser,
      os: a.os,
      channel: a.channel,
    })
    for (const [page, count] of seen) pages.push({ visit: id, page, views: count })
  })
  // Under SQLite's bound on parameters: 16 columns × 60 rows, 3 × 300.
  for (let i = 0; i < rows.length; i += 60)
    await trx
      .insertInto('analytics_visit')
      .values(rows.slice(i, i + 60))
      .execute()
  for (let i = 0; i < pages.length; i += 300)
    await trx
      .insertInto('analytics_visit_page')
      .values(pages.slice(i, i + 300))
      .execute()
}

/**
 * The dimensions a visit takes from its first event, with the column holding them: the same
 * name on the event and on the visit row.
 */
export const FIRST_EVENT_COLUMN = {
  [DIM.referrer]: 'ref',
  [DIM.source]: 'src',
  [DIM.medium]: 'med',
  [DIM.campaign]: 'camp',
  [DIM.country]: 'country',
  [DIM.device]: 'device',
  [DIM.browser]: 'browser',
  [DIM.os]: 'os',
} as const

/** The visit column of a visit-level dimension. */
const COLUMN = {
  ...FIRST_EVENT_COLUMN,
  [DIM.entry]: 'entry',
  [DIM.exit]: 'exit',
  [DIM.channel]: 'channel',
} as const satisfies Partial<Record<number, keyof Database['analytics_visit']>>
type Column = (typeof COLUMN)[keyof typeof COLUMN]

const VISIT_DIMS = Object.keys(COLUMN).map(Number) as (keyof typeof COLUMN)[]
/** Counted only when set, as `countVisits` does. */
const ONLY_WHEN_SET: ReadonlySet<number> = new Set([
  DIM.source,
  DIM.medium,
  DIM.campaign,
  DIM.channel,
])

/** The visit_page value a page or goal filter looks for, or undefined for a column filter. */
function pageOf(filter: VisitFilter): number | undefined {
  if (filter.dim === DIM.page) return filter.value
  // A built-in goal k is stored as −k; an owner's page goal is −(its page's id) (ADR 095).
  if (filter.dim === DIM.goal) return -filter.value
  return undefined
}

function matchingVisits(db: Kysely<Database>, lo: number, hi: number, filters: VisitFilter[]) {
  let query = db.selectFrom('analytics_visit').where('id', '>=', lo).where('id', '<', hi)
  for (const filter of filters) {
    const page = pageOf(filter)
    if (page !== undefined)
      query = query.where('id', 'in', (eb) =>
        eb
          .selectFrom('analytics_visit_page')
          .select('visit')
          .where('page', '=', page)
          .where('visit', '>=', lo)
          .where('visit', '<', hi),
      )
    else {
      const column = COLUMN[filter.dim as keyof typeof COLUMN] as Column | undefined
      // An unknown dimension matches nothing.
      query = column ? query.where(column, '=', filter.value) : query.where('id', '<', lo)
    }
  }
  return query
}

interface Acc {
  visitors: number
  lastV: number
  visits: number
  pageviews: number
  bounces: number
  duration: number
}

/**
 * The rows of the filtered visits of days [from, to]: every dimension summed over those days
 * (start = the first day), and the total per day (the chart). Same counts as `countVisits` on
 * the days' raw events with the same filters (the test compares them).
 */
export async function countFromVisits(
  db: Kysely<Database>,
  from: number,
  to: number,
  filters: VisitFilter[],
): Promise<Row[]> {
  // A page filter: the pages panel and page views count that page's views (ADR 095).
  const onlyPages = new Set(filters.filter((f) => f.dim === DIM.page).map((f) => f.value))
  const byDim = new Map<number, Map<number, Acc>>()
  const perDay = new Map<number, Acc>()
  let lastDay = -1
  /** The accumulator of `key`, made on first use, with visitor `v` counted once. */
  const visitorAcc = (accs: Map<number, Acc>, key: number, v: number): Acc => {
    let acc = accs.get(key)
    if (!acc) {
      acc = { visitors: 0, lastV: -1, visits: 0, pageviews: 0, bounces: 0, duration: 0 }
      accs.set(key, acc)
    }
    // Visits come in (day, visitor) order: a visitor's visits of a day follow each other.
    if (acc.lastV !== v) acc.visitors += 1
    acc.lastV = v
    return acc
  }
  const add = (dim: number, value: number, v: number): Acc => {
    let values = byDim.get(dim)
    if (!values) byDim.set(dim, (values = new Map()))
    return visitorAcc(values, value, v)
  }
  for (let start = from; start <= to; start += DAYS_PER_READ) {
    const end = Math.min(to + 1, start + DAYS_PER_READ)
    const lo = firstVisitId(start)
    const hi = firstVisitId(end)
    const visits = await matchingVisits(db, lo, hi, filters)
      .select([
        'id',
        'v',
        'dur',
        'pages',
        'entry',
        'exit',
        ...Object.values(FIRST_EVENT_COLUMN),
        'channel',
      ])
      .orderBy('id')
      .execute()
    if (visits.length === 0) continue
    const pages = await db
      .selectFrom('analytics_visit_page')
      .select(['visit', 'page', 'views'])
      .where('visit', '>=', lo)
      .where('visit', '<', hi)
      .where('visit', 'in', matchingVisits(db, lo, hi, filters).select('id'))
      .orderBy('visit')
      .execute()
    let p = 0
    for (const row of visits) {
      const id = Number(row.id)
      const v = Number(row.v)
      const day = Math.floor(id / VISITS_PER_DAY)
      // A new day: the same hash is another visitor (the salt is daily).
      if (day !== lastDay) {
        for (const values of byDim.values()) for (const acc of values.values()) acc.lastV = -1
        lastDay = day
      }
      let views = 0
      const visitPages: [number, number][] = []
      while (p < pages.length && Number(pages[p]!.visit) < id) p++
      while (p < pages.length && Number(pages[p]!.visit) === id) {
        const page = Number(pages[p]!.page)
        const count = Number(pages[p]!.views)
        visitPages.push([page, count])
        if (page >= 0 && (onlyPages.size === 0 || onlyPages.has(page))) views += count
        p++
      }
      const total = Number(row.pages)
      const bounced = total <= 1 ? 1 : 0
      const duration = Number(row.dur)
      // A visit of goals only counts as its goals, not as a visit (`countVisits`).
      if (total > 0) {
        const accs = [visitorAcc(perDay, day, v)]
        for (const dim of VISIT_DIMS) {
          const value = Number(row[COLUMN[dim]])
          if (value || !ONLY_WHEN_SET.has(dim)) accs.push(add(dim, value, v))
        }
        for (const acc of accs) {
          acc.visits += 1
          acc.bounces += bounced
          acc.duration += duration
          acc.pageviews += views
        }
      }
      for (const [page, count] of visitPages) {
        if (page >= 0) {
          if (onlyPages.size && !onlyPages.has(page)) continue
          const acc = add(DIM.page, page, v)
          acc.pageviews += count
          acc.visits += 1
          acc.bounces += bounced
        } else {
          const acc = add(DIM.goal, -page, v)
          acc.pageviews += count
          acc.visits += 1
        }
      }
    }
  }
  const rows: Row[] = []
  const row = (dim: number, start: number, value: number, acc: Acc): Row => ({
    gran: 1,
    start,
    dim,
    value,
    visitors: acc.visitors,
    visits: acc.visits,
    pageviews: acc.pageviews,
    bounces: acc.bounces,
    duration: acc.duration,
  })
  for (const [day, acc] of perDay) rows.push(row(DIM.total, day * DAY_S, 0, acc))
  for (const [dim, values] of byDim)
    for (const [value, acc] of values) rows.push(row(dim, from * DAY_S, value, acc))
  return rows
}
