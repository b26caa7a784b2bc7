// The dashboard's panels an owner reads every morning (ADR 095), on a real database: exit
// pages, realtime pages and referrers, channels, and what a page filter counts.
import { describe, expect, test } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { CHROME, useFreshStatistics } from '../../../tests/fixtures/analytics.ts'
import { DEFAULT_STATS_SETTINGS, StatsQuerySchema } from '#app/domain/analytics.ts'
import { CLIENT_IP_HEADER } from '../http/client-ip.server.ts'
import { resetCaches } from '../cache/caches.server.ts'
import { collect } from './collect.server.ts'
import { buildReport } from './report.server.ts'
import { refreshRollups } from './rollup.server.ts'
import { flushEvents, saveStatsSettings } from './store.server.ts'

useTestDatabase()

useFreshStatistics()

const START = Date.UTC(2026, 10, 20, 10)

/** A page view (or a goal) from `ip`, `minutes` after START. */
const send = (ip: string, minutes: number, path: string, extra: Record<string, unknown> = {}) =>
  collect(
    new Request('http://site.test/api/event', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'user-agent': CHROME, [CLIENT_IP_HEADER]: ip },
      body: JSON.stringify({ n: 'pageview', u: `http://site.test${path}`, w: 1280, ...extra }),
    }),
    START + minutes * 60_000,
  )

const A = '198.51.100.1'
const B = '198.51.100.2'
const C = '198.51.100.3'

/** Three visits: A reads three pages from LinkedIn, B one, C two. */
async function threeVisits() {
  await send(A, 0, '/', { r: 'https://www.linkedin.com/feed/' })
  await send(A, 1, '/projects')
  await send(A, 2, '/contact')
  await send(B, 1, '/blog')
  await send(C, 2, '/')
  await send(C, 3, '/blog')
  await flushEvents()
}

const rows = (panel: { value: string; visits: number }[]) =>
  Object.fromEntries(panel.map((r) => [r.value, r.visits]))

describe('exit pages and realtime', () => {
  test('a visit exits on its last page; realtime names the pages read and where visitors came from', async () => {
    await threeVisits()
    const now = START + 4 * 60_000
    await refreshRollups(now)
    const report = await buildReport(StatsQuerySchema.parse({ period: 'today' }), now)
    expect(rows(report.panels.exit)).toEqual({ '/blog': 2, '/contact': 1 })
    const exitFilter = await buildReport(
      StatsQuerySchema.parse({ period: 'today', exit: '/blog' }),
      now,
    )
    expect(exitFilter.totals).toMatchObject({ visitors: 2, visits: 2 })
    expect(report.live.pages).toEqual([
      { label: '/blog', visitors: 2 },
      { label: '/contact', visitors: 1 },
    ])
    expect(report.live.referrers).toEqual([
      { label: 'Accès direct', visitors: 2 },
      { label: 'linkedin.com', visitors: 1 },
    ])
    // Ten minutes later, nobody is reading.
    const later = await buildReport(StatsQuerySchema.parse({ period: 'today' }), now + 600_000)
    expect(later.live).toEqual({ pages: [], referrers: [] })
  })
})

describe('channels', () => {
  test('referrers and campaigns are grouped by channel from the maintained lists; a channel filters', async () => {
    const visits: [string, Record<string, unknown>][] = [
      ['https://www.google.fr/', {}],
      ['https://www.qwant.com/?q=portfolio', {}],
      ['https://l.instagram.com/', {}],
      ['https://lnkd.in/abc', {}],
      ['https://mail.google.com/mail/u/0/', {}],
      ['https://blog.example.org/post', {}],
      ['', {}],
      ['https://www.google.com/', { u: 'http://site.test/?utm_source=lettre&utm_medium=email' }],
      ['https://lnkd.in/xyz', { u: 'http://site.test/?utm_source=linkedin&utm_campaign=launch' }],
    ]
    for (const [i, [referrer, extra]] of visits.entries())
      await send(`198.51.100.${10 + i}`, i, '/', referrer ? { r: referrer, ...extra } : extra)
    await flushEvents()
    const now = START + 30 * 60_000
    await refreshRollups(now)
    const report = await buildReport(StatsQuerySchema.parse({ period: 'today' }), now)
    expect(rows(report.panels.channel)).toEqual({
      Recherche: 2,
      'Réseaux sociaux': 2,
      'E-mail': 2,
      'Sites référents': 1,
      Direct: 1,
      Campagnes: 1,
    })
    // The hosts of a channel, one click below: the channel as a filter.
    const social = await buildReport(
      StatsQuerySchema.parse({ period: 'today', channel: 'Réseaux sociaux' }),
      now,
    )
    expect(social.totals.visits).toBe(2)
    expect(rows(social.panels.referrer)).toEqual({ 'l.instagram.com': 1, 'lnkd.in': 1 })
  })
})

describe('page filters', () => {
  test('« page = X »: page views are X’s, visitors and visits are the visits that saw X', async () => {
    // A: / → /en/contact → /projects; B: /en/contact twice; C: / only.
    await send(A, 0, '/')
    await send(A, 1, '/en/contact')
    await send(A, 2, '/projects')
    await send(B, 0, '/en/contact')
    await send(B, 1, '/en/contact')
    await send(C, 0, '/')
    await flushEvents()
    const now = START + 30 * 60_000
    await refreshRollups(now)
    const all = await buildReport(StatsQuerySchema.parse({ period: 'today' }), now)
    expect(all.totals).toMatchObject({ visitors: 3, visits: 3, pageviews: 6 })
    const report = await buildReport(
      StatsQuerySchema.parse({ period: 'today', page: '/en/contact' }),
      now,
    )
    expect(report.totals).toMatchObject({ visitors: 2, visits: 2, pageviews: 3, bounceRate: 0 })
    expect(report.panels.page.map((r) => [r.value, r.pageviews, r.visits])).toEqual([
      ['/en/contact', 3, 2],
    ])
    // The other panels count the visits that saw the page.
    expect(rows(report.panels.entry)).toEqual({ '/': 1, '/en/contact': 1 })
    expect(rows(report.panels.exit)).toEqual({ '/projects': 1, '/en/contact': 1 })
    expect(report.series.reduce((sum, p) => sum + p.pageviews, 0)).toBe(3)
    // An entry filter is a filter on visits: their pages all count (Plausible's too).
    const entry = await buildReport(StatsQuerySchema.parse({ period: 'today', entry: '/' }), now)
    expect(entry.totals).toMatchObject({ visitors: 2, visits: 2, pageviews: 4 })
    expect(rows(entry.panels.page)).toEqual({ '/': 2, '/en/contact': 1, '/projects': 1 })
  })
})

describe('goals', () => {
  test('an owner’s page goal is counted; every goal filters the view', async () => {
    await saveStatsSettings({
      ...DEFAULT_STATS_SETTINGS,
      goals: [{ name: 'Demande de devis', path: '/merci' }],
    })
    resetCaches()
    await send(A, 0, '/', { r: 'https://www.google.fr/' })
    await send(A, 1, '/merci')
    await send(B, 0, '/blog')
    await collect(
      new Request('http://site.test/api/event', {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'user-agent': CHROME, [CLIENT_IP_HEADER]: B },
        body: JSON.stringify({ n: 'cv', u: 'http://site.test/cv' }),
      }),
      START + 60_000,
    )
    await send(C, 0, '/')
    await flushEvents()
    const now = START + 30 * 60_000
    await refreshRollups(now)
    const report = await buildReport(StatsQuerySchema.parse({ period: 'today' }), now)
    const quote = report.goals.find((g) => g.label === 'Demande de devis')
    expect(quote).toMatchObject({ key: 'page:/merci', visitors: 1, events: 1, rate: 33.3 })
    const reached = await buildReport(
      StatsQuerySchema.parse({ period: 'today', goal: 'page:/merci' }),
      now,
    )
    expect(reached.totals).toMatchObject({ visitors: 1, visits: 1, pageviews: 2 })
    expect(rows(reached.panels.channel)).toEqual({ Recherche: 1 })
    expect(reached.filters).toEqual([{ key: 'goal', label: 'Objectif', value: 'Demande de devis' }])
    const cv = await buildReport(StatsQuerySchema.parse({ period: 'today', goal: 'cv' }), now)
    expect(rows(cv.panels.page)).toEqual({ '/blog': 1 })
    const unknown = await buildReport(
      StatsQuerySchema.parse({ period: 'today', goal: 'page:/nulle-part' }),
      now,
    )
    expect(unknown.totals.visits).toBe(0)
  })
})

describe('long tables and freshness', () => {
  test('« Voir plus » shows a panel beyond ten rows; the unfiltered figures say how fresh they are', async () => {
    for (let i = 0; i < 12; i++) await send(`198.51.100.${20 + i}`, i, `/page-${i}`)
    await flushEvents()
    const now = START + 30 * 60_000
    await refreshRollups(now - 20_000)
    const report = await buildReport(StatsQuerySchema.parse({ period: 'today' }), now)
    expect(report.panels.page).toHaveLength(10)
    expect(report.updatedAgo).toBe(20)
    const more = await buildReport(StatsQuerySchema.parse({ period: 'today', more: 'page' }), now)
    expect(more.panels.page).toHaveLength(12)
    expect(more.panels.entry).toHaveLength(10)
    const filtered = await buildReport(
      StatsQuerySchema.parse({ period: 'today', page: '/page-1' }),
      now,
    )
    expect(filtered.updatedAgo).toBeNull()
  })
})
