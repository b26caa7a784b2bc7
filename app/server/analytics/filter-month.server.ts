// Monthly rollups under one filter (ADR 128): a whole month's counts per panel row of the visits
// holding one value of a visit-level dimension (about 1 % of the month's visits or more) or
// reaching one goal, built in the background from what a filter reads today (ADR 112's daily
// rows, the visit rows), so the figures are those by construction. A single filter over a long
// period reads its whole months here and the days at its edges as before.
import type { Kysely, OnConflictBuilder, Transaction } from 'kysely'
import { DIM } from '#app/domain/analytics.ts'
import { getCache } from '../cache/caches.server.ts'
import { getDb } from '../db/client.server.ts'
import type { AnalyticsFilterMonthTable, Database } from '../db/schema.server.ts'
import {
  countFromFilterRollups,
  FILTER_DIMS,
  isRolledUpFilter,
  NEVER_FILTERED,
  numeric,
} from './filter-rollup.server.ts'
import { monthStartOf, nextMonthStart, ROLLUP_STATE, type VisitFilter } from './rollup.server.ts'
import type { Row } from './sources.server.ts'
import { getStatsSettings, keptFromDay, readState } from './store.server.ts'
import { countFromVisits, firstVisitId, totalFromVisits, visitDay } from './visits.server.ts'
import { zoneOf } from './zone.server.ts'

const DAY_S = 86_400
const TABLE = 'analytics_filter_month' as const

/**
 * A value gets its month's rows when it holds at least this share of the month's visits: the
 * narrow values that ADR 112's daily rows (30 % of a day) leave to the visit rows. ADR 128
 * measures the bytes.
 */
const MONTH_SHARE = 0.01

/**
 * The rows under (LISTED, LISTED, month) list the values built for the month, one row each as
 * (dim = fdim, value = fvalue) holding the value's total, and (0, 0) once every value is built
 * (its visits: the month's). No filter dimension is 0 (DIM.total).
 */
const LISTED = 0

/** The first day of the month holding `day`, and of the next one (day numbers). */
const monthOf = (day: number) => monthStartOf(day * DAY_S) / DAY_S
const nextMonth = (month: number) => nextMonthStart(month * DAY_S) / DAY_S

/**
 * Whether a single filter can be read from these rows: a visit-level value (as ADR 112's), or a
 * built-in or click goal (an owner's page goal, −(page id), is a page and is not built).
 */
export function isMonthlyFilter(filters: VisitFilter[]): boolean {
  return (
    isRolledUpFilter(filters) ||
    (filters.length === 1 && filters[0]!.dim === DIM.goal && filters[0]!.value > 0)
  )
}

/** The rows of days [from, to] under one filter as today: ADR 112's rollups, or visit rows. */
function countDays(
  db: Kysely<Database>,
  from: number,
  to: number,
  filter: VisitFilter,
  totalOnly: boolean,
): Promise<Row[]> {
  if (isRolledUpFilter([filter])) return countFromFilterRollups(db, from, to, filter, totalOnly)
  return (totalOnly ? totalFromVisits : countFromVisits)(db, from, to, [filter])
}

const COUNTS = ['visitors', 'visits', 'pageviews', 'bounces', 'duration'] as const

/**
 * The rows of days [from, to] under one filter, as `countFromVisits` gives them: the whole
 * months inside the range that have their rows (one total row each, at the month's first day:
 * the chart has months), the other days as before (`countDays`). `totalOnly`: the total alone.
 */
export async function countFromFilterMonths(
  db: Kysely<Database>,
  from: number,
  to: number,
  filter: VisitFilter,
  totalOnly: boolean,
): Promise<Row[]> {
  const months: number[] = []
  let m = monthOf(from) === from ? from : nextMonth(monthOf(from))
  for (; nextMonth(m) - 1 <= to; m = nextMonth(m)) months.push(m)
  // A month is covered when its values' list names this one; the row holds its total.
  const covered = months.length
    ? await db
        .selectFrom(TABLE)
        .select(['month', ...COUNTS])
        .where('fdim', '=', LISTED)
        .where('fvalue', '=', LISTED)
        .where('month', 'in', months)
        .where('dim', '=', filter.dim)
        .where('value', '=', filter.value)
        .orderBy('month')
        .execute()
    : []
  const rows: Row[] = []
  const totals = covered.map((c) => numeric(DIM.total, Number(c.month) * DAY_S, 0, c))
  if (totalOnly) {
    const total = numeric(DIM.total, from * DAY_S, 0, {})
    for (const t of totals) for (const k of COUNTS) total[k] += t[k]
    if (total.visits) rows.push(total)
  } else {
    rows.push(...totals.filter((t) => t.visits))
    if (covered.length) {
      const panels = await db
        .selectFrom(TABLE)
        .select((eb) => ['dim', 'value', ...COUNTS.map((k) => eb.fn.sum<number>(k).as(k))])
        .where('fdim', '=', filter.dim)
        .where('fvalue', '=', filter.value)
        .where(
          'month',
          'in',
          covered.map((c) => Number(c.month)),
        )
        .groupBy(['dim', 'value'])
        .execute()
      for (const p of panels) rows.push(numeric(Number(p.dim), from * DAY_S, Number(p.value), p))
    }
  }
  // The days outside the covered months, a run at a time.
  let day = from
  for (const c of covered) {
    const month = Number(c.month)
    if (day < month) rows.push(...(await countDays(db, day, month - 1, filter, totalOnly)))
    day = nextMonth(month)
  }
  if (day <= to) rows.push(...(await countDays(db, day, to, filter, totalOnly)))
  return rows
}

// ---------------------------------------------------------------------------------------------
// Invalidation: a month's rows go when one of its days is counted again, when retention reaches
// it, and all of them with a new time zone (ADR 128).

/** Deletes a month's rows, value by value through the key (its list names them). */
export async function deleteFilterMonth(db: Kysely<Database>, month: number): Promise<void> {
  const listed = await db
    .selectFrom(TABLE)
    .select(['dim', 'value'])
    .where('fdim', '=', LISTED)
    .where('fvalue', '=', LISTED)
    .where('month', '=', month)
    .execute()
  const values = listed.filter((l) => Number(l.dim) !== LISTED)
  if (values.length)
    await db
      .deleteFrom(TABLE)
      .where('month', '=', month)
      .where((eb) =>
        eb.or(
          values.map((v) =>
            eb.and([eb('fdim', '=', Number(v.dim)), eb('fvalue', '=', Number(v.value))]),
          ),
        ),
      )
      .execute()
  if (listed.length)
    await db
      .deleteFrom(TABLE)
      .where('fdim', '=', LISTED)
      .where('fvalue', '=', LISTED)
      .where('month', '=', month)
      .execute()
}

/** Deletes the rows of months starting before `day` (retention: they lost visits). */
export async function deleteFilterMonthsBefore(db: Kysely<Database>, day: number): Promise<void> {
  const months = await db
    .selectFrom(TABLE)
    .select('month')
    .distinct()
    .where('fdim', '=', LISTED)
    .where('fvalue', '=', LISTED)
    .where('month', '<', day)
    .execute()
  for (const { month } of months) await deleteFilterMonth(db, Number(month))
}

/** Deletes every month's rows (the days are counted again in another time zone). */
export async function deleteAllFilterMonths(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom(TABLE).execute()
}

// ---------------------------------------------------------------------------------------------
// Build, in the background only (ADR 128).

/** The values of a month holding at least MONTH_SHARE of its visits, with its visits. */
async function broadValues(db: Kysely<Database>, month: number): Promise<Plan> {
  const lo = firstVisitId(month)
  const hi = firstVisitId(nextMonth(month))
  // Visits with a page view, as every count has them (`countVisits`).
  const counted = db
    .selectFrom('analytics_visit')
    .where('id', '>=', lo)
    .where('id', '<', hi)
    .where('pages', '>', 0)
  const total = await counted
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  const visits = Number(total.n)
  const least = Math.max(1, Math.ceil(visits * MONTH_SHARE))
  const values: VisitFilter[] = []
  for (const [dim, , column] of FILTER_DIMS) {
    const rows = await counted
      .select((eb) => [`${column} as value` as const, eb.fn.countAll<number>().as('n')])
      .groupBy(column)
      .having((eb) => eb.fn.countAll(), '>=', least)
      .execute()
    for (const r of rows) {
      const value = Number(r.value)
      if (value === 0 && NEVER_FILTERED.has(dim)) continue
      values.push({ dim, value })
    }
  }
  // Goals are stored as −(goal value) beside the pages (ADR 103): the visits reaching each.
  const goals = await db
    .selectFrom('analytics_visit_page')
    .select((eb) => ['page', eb.fn.countAll<number>().as('n')])
    .where('visit', '>=', lo)
    .where('visit', '<', hi)
    .where('page', '<', 0)
    .groupBy('page')
    .having((eb) => eb.fn.countAll(), '>=', least)
    .execute()
  for (const g of goals) values.push({ dim: DIM.goal, value: -Number(g.page) })
  return { visits, values }
}

/** A month's visits with a page view and the values to build for it. */
interface Plan {
  visits: number
  values: VisitFilter[]
}

/**
 * The values of the months being built, kept between the background's calls (each call would
 * otherwise group a month's visit rows again, most of a short call's time at 10 M events). A
 * list gone stale only decides which values are built: each one's rows are counted when written.
 * Emptied with every cache on a switch of database (ADR 081); months are built one at a time.
 */
const plans = getCache<number, Plan>('statistics-filter-month-plans', { max: 4 })

/**
 * Whether the rollups are counted in the site's time zone with visit rows, and the zone they
 * are counted in: a build reads nothing while a new time zone is being counted, and writes
 * nothing once the zone changed since it read (ADR 128).
 */
async function countedZone(db: Kysely<Database>): Promise<string | undefined> {
  const { timeZone } = await getStatsSettings(db)
  const zone = await readState(ROLLUP_STATE.zone, db)
  const visits = await readState(ROLLUP_STATE.visits, db)
  return zone === timeZone && visits === '1' ? zone : undefined
}

/** A row already written takes the new counts. */
function replaceCounts(oc: OnConflictBuilder<Database, typeof TABLE>) {
  return oc.columns(['fdim', 'fvalue', 'month', 'dim', 'value']).doUpdateSet((eb) => ({
    visitors: eb.ref('excluded.visitors'),
    visits: eb.ref('excluded.visits'),
    pageviews: eb.ref('excluded.pageviews'),
    bounces: eb.ref('excluded.bounces'),
    duration: eb.ref('excluded.duration'),
  }))
}

/** Writes one value's rows for a month, with its line in the month's list. */
async function writeValue(
  trx: Transaction<Database>,
  month: number,
  filter: VisitFilter,
  rows: Row[],
): Promise<void> {
  const total = numeric(DIM.total, 0, 0, {})
  const panels = new Map<string, AnalyticsFilterMonthTable>()
  for (const r of rows) {
    if (r.dim === DIM.total) {
      for (const k of COUNTS) total[k] += r[k]
      continue
    }
    const key = `${r.dim}|${r.value}`
    const acc = panels.get(key)
    if (acc) for (const k of COUNTS) acc[k] += r[k]
    else
      panels.set(key, {
        fdim: filter.dim,
        fvalue: filter.value,
        month,
        dim: r.dim,
        value: r.value,
        visitors: r.visitors,
        visits: r.visits,
        pageviews: r.pageviews,
        bounces: r.bounces,
        duration: r.duration,
      })
  }
  await trx
    .deleteFrom(TABLE)
    .where('fdim', '=', filter.dim)
    .where('fvalue', '=', filter.value)
    .where('month', '=', month)
    .execute()
  const values = [...panels.values()]
  // Under SQLite's bound on parameters: 10 columns × 90 rows. Another app server building the
  // same value: the last one wins, with the same counts.
  for (let i = 0; i < values.length; i += 90)
    await trx
      .insertInto(TABLE)
      .values(values.slice(i, i + 90))
      .onConflict(replaceCounts)
      .execute()
  await trx
    .insertInto(TABLE)
    .values({
      fdim: LISTED,
      fvalue: LISTED,
      month,
      dim: filter.dim,
      value: filter.value,
      visitors: total.visitors,
      visits: total.visits,
      pageviews: total.pageviews,
      bounces: total.bounces,
      duration: total.duration,
    })
    .onConflict(replaceCounts)
    .execute()
}

/**
 * Builds the missing months' rows, newest month first, one value at a time (a transaction
 * each), until `budgetMs` of wall time is spent (one value at least). A month is built once it
 * is whole: every day of it counted and never counted again by the refresh (it recounts from
 * its last run minus five minutes, ADR 073), and none of its visits gone to retention. Returns
 * whether every month is built. Called by the background timer, never in a request.
 */
export async function buildFilterMonths(
  now = Date.now(),
  db: Kysely<Database> = getDb(),
  { budgetMs = 2_000 } = {},
): Promise<boolean> {
  const started = performance.now()
  const zone = await countedZone(db)
  const until = Number(await readState(ROLLUP_STATE.until, db))
  if (zone === undefined || !Number.isFinite(until) || until <= 0) {
    plans.clear()
    return false
  }
  // The last day the refresh will not count again: the one before its first.
  const settled = Math.floor(zoneOf(zone).local(until - 300) / DAY_S) - 1
  const first = await db
    .selectFrom('analytics_visit')
    .select((eb) => eb.fn.min('id').as('id'))
    .executeTakeFirst()
  if (first?.id === null || first?.id === undefined) return true
  const { retentionMonths } = await getStatsSettings(db)
  const kept = keptFromDay(retentionMonths, now)
  const listed = await db
    .selectFrom(TABLE)
    .select(['month', 'dim', 'value'])
    .where('fdim', '=', LISTED)
    .where('fvalue', '=', LISTED)
    .execute()
  const done = new Map<number, Set<string>>()
  for (const l of listed) {
    const month = Number(l.month)
    if (!done.has(month)) done.set(month, new Set())
    done.get(month)!.add(`${Number(l.dim)}|${Number(l.value)}`)
  }
  const months: number[] = []
  for (let m = monthOf(visitDay(Number(first.id))); nextMonth(m) - 1 <= settled; m = nextMonth(m))
    if (m >= kept && !done.get(m)?.has(`${LISTED}|${LISTED}`)) months.unshift(m)
  let written = 0
  for (const month of months) {
    let plan = plans.get(month)
    if (!plan) plans.set(month, (plan = await broadValues(db, month)))
    const { visits, values } = plan
    for (const filter of values) {
      if (done.get(month)?.has(`${filter.dim}|${filter.value}`)) continue
      // At least one value a call, whatever the budget: every call moves the build on.
      if (written > 0 && performance.now() - started > budgetMs) return false
      written++
      const rows = await countDays(db, month, nextMonth(month) - 1, filter, false)
      await db.transaction().execute(async (trx) => {
        // A new time zone since this build began: its days are being counted again.
        if ((await countedZone(trx)) !== zone) return
        await writeValue(trx, month, filter, rows)
      })
    }
    await db.transaction().execute(async (trx) => {
      if ((await countedZone(trx)) !== zone) return
      await trx
        .insertInto(TABLE)
        .values({
          fdim: LISTED,
          fvalue: LISTED,
          month,
          dim: LISTED,
          value: LISTED,
          visitors: 0,
          visits,
          pageviews: 0,
          bounces: 0,
          duration: 0,
        })
        .onConflict((oc) => oc.columns(['fdim', 'fvalue', 'month', 'dim', 'value']).doNothing())
        .execute()
    })
    plans.delete(month)
  }
  return true
}
