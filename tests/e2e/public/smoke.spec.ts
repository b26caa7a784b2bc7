import { LEGACY_REDIRECTS } from '#app/domain/routes.ts'
import { updateSettings } from '#app/server/repositories/settings.server.ts'
import { makeSettings } from '#app/server/demo/factories.server.ts'
import { test, expect, allowConsoleError } from '../../fixtures/test.ts'
import { servedWith } from './helpers.ts'

const SITE = 'Atelier Fumée'

// Every page route answers with server-rendered French HTML, titled
// "<page> — <site name>" (the home page: the site name), as each route's meta says.
const PAGES = [
  ['/', SITE],
  ['/projects', `Projets — ${SITE}`],
  ['/timeline', `Parcours — ${SITE}`],
  ['/blog', `Blog — ${SITE}`],
  ['/gallery', `Galerie Dimensionnelle — ${SITE}`],
  ['/cv', `CV — ${SITE}`],
  ['/contact', `Contact — ${SITE}`],
  ['/login', `Connexion — ${SITE}`],
  ['/register', `Inscription — ${SITE}`],
] as const

// One test walks them all, as they share the settings they are titled from; each check is a
// soft one named after its path, so a failing page does not hide the others' results (ADR 126).
test('every page route renders with its French title', async ({ page, db: _db }) => {
  await updateSettings(makeSettings({ siteName: SITE }))
  for (const [path, title] of PAGES) {
    await servedWith(page, path, `<title>${title}</title>`)
    const response = await page.goto(path)
    expect.soft(response?.status(), path).toBe(200)
    const html = (await response?.text()) ?? ''
    // Server-rendered, not set by scripts.
    expect.soft(html, path).toContain(`<title>${title}</title>`)
    await expect.soft(page, path).toHaveTitle(title)
    expect.soft(await page.locator('html').getAttribute('lang'), path).toBe('fr')
  }
})

test('every legacy path redirects permanently to its page', async ({ request, page }) => {
  for (const [from, to] of Object.entries(LEGACY_REDIRECTS)) {
    const res = await request.get(from, { maxRedirects: 0 })
    expect.soft(res.status(), from).toBe(301)
    expect.soft(new URL(res.headers()['location'] ?? '', 'http://x').pathname, from).toBe(to)
    await page.goto(from)
    await expect.soft(page, from).toHaveURL(new RegExp(`${to}$`))
  }
})

test('an unknown path shows the 404 page with status 404', async ({ page }) => {
  allowConsoleError(page, /status of 404/)
  const response = await page.goto('/cette-page-n-existe-pas')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Dimension Inconnue' })).toBeVisible()
})

test('healthz reports the database is up', async ({ request }) => {
  const res = await request.get('/healthz')
  expect(res.status()).toBe(200)
  expect(await res.json()).toEqual({ status: 'ok' })
})
