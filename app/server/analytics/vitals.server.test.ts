// Core Web Vitals on a real database (ADR 096): the 'vitals' event is validated (bounded
// numbers, known metrics only), stored as one compact row without a visitor hash, purged with
// the events, and summed at the 75th percentile with Google's thresholds per page and device.
import { describe, expect, test } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { CHROME, useFreshStatistics } from '../../../tests/fixtures/analytics.ts'
import { StatsQuerySchema } from '#app/domain/analytics.ts'
import { rateVital } from '#app/domain/web-vitals.ts'
import { CLIENT_IP_HEADER } from '../http/client-ip.server.ts'
import { collect } from './collect.server.ts'
import { buildVitalsReport, flushVitals, purgeVitalsOlderThan } from './vitals.server.ts'

const database = useTestDatabase()
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

useFreshStatistics()

let address = 0
function beacon(body: unknown, ua = CHROME) {
  address += 1
  return new Request('http://site.test/api/event', {
    method: 'POST',
    headers: {
      'content-type': 'text/plain',
      'user-agent': ua,
      [CLIENT_IP_HEADER]: `203.0.113.${address % 250}`,
    },
    body: JSON.stringify(body),
  })
}

const vitals = (path: string, m: Record<string, unknown>) => ({
  n: 'vitals',
  u: `http://site.test${path}`,
  w: 1280,
  m,
})

const rows = () =>
  database.current.db
    .selectFrom('analytics_vitals')
    .select(['path', 'device', 'lcp', 'inp', 'cls', 'ttfb'])
    .execute()

describe('the vitals event', () => {
  test('is stored as one compact row: no visitor hash, no page view', async () => {
    const outcome = await collect(
      beacon(vitals('/projects?utm_source=x', { lcp: 1234.6, inp: 88, cls: 0.0512, ttfb: 301.2 })),
    )
    expect(outcome).toEqual({ status: 204, counted: true })
    await flushVitals(database.current.db)
    const stored = await rows()
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({ device: 1, lcp: 1235, inp: 88, cls: 51, ttfb: 301 })
    const columns = Object.keys(
      (await database.current.db.selectFrom('analytics_vitals').selectAll().executeTakeFirst()) ??
        {},
    )
    expect(columns).not.toContain('v')
    const events = await database.current.db.selectFrom('analytics_event').select('id').execute()
    expect(events).toHaveLength(0)
  })

  test.each([
    ['no measure', {}],
    ['an unknown metric', { lcp: 1000, fcp: 12 }],
    ['a negative time', { lcp: -1 }],
    ['a time beyond ten minutes', { ttfb: 600_001 }],
    ['a text value', { inp: '100' }],
    ['a CLS beyond bounds', { cls: 101 }],
  ])('refuses %s with a 400 and stores nothing', async (_name, m) => {
    const outcome = await collect(beacon(vitals('/', m)))
    expect(outcome.status).toBe(400)
    await flushVitals(database.current.db)
    expect(await rows()).toHaveLength(0)
  })

  test('refuses another site’s page and drops a bot', async () => {
    const other = await collect(
      beacon({ n: 'vitals', u: 'http://evil.test/', m: { lcp: 1 } }, CHROME),
    )
    expect(other.status).toBe(400)
    const bot = await collect(beacon(vitals('/', { lcp: 1 }), 'Googlebot/2.1'))
    expect(bot).toMatchObject({ status: 204, counted: false })
  })
})

describe('the panel « Performances ressenties »', () => {
  test('gives the 75th percentile and the shares per page and device, under filters', async () => {
    // Four desktop loads of /a (LCP 1, 2, 3, 5 s) and one phone load of /b.
    for (const lcp of [1000, 2000, 3000, 5000])
      await collect(beacon(vitals('/a', { lcp, ttfb: 200, cls: 0.3 })))
    await collect(beacon(vitals('/b', { lcp: 4500, inp: 600 }), IPHONE))
    await flushVitals(database.current.db)
    const titles = async () => new Map([['/a', 'Page A']])
    /** The last 7 days' report, narrowed by `filters`. */
    const reportOf = (filters: Record<string, string> = {}) =>
      buildVitalsReport(
        StatsQuerySchema.parse({ period: '7d', ...filters }),
        titles,
        Date.now(),
        database.current.db,
      )
    const report = await reportOf()
    expect(report.all.loads).toBe(5)
    // Nearest rank: the 4th of 5 sorted values (1, 2, 3, 4.5, 5 s).
    expect(report.all.metrics.lcp).toMatchObject({
      count: 5,
      p75: 4500,
      good: 40,
      needsImprovement: 20,
      poor: 40,
    })
    expect(report.all.metrics.inp).toMatchObject({ count: 1, p75: 600, poor: 100 })
    expect(report.all.metrics.cls.p75).toBe(0.3)
    expect(report.devices.map((d) => [d.label, d.loads])).toEqual([
      ['Ordinateur', 4],
      ['Mobile', 1],
    ])
    expect(report.pages[0]).toMatchObject({ value: '/a', title: 'Page A', loads: 4 })
    expect(report.pages[0]!.metrics.lcp.p75).toBe(3000)

    const onB = await reportOf({ page: '/b' })
    expect(onB.all.loads).toBe(1)
    const phones = await reportOf({ device: 'Mobile' })
    expect(phones.pages.map((p) => p.value)).toEqual(['/b'])
    const unknown = await reportOf({ page: '/jamais-vue' })
    expect(unknown.all.loads).toBe(0)
    expect(unknown.all.metrics.lcp.p75).toBeNull()
  })

  test('uses Google’s thresholds, the first one included in « bon »', () => {
    expect(rateVital('lcp', 2500)).toBe('good')
    expect(rateVital('lcp', 2501)).toBe('needs-improvement')
    expect(rateVital('lcp', 4001)).toBe('poor')
    expect(rateVital('inp', 200)).toBe('good')
    expect(rateVital('inp', 500)).toBe('needs-improvement')
    expect(rateVital('cls', 0.1)).toBe('good')
    expect(rateVital('cls', 0.26)).toBe('poor')
    expect(rateVital('ttfb', 800)).toBe('good')
    expect(rateVital('ttfb', 1801)).toBe('poor')
  })

  test('measures go with the retention', async () => {
    await collect(beacon(vitals('/', { lcp: 1000 })))
    await flushVitals(database.current.db)
    const inThreeMonths = Date.now() + 92 * 86_400_000
    expect(await purgeVitalsOlderThan(25, inThreeMonths, database.current.db)).toBe(0)
    expect(await purgeVitalsOlderThan(2, inThreeMonths, database.current.db)).toBe(1)
  })
})
