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

for (const [path, title] of PAGES) {
  test(`${path} renders with its French title`, async ({ page, db: _db }) => {
    await updateSettings(makeSettings({ siteName: SITE }))
    await servedWith(page, path, `<title>${title}</title>`)
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    const html = (await response?.text()) ?? ''
    expect(html).toContain(`<title>${title}</title>`) // server-rendered, not set by scripts
    await expect(page).toHaveTitle(title)
    expect(await page.locator('html').getAttribute('lang')).toBe('fr')
  })
}

for (const [from, to] of Object.entries(LEGACY_REDIRECTS)) {
  test(`legacy ${from} redirects permanently to ${to}`, async ({ request, page }) => {
    const res = await request.get(from, { maxRedirects: 0 })
    expect(res.status()).toBe(301)
    expect(new URL(res.headers()['location']!, 'http://x').pathname).toBe(to)
    await page.goto(from)
    await expect(page).toHaveURL(new RegExp(`${to}$`))
  })
}

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
