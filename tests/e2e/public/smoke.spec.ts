import { LEGACY_REDIRECTS } from '#app/domain/routes.ts'
import { test, expect, allowConsoleError } from '../../fixtures/test.ts'

// Every route of the spec §2 route table answers with server-rendered French HTML.
const PAGES = ['/', '/projects', '/timeline', '/blog', '/gallery', '/cv', '/contact', '/login', '/register']

for (const path of PAGES) {
  test(`${path} renders with a French title`, async ({ page }) => {
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    await expect(page).toHaveTitle(/\S/)
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
