// Content-Security-Policy (app/server/http/csp.server.ts): every script of a page carries this
// response's nonce, and a script slipped into the HTML without it does not run.
import { test, expect, allowConsoleError } from '../../fixtures/test.ts'
import { visit } from './helpers.ts'

test('every HTML response has a fresh nonce policy and every script carries it', async ({
  request,
  db: _db,
}) => {
  const nonces = new Set<string>()
  // Rendered answers: an earlier test of the worker may have left `/` in the page cache, whose
  // answers carry hashes instead (ADR 029, tests/e2e/public/page-cache.spec.ts).
  const fresh = `?rendu=${Date.now()}`
  for (const path of ['/', '/blog', '/login', '/une/page/inconnue']) {
    const res = await request.get(`${path}${fresh}`)
    const policy = res.headers()['content-security-policy'] ?? ''
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1]
    expect(nonce, path).toBeTruthy()
    expect(policy).toContain("object-src 'none'")
    expect(policy).toContain("base-uri 'self'")
    expect(policy).toContain("frame-ancestors 'self'")
    nonces.add(nonce!)
    const html = await res.text()
    const scripts = html.match(/<script\b[^>]*>/g) ?? []
    expect(scripts.length, path).toBeGreaterThan(0)
    for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`)
  }
  expect(nonces.size).toBe(4)
})

test('a script injected into the page without the nonce is refused; the page still works', async ({
  page,
  db: _db,
}) => {
  allowConsoleError(page, /Content Security Policy/)
  await page.route('**/blog', async (route) => {
    const response = await route.fetch()
    const html = (await response.text()).replace(
      '</body>',
      '<script>window.__injected = true</script></body>',
    )
    await route.fulfill({ response, body: html })
  })
  const refused = page.waitForEvent('console', (m) => /Content Security Policy/.test(m.text()))
  await visit(page, '/blog')
  await refused
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined()
  // The site's own scripts ran: the page hydrated and the theme picker answers.
  await page.getByRole('button', { name: 'Choisir un thème' }).click()
  await expect(page.getByRole('button', { name: 'Mode Saiyan' })).toBeVisible()
})
