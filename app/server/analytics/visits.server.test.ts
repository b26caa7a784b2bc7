// Visit rows (ADR 103): written by the rollup, counted under filters with the same results as
// the raw events, re-bucketed with a new time zone, deleted with their events.
import { describe, expect, test } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import {
  CHROME,
  madeUpDay,
  pseudoRandom,
  useFreshStatistics,
} from '../../../tests/fixtures/analytics.ts'
import { DEFAULT_STATS_SETTINGS, DIM, EVENT_KIND, StatsQuerySchema } from '#app/domain/analytics.ts'
import { resetCaches } from '../cache/caches.server.ts'
import { assignChannels } from './channels.server.ts'
import {
  countVisits,
  dayEvents,
  refreshRollups,
  rollupRows,
  toVisits,
  type CountMap,
  type VisitFilter,
} from './rollup.server.ts'
import { flushEvents, purgeEventsOlderThan, saveStatsSettings } from './store.server.ts'
import { collect } from './collect.server.ts'
import { buildReport } from './report.server.ts'
import { CLIENT_IP_HEADER } from '../http/client-ip.server.ts'
import { countFromVisits, firstVisitId, totalFromVisits, visitDay } from './visits.server.ts'
import { zoneOf } from './zone.server.ts'
import type { Row } from './sources.server.ts'
import { countFromFilterRollups, isRolledUpFilter } from './filter-rollup.server.ts'

const database = useTestDatabase()
const DAY_S = 86_400
const NOW = Date.UTC(2026, 10, 27, 12)
/** Four days well before today (their visit rows are read, not their events). */
const FIRST = Math.floor(NOW / 1000 / DAY_S) - 10
const PARIS = zoneOf('Europe/Paris')

useFreshStatistics()

const send = (body: Record<string, unknown>, ip: string, at: number) =>
  collect(
    new Request('http://site.test/api/event', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'user-agent': CHROME, [CLIENT_IP_HEADER]: ip },
      body: JSON.stringify({ u: 'http://site.test/blog/post', w: 1280, ...body }),
    }),
    at,
  )

/** Made-up events (a fixed pseudo-random sequence) over four days: several visits a visitor,
 * values on the first event only or later, missing values, goals before any page view. */
async function insertEvents(): Promise<void> {
  const next = pseudoRandom(11)
  const kind = () =>
    next(5) === 0
      ? EVENT_KIND.cv
      : next(9) === 0
        ? EVENT_KIND.contact
        : next(11) === 0
          ? EVENT_KIND.goal
          : 0
  // The same hashes every day: other visitors of another day (the salt is daily).
  const events = Array.from({ length: 4 }, (_, i) =>
    madeUpDay(next, { day: FIRST + i, visitors: 40, spread: 80_000, kind }),
  ).flat()
  for (let i = 0; i < events.length; i += 50)
    await database.current.db
      .insertInto('analytics_event')
      .values(events.slice(i, i + 50))
      .execute()
}

/** What the visit rows must give: the raw events' counts, dimensions summed over the days. */
async function fromEvents(from: number, to: number, filters: VisitFilter[]): Promise<Row[]> {
  const db = database.current.db
  const daily: Row[] = []
  for (let day = from; day <= to; day++) {
    const map: CountMap = new Map()
    const visits = toVisits(await dayEvents(db, day, [], PARIS))
    await assignChannels(db, visits)
    countVisits(visits, map, filters, PARIS)
    daily.push(...rollupRows(map).filter((row) => row.gran === 1))
  }
  return merged(daily, from)
}

/** Rows of several sources summed as the dashboard sums them (panels over the period). */
function merged(rows: Row[], from: number): Row[] {
  const sums = new Map<string, Row>()
  for (const row of rows) {
    const start = row.dim === DIM.total ? row.start : from * DAY_S
    const key = `${row.dim}|${start}|${row.value}`
    const acc = sums.get(key)
    if (!acc) sums.set(key, { ...row, start })
    else
      for (const k of ['visitors', 'visits', 'pageviews', 'bounces', 'duration'] as const)
        acc[k] += row[k]
  }
  return sorted([...sums.values()])
}

const sorted = (rows: Row[]) =>
  rows
    .filter((r) => r.visits || r.pageviews)
    .sort((a, b) => a.dim - b.dim || a.start - b.start || a.value - b.value)

describe('visit rows', () => {
  test('filtered counts from the visit rows equal the raw events’ for every kind of filter', async () => {
    await insertEvents()
    await refreshRollups(NOW)
    const db = database.current.db
    const written = await db
      .selectFrom('analytics_visit')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(written.n)).toBeGreaterThan(160)
    const cases: VisitFilter[][] = [[]]
    for (const dim of [
      DIM.page,
      DIM.entry,
      DIM.exit,
      DIM.referrer,
      DIM.source,
      DIM.medium,
      DIM.campaign,
      DIM.country,
      DIM.device,
      DIM.browser,
      DIM.os,
      DIM.channel,
    ])
      for (let value = 0; value <= 4; value++) cases.push([{ dim, value }])
    cases.push(
      [{ dim: DIM.goal, value: EVENT_KIND.cv }],
      [{ dim: DIM.goal, value: EVENT_KIND.contact }],
      // Click goals: their name's id × 16 + the kind (ADR 103).
      [{ dim: DIM.goal, value: 1 * 16 + EVENT_KIND.goal }],
      [{ dim: DIM.goal, value: 2 * 16 + EVENT_KIND.goal }],
      // An owner's page goal: −(the page's id).
      [{ dim: DIM.goal, value: -2 }],
      [
        { dim: DIM.referrer, value: 0 },
        { dim: DIM.page, value: 2 },
      ],
      [
        { dim: DIM.page, value: 1 },
        { dim: DIM.page, value: 3 },
      ],
      [
        { dim: DIM.device, value: 2 },
        { dim: DIM.goal, value: EVENT_KIND.cv },
      ],
    )
    let matched = 0
    for (const filters of cases) {
      const expected = await fromEvents(FIRST, FIRST + 3, filters)
      const actual = sorted(await countFromVisits(db, FIRST, FIRST + 3, filters))
      expect(actual, JSON.stringify(filters)).toEqual(expected)
      // The total alone (a previous period's), summed by the database: the days' totals.
      const days = expected.filter((r) => r.dim === DIM.total)
      const sum = (k: 'visitors' | 'visits' | 'pageviews' | 'bounces' | 'duration') =>
        days.reduce((n, r) => n + r[k], 0)
      const total = await totalFromVisits(db, FIRST, FIRST + 3, filters)
      expect(total, JSON.stringify(filters)).toEqual(
        days.length
          ? [
              {
                gran: 1,
                start: FIRST * DAY_S,
                dim: DIM.total,
                value: 0,
                visitors: sum('visitors'),
                visits: sum('visits'),
                pageviews: sum('pageviews'),
                bounces: sum('bounces'),
                duration: sum('duration'),
              },
            ]
          : [],
      )
      // A single filter on a visit-level dimension: its rollups where the value was broad, the
      // visit rows on the other days (ADR 112).
      if (isRolledUpFilter(filters)) {
        const rolled = await countFromFilterRollups(db, FIRST, FIRST + 3, filters[0]!, false)
        expect(merged(rolled, FIRST), JSON.stringify(filters)).toEqual(expected)
        const rolledTotal = await countFromFilterRollups(db, FIRST, FIRST + 3, filters[0]!, true)
        expect(
          merged(
            rolledTotal.map((r) => ({ ...r, start: 0 })),
            0,
          ),
          'total',
        ).toEqual(total.map((r) => ({ ...r, start: 0 })))
      }
      if (expected.length) matched++
    }
    expect(matched).toBeGreaterThan(25)
    // Both ways were taken: days under a broad value's rollups, and days without them.
    const covered = await db
      .selectFrom('analytics_filter_rollup')
      .select(['fdim', 'fvalue', 'day'])
      .where('dim', '=', DIM.total)
      .execute()
    const days = (dim: number, value: number) =>
      covered.filter((r) => Number(r.fdim) === dim && Number(r.fvalue) === value).length
    expect(days(DIM.device, 1)).toBe(4)
    expect(cases.some(([f]) => f && isRolledUpFilter([f]) && days(f.dim, f.value) % 4 !== 0)).toBe(
      true,
    )
    // Seventy cases, each counted both ways: room on a busy machine.
  }, 120_000)

  test('a filtered period is compared with its previous days only', async () => {
    await insertEvents()
    await refreshRollups(NOW)
    const iso = (day: number) => new Date(day * DAY_S * 1000).toISOString().slice(0, 10)
    // Read from the visit rows (a goal), and from a broad value's rollups (ADR 112).
    for (const filter of [{ goal: 'cv' }, { device: 'Mobile' }]) {
      const query = (from: number, to: number) =>
        StatsQuerySchema.parse({ period: 'custom', from: iso(from), to: iso(to), ...filter })
      const report = await buildReport(query(FIRST + 2, FIRST + 3), NOW)
      expect(report.previousRange).toEqual({ from: iso(FIRST), to: iso(FIRST + 1) })
      const before = await buildReport(query(FIRST, FIRST + 1), NOW)
      expect(before.totals.visits).toBeGreaterThan(0)
      // The previous days alone, not with the period's own (read up to yesterday).
      expect(report.previous, JSON.stringify(filter)).toEqual(before.totals)
    }
  })

  test('a new time zone re-buckets the visit rows; retention deletes them with their events', async () => {
    const db = database.current.db
    // 23:30 UTC: the same day in UTC, the next one in Paris.
    const late = (FIRST + 1) * DAY_S + 23.5 * 3600
    await db
      .insertInto('analytics_event')
      .values([
        { t: late, v: 5, kind: 0, path: 1 },
        { t: late + 60, v: 5, kind: 0, path: 2 },
        { t: (FIRST + 3) * DAY_S + 3600, v: 6, kind: 0, path: 1 },
      ])
      .execute()
    await refreshRollups(NOW)
    const days = async () =>
      (await db.selectFrom('analytics_visit').select(['id', 'pages']).orderBy('id').execute()).map(
        (r) => [visitDay(Number(r.id)) - FIRST, Number(r.pages)],
      )
    expect(await days()).toEqual([
      [2, 2],
      [3, 1],
    ])
    await saveStatsSettings({ ...DEFAULT_STATS_SETTINGS, timeZone: 'UTC' })
    resetCaches()
    await refreshRollups(NOW + 1000)
    expect(await days()).toEqual([
      [1, 2],
      [3, 1],
    ])
    expect(
      await db.selectFrom('analytics_visit_page').select('visit').distinct().execute(),
    ).toHaveLength(2)
    // Retention: the events before the cutoff go, and their visits and pages with them.
    const cutoff = new Date((FIRST + 2) * DAY_S * 1000)
    const months = 1
    const now = new Date(cutoff)
    now.setUTCMonth(now.getUTCMonth() + months)
    await purgeEventsOlderThan(months, now.getTime())
    expect(await days()).toEqual([[3, 1]])
    const pages = await db.selectFrom('analytics_visit_page').select('visit').execute()
    expect(pages.map((p) => Number(p.visit) >= firstVisitId(FIRST + 3))).toEqual([true])
  })
})

describe('click goals', () => {
  test('a click goal is counted under its name, in the goals and as a filter, old days included', async () => {
    await saveStatsSettings({
      ...DEFAULT_STATS_SETTINGS,
      clickGoals: [{ name: 'jamais-clique', target: 'a.nulle-part' }],
    })
    // Two days ago (visit rows) and now (raw events): one visitor clicks « devis » each time.
    const old = NOW - 2 * DAY_S * 1000
    for (const at of [old, NOW - 3_600_000]) {
      await send({ n: 'pageview' }, '198.51.100.1', at)
      await send({ n: 'goal', g: 'devis' }, '198.51.100.1', at + 60_000)
      await send({ n: 'pageview' }, '198.51.100.2', at)
    }
    expect(await send({ n: 'goal', g: 'Pas <bon>' }, '198.51.100.3', NOW)).toMatchObject({
      status: 400,
    })
    expect(await send({ n: 'goal' }, '198.51.100.3', NOW)).toMatchObject({ status: 400 })
    await flushEvents()
    await refreshRollups(NOW)
    const report = await buildReport(StatsQuerySchema.parse({ period: '7d' }), NOW)
    expect(report.goals.filter((g) => g.key.startsWith('clic:'))).toEqual([
      { key: 'clic:devis', label: 'devis', visitors: 2, events: 2, rate: 50 },
      { key: 'clic:jamais-clique', label: 'jamais-clique', visitors: 0, events: 0, rate: 0 },
    ])
    const filtered = await buildReport(
      StatsQuerySchema.parse({ period: '7d', goal: 'clic:devis' }),
      NOW,
    )
    expect(filtered.totals).toMatchObject({ visitors: 2, visits: 2, pageviews: 2 })
    expect(filtered.filters.at(-1)).toMatchObject({ key: 'goal', value: 'devis' })
    const none = await buildReport(
      StatsQuerySchema.parse({ period: '7d', goal: 'clic:jamais-clique' }),
      NOW,
    )
    expect(none.totals.visitors).toBe(0)
  })
})
