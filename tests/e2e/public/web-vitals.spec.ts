// Core Web Vitals from a real visitor (ADR 096): a real Chromium visit, then leaving the page,
// sends the page load's measures in one beacon (no cookie, no request per metric); the admin's
// panel « Performances ressenties » then shows at least LCP and TTFB for that page.
import { getDb } from '#app/server/db/client.server.ts'
import { signInAdmin } from '../../fixtures/admin.ts'
import { test, expect } from '../../fixtures/test.ts'
import { visit } from './helpers.ts'

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

test('a real visit then leaving the page fills « Performances ressenties »', async ({
  browser,
  baseURL,
  page,
  db: _db,
}) => {
  const db = getDb()
  await db.deleteFrom('analytics_vitals').execute()
  const visitor = await browser.newContext({ userAgent: CHROME, baseURL })
  const tab = await visitor.newPage()
  const beacons: string[] = []
  tab.on('request', (request) => {
    if (request.url().endsWith('/api/event')) beacons.push(request.postData() ?? '')
  })
  await visit(tab, '/')
  // Navigating away (a client-side navigation to another page) ends the loaded page's
  // measures: they go now, in one beacon.
  await tab.getByRole('navigation').first().getByRole('link', { name: 'Projets' }).first().click()
  await expect(tab).toHaveURL(/\/projects$/)
  // Other tests of this worker may have left measures: this page's are found by its path.
  const measures = () =>
    db
      .selectFrom('analytics_vitals as v')
      .innerJoin('analytics_dict as p', 'p.id', 'v.path')
      .select(['v.lcp', 'v.ttfb', 'v.device'])
      .where('p.value', '=', '/')
      .execute()
  await expect.poll(async () => (await measures()).length).toBeGreaterThan(0)
  const [row] = await measures()
  expect(row!.device).toBe(1)
  expect(row!.lcp).toBeGreaterThan(0)
  expect(row!.ttfb).toBeGreaterThanOrEqual(0)
  const vitalsBeacons = beacons.filter((b) => b.includes('"n":"vitals"'))
  expect(vitalsBeacons).toHaveLength(1)
  expect(await visitor.cookies()).toEqual([])
  await visitor.close()

  await signInAdmin(page)
  await page.goto('/admin/statistics?period=today')
  const panel = page.getByRole('region', { name: 'Performances ressenties' })
  await expect(panel).toBeVisible()
  const byPage = panel.getByRole('table', { name: 'Par page' })
  const home = byPage
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: '/', exact: true }) })
  await expect(home).toHaveCount(1)
  await expect(home.locator('[data-vital="lcp"]')).toContainText(/\d+ (ms|s)/)
  await expect(home.locator('[data-vital="ttfb"]')).toContainText(/\d+ (ms|s)/)
  await expect(home.locator('[data-vital="lcp"]')).toContainText(/Bon|À améliorer|Mauvais/)
  const byDevice = panel.getByRole('table', { name: 'Par appareil' })
  await expect(byDevice.getByRole('row', { name: /Ordinateur/ })).toBeVisible()
})

// Leaving by a full page load: the beacon goes from the page's `pagehide`, after the page is
// gone, so the browser sends it with its own user agent, not a context's override. The visitor's
// browser is launched with a desktop Chrome user agent of its own; with the default headless
// one, the endpoint rightly drops the beacon as a robot's.
test('a full page load, an interaction, then leaving by a full load reports LCP, INP, CLS and TTFB', async ({
  playwright,
  launchOptions,
  baseURL,
  db: _db,
}) => {
  const db = getDb()
  await db.deleteFrom('analytics_vitals').execute()
  const own = await playwright.chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), `--user-agent=${CHROME}`],
  })
  const visitor = await own.newContext({ baseURL })
  const tab = await visitor.newPage()
  await visit(tab, '/contact')
  // The watcher comes after the page (ADR 096): the interaction waits for it, as a visitor's
  // usually does, or the page may be left before it ever listened.
  await expect
    .poll(() =>
      tab.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .some((entry) => /\/web-vitals-watch-[\w-]+\.js$/.test(entry.name)),
      ),
    )
    .toBe(true)
  // An interaction for INP: a click in a form field, as a visitor starting to write.
  await tab.getByLabel(/Nom/).first().click()
  await tab.keyboard.type('Ana')
  // The browser times an interaction after the frame that follows it: leaving before then
  // would leave without it (as a click on a link does). Wait until it has timed the first one.
  await expect
    .poll(() => tab.evaluate(() => performance.getEntriesByType('first-input').length))
    .toBeGreaterThan(0)
  await tab.goto('/projects')
  const measures = () =>
    db
      .selectFrom('analytics_vitals as v')
      .innerJoin('analytics_dict as p', 'p.id', 'v.path')
      .select(['v.lcp', 'v.inp', 'v.cls', 'v.ttfb'])
      .where('p.value', '=', '/contact')
      .execute()
  await expect.poll(async () => (await measures()).length).toBeGreaterThan(0)
  const [row] = await measures()
  expect(row, JSON.stringify(row)).toMatchObject({
    lcp: expect.any(Number),
    ttfb: expect.any(Number),
    cls: expect.any(Number),
    inp: expect.any(Number),
  })
  expect(row!.lcp).toBeGreaterThan(0)
  await own.close()
})
