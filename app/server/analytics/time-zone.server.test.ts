// The site's time zone (ADR 095): hours, days and « Aujourd'hui » follow it, and changing it
// counts the kept raw events again into the new zone's days and hours.
import { describe, expect, test } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { CHROME, useFreshStatistics } from '../../../tests/fixtures/analytics.ts'
import { DEFAULT_STATS_SETTINGS, StatsQuerySchema } from '#app/domain/analytics.ts'
import { CLIENT_IP_HEADER } from '../http/client-ip.server.ts'
import { resetCaches } from '../cache/caches.server.ts'
import { collect } from './collect.server.ts'
import { buildReport } from './report.server.ts'
import { freshRollups, refreshRollups } from './rollup.server.ts'
import { flushEvents, saveStatsSettings } from './store.server.ts'
import { isTimeZone, zoneOf } from './zone.server.ts'

useTestDatabase()

useFreshStatistics()

const send = (path: string, ip: string, at: number) =>
  collect(
    new Request('http://site.test/api/event', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'user-agent': CHROME, [CLIENT_IP_HEADER]: ip },
      body: JSON.stringify({ n: 'pageview', u: `http://site.test${path}`, w: 1280 }),
    }),
    at,
  )

/** The hours of the day's chart that hold visitors. */
const busyHours = (report: Awaited<ReturnType<typeof buildReport>>) =>
  report.series.filter((p) => p.visitors > 0).map((p) => [p.label, p.visitors])

describe('site time zone', () => {
  test('names are checked with Intl; offsets follow daylight saving time', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true)
    expect(isTimeZone('America/Nowhere')).toBe(false)
    const paris = zoneOf('Europe/Paris')
    const winter = Date.UTC(2026, 10, 20, 12, 18) / 1000
    const summer = Date.UTC(2026, 6, 20, 12, 18) / 1000
    expect(paris.local(winter) - winter).toBe(3600)
    expect(paris.local(summer) - summer).toBe(7200)
    expect(paris.utc(paris.local(winter))).toBe(winter)
    expect(paris.utc(paris.local(summer))).toBe(summer)
  })

  test('a visit lands in its Paris hour; today turns over at Paris midnight; a new zone re-buckets', async () => {
    // 13:18 in Paris (12:18 UTC, winter time) and 00:30 in Paris on the 21st (23:30 UTC on the 20th).
    const afternoon = Date.UTC(2026, 10, 20, 12, 18)
    const afterMidnight = Date.UTC(2026, 10, 20, 23, 30)
    await send('/', '198.51.100.1', afternoon)
    await send('/projects', '198.51.100.2', afterMidnight)
    await flushEvents()
    const today = StatsQuerySchema.parse({ period: 'today' })
    // On the 20th at 23:45 UTC it is already the 21st in Paris: only the late visit is today's.
    const late = afterMidnight + 15 * 60_000
    await refreshRollups(late)
    let report = await buildReport(today, late)
    expect(report.range.from).toBe('2026-11-21')
    expect(busyHours(report)).toEqual([['0 h', 1]])
    // The afternoon visit, on the 20th, at 13 h.
    const afternoonReport = await buildReport(today, afternoon + 15 * 60_000)
    expect(afternoonReport.range.from).toBe('2026-11-20')
    expect(busyHours(afternoonReport)).toEqual([['13 h', 1]])
    // A filtered view (raw events) agrees.
    const filtered = await buildReport(
      StatsQuerySchema.parse({ period: 'today', page: '/' }),
      afternoon + 15 * 60_000,
    )
    expect(busyHours(filtered)).toEqual([['13 h', 1]])
    // Switched to UTC: the kept events are counted again, both on the 20th.
    await saveStatsSettings({ ...DEFAULT_STATS_SETTINGS, timeZone: 'UTC' })
    resetCaches()
    await freshRollups(late)
    report = await buildReport(today, late)
    expect(report.range.from).toBe('2026-11-20')
    expect(busyHours(report)).toEqual([
      ['12 h', 1],
      ['23 h', 1],
    ])
  })
})
