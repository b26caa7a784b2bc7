// Visit rows (ADRs 103, 109): the rollup writes each day's visits (analytics_visit) and their pages
// and goals (analytics_visit_page) from the raw events, and a filtered dashboard counts those
// instead of re-reading the events, with the same semantics as `countVisits`.
import { sql, type Kysely, type Transaction } from 'kysely'
import { DIM, EVENT_KIND, goalValue } from '#app/domain/analytics.ts'
import type { Database } from '../db/schema.server.ts'
import type { Row } from './sources.server.ts'
import type { Visit, VisitFilter } from './rollup.server.ts'

const DAY_S = 86_400
/**
 * A visit's id: its day's number since VISIT_EPOCH_DAY × 2^20 + its rank in the day (ADRs 103,
 * 118): under 2^31 for 2,048 days from the epoch, so 4 bytes in each page row and its index
 * instead of 6.
 */
const VISITS_PER_DAY = 2 ** 20
/** 2024-01-01: day numbers are counted from it in visit ids (ADR 118). */
const VISIT_EPOCH_DAY = 19_723
/** Days read per query when counting: the rows of a month in memory at most. */
const DAYS_PER_READ = 31

/** The first visit id of a day (a day number of the site's calendar). */
export const firstVisitId = (day: number) => (day - VISIT_EPOCH_DAY) * VISITS_PER_DAY

/** The day number of a visit id. */
export const visitDay = (id: number) => Math.floor(id / VISITS_PER_DAY) + VISIT_EPOCH_DAY

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
  let nth = 0
  visits.slice(0, VISITS_PER_DAY).forEach((visit, rank) => {
    const id = firstVisitId(day) + rank
    const first = visit.events[0]!
    // The visitor's visits of the day follow each other (ADR 109).
    nth = rank > 0 && visits[rank - 1]!.events[0]!.v === first.v ? nth + 1 : 0
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
      nth,
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

/** The visits of ids [lo, hi) that match every filter, as `m`. */
function matchingVisits(db: Kysely<Database>, lo: number, hi: number, filters: VisitFilter[]) {
  let query = db.selectFrom('analytics_visit as m').where('m.id', '>=', lo).where('m.id', '<', hi)
  for (const filter of filters) {
    const page = pageOf(filter)
    if (page !== undefined)
      query = query.where('m.id', 'in', (eb) =>
        eb
          .selectFrom('analytics_visit_page')
          .select('visit')
          .where('page', '=', page)
          .where('visit', '>=', lo)
          .where('visit', '<', hi),
      )
    else {
      const column = COLUMN[filter.dim as keyof typeof COLUMN] as Column | undefined
      // An unknown dimension matches nothing. A value other than 0 also says `<> 0`, the
      // condition of the UTM columns' partial indexes (ADR 118): its visits are read by them.
      query = !column
        ? query.where('m.id', '<', lo)
        : filter.value === 0
          ? query.where(`m.${column}`, '=', 0)
          : query
              .where(`m.${column}`, '=', filter.value)
              .where(sql<boolean>`${sql.ref(`m.${column}`)} <> 0`)
    }
  }
  return query
}

/** A daily visitor: the id of their first visit of the day (ADR 109). */
const VISITOR = sql<number>`m.id - m.nth`

interface Acc {
  visitors: number
  lastVisitor: number
  visits: number
  pageviews: number
  bounces: number
  duration: number
}

const newAcc = (): Acc => ({
  visitors: 0,
  lastVisitor: -1,
  visits: 0,
  pageviews: 0,
  bounces: 0,
  duration: 0,
})

const row = (dim: number, start: number, value: number, acc: Omit<Acc, 'lastVisitor'>): Row => ({
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

/**
 * The rows of the filtered visits of days [from, to]: every dimension summed over those days
 * (start = the first day), and the total per day (the chart). Same counts as `countVisits` on
 * the days' raw events with the same filters (the test compares them). The pages and goals are
 * summed by the database; the visit-level dimensions in one pass over the matching visits, a
 * month at a time (ADR 109).
 */
export async function countFromVisits(
  db: Kysely<Database>,
  from: number,
  to: number,
  filters: VisitFilter[],
): Promise<Row[]> {
  // A page filter: the pages panel and page views count that page's views (ADR 095).
  const onlyPages = [...new Set(filters.filter((f) => f.dim === DIM.page).map((f) => f.value))]
  const byDim = new Map<number, Map<number, Acc>>()
  const perDay = new Map<number, Acc>()
  // One visit adds to the total of its day and to a value of each visit-level dimension.
  const count = (acc: Acc, visitor: number, bounced: number, duration: number, views: number) => {
    // Visits come in id order: a visitor's visits of a day follow each other.
    if (acc.lastVisitor !== visitor) acc.visitors += 1
    acc.lastVisitor = visitor
    acc.visits += 1
    acc.bounces += bounced
    acc.duration += duration
    acc.pageviews += views
  }
  // A column under a filter holds the filter's value in every matching visit: not read
  // (each column read costs more than its counting, ADR 125).
  const fixed = new Map<number, number>()
  for (const filter of filters)
    if (pageOf(filter) === undefined && filter.dim in COLUMN) fixed.set(filter.dim, filter.value)
  const dims = VISIT_DIMS.map((dim) => {
    const values = new Map<number, Acc>()
    byDim.set(dim, values)
    return {
      column: COLUMN[dim],
      values,
      onlyWhenSet: ONLY_WHEN_SET.has(dim),
      fixed: fixed.get(dim),
    }
  })
  const read = dims.filter((d) => d.fixed === undefined)
  const constant = dims.filter((d) => d.fixed !== undefined && !(d.fixed === 0 && d.onlyWhenSet))
  for (let start = from; start <= to; start += DAYS_PER_READ) {
    const end = Math.min(to + 1, start + DAYS_PER_READ)
    const visits = await matchingVisits(db, firstVisitId(start), firstVisitId(end), filters)
      // A visit of goals only counts as its goals, not as a visit (`countVisits`).
      .where('m.pages', '>', 0)
      .select((eb) => [
        // The visitor (ADR 109), whose id is of the visit's day.
        VISITOR.as('who'),
        'm.dur',
        'm.pages',
        ...read.map((d) => `m.${d.column}` as const),
        ...(onlyPages.length
          ? [
              eb
                .selectFrom('analytics_visit_page as p')
                .select((s) => s.fn.sum<number>('p.views').as('n'))
                .whereRef('p.visit', '=', 'm.id')
                .where('p.page', 'in', onlyPages)
                .as('views'),
            ]
          : []),
      ])
      .orderBy('m.id')
      .execute()
    for (const visit of visits) {
      const visitor = Number(visit.who)
      const day = visitDay(visitor)
      const pages = Number(visit.pages)
      const bounced = pages <= 1 ? 1 : 0
      const duration = Number(visit.dur)
      const views = onlyPages.length ? Number(visit.views ?? 0) : pages
      let dayAcc = perDay.get(day)
      if (!dayAcc) perDay.set(day, (dayAcc = newAcc()))
      count(dayAcc, visitor, bounced, duration, views)
      for (const { column, values, onlyWhenSet } of read) {
        const value = Number(visit[column])
        if (!value && onlyWhenSet) continue
        let acc = values.get(value)
        if (!acc) values.set(value, (acc = newAcc()))
        count(acc, visitor, bounced, duration, views)
      }
    }
  }
  // A fixed column's only value counts every matching visit: the days' totals.
  for (const { values, fixed: value } of constant) {
    const acc = newAcc()
    for (const day of perDay.values()) {
      acc.visitors += day.visitors
      acc.visits += day.visits
      acc.pageviews += day.pageviews
      acc.bounces += day.bounces
      acc.duration += day.duration
    }
    if (acc.visits) values.set(value!, acc)
  }
  const rows: Row[] = []
  for (const [day, acc] of perDay) rows.push(row(DIM.total, day * DAY_S, 0, acc))
  for (const [dim, values] of byDim)
    for (const [value, acc] of values) rows.push(row(dim, from * DAY_S, value, acc))
  // The pages (only the filtered ones under a page filter) and goals of the matching visits.
  const lo = firstVisitId(from)
  const hi = firstVisitId(to + 1)
  const pages = await matchingVisits(db, lo, hi, filters)
    // The visits first, then each one's pages by the primary key (SQLite keeps the order).
    .crossJoin('analytics_visit_page as p')
    .whereRef('p.visit', '=', 'm.id')
    .where('p.visit', '>=', lo)
    .where('p.visit', '<', hi)
    .$if(onlyPages.length > 0, (q) =>
      q.where((eb) => eb.or([eb('p.page', '<', 0), eb('p.page', 'in', onlyPages)])),
    )
    .select((eb) => [
      'p.page',
      eb.fn.sum<number>('p.views').as('views'),
      eb.fn.countAll<number>().as('visits'),
      eb.fn.sum<number>(eb.case().when('m.pages', '<=', 1).then(1).else(0).end()).as('bounces'),
      eb.fn.count<number>(VISITOR).distinct().as('visitors'),
    ])
    .groupBy('p.page')
    .execute()
  for (const p of pages) {
    const page = Number(p.page)
    rows.push(
      row(page >= 0 ? DIM.page : DIM.goal, from * DAY_S, Math.abs(page), {
        visitors: Number(p.visitors),
        visits: Number(p.visits),
        pageviews: Number(p.views),
        // A goal has no bounces (`countVisits`).
        bounces: page >= 0 ? Number(p.bounces) : 0,
        duration: 0,
      }),
    )
  }
  return rows
}

/**
 * The total of the filtered visits of days [from, to], summed by the database (a previous
 * period shows its total only): one row, visitors summed per day as everywhere.
 */
export async function totalFromVisits(
  db: Kysely<Database>,
  from: number,
  to: number,
  filters: VisitFilter[],
): Promise<Row[]> {
  const onlyPages = [...new Set(filters.filter((f) => f.dim === DIM.page).map((f) => f.value))]
  const lo = firstVisitId(from)
  const hi = firstVisitId(to + 1)
  const total = await matchingVisits(db, lo, hi, filters)
    .where('m.pages', '>', 0)
    .select((eb) => [
      eb.fn.count<number>(VISITOR).distinct().as('visitors'),
      eb.fn.countAll<number>().as('visits'),
      eb.fn.sum<number>('m.pages').as('pages'),
      eb.fn.sum<number>(eb.case().when('m.pages', '<=', 1).then(1).else(0).end()).as('bounces'),
      eb.fn.sum<number>('m.dur').as('duration'),
    ])
    .executeTakeFirstOrThrow()
  if (!Number(total.visits)) return []
  let pageviews = Number(total.pages)
  if (onlyPages.length) {
    const views = await matchingVisits(db, lo, hi, filters)
      .where('m.pages', '>', 0)
      .crossJoin('analytics_visit_page as p')
      .whereRef('p.visit', '=', 'm.id')
      .where('p.page', 'in', onlyPages)
      .select((eb) => eb.fn.sum<number>('p.views').as('n'))
      .executeTakeFirstOrThrow()
    pageviews = Number(views.n ?? 0)
  }
  return [
    row(DIM.total, from * DAY_S, 0, {
      visitors: Number(total.visitors),
      visits: Number(total.visits),
      pageviews,
      bounces: Number(total.bounces),
      duration: Number(total.duration),
    }),
  ]
}
