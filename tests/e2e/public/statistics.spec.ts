// The built-in statistics in a real browser against the real server (ADR 072): a visit counts
// once with its referrer and campaign and leaves no cookie and no storage key; a client-side
// navigation counts; a crawler and a signed-in admin do not. Playwright's own user agent
// (HeadlessChrome) is a bot: counted visits use a desktop Chrome's.
import type { Browser } from '@playwright/test'
import { EVENT_KIND } from '#app/domain/analytics.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { makeProject } from '#app/server/demo/factories.server.ts'
import { createProject } from '#app/server/repositories/projects.server.ts'
import { saveTranslation } from '#app/server/repositories/translations.server.ts'
import { signInAdmin } from '../../fixtures/admin.ts'
import { test, expect, waitForHydration } from '../../fixtures/test.ts'
import { overlayGone, visit } from './helpers.ts'

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const GOOGLEBOT =
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/131.0.0.0 Safari/537.36'

test.use({ userAgent: CHROME })

test.beforeEach(async ({ db: _db }) => {
  await getDb().deleteFrom('analytics_event').execute()
})

/** Paths of the stored page views, oldest first, with their referrer and campaign. */
async function views() {
  const db = getDb()
  const rows = await db
    .selectFrom('analytics_event as e')
    .innerJoin('analytics_dict as p', 'p.id', 'e.path')
    .leftJoin('analytics_dict as r', 'r.id', 'e.ref')
    .leftJoin('analytics_dict as s', 's.id', 'e.src')
    .leftJoin('analytics_dict as c', 'c.id', 'e.camp')
    .select([
      'p.value as path',
      'r.value as referrer',
      's.value as source',
      'c.value as campaign',
      'e.kind',
    ])
    // Events of one second have no order of their own (ADR 122): by path then.
    .orderBy('e.t')
    .orderBy('p.value')
    .execute()
  return rows
}

const paths = async () => (await views()).map((v) => v.path)

/** A counted visit from another browser, so what was sent before it has been written too. */
async function sentinel(browser: Browser, baseURL: string, path: string) {
  const context = await browser.newContext({ userAgent: CHROME, baseURL })
  const page = await context.newPage()
  await visit(page, path)
  await expect.poll(paths).toContain(path)
  await context.close()
}

test('a visit counts once with its referrer and campaign, without cookie or storage; a client-side navigation counts', async ({
  page,
  context,
}) => {
  await page.goto('/?utm_source=Newsletter&utm_medium=email&utm_campaign=launch&secret=x', {
    referer: 'https://www.linkedin.com/feed/',
  })
  await expect
    .poll(views)
    .toEqual([
      { path: '/', referrer: 'linkedin.com', source: 'newsletter', campaign: 'launch', kind: 0 },
    ])
  await expect(page.getByTestId('loading-overlay')).toBeHidden()
  // A client-side navigation (no document load) counts as a page view.
  await page.getByRole('navigation').first().getByRole('link', { name: 'Projets' }).first().click()
  await expect(page).toHaveURL(/\/projects$/)
  await expect.poll(paths).toEqual(['/', '/projects'])
  expect(await context.cookies()).toEqual([])
  const storage = await page.evaluate(() => [
    ...Object.keys(localStorage),
    ...Object.keys(sessionStorage),
  ])
  expect(storage).toEqual([])
  // Nothing of the query string but the campaign was kept.
  const dict = await getDb().selectFrom('analytics_dict').select('value').execute()
  expect(dict.map((d) => d.value).join(' ')).not.toContain('secret')
})

test('a crawler and a signed-in admin are not counted', async ({ browser, page, baseURL }) => {
  const bot = await browser.newContext({ userAgent: GOOGLEBOT, baseURL })
  const botPage = await bot.newPage()
  await visit(botPage, '/timeline')
  await bot.close()
  await signInAdmin(page)
  await visit(page, '/contact')
  await sentinel(browser, baseURL!, '/blog')
  expect(await paths()).toEqual(['/blog'])
})

test('the privacy page’s opt-out stops the counting with a cookie that only says opt-out', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  await visit(page, '/confidentialite')
  await page.getByRole('button', { name: 'Ne plus être compté' }).click()
  await expect(
    page.getByText('Vous n’êtes pas compté dans les statistiques de visite de ce site.'),
  ).toBeVisible()
  expect((await context.cookies()).map((c) => `${c.name}=${c.value}`)).toEqual([
    '_vitrine_stats=opt-out',
  ])
  await visit(page, '/timeline')
  await sentinel(browser, baseURL!, '/blog')
  expect(await paths()).not.toContain('/timeline')
})

// (The per-address limit, 429, is tested on a real database in analytics.server.test.ts: here
// every test shares one address.)
test('the endpoint refuses junk with a 4xx, never a 500', async ({ request }) => {
  const post = (data: string, type = 'text/plain;charset=UTF-8', headers = {}) =>
    request.post('/api/event', {
      data,
      headers: { 'content-type': type, 'user-agent': CHROME, ...headers },
    })
  const junk: [string, string?][] = [
    ['not json'],
    ['{"n":"pageview"}'],
    ['{"n":"buy","u":"http://localhost/"}'],
    ['[1,2,3]'],
    ['null'],
    ['{"n":"pageview","u":"javascript:alert(1)"}'],
    [`{"n":"pageview","u":"http://localhost/","r":"${'x'.repeat(5000)}"}`],
    ['{"n":"pageview","u":"http://localhost/"}', 'application/xml'],
    ['\u0000\uFFFE', 'text/plain'],
  ]
  for (const [body, type] of junk) {
    const response = await post(body, type)
    expect(response.status(), body.slice(0, 40)).toBeGreaterThanOrEqual(400)
    expect(response.status(), body.slice(0, 40)).toBeLessThan(500)
  }
  expect((await request.get('/api/event')).status()).toBe(405)
})

test('an outbound link counts as a goal on a project page in both languages, and nowhere else', async ({
  page,
  browser,
  baseURL,
}) => {
  const project = await createProject(
    makeProject({
      title: 'Projet sortant',
      content: 'Voir [le site](https://outbound.example/fr).',
    }),
  )
  await saveTranslation('project', project.id, 'en', {
    title: 'Outbound project',
    description: 'An English description.',
    content: 'See [the site](https://outbound.example/en).',
  })
  await page.route('https://outbound.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>ailleurs</title>' }),
  )
  const goals = async () =>
    (await views()).filter((v) => v.kind === EVENT_KIND.outbound).map((v) => v.path)
  for (const [path, name] of [
    [`/en/projects/${project.id}`, 'the site'],
    [`/projects/${project.id}`, 'le site'],
  ] as const) {
    await visit(page, path)
    await page.getByTestId('markdown-body').getByRole('link', { name }).click()
    await expect.poll(goals).toContain(path)
  }
  // The same link on a page of another kind is no goal.
  await saveTranslation('legal', 'terms', 'en', {
    text: 'See [the site](https://outbound.example/t).',
  })
  await visit(page, '/en/terms')
  await page.getByTestId('markdown-body').getByRole('link', { name: 'the site' }).click()
  await expect(page).toHaveURL('https://outbound.example/t')
  await sentinel(browser, baseURL!, '/en/cv')
  expect(await goals()).toEqual([`/en/projects/${project.id}`, `/projects/${project.id}`])
})

// The script is a chunk fetched after hydration (ADR 113): what happens before it arrives is
// handed to it, and a link that leaves the page waits for it instead of leaving uncounted.
test('a page view and an outbound click made before the statistics script arrives count, and the link is followed', async ({
  page,
}) => {
  const project = await createProject(
    makeProject({
      title: 'Projet pressé',
      content: 'Voir [le site](https://outbound.example/tot).',
    }),
  )
  await page.route('https://outbound.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>ailleurs</title>' }),
  )
  // The script's chunk is held until the click has been made.
  let requested = false
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/statistics-script-[\w-]+\.js$/, async (route) => {
    requested = true
    await released
    await route.continue()
  })
  const path = `/projects/${project.id}`
  await page.goto(path)
  await waitForHydration(page)
  await overlayGone(page)
  await expect.poll(() => requested).toBe(true)
  await page.getByTestId('markdown-body').getByRole('link', { name: 'le site' }).click()
  release()
  await expect(page).toHaveURL('https://outbound.example/tot')
  await expect
    .poll(async () => (await views()).map((v) => [v.path, v.kind]).sort((a, b) => +a[1]! - +b[1]!))
    .toEqual([
      [path, EVENT_KIND.pageview],
      [path, EVENT_KIND.outbound],
    ])
})
