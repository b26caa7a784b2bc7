// The statistics' storage and collection on a real database: salt rotation, the keyed hash,
// parsing, refusals (4xx, never 500), the rate limit, retention, rollups and the report.
import { describe, expect, test } from 'vitest'
import { onPostgres, useTestDatabase } from '../../../tests/fixtures/db.ts'
import {
  CHROME,
  madeUpDay,
  pseudoRandom,
  useFreshStatistics,
} from '../../../tests/fixtures/analytics.ts'
import { StatsQuerySchema } from '#app/domain/analytics.ts'
import { STATS_MAX_BODY_BYTES } from '#app/domain/analytics-beacon.ts'
import { CLIENT_IP_HEADER } from '../http/client-ip.server.ts'
import { collect, parsePage } from './collect.server.ts'
import { buildReport } from './report.server.ts'
import { periodRange } from './periods.server.ts'
import { viewCounts } from './view-counts.server.ts'
import { createBlogPost } from '../repositories/blog.server.ts'
import { createProject } from '../repositories/projects.server.ts'
import { saveTranslation } from '../repositories/translations.server.ts'
import { makeBlogPost, makeProject } from '../demo/factories.server.ts'
import {
  countVisits,
  dayEvents,
  refreshRollups,
  rollupDay,
  rollupRows,
  toVisits,
  type CountMap,
  type VisitFilter,
} from './rollup.server.ts'
import { DIM, EVENT_KIND } from '#app/domain/analytics.ts'
import { assignChannels } from './channels.server.ts'
import {
  dayOf,
  flushEvents,
  purgeEventsOlderThan,
  resetSaltCache,
  saltOf,
  saveStatsSettings,
  visitorHash,
} from './store.server.ts'
import { purgeExpiredEvents, sendWeeklySummary } from './background.server.ts'
import { DEFAULT_STATS_SETTINGS } from '#app/domain/analytics.ts'

const database = useTestDatabase()
const DAY = 86_400_000

useFreshStatistics()

function beacon(
  body: unknown,
  {
    ip = '203.0.113.7',
    ua = CHROME,
    headers = {} as Record<string, string>,
    type = 'text/plain',
  } = {},
) {
  return new Request('http://site.test/api/event', {
    method: 'POST',
    headers: {
      'content-type': type,
      'user-agent': ua,
      [CLIENT_IP_HEADER]: ip,
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

const view = (path: string, extra: Record<string, unknown> = {}) => ({
  n: 'pageview',
  u: `http://site.test${path}`,
  w: 1280,
  z: 'Europe/Paris',
  ...extra,
})

async function rows() {
  return database.current.db.selectFrom('analytics_event').selectAll().orderBy('t').execute()
}

describe('salt and visitor hash', () => {
  test('the salt rotates daily and the previous day’s salt is deleted', async () => {
    const db = database.current.db
    const today = dayOf(Date.now())
    const yesterdaySalt = await saltOf(today - 1)
    const yesterdayHash = visitorHash(yesterdaySalt, 'site.test', '203.0.113.7', CHROME)
    const todaySalt = await saltOf(today)
    expect(todaySalt.equals(yesterdaySalt)).toBe(false)
    // SQLite keeps it in memory only; PostgreSQL's app servers share today's row (ADR 084).
    const stored = await db.selectFrom('analytics_salt').selectAll().execute()
    expect(stored.map((r) => r.day)).toEqual(onPostgres ? [today] : [])
    // Today's salt gives another hash: yesterday's cannot be recomputed from what is stored.
    expect(visitorHash(todaySalt, 'site.test', '203.0.113.7', CHROME)).not.toBe(yesterdayHash)
    if (onPostgres) {
      resetSaltCache()
      expect((await saltOf(today)).equals(todaySalt)).toBe(true)
    }
  })

  test('the hash is keyed: same visitor same day, different site or agent differ', async () => {
    const salt = await saltOf(dayOf(Date.now()))
    const a = visitorHash(salt, 'site.test', '203.0.113.7', CHROME)
    expect(visitorHash(salt, 'site.test', '203.0.113.7', CHROME)).toBe(a)
    expect(visitorHash(salt, 'other.test', '203.0.113.7', CHROME)).not.toBe(a)
    expect(visitorHash(salt, 'site.test', '203.0.113.8', CHROME)).not.toBe(a)
    // 31 bits: 4 bytes a raw event in SQLite (ADR 118).
    for (let i = 0; i < 200; i++)
      expect(visitorHash(salt, 'site.test', `203.0.113.${i}`, CHROME)).toBeLessThan(2 ** 31)
  })
})

describe('parsing', () => {
  test('query strings are dropped except utm_* and ref; referrer kept as its host', () => {
    const page = parsePage(
      {
        u: 'http://site.test/projects/abc/?email=a@b.c&utm_source=LinkedIn&utm_medium=Social&utm_campaign=Spring&token=x',
        r: 'https://www.linkedin.com/feed/?trk=secret',
      },
      'site.test',
    )
    expect(page).toEqual({
      path: '/projects/abc',
      referrer: 'linkedin.com',
      source: 'linkedin',
      medium: 'social',
      campaign: 'spring',
    })
    expect(parsePage({ u: 'http://site.test/?ref=newsletter' }, 'site.test')?.source).toBe(
      'newsletter',
    )
    // Another site's page or a non-http address is not ours to count.
    expect(parsePage({ u: 'http://evil.test/' }, 'site.test')).toBeNull()
    expect(parsePage({ u: 'javascript:alert(1)' }, 'site.test')).toBeNull()
    // The site's own pages are not referrers.
    expect(
      parsePage({ u: 'http://site.test/a', r: 'http://site.test/b' }, 'site.test')?.referrer,
    ).toBeNull()
  })
})

describe('collection', () => {
  test('a page view is stored compactly with no address', async () => {
    expect(
      await collect(beacon(view('/blog/x?utm_source=news', { r: 'https://google.com/' }))),
    ).toEqual({ status: 204, counted: true })
    await flushEvents()
    const [row] = await rows()
    expect(row).toMatchObject({ kind: 0, device: 1 })
    expect(Object.values(row!).every((v) => typeof v === 'number' || v === null)).toBe(true)
    const dict = await database.current.db.selectFrom('analytics_dict').select('value').execute()
    const values = dict.map((d) => d.value).sort()
    expect(values).toEqual(['/blog/x', 'Chrome', 'Windows', 'google.com', 'news'].sort())
    expect(JSON.stringify(await rows())).not.toContain('203.0.113')
  })

  test('a visit’s dimensions are stored on its first event only, again after 30 minutes or a Paris midnight', async () => {
    const start = Date.UTC(2026, 10, 20, 22, 0)
    const send = (body: unknown, minutes: number) => collect(beacon(body), start + minutes * 60_000)
    await send(view('/?utm_source=news', { r: 'https://google.com/' }), 0)
    await send(view('/projects', { r: 'https://bing.com/' }), 2)
    await send({ n: 'cv', u: 'http://site.test/cv' }, 3)
    // 40 minutes later: a new visit; then 23:05 UTC is past midnight in Paris (UTC+1).
    await send(view('/blog'), 43)
    await send(view('/contact'), 65)
    await flushEvents()
    const stored = await rows()
    const whole = (r: (typeof stored)[number]) =>
      [r.country, r.device, r.browser, r.os].every((value) => value !== null)
    expect(stored.map(whole)).toEqual([true, false, false, true, true])
    // A later page view does not keep its own referrer; the visit's is its first event's.
    expect(stored.map((r) => r.ref === null)).toEqual([false, true, true, true, true])
    expect(stored.map((r) => r.src === null)).toEqual([false, true, true, true, true])
    const now = start + 2 * 60 * 60_000
    await refreshRollups(now)
    const report = await buildReport(StatsQuerySchema.parse({ period: '7d' }), now)
    expect(report.totals).toMatchObject({ visits: 3, pageviews: 4 })
    expect(report.panels.country.map((r) => [r.value, r.visits])).toEqual([['FR', 3]])
    expect(report.panels.browser.map((r) => [r.label, r.visits])).toEqual([['Chrome', 3]])
    expect(report.panels.referrer.map((r) => [r.label, r.visits])).toEqual(
      expect.arrayContaining([
        ['google.com', 1],
        ['Accès direct', 2],
      ]),
    )
    expect(report.panels.source.map((r) => [r.value, r.visits])).toEqual([['news', 1]])
  })

  test('events of one visitor in one second are all stored', async () => {
    // The events are keyed by (t, v, id) since migration 041 (ADR 122).
    const now = Date.UTC(2026, 10, 20, 10, 0, 0, 100)
    await collect(beacon(view('/')), now)
    await collect(beacon({ n: 'cv', u: 'http://site.test/cv' }), now + 200)
    await collect(beacon(view('/cv')), now + 400)
    await flushEvents()
    const stored = await rows()
    expect(stored).toHaveLength(3)
    expect(new Set(stored.map((r) => `${r.t}:${r.v}`)).size).toBe(1)
    // Numbered 0, 1, 2 (SQLite stores 0 in no byte).
    expect(stored.map((r) => Number(r.id)).sort()).toEqual([0, 1, 2])
  })

  test('a visitor’s second written in two batches, and by another process meanwhile, keeps every event', async () => {
    const now = Date.UTC(2026, 10, 20, 10, 0, 0, 100)
    await collect(beacon(view('/')), now)
    await flushEvents()
    const [first] = await rows()
    expect(Number(first!.id)).toBe(0)
    // The next batch goes on numbering that second.
    await collect(beacon(view('/blog')), now + 300)
    await flushEvents()
    // Another process takes the next number; this one's next event clashes with it.
    await database.current.db
      .insertInto('analytics_event')
      .values({ id: 2, t: first!.t, v: first!.v, kind: EVENT_KIND.pageview, path: first!.path })
      .execute()
    await collect(beacon(view('/cv')), now + 600)
    await flushEvents()
    const ids = (await rows()).map((r) => Number(r.id)).sort((a, b) => a - b)
    expect(ids.slice(0, 3)).toEqual([0, 1, 2])
    expect(ids).toHaveLength(4)
    expect(ids[3]).toBeGreaterThanOrEqual(65_536)
  })

  test('a visit whose events were deleted meanwhile starts whole again', async () => {
    const start = Date.UTC(2026, 10, 20, 10)
    await collect(beacon(view('/')), start)
    await flushEvents()
    await database.current.db.deleteFrom('analytics_event').execute()
    await collect(beacon(view('/blog', { r: 'https://google.com/' })), start + 60_000)
    await flushEvents()
    const [row] = await rows()
    expect(row!.ref).not.toBeNull()
    expect([row!.country, row!.device, row!.browser, row!.os].every((v) => v !== null)).toBe(true)
  })

  test('bots, prefetches, signed-in users, DNT/GPC and the opt-out are not counted', async () => {
    const cases: Parameters<typeof beacon>[1][] = [
      { ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      { ua: 'Mozilla/5.0 HeadlessChrome/131.0.0.0' },
      { ua: '' },
      { headers: { 'sec-purpose': 'prefetch' } },
      { headers: { purpose: 'prefetch' } },
      { headers: { cookie: 'better-auth.session_token=abc' } },
      { headers: { dnt: '1' } },
      { headers: { 'sec-gpc': '1' } },
      { headers: { cookie: '_vitrine_stats=opt-out' } },
      { headers: { 'sec-fetch-site': 'cross-site' } },
    ]
    for (const options of cases) {
      const outcome = await collect(beacon(view('/'), options))
      expect(outcome).toMatchObject({ status: 204, counted: false })
    }
    await flushEvents()
    expect(await rows()).toEqual([])
  })

  test('junk is refused with a 4xx, never a 500', async () => {
    const junk: [unknown, Parameters<typeof beacon>[1]?][] = [
      ['not json'],
      ['{"n":"pageview"}'],
      [{ n: 'purchase', u: 'http://site.test/' }],
      [{ n: 'pageview', u: 12 }],
      [{ n: 'pageview', u: 'http://site.test/', w: -1 }],
      [{ n: 'pageview', u: 'http://site.test/', extra: 'x'.repeat(STATS_MAX_BODY_BYTES) }],
      [view('/'), { type: 'application/x-www-form-urlencoded' }],
      ['\u0000\uFFFF'],
      [[1, 2, 3]],
      [null],
      [{ n: 'pageview', u: 'http://evil.test/' }],
    ]
    for (const [body, options] of junk) {
      const outcome = await collect(beacon(body, options))
      expect(outcome.status, JSON.stringify(body).slice(0, 60)).toBeGreaterThanOrEqual(400)
      expect(outcome.status).toBeLessThan(500)
    }
    expect(
      (await collect(new Request('http://site.test/api/event', { method: 'GET' }))).status,
    ).toBe(405)
    await flushEvents()
    expect(await rows()).toEqual([])
  })

  test('one address is rate-limited: storage cannot be flooded', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 70; i++) statuses.push((await collect(beacon(view(`/p${i}`)))).status)
    expect(statuses.filter((s) => s === 204)).toHaveLength(60)
    expect(statuses.filter((s) => s === 429)).toHaveLength(10)
    await flushEvents()
    expect(await rows()).toHaveLength(60)
  })
})

describe('retention', () => {
  test('raw events older than the setting are purged, rollups stay', async () => {
    const db = database.current.db
    const now = Date.now()
    const at = (daysAgo: number) => ({
      t: Math.floor((now - daysAgo * DAY) / 1000),
      v: 1,
      kind: 0,
      path: 1,
    })
    await db
      .insertInto('analytics_event')
      .values([at(800), at(770), at(700), at(1)])
      .execute()
    await db
      .insertInto('analytics_rollup')
      .values({
        gran: 1,
        dim: 0,
        start: 0,
        value: 0,
        visitors: 1,
        visits: 1,
        pageviews: 1,
        bounces: 1,
        duration: 0,
      })
      .execute()
    // Default: 25 months.
    expect(await purgeExpiredEvents(now)).toBe(2)
    await saveStatsSettings({ ...DEFAULT_STATS_SETTINGS, retentionMonths: 1 })
    expect(await purgeExpiredEvents(now)).toBe(1)
    expect(await purgeEventsOlderThan(1, now)).toBe(0)
    expect((await rows()).map((r) => r.t)).toEqual([at(1).t])
    expect(await db.selectFrom('analytics_rollup').selectAll().execute()).toHaveLength(1)
  })
})

describe('rollups and report', () => {
  test('visits, bounces, goals and sources are counted from the rollups and with a filter', async () => {
    const start = Date.UTC(2026, 10, 20, 10)
    const send = async (body: unknown, ip: string, minutes: number) =>
      collect(beacon(body, { ip }), start + minutes * 60_000)
    // Visitor A: LinkedIn campaign, two pages, a CV download.
    await send(
      view('/?utm_source=linkedin&utm_campaign=launch', { r: 'https://www.linkedin.com/' }),
      '198.51.100.1',
      0,
    )
    await send(view('/projects/p1'), '198.51.100.1', 2)
    await send({ n: 'cv', u: 'http://site.test/cv' }, '198.51.100.1', 3)
    // Visitor B: one page (a bounce), then back 40 minutes later: a second visit.
    await send(view('/blog/post', { r: 'https://google.com/' }), '198.51.100.2', 0)
    await send(view('/contact'), '198.51.100.2', 40)
    await flushEvents()
    const now = start + 60 * 60_000
    await refreshRollups(now)
    const report = await buildReport(StatsQuerySchema.parse({ period: '7d' }), now)
    expect(report.totals).toMatchObject({ visitors: 2, visits: 3, pageviews: 4, bounceRate: 67 })
    expect(report.panels.referrer.map((r) => [r.label, r.visits])).toEqual(
      expect.arrayContaining([
        ['linkedin.com', 1],
        ['google.com', 1],
        ['Accès direct', 1],
      ]),
    )
    expect(report.panels.source.map((r) => r.value)).toEqual(['linkedin'])
    expect(report.panels.country[0]).toMatchObject({ value: 'FR', label: 'France' })
    expect(report.goals.find((g) => g.key === 'cv')).toMatchObject({ visitors: 1, rate: 50 })
    const filtered = await buildReport(
      StatsQuerySchema.parse({ period: '7d', source: 'linkedin' }),
      now,
    )
    expect(filtered.totals).toMatchObject({ visitors: 1, visits: 1, pageviews: 2 })
    expect(filtered.panels.page.map((p) => p.value).sort()).toEqual(['/', '/projects/p1'])
    const none = await buildReport(StatsQuerySchema.parse({ period: '7d', browser: 'Nope' }), now)
    expect(none.totals.visitors).toBe(0)
  })

  test('English pages are named after their French twin and add to its views', async () => {
    const project = await createProject(makeProject({ title: 'Refonte du site' }))
    await saveTranslation('project', project.id, 'en', { title: 'Site redesign' })
    const post = await createBlogPost(makeBlogPost({ slug: 'mon-article', title: 'Mon article' }))
    // The English slug differs from the French one: the twin is found by id.
    await saveTranslation('post', post.id, 'en', {
      slug: 'my-article',
      title: 'My article',
      content: 'Text',
    })
    await createBlogPost(makeBlogPost({ slug: 'en-francais', title: 'Français' }))
    const start = Date.UTC(2026, 10, 20, 10)
    let n = 0
    const send = (path: string, ip: string) =>
      collect(beacon(view(path), { ip }), start + n++ * 60_000)
    await send(`/projects/${project.id}`, '198.51.100.1')
    await send(`/en/projects/${project.id}`, '198.51.100.2')
    await send(`/en/projects/${project.id}`, '198.51.100.3')
    await send('/en/blog/my-article', '198.51.100.4')
    await send('/blog/en-francais', '198.51.100.5')
    await flushEvents()
    const now = start + 60 * 60_000
    await refreshRollups(now)
    const report = await buildReport(StatsQuerySchema.parse({ period: '7d' }), now)
    const titles = Object.fromEntries(report.panels.page.map((p) => [p.value, p.title]))
    expect(titles).toEqual({
      [`/projects/${project.id}`]: 'Refonte du site',
      [`/en/projects/${project.id}`]: 'Refonte du site (EN)',
      '/en/blog/my-article': 'Mon article (EN)',
      '/blog/en-francais': 'Français',
    })
    expect(report.panels.entry.find((p) => p.value === '/en/blog/my-article')?.title).toBe(
      'Mon article (EN)',
    )
    // The admin lists: French and English views together, under the French page.
    const counts = await viewCounts([
      `/projects/${project.id}`,
      '/blog/mon-article',
      '/blog/en-francais',
      '/blog/jamais-vu',
    ])
    expect(Object.fromEntries(counts)).toEqual({
      [`/projects/${project.id}`]: 3,
      '/blog/mon-article': 1,
      '/blog/en-francais': 1,
    })
  })

  test('a filter narrows the events in the database without losing a matching visit', async () => {
    // A day of made-up events (a fixed pseudo-random sequence): visitors with several visits,
    // values present on the first event only or on later ones, missing values (null and 0).
    const day = 20_000
    const next = pseudoRandom(7)
    const events = madeUpDay(next, {
      day,
      visitors: 60,
      spread: 40_000,
      kind: () => (next(5) === 0 ? EVENT_KIND.cv : EVENT_KIND.pageview),
    })
    await database.current.db.insertInto('analytics_event').values(events).execute()
    const count = (rows: Awaited<ReturnType<typeof dayEvents>>, filters: VisitFilter[]) => {
      const map: CountMap = new Map()
      countVisits(toVisits(rows), map, filters)
      return rollupRows(map).sort((a, b) =>
        `${a.gran}|${a.start}|${a.dim}|${a.value}`.localeCompare(
          `${b.gran}|${b.start}|${b.dim}|${b.value}`,
        ),
      )
    }
    const all = await dayEvents(database.current.db, day)
    const cases: VisitFilter[][] = []
    for (const dim of [
      DIM.page,
      DIM.entry,
      DIM.referrer,
      DIM.source,
      DIM.medium,
      DIM.campaign,
      DIM.country,
      DIM.device,
      DIM.browser,
      DIM.os,
    ])
      for (let value = 0; value <= 4; value++) cases.push([{ dim, value }])
    cases.push([
      { dim: DIM.referrer, value: 0 },
      { dim: DIM.page, value: 2 },
    ])
    let matched = 0
    let narrower = 0
    for (const filters of cases) {
      const narrowed = await dayEvents(database.current.db, day, filters)
      expect(narrowed.length).toBeLessThanOrEqual(all.length)
      if (narrowed.length < all.length) narrower++
      const expected = count(all, filters)
      expect(count(narrowed, filters), JSON.stringify(filters)).toEqual(expected)
      if (expected.length) matched++
    }
    // The cases are not vacuous: many filters match some visits, and the rows are narrowed.
    expect(matched).toBeGreaterThan(20)
    expect(narrower).toBeGreaterThan(20)
  })

  test('visitors are counted once per row whatever the order of the visits given', async () => {
    // Distinct visitors are counted without a set, in visitor order (ADR 122): visits handed
    // over shuffled count the same as in (visitor, time) order.
    const next = pseudoRandom(11)
    const events = madeUpDay(next, {
      day: 20_001,
      visitors: 40,
      spread: 30_000,
      kind: () => (next(6) === 0 ? EVENT_KIND.contact : EVENT_KIND.pageview),
    })
    const visits = toVisits(events.toSorted((a, b) => a.v - b.v || a.t - b.t))
    const count = (list: typeof visits) => {
      const map: CountMap = new Map()
      countVisits(list, map)
      return rollupRows(map).sort((a, b) =>
        `${a.gran}|${a.start}|${a.dim}|${a.value}`.localeCompare(
          `${b.gran}|${b.start}|${b.dim}|${b.value}`,
        ),
      )
    }
    const shuffled = visits.map((visit, i) => ({ visit, key: next(1000) * 100 + i }))
    shuffled.sort((a, b) => a.key - b.key)
    const expected = count(visits)
    expect(count(shuffled.map((s) => s.visit))).toEqual(expected)
    // Several visitors have several visits: the case is not vacuous.
    const total = expected.find((r) => r.gran === 1 && r.dim === DIM.total)!
    expect(total.visits).toBeGreaterThan(total.visitors)
  })

  test('a day counted again keeps no row of a value its events no longer hold', async () => {
    const db = database.current.db
    const day = 20_002
    const next = pseudoRandom(5)
    const events = madeUpDay(next, {
      day,
      visitors: 30,
      spread: 40_000,
      kind: () => (next(5) === 0 ? EVENT_KIND.cv : EVENT_KIND.pageview),
    })
    await db.insertInto('analytics_event').values(events).execute()
    await rollupDay(db, day)
    const stored = () =>
      db
        .selectFrom('analytics_rollup')
        .select(['gran', 'start', 'dim', 'value', 'visitors', 'visits', 'pageviews'])
        .where('gran', '<', 2)
        .orderBy('gran')
        .orderBy('start')
        .orderBy('dim')
        .orderBy('value')
        .execute()
    const before = await stored()
    // Every event of path 1 goes: its page, entry and exit rows must go with it, by the hour
    // and by the day.
    await db.deleteFrom('analytics_event').where('path', '=', 1).execute()
    await rollupDay(db, day)
    const after = await stored()
    expect(
      after.some(
        (r) => [DIM.page, DIM.entry, DIM.exit].includes(r.dim as 1) && Number(r.value) === 1,
      ),
    ).toBe(false)
    expect(after.length).toBeLessThan(before.length)
    const map: CountMap = new Map()
    const visits = toVisits(await dayEvents(db, day))
    await assignChannels(db, visits)
    countVisits(visits, map)
    const expected = rollupRows(map)
      .map(({ gran, start, dim, value, visitors, visits, pageviews }) => ({
        gran,
        start,
        dim,
        value,
        visitors,
        visits,
        pageviews,
      }))
      .sort((a, b) => a.gran - b.gran || a.start - b.start || a.dim - b.dim || a.value - b.value)
    expect(after.map((r) => ({ ...r, start: Number(r.start), value: Number(r.value) }))).toEqual(
      expected,
    )
  })

  test('periods are compared with the one before', () => {
    const now = Date.UTC(2026, 10, 26, 12)
    const { current, previous } = periodRange('7d', now)
    expect(current.to - current.from).toBe(6)
    expect(previous.to).toBe(current.from - 1)
    expect(previous.to - previous.from).toBe(6)
  })
})

describe('long periods and the weekly summary', () => {
  test('a year read through monthly rows equals the sum of its days', async () => {
    const now = Date.UTC(2026, 10, 26, 12)
    // One page view a day for 400 days, one visitor each.
    for (let d = 0; d < 400; d++)
      await collect(beacon(view('/'), { ip: `198.51.100.${d % 250}` }), now - d * DAY)
    // (The per-address limit is per minute: these are days apart.)
    await flushEvents()
    await refreshRollups(now)
    const report = await buildReport(StatsQuerySchema.parse({ period: '12m' }), now)
    expect(report.totals).toMatchObject({ visitors: 365, pageviews: 365 })
    expect(report.previous.visitors).toBe(35)
    const custom = await buildReport(
      StatsQuerySchema.parse({ period: 'custom', from: '2026-01-01', to: '2026-03-31' }),
      now,
    )
    expect(custom.totals.pageviews).toBe(90)
    // A year of daily rows refreshed and read twice: 24 s alone on PostgreSQL at load 20.
  }, 90_000)

  test('the weekly summary goes through the outbox once a week, only when asked for', async () => {
    const db = database.current.db
    const now = Date.UTC(2026, 10, 26, 12)
    expect(await sendWeeklySummary(now)).toBe(false)
    await saveStatsSettings({ ...DEFAULT_STATS_SETTINGS, weeklyEmail: true })
    await db
      .insertInto('user')
      .values({
        id: 'admin-1',
        name: 'Admin',
        email: 'owner@example.org',
        emailVerified: 1,
        image: null,
        role: 'admin',
        status: 'active',
        lastLogin: null,
        createdAt: new Date(now).toISOString(),
        updatedAt: new Date(now).toISOString(),
      })
      .execute()
    expect(await sendWeeklySummary(now)).toBe(true)
    expect(await sendWeeklySummary(now + DAY)).toBe(false)
    const mails = await db.selectFrom('outbox').select(['kind', 'toAddress', 'subject']).execute()
    expect(mails).toEqual([
      expect.objectContaining({ kind: 'stats', toAddress: 'owner@example.org' }),
    ])
    expect(await sendWeeklySummary(now + 7 * DAY)).toBe(true)
  })
})
