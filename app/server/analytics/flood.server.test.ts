// A flood of junk statistics events cannot fill the disk (ADR 084): the site-wide budget, the
// IPv6 /64 key of the per-address limit, the hourly cap on new dictionary values and the
// purge of values nothing uses. States, not durations: an injected clock throughout.
import { resetCaches } from '../cache/caches.server.ts'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { CLIENT_IP_HEADER } from '../http/client-ip.server.ts'
import { resetRateLimits } from '../rate-limit/rate-limit.server.ts'
import { collect, EVENTS_PER_ADDRESS } from './collect.server.ts'
import {
  DICT,
  OTHER_VALUE,
  flushEvents,
  ignoredEvents,
  purgeEventsOlderThan,
  purgeUnusedDictionary,
  resetIngestBudget,
  resetNewValueBudget,
  resetSaltCache,
  setIngestLimits,
} from './store.server.ts'

const database = useTestDatabase()
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
// 2026-11-27 10:00:30 UTC: mid-minute, mid-hour.
const NOW = Date.UTC(2026, 10, 27, 10, 0, 30)
const DAY = '2026-11-27'

beforeEach(async () => {
  resetSaltCache()
  resetCaches()
  resetIngestBudget()
  resetNewValueBudget()
  setIngestLimits({ perMinute: 1000, newValuesPerHour: 1000 })
  await resetRateLimits()
})
afterEach(() => setIngestLimits(undefined))

function beacon(path: string, ip: string, extra: Record<string, unknown> = {}) {
  return new Request('http://site.test/api/event', {
    method: 'POST',
    headers: { 'content-type': 'text/plain', 'user-agent': CHROME, [CLIENT_IP_HEADER]: ip },
    body: JSON.stringify({ n: 'pageview', u: `http://site.test${path}`, w: 1280, ...extra }),
  })
}

/** Stored events' paths, as text, in time order, then by path (an event's id is no order, ADR 122). */
async function storedPaths(): Promise<string[]> {
  const rows = await database.current.db
    .selectFrom('analytics_event as e')
    .innerJoin('analytics_dict as d', 'd.id', 'e.path')
    .select('d.value')
    .orderBy('e.t')
    .orderBy('d.value')
    .execute()
  return rows.map((r) => r.value)
}

async function dictValues(kind: number): Promise<string[]> {
  const rows = await database.current.db
    .selectFrom('analytics_dict')
    .select('value')
    .where('kind', '=', kind)
    .orderBy('value')
    .execute()
  return rows.map((r) => r.value)
}

describe('site-wide ingest budget', () => {
  test('past the minute’s budget, events from any address are answered 204 and not stored, and counted', async () => {
    setIngestLimits({ perMinute: 3, newValuesPerHour: 1000 })
    const outcomes = []
    for (let i = 1; i <= 5; i++) outcomes.push(await collect(beacon('/', `198.51.100.${i}`), NOW))
    expect(outcomes.map((o) => o.status)).toEqual([204, 204, 204, 204, 204])
    expect(outcomes.filter((o) => 'counted' in o && o.counted)).toHaveLength(3)
    expect(outcomes.slice(3)).toEqual([
      { status: 204, counted: false, reason: 'budget' },
      { status: 204, counted: false, reason: 'budget' },
    ])
    await flushEvents()
    expect(await storedPaths()).toEqual(['/', '/', '/'])
    expect(await ignoredEvents(DAY, DAY)).toBe(2)
    // Another period does not show them; the next minute has a budget again.
    expect(await ignoredEvents('2026-11-26', '2026-11-26')).toBe(0)
    expect(await collect(beacon('/', '198.51.100.9'), NOW + 60_000)).toEqual({
      status: 204,
      counted: true,
    })
    // Counts of the same hour add up.
    await collect(beacon('/', '198.51.100.10'), NOW + 60_000)
    await collect(beacon('/', '198.51.100.11'), NOW + 60_000)
    await collect(beacon('/', '198.51.100.12'), NOW + 60_000)
    await flushEvents()
    expect(await ignoredEvents(DAY, DAY)).toBe(3)
  })
})

describe('per-address limit', () => {
  test('an IPv6 client counts under its /64: rotating the last 64 bits gets a 429', async () => {
    const statuses: number[] = []
    for (let i = 1; i <= EVENTS_PER_ADDRESS.limit + 1; i++)
      statuses.push((await collect(beacon('/', `2001:db8:7:7::${i.toString(16)}`), NOW)).status)
    expect(statuses.slice(0, EVENTS_PER_ADDRESS.limit).every((s) => s === 204)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
    // Another /64 is another client.
    expect((await collect(beacon('/', '2001:db8:7:8::1'), NOW)).status).toBe(204)
    await flushEvents()
  })
})

describe('cap on new dictionary values', () => {
  test('past the hour’s cap, a new value is stored as « (autre) »; the next hour learns again', async () => {
    // The first event brings three new values (path, browser, system).
    setIngestLimits({ perMinute: 1000, newValuesPerHour: 5 })
    for (let i = 1; i <= 5; i++) await collect(beacon(`/junk-${i}`, `198.51.100.${i}`), NOW)
    await flushEvents()
    expect(await storedPaths()).toEqual([OTHER_VALUE, OTHER_VALUE, '/junk-1', '/junk-2', '/junk-3'])
    expect(await dictValues(DICT.path)).toEqual([OTHER_VALUE, '/junk-1', '/junk-2', '/junk-3'])
    // Known values are not new: they keep being stored as they are.
    await collect(beacon('/junk-2', '198.51.100.20'), NOW)
    // UTM values count too.
    await collect(beacon('/junk-1?utm_source=spam-source', '198.51.100.21'), NOW)
    await flushEvents()
    expect(await storedPaths()).toEqual([
      OTHER_VALUE,
      OTHER_VALUE,
      '/junk-1',
      '/junk-1',
      '/junk-2',
      '/junk-2',
      '/junk-3',
    ])
    expect(await dictValues(DICT.source)).toEqual([OTHER_VALUE])
    await collect(beacon('/junk-6', '198.51.100.22'), NOW + 3_600_000)
    await flushEvents()
    expect((await storedPaths()).at(-1)).toBe('/junk-6')
  })
})

describe('purge of unused dictionary values', () => {
  test('values no event or rollup uses go; used ones stay; a purged value comes back when sent again', async () => {
    const db = database.current.db
    const old = Date.UTC(2023, 0, 10, 12)
    await collect(beacon('/old?utm_campaign=gone', '198.51.100.1'), old)
    await collect(beacon('/kept', '198.51.100.2'), NOW)
    await flushEvents()
    // A rollup still names a value of an expired event (the page's daily row).
    const [rolled] = await db
      .insertInto('analytics_dict')
      .values({ kind: DICT.path, value: '/in-a-rollup' })
      .returning('id')
      .execute()
    await db
      .insertInto('analytics_rollup')
      .values({
        gran: 1,
        dim: 1,
        start: 0,
        value: Number(rolled!.id),
        visitors: 1,
        visits: 1,
        pageviews: 1,
        bounces: 0,
        duration: 0,
      })
      .execute()
    expect(await purgeEventsOlderThan(25, NOW)).toBe(1)
    expect(await purgeUnusedDictionary(NOW)).toBe(2) // '/old' and 'gone'
    expect(await dictValues(DICT.path)).toEqual(['/in-a-rollup', '/kept'])
    expect(await dictValues(DICT.campaign)).toEqual([])
    // Browser and system stay: the remaining event uses them.
    expect(await dictValues(DICT.browser)).toEqual(['Chrome'])
    // Sent again, the purged value is a new row, and the event names it.
    await collect(beacon('/old', '198.51.100.3'), NOW + 1000)
    await flushEvents()
    expect(await storedPaths()).toEqual(['/kept', '/old'])
    expect(await purgeUnusedDictionary(NOW + 2000)).toBe(0)
  })
})
