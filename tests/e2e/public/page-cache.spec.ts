// The page cache against the real production server (ADRs 026, 029): never served to a
// signed-in user, an admin save shows on the very next anonymous request, maintenance mode
// never served from or into the cache, a hash-based policy for the cached bytes (a nonce per
// rendered answer), the same headers as a miss, brotli/gzip by Accept-Encoding, ETag/304.
import { createHash } from 'node:crypto'
import type { APIRequestContext, PlaywrightWorkerArgs } from '@playwright/test'
import { getDb } from '#app/server/db/client.server.ts'
import { makeSettings } from '#app/server/demo/factories.server.ts'
import { updateSettings } from '#app/server/repositories/settings.server.ts'
import { createTestUser, sessionHeaders } from '../../fixtures/auth.ts'
import { openAdminTab, signInAdmin } from '../../fixtures/admin.ts'
import { test, expect, allowConsoleError } from '../../fixtures/test.ts'
import { visit } from './helpers.ts'

test.afterEach(async ({ db: _db }) => {
  await getDb().deleteFrom('settings').execute()
})

const unique = () => `cache=${Date.now()}-${Math.random().toString(36).slice(2)}`
const headerNonce = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1]

/** A visitor without cookies, asking for identity bytes (readable as they are stored). */
async function visitor(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string) {
  return playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'accept-encoding': 'identity' },
    storageState: { cookies: [], origins: [] },
  })
}

async function warm(request: APIRequestContext, url: string) {
  await request.get(url)
  const hit = await request.get(url)
  expect(hit.headers()['x-page-cache']).toBe('hit')
  return hit
}

/** The source expression of a script text's sha256, as the browser computes it. */
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    ([, attrs]) => !/\ssrc=/.test(attrs!),
  )

test('page cache: one set of bytes for everyone, trusted by hash; same headers as a miss', async ({
  playwright,
  server,
  db: _db,
}) => {
  const request = await visitor(playwright, server.url)
  const url = `/blog?${unique()}`
  const miss = await request.get(url)
  expect(miss.status()).toBe(200)
  expect(miss.headers()['x-page-cache']).toBe('miss')
  const missNonce = headerNonce(miss.headers()['content-security-policy'])
  expect(missNonce).toBeTruthy()
  const hits = [await request.get(url), await request.get(url)]
  const [first, second] = await Promise.all(hits.map((hit) => hit.text()))
  expect(second).toBe(first)
  for (const hit of hits) {
    expect(hit.headers()['x-page-cache']).toBe('hit')
    const policy = hit.headers()['content-security-policy']!
    expect(policy).not.toContain('nonce')
    expect(policy).toContain("'strict-dynamic'")
    expect(policy).toContain("object-src 'none'")
    // Every inline script of the page is trusted by its hash, and nothing more.
    const scripts = inlineScripts(first!)
    expect(scripts.length).toBeGreaterThan(2)
    const hashes = policy.match(/'sha256-[^']+'/g) ?? []
    expect(new Set(hashes)).toEqual(new Set(scripts.map(([, , text]) => sha256(text!))))
  }
  expect(first).not.toContain('nonce=')
  expect(first).toBe((await miss.text()).replaceAll(` nonce="${missNonce}"`, ''))

  // The very headers of a miss (security headers included), but for the validators.
  const differ = ['date', 'etag', 'content-length', 'transfer-encoding', 'x-page-cache']
  const rest = (headers: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(headers).filter(
        ([name]) => !differ.includes(name) && name !== 'content-security-policy',
      ),
    )
  expect(rest(hits[0]!.headers())).toEqual(rest(miss.headers()))
  const withoutScripts = (policy: string) => policy.replace(/script-src [^;]*/, '')
  expect(withoutScripts(hits[0]!.headers()['content-security-policy']!)).toBe(
    withoutScripts(miss.headers()['content-security-policy']!),
  )
  await request.dispose()
})

test('page cache: brotli and gzip by Accept-Encoding, strong ETags, 304, HEAD', async ({
  playwright,
  server,
  db: _db,
}) => {
  const request = await visitor(playwright, server.url)
  const url = `/projects?${unique()}`
  await request.get(url)
  const identity = await request.get(url)
  expect(identity.headers()['x-page-cache']).toBe('hit')
  expect(identity.headers()['content-encoding']).toBeUndefined()
  const page = await identity.text()
  // The variants are compressed in the background: a hit may send a smaller one meanwhile.
  for (const [accept, coding] of [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', undefined],
  ] as const) {
    await expect
      .poll(async () => {
        const answer = await request.get(url, { headers: { 'accept-encoding': accept } })
        return answer.headers()['content-encoding']
      })
      .toBe(coding)
    const answer = await request.get(url, { headers: { 'accept-encoding': accept } })
    expect(answer.headers().vary).toBe('Accept-Encoding, Cookie')
    expect(await answer.text()).toBe(page)
  }
  expect(identity.headers()['cache-control']).toMatch(/s-maxage=\d+.*stale-while-revalidate=\d+/)
  const etag = identity.headers().etag!
  expect(etag).toMatch(/^"[^"]+"$/)
  const brotli = await request.get(url, { headers: { 'accept-encoding': 'br' } })
  expect(brotli.headers().etag).not.toBe(etag)
  const notModified = await request.get(url, { headers: { 'if-none-match': etag } })
  expect(notModified.status()).toBe(304)
  expect(notModified.headers().etag).toBe(etag)
  const head = await request.head(url)
  expect(head.status()).toBe(200)
  expect(head.headers()['x-page-cache']).toBe('hit')
  expect(head.headers()['content-length']).toBe(identity.headers()['content-length'])
  await request.dispose()
})

test('page cache: a cached page hydrates under its hash policy; injected scripts stay refused; analytics after consent', async ({
  page,
  playwright,
  server,
  db: _db,
}) => {
  await updateSettings(makeSettings({ googleAnalyticsId: 'G-CACHE1234' }))
  const url = `/blog?${unique()}`
  const request = await visitor(playwright, server.url)
  await warm(request, url)
  await request.dispose()
  allowConsoleError(page, /Content Security Policy/)
  const analytics: string[] = []
  await page.route(/googletagmanager\.com|google-analytics\.com/, (route) => {
    analytics.push(route.request().url())
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' })
  })
  const refused: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/.test(message.text())) refused.push(message.text())
  })
  const response = await visit(page, url)
  expect(response!.headers()['x-page-cache']).toBe('hit')
  // Hydrated: the theme picker answers.
  await page.getByRole('button', { name: 'Choisir un thème' }).click()
  await expect(page.getByRole('button', { name: 'Mode Saiyan' })).toBeVisible()
  await page.keyboard.press('Escape')
  // The consented analytics loader is a script our bundle adds ('strict-dynamic').
  expect(analytics).toEqual([])
  await page.getByRole('button', { name: 'Accepter' }).click()
  await expect.poll(() => analytics.length).toBeGreaterThan(0)
  expect(refused).toEqual([])

  // A script slipped into the cached bytes (a proxy, an injection) is not trusted.
  await page.route(`**${url}`, async (route) => {
    const cached = await route.fetch()
    expect(cached.headers()['x-page-cache']).toBe('hit')
    const html = (await cached.text()).replace(
      '</body>',
      '<script>window.__injected = true</script></body>',
    )
    await route.fulfill({ response: cached, body: html })
  })
  const violation = page.waitForEvent('console', (m) => /Content Security Policy/.test(m.text()))
  await page.goto(url)
  await violation
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined()
})

test('page cache: a cached page is never served to a signed-in user', async ({
  playwright,
  server,
  db: _db,
}) => {
  const request = await visitor(playwright, server.url)
  const url = `/projects?${unique()}`
  const anonymous = await warm(request, url)
  expect(await anonymous.text()).not.toContain('Alice Cachée')
  const user = await createTestUser({ name: 'Alice Cachée', role: 'viewer' })
  const signedIn = await request.get(url, { headers: await sessionHeaders(user) })
  expect(signedIn.status()).toBe(200)
  expect(signedIn.headers()['x-page-cache']).toBeUndefined()
  expect(await signedIn.text()).toContain('Alice Cachée')
  // Nor stored from a signed-in render: the next anonymous answer has no user in it.
  const after = await request.get(url)
  expect(await after.text()).not.toContain('Alice Cachée')
  await request.dispose()
})

test('page cache: an admin save shows on the very next anonymous request', async ({
  page,
  playwright,
  server,
  db: _db,
}) => {
  await updateSettings(makeSettings({ siteName: 'Avant la sauvegarde' }))
  const request = await visitor(playwright, server.url)
  const url = `/?${unique()}`
  expect(await (await warm(request, url)).text()).toContain('Avant la sauvegarde')

  // Through the back office: the server's own write.
  await signInAdmin(page)
  await openAdminTab(page, 'Paramètres')
  await page.getByLabel('Nom du site').fill('Après la sauvegarde')
  await page.getByRole('button', { name: /Enregistr/ }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Paramètres mis à jour' })).toBeVisible()
  const next = await request.get(url)
  expect(next.headers()['x-page-cache']).toBe('miss')
  expect(await next.text()).toContain('Après la sauvegarde')

  // By another process on the same database (a script, these tests' factories).
  await warm(request, url)
  await updateSettings(makeSettings({ siteName: 'Écrit par un script' }))
  expect(await (await request.get(url)).text()).toContain('Écrit par un script')
  await request.dispose()
})

test('page cache: maintenance mode is never served from or into the cache', async ({
  playwright,
  server,
  db: _db,
}) => {
  const request = await visitor(playwright, server.url)
  const url = `/blog?${unique()}`
  await warm(request, url)
  await updateSettings(makeSettings({ maintenanceMode: true }))
  for (let i = 0; i < 2; i++) {
    const during = await request.get(url)
    expect(during.status()).toBe(503)
    expect(during.headers()['x-page-cache']).toBeUndefined()
    expect(during.headers()['cache-control']).toBe('no-store')
  }
  await updateSettings(makeSettings({ maintenanceMode: false }))
  const back = await request.get(url)
  expect(back.status()).toBe(200)
  expect(back.headers()['x-page-cache']).toBe('miss')
  await request.dispose()
})

test("page cache: a page change's data is kept like its page (ADR 052)", async ({
  page,
  playwright,
  server,
  db: _db,
}) => {
  await updateSettings(makeSettings({ siteName: 'Données en cache' }))
  const request = await visitor(playwright, server.url)
  const url = `/blog.data?_routes=root%2Croutes%2Fpublic%2Flayout%2Croutes%2Fpublic%2Fblog&${unique()}`
  const hit = await warm(request, url)
  expect(hit.headers()['content-type']).toContain('text/x-script')
  expect(hit.headers()['cache-control']).toBe('public, no-cache')
  expect(await hit.text()).toContain('Données en cache')
  expect(
    (await request.get(url, { headers: { 'if-none-match': hit.headers().etag! } })).status(),
  ).toBe(304)

  // Never for a signed-in visitor, never stored from one.
  const user = await createTestUser({ name: 'Bruno Données', role: 'viewer' })
  const signedIn = await request.get(url, { headers: await sessionHeaders(user) })
  expect(signedIn.headers()['x-page-cache']).toBeUndefined()
  expect(await signedIn.text()).toContain('Bruno Données')
  expect(await (await request.get(url)).text()).not.toContain('Bruno Données')

  // A save shows on the very next page change; maintenance is never served from the cache.
  await updateSettings(makeSettings({ siteName: 'Données après la sauvegarde' }))
  const next = await request.get(url)
  expect(next.headers()['x-page-cache']).toBe('miss')
  expect(await next.text()).toContain('Données après la sauvegarde')
  await updateSettings(makeSettings({ maintenanceMode: true }))
  for (let i = 0; i < 2; i++) {
    const during = await request.get(url)
    expect(during.status()).not.toBe(200)
    expect(during.headers()['x-page-cache']).toBeUndefined()
  }
  await updateSettings(makeSettings({ maintenanceMode: false }))
  await request.dispose()

  // In the browser: the second visit of the blog by a page change is answered from memory,
  // and the page shows it.
  await visit(page, '/')
  const blogData = (response: { url(): string }) =>
    new URL(response.url()).pathname === '/blog.data'
  for (let visitIndex = 0; visitIndex < 2; visitIndex++) {
    const answer = page.waitForResponse(blogData)
    await page
      .getByRole('navigation')
      .getByRole('link', { name: 'Blog', exact: true })
      .first()
      .click()
    const response = await answer
    expect(response.status()).toBe(200)
    if (visitIndex === 1) expect(response.headers()['x-page-cache']).toBe('hit')
    await expect(page).toHaveURL(/\/blog$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page
      .getByRole('navigation')
      .getByRole('link', { name: 'Accueil', exact: true })
      .first()
      .click()
    await expect(page).toHaveURL(/\/$/)
  }
})
