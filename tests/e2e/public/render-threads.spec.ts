// Render threads (ADR 056) against the real server: with RENDER_THREADS_ALWAYS every
// anonymous public page and page-change data is rendered on a thread, which must answer the
// same bytes as the main thread (nonce aside), hydrate in the browser, follow the main
// thread's content generation, and leave everything else to the main thread.
import type { APIRequestContext, PlaywrightWorkerArgs } from '@playwright/test'
import { makeBlogPost, makeSettings } from '#app/server/demo/factories.server.ts'
import { createBlogPost } from '#app/server/repositories/blog.server.ts'
import { updateSettings } from '#app/server/repositories/settings.server.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { openAdminTab, signInAdmin } from '../../fixtures/admin.ts'
import { expect, test, type TestServer } from '../../fixtures/test.ts'
import { visit } from './helpers.ts'

// LOG_LEVEL info: the request log (its "thread" field) is what these tests read.
test.use({
  serverEnv: { RENDER_THREADS: '1', RENDER_THREADS_ALWAYS: 'true', PAGE_CACHE: 'false', LOG_LEVEL: 'info' },
})

test.afterEach(async ({ db: _db }) => {
  await getDb().deleteFrom('settings').execute()
})

/** A visitor without cookies, asking for identity bytes. */
async function visitor(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  cookie?: string,
): Promise<APIRequestContext> {
  return playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) },
    storageState: { cookies: [], origins: [] },
  })
}

/** The request-log lines of `path` the server wrote since `from` (an offset in its output). */
function logged(server: TestServer, path: string, from: number) {
  return server
    .output()
    .slice(from)
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { path?: string; status?: number; thread?: boolean })
    .filter((entry) => entry.path === path)
}

/** The request log is written when the answer finishes: wait for its line. */
async function lastLogged(server: TestServer, path: string, from: number) {
  await expect.poll(() => logged(server, path, from).length).toBeGreaterThan(0)
  return logged(server, path, from).at(-1)!
}

/** The document with each render's nonce replaced by one marker. */
function withoutNonce(html: string, csp: string | undefined) {
  const nonce = /'nonce-([^']+)'/.exec(csp ?? '')?.[1]
  expect(nonce, 'a rendered page carries a nonce').toBeTruthy()
  return html.replaceAll(nonce!, 'NONCE')
}

test('render threads: public pages and their data, rendered on a thread, are the main thread’s bytes', async ({
  playwright,
  server,
  db: _db,
}) => {
  const post = await createBlogPost(makeBlogPost({ title: `Rendu sur un fil ${Date.now()}` }))
  const anonymous = await visitor(playwright, server.url)
  // Any cookie but analytics ones keeps a request on the main thread (as for the page cache).
  const withCookie = await visitor(playwright, server.url, 'vitrine-essai=1')
  for (const path of [
    '/',
    '/projects',
    '/blog',
    `/blog/${post.slug}`,
    '/timeline',
    '/blog.data?_routes=root,routes/public/layout,routes/public/blog',
    '/page-inexistante',
  ]) {
    const from = server.output().length
    const onThread = await anonymous.get(path)
    const pathOnly = path.split('?')[0]!
    expect(await lastLogged(server, pathOnly, from), path).toMatchObject({ thread: true })

    const mark = server.output().length
    const onMain = await withCookie.get(path)
    expect((await lastLogged(server, pathOnly, mark)).thread, path).toBeUndefined()

    expect(onThread.status(), path).toBe(onMain.status())
    expect(onThread.headers()['content-type'], path).toBe(onMain.headers()['content-type'])
    if (path.includes('.data')) expect(await onThread.text(), path).toBe(await onMain.text())
    else
      expect(
        withoutNonce(await onThread.text(), onThread.headers()['content-security-policy']),
        path,
      ).toBe(withoutNonce(await onMain.text(), onMain.headers()['content-security-policy']))
  }
  await anonymous.dispose()
  await withCookie.dispose()
})

test('render threads: what is not a public page stays on the main thread', async ({
  playwright,
  server,
  db: _db,
}) => {
  const anonymous = await visitor(playwright, server.url)
  for (const [path, status] of [
    ['/rss.xml', 200],
    ['/sitemap.xml', 200],
    ['/login', 200],
    ['/admin', 302],
  ] as const) {
    const from = server.output().length
    const response = await anonymous.get(path, { maxRedirects: 0 })
    expect(response.status(), path).toBe(status)
    expect((await lastLogged(server, path, from)).thread, path).toBeUndefined()
  }
  await anonymous.dispose()
})

test('render threads: a save shows on the very next page a thread renders', async ({
  page,
  playwright,
  server,
  db: _db,
}) => {
  const anonymous = await visitor(playwright, server.url)
  await updateSettings(makeSettings({ siteName: 'Avant la sauvegarde' }))
  expect(await (await anonymous.get('/')).text()).toContain('Avant la sauvegarde')

  // The server's own write, through the back office.
  await signInAdmin(page)
  await openAdminTab(page, 'Paramètres')
  await page.getByLabel('Nom du site').fill('Après la sauvegarde')
  await page.getByRole('button', { name: /Enregistr/ }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Paramètres mis à jour' })).toBeVisible()
  const from = server.output().length
  expect(await (await anonymous.get('/')).text()).toContain('Après la sauvegarde')
  expect(await lastLogged(server, '/', from)).toMatchObject({ thread: true })

  // Another process's commit on the same database (these tests' factories).
  await updateSettings(makeSettings({ siteName: 'Écrit par un script' }))
  expect(await (await anonymous.get('/')).text()).toContain('Écrit par un script')
  await anonymous.dispose()
})

test('render threads: a page rendered on a thread hydrates, and page changes work', async ({
  page,
  server,
  db: _db,
}) => {
  const from = server.output().length
  await visit(page, '/blog')
  expect(await lastLogged(server, '/blog', from)).toMatchObject({ thread: true })
  await page.getByRole('navigation').getByRole('link', { name: 'Projets' }).first().click()
  await expect(page).toHaveURL(/\/projects$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // The page change's data came from the thread too.
  expect(await lastLogged(server, '/projects.data', from)).toMatchObject({ thread: true })
})
