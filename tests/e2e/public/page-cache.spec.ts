// The page cache against the real production server (ADR 026): never served to a signed-in
// user, an admin save shows on the very next anonymous request, maintenance mode never served
// from or into the cache, a fresh nonce per response, Vary/ETag/304.
import type { APIRequestContext, PlaywrightWorkerArgs } from '@playwright/test'
import { getDb } from '#app/server/db/client.server.ts'
import { makeSettings } from '#app/server/demo/factories.server.ts'
import { updateSettings } from '#app/server/repositories/settings.server.ts'
import { createTestUser, sessionHeaders } from '../../fixtures/auth.ts'
import { openAdminTab, signInAdmin } from '../../fixtures/admin.ts'
import { test, expect } from '../../fixtures/test.ts'

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

test('page cache: fresh nonce per answer, Vary, shared-cache headers, ETag and 304', async ({
  playwright,
  server,
  db: _db,
}) => {
  const request = await visitor(playwright, server.url)
  const url = `/blog?${unique()}`
  const miss = await request.get(url)
  expect(miss.status()).toBe(200)
  expect(miss.headers()['x-page-cache']).toBe('miss')
  const hits = [await request.get(url), await request.get(url)]
  const nonces = [miss, ...hits].map((r) => headerNonce(r.headers()['content-security-policy']))
  expect(new Set(nonces).size).toBe(3)
  for (const [i, response] of [miss, ...hits].entries()) {
    const html = await response.text()
    const inPage = new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]))
    expect([...inPage]).toEqual([nonces[i]])
  }
  const hit = hits[0]!
  expect(hit.headers()['x-page-cache']).toBe('hit')
  expect(hit.headers().vary).toContain('Accept-Encoding')
  expect(hit.headers().vary).toContain('Cookie')
  expect(hit.headers()['cache-control']).toMatch(/s-maxage=\d+.*stale-while-revalidate=\d+/)
  const etag = hit.headers().etag!
  expect(etag).toBeTruthy()
  const notModified = await request.get(url, { headers: { 'if-none-match': etag } })
  expect(notModified.status()).toBe(304)
  expect(notModified.headers()['content-security-policy']).toBeUndefined()

  // gzip, decoded by the client, is the same page with its own nonce.
  const zipped = await playwright.request.newContext({ baseURL: server.url })
  const gz = await zipped.get(url, { headers: { 'accept-encoding': 'gzip' } })
  expect(gz.headers()['content-encoding']).toBe('gzip')
  const gzNonce = headerNonce(gz.headers()['content-security-policy'])
  expect(nonces).not.toContain(gzNonce)
  expect((await gz.text()).replaceAll(/nonce="[^"]+"/g, '')).toBe(
    (await hit.text()).replaceAll(/nonce="[^"]+"/g, ''),
  )
  await zipped.dispose()
  await request.dispose()
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
