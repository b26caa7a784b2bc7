// Monthly rollups under one filter (ADR 128): a long filtered period read through them equals
// the same period counted from the visit rows alone, and a month's rows go when one of its days
// is counted again, when retention reaches it and when the time zone changes.
import { beforeEach, describe, expect, test } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { madeUpDay, pseudoRandom, useFreshStatistics } from '../../../tests/fixtures/analytics.ts'
import {
  DEFAULT_STATS_SETTINGS,
  DIM,
  EVENT_KIND,
  StatsQuerySchema,
  type StatsQuery,
} from '#app/domain/analytics.ts'
import { resetCaches } from '../cache/caches.server.ts'
import {
  buildFilterMonths,
  countFromFilterMonths,
  deleteAllFilterMonths,
} from './filter-month.server.ts'
import { buildReport } from './report.server.ts'
import { refreshRollups, rollupDay, type VisitFilter } from './rollup.server.ts'
import type { Row } from './sources.server.ts'
import { purgeEventsOlderThan, saveStatsSettings } from './store.server.ts'
import { countFromVisits } from './visits.server.ts'
import { zoneOf } from './zone.server.ts'

const database = useTestDatabase()
const DAY_S = 86_400
/** 27 November 2026, noon: the whole months before are December 2025 to October 2026. */
const NOW = Date.UTC(2026, 10, 27, 12)
const TODAY = Math.floor(NOW / 1000 / DAY_S)
/** Thirteen months and a half of days before today, a few visitors each. */
const FIRST = TODAY - 410
const PARIS = zoneOf(DEFAULT_STATS_SETTINGS.timeZone)
const dayOf = (y: number, m: number, d: number) => Date.UTC(y, m, d) / 1000 / DAY_S
/** The whole months with visits: October 2025 (from the 13th) to October 2026. */
const MONTHS = Array.from({ length: 13 }, (_, i) => dayOf(2025, 9 + i, 1))

useFreshStatistics()

async function insertEvents(): Promise<void> {
  const next = pseudoRandom(7)
  const kind = () =>
    next(6) === 0
      ? EVENT_KIND.cv
      : next(10) === 0
        ? EVENT_KIND.contact
        : next(12) === 0
          ? EVENT_KIND.goal
          : 0
  const events = []
  for (let day = FIRST; day < TODAY; day++)
    events.push(...madeUpDay(next, { day, visitors: 4 + next(4), spread: 80_000, kind }))
  for (let i = 0; i < events.length; i += 100)
    await database.current.db
      .insertInto('analytics_event')
      .values(events.slice(i, i + 100))
      .execute()
}

/** The month of a day number (its first day). */
const monthOf = (day: number) => {
  const date = new Date(day * DAY_S * 1000)
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000 / DAY_S
}

/**
 * Rows as a long period's dashboard sums them: the totals per month (its chart), every panel
 * over the period.
 */
function byMonth(rows: Row[]): Row[] {
  const sums = new Map<string, Row>()
  for (const row of rows) {
    const start = row.dim === DIM.total ? monthOf(row.start / DAY_S) * DAY_S : 0
    const key = `${row.dim}|${start}|${row.value}`
    const acc = sums.get(key)
    if (!acc) sums.set(key, { ...row, start })
    else
      for (const k of ['visitors', 'visits', 'pageviews', 'bounces', 'duration'] as const)
        acc[k] += row[k]
  }
  return [...sums.values()]
    .filter((r) => r.visits || r.pageviews)
    .sort((a, b) => a.dim - b.dim || a.start - b.start || a.value - b.value)
}

/** The months that have rows, from their list (ADR 128), per filter. */
async function builtMonths(): Promise<Map<string, number[]>> {
  const rows = await database.current.db
    .selectFrom('analytics_filter_month')
    .select(['month', 'dim', 'value'])
    .where('fdim', '=', 0)
    .where('fvalue', '=', 0)
    .orderBy('month')
    .execute()
  const months = new Map<string, number[]>()
  for (const r of rows) {
    const key = `${Number(r.dim)}|${Number(r.value)}`
    months.set(key, [...(months.get(key) ?? []), Number(r.month)])
  }
  return months
}

async function rowsOfMonth(month: number): Promise<number> {
  const rows = await database.current.db
    .selectFrom('analytics_filter_month')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('month', '=', month)
    .executeTakeFirstOrThrow()
  return Number(rows.n)
}

const FILTERS: VisitFilter[] = [
  { dim: DIM.referrer, value: 1 },
  { dim: DIM.referrer, value: 0 },
  { dim: DIM.source, value: 1 },
  { dim: DIM.medium, value: 1 },
  { dim: DIM.campaign, value: 1 },
  { dim: DIM.country, value: 2 },
  { dim: DIM.device, value: 3 },
  { dim: DIM.browser, value: 2 },
  { dim: DIM.os, value: 1 },
  { dim: DIM.goal, value: EVENT_KIND.cv },
  { dim: DIM.goal, value: EVENT_KIND.contact },
  // A click goal: its name's id × 16 + the kind (ADR 103).
  { dim: DIM.goal, value: 1 * 16 + EVENT_KIND.goal },
]

describe('monthly rollups under a filter', () => {
  beforeEach(async () => {
    await insertEvents()
    await refreshRollups(NOW)
    // Everything at once here; the background does it two seconds at a time.
    expect(await buildFilterMonths(NOW, database.current.db, { budgetMs: Infinity })).toBe(true)
  })

  test('a 12-month filtered period through the monthly rows equals its visit rows’ counts', async () => {
    const db = database.current.db
    const built = await builtMonths()
    // Every whole month from the first one with visits (October 2025, from the 13th) to
    // October 2026: the months' complete lists (0, 0).
    expect(built.get('0|0')).toEqual(MONTHS)
    // From the 14th of November 2025 to the 25th of November 2026: 11 whole months inside,
    // ragged days at both edges.
    const from = dayOf(2025, 10, 14)
    const to = TODAY - 2
    let whole = 0
    let some = 0
    for (const filter of FILTERS) {
      const label = JSON.stringify(filter)
      // A value is built for the months where it holds 1 % of the visits.
      const months = built.get(`${filter.dim}|${filter.value}`) ?? []
      expect(MONTHS, label).toEqual(expect.arrayContaining(months))
      if (months.length === MONTHS.length) whole++
      else if (months.length > 0) some++
      const expected = byMonth(await countFromVisits(db, from, to, [filter]))
      const actual = await countFromFilterMonths(db, from, to, filter, false)
      // The 11 whole months were read from the monthly rows, one total row each, the 17 + 25
      // days at the edges from the days (about 370 total rows from the days alone).
      const totals = actual.filter((r) => r.dim === DIM.total)
      if (months.length === MONTHS.length)
        expect(totals.length, label).toBeLessThanOrEqual(11 + 17 + 25)
      expect(byMonth(actual), label).toEqual(expected)
      const total = expected.filter((r) => r.dim === DIM.total)
      const sum = (k: 'visitors' | 'visits' | 'pageviews' | 'bounces' | 'duration') =>
        total.reduce((n, r) => n + r[k], 0)
      const alone = await countFromFilterMonths(db, from, to, filter, true)
      expect(
        ['visitors', 'visits', 'pageviews', 'bounces', 'duration'].map((k) =>
          alone.reduce((n, r) => n + r[k as 'visits'], 0),
        ),
        label,
      ).toEqual([sum('visitors'), sum('visits'), sum('pageviews'), sum('bounces'), sum('duration')])
    }
    // Both kinds were compared: values built every month, and narrow ones built in a few
    // months only (the others read from the visit rows, between and around them).
    expect(whole).toBeGreaterThanOrEqual(8)
    expect(some).toBeGreaterThanOrEqual(1)
  }, 120_000)

  test('the 12-month dashboard under a filter is the same with and without the monthly rows', async () => {
    const queries: StatsQuery[] = [
      { country: 'AB' },
      { device: 'Tablette' },
      { goal: 'cv' },
      { channel: 'Direct' },
    ].map((filter) => StatsQuerySchema.parse({ period: '12m', ...filter }))
    const through = []
    for (const query of queries) through.push(await buildReport(query, NOW))
    await deleteAllFilterMonths(database.current.db)
    for (const [i, query] of queries.entries()) {
      const alone = await buildReport(query, NOW)
      expect(alone.totals.visits, JSON.stringify(query)).toBeGreaterThan(0)
      expect(through[i], JSON.stringify(query)).toEqual(alone)
    }
  }, 120_000)

  test('a day counted again deletes its month’s rows, rebuilt later', async () => {
    const db = database.current.db
    const march = dayOf(2026, 2, 1)
    const april = dayOf(2026, 3, 1)
    const before = await rowsOfMonth(march)
    expect(before).toBeGreaterThan(100)
    await rollupDay(db, dayOf(2026, 2, 17), PARIS)
    expect(await rowsOfMonth(march)).toBe(0)
    expect(await rowsOfMonth(april)).toBeGreaterThan(100)
    // Read meanwhile from the days, with the same figures.
    const filter = { dim: DIM.country, value: 2 }
    const expected = byMonth(await countFromVisits(db, march, april + 29, [filter]))
    expect(byMonth(await countFromFilterMonths(db, march, april + 29, filter, false))).toEqual(
      expected,
    )
    expect(await buildFilterMonths(NOW, db, { budgetMs: Infinity })).toBe(true)
    expect(await rowsOfMonth(march)).toBe(before)
  })

  test('retention deletes the months it reaches; they are not built again', async () => {
    const db = database.current.db
    // A year of retention on 10 March 2027: the purge's edge is in early March 2026.
    const now = Date.UTC(2027, 2, 10, 12)
    await saveStatsSettings({ ...DEFAULT_STATS_SETTINGS, retentionMonths: 12 }, db)
    resetCaches()
    await purgeEventsOlderThan(12, now, db)
    const built = await builtMonths()
    expect(built.get('0|0')).toEqual(MONTHS.slice(6))
    expect(MONTHS[6]).toBe(dayOf(2026, 3, 1))
    expect(await rowsOfMonth(dayOf(2026, 2, 1))).toBe(0)
    expect(await rowsOfMonth(dayOf(2026, 1, 1))).toBe(0)
    // March 2026 keeps its visits from the 9th: not whole, not built.
    expect(await buildFilterMonths(now, db, { budgetMs: Infinity })).toBe(true)
    expect((await builtMonths()).get('0|0')).toEqual(MONTHS.slice(6))
  })

  test('a new time zone drops every month; none is built until its days are counted again', async () => {
    const db = database.current.db
    const march = dayOf(2026, 2, 1)
    await saveStatsSettings({ ...DEFAULT_STATS_SETTINGS, timeZone: 'America/New_York' })
    resetCaches()
    // The rollups are still Paris's until the refresh: nothing is built from them meanwhile.
    await rollupDay(db, march + 3, PARIS)
    expect(await buildFilterMonths(NOW, db, { budgetMs: Infinity })).toBe(false)
    expect(await rowsOfMonth(march)).toBe(0)
    expect(await rowsOfMonth(march + 31)).toBeGreaterThan(100)
    // The refresh in the new zone counts every kept day again, the months dropped.
    await refreshRollups(NOW + 1000)
    expect(await builtMonths()).toEqual(new Map())
    const left = await db
      .selectFrom('analytics_filter_month')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(left.n)).toBe(0)
    // Then built again from the new days, with the same figures as those.
    expect(await buildFilterMonths(NOW + 1000, db, { budgetMs: Infinity })).toBe(true)
    expect((await builtMonths()).get('0|0')).toEqual(MONTHS)
    const filter = { dim: DIM.browser, value: 2 }
    const from = dayOf(2025, 10, 14)
    expect(byMonth(await countFromFilterMonths(db, from, TODAY - 2, filter, false))).toEqual(
      byMonth(await countFromVisits(db, from, TODAY - 2, [filter])),
    )
  }, 120_000)
})
