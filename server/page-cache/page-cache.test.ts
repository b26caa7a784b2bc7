// The page cache through real HTTP (ADRs 026, 029, 078): hits answered by a middleware after
// the server's own guards, so by the same rules as a miss, hash-based policy of cached pages, gzip/brotli variants chosen by
// Accept-Encoding, strong ETags and 304, bypass rules and the memory bound (every variant
// counted). The app behind it is a small Express route that renders like ours (a CSP nonce in
// the header and on its scripts) behind the server's own middlewares; the full app is covered
// by tests/e2e/public/page-cache.spec.ts.
import { createHash, randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import express from 'express'
import compression from 'compression'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { flushLogLines } from '#app/server/core/log.server.ts'
import { canonicalHostRedirect, requestLog, securityHeaders } from '../middleware.ts'
import { hostGuard, malformedPathGuard, methodGuard, responseRules } from '../request-guard.ts'
import {
  acceptedCodings,
  DATA_CACHE_CONTROL,
  hasOwnCookie,
  PageCache,
  pageCacheMiddleware,
} from './index.ts'
import { toCachedPage } from './policy.ts'

let generation = 1
let renders = 0
const THEME = 'document.documentElement.dataset.theme = "neutral"'
const BOOT = 'import("/assets/entry.client.js")'
const INJECTED = 'window.__injected = 1'

interface Harness {
  cache: PageCache
  origin: string
  close(): Promise<void>
}

async function harness(maxBytes: number): Promise<Harness> {
  const cache = new PageCache({ generation: () => generation, maxBytes })
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', 'loopback')
  // The guards of server/index.ts, in its order.
  app.use(requestLog)
  app.use(hostGuard)
  app.use(methodGuard)
  app.use(malformedPathGuard)
  app.use(responseRules)
  app.use(canonicalHostRedirect({ forceHttps: true }))
  app.use(securityHeaders)
  app.use(compression())
  app.use(pageCacheMiddleware(cache))
  app.get('/{*splat}', (req, res) => {
    renders += 1
    // A page change's data, as React Router's single fetch answers it (no markup, no policy).
    if (req.path.endsWith('.data') && !req.query.html) {
      if (req.query.status) res.status(Number(req.query.status))
      res.setHeader('Content-Type', 'text/x-script; charset=utf-8')
      res.setHeader('X-Remix-Response', 'yes')
      res.end(JSON.stringify([{ _1: 2 }, 'data', `${req.originalUrl} g${generation}`]))
      return
    }
    const nonce = randomBytes(18).toString('base64')
    res.setHeader(
      'Content-Security-Policy',
      `default-src 'self'; script-src 'nonce-${nonce}' 'strict-dynamic' 'self' https:; object-src 'none'`,
    )
    if (req.query.status) res.status(Number(req.query.status))
    if (req.query.cookie) res.setHeader('Set-Cookie', 'toast=1')
    if (req.query.private) res.setHeader('Cache-Control', 'private, no-store')
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    const filler = `Une page de démonstration, rendue à la demande (${req.originalUrl}). `.repeat(
      Number(req.query.size ?? 200),
    )
    res.write(
      `<!doctype html><html><head><script nonce="${nonce}">${THEME}</script>` +
        `<link rel="modulepreload" href="/assets/entry.client.js" nonce="${nonce}"/></head>`,
    )
    res.end(
      `<body>${req.originalUrl} g${generation} ${filler}` +
        `<script type="application/ld+json" nonce="${nonce}">{"@type":"Person"}</script>` +
        // Markup that slipped into the page without the nonce (an injection): never trusted.
        `<script>${INJECTED}</script>` +
        `<script nonce="${nonce}" type="module" async="">${BOOT}</script></body></html>`,
    )
  })
  const server = http.createServer(app)
  server.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  return {
    cache,
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

let main: Harness
// The request log's lines (stdout), kept for the tests that read them.
let logged: string[] = []
beforeAll(async () => {
  main = await harness(4 * 1024 * 1024)
})
afterAll(() => main.close())

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

function request(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  origin = main.origin,
) {
  return new Promise<Answer>((resolve, reject) => {
    http
      .request(
        `${origin}${path}`,
        { method, headers: { 'accept-encoding': 'identity', ...headers } },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          )
        },
      )
      .on('error', reject)
      .end()
  })
}
const get = (path: string, headers: Record<string, string> = {}) => request(path, headers)

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
const scriptSources = (csp: unknown) => /script-src ([^;]*)/.exec(String(csp))?.[1] ?? ''

/** A stored page with its compressed variants ready. */
async function warm(path: string, harnessed = main) {
  await request(path, {}, 'GET', harnessed.origin)
  // A hit asking for brotli queues it (after gzip, queued when the page was stored).
  // (Until then the pipeline's compression compresses the identity bytes on the way out.)
  const stored = () =>
    [...harnessed.cache.entries.values()].find((entry) => entry.key.endsWith(`\n${path}`))
  for (let i = 0; i < 5 && !(stored()?.br && stored()?.gzip); i++) {
    const hit = await request(path, { 'accept-encoding': 'br' }, 'GET', harnessed.origin)
    expect(hit.headers['x-page-cache']).toBe('hit')
    await harnessed.cache.settled()
  }
  return request(path, {}, 'GET', harnessed.origin)
}

/** The request log's lines written while `send` ran. */
async function logLines(send: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  logged = []
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    logged.push(...String(chunk).split(/(?<=\n)/))
    return true
  })
  try {
    await send()
    flushLogLines()
  } finally {
    spy.mockRestore()
  }
  return logged.map((line) => JSON.parse(line) as Record<string, unknown>)
}

describe('a hit and a miss pass the same pipeline', () => {
  it('get the same headers, the same log line, the same refusals and redirects', async () => {
    const [miss, hit] = [await get('/meme-chemin'), await get('/meme-chemin')]
    expect([miss.headers['x-page-cache'], hit.headers['x-page-cache']]).toEqual(['miss', 'hit'])
    for (const name of [
      'x-content-type-options',
      'referrer-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'permissions-policy',
      'content-type',
      'cache-control',
      'vary',
    ]) {
      expect(hit.headers[name], name).toBe(miss.headers[name])
      expect(hit.headers[name], name).toBeTruthy()
    }
    // One request line each, key for key.
    const lines = await logLines(async () => {
      await get('/meme-chemin')
      await get('/meme-chemin?autre=1')
    })
    expect(lines.map((line) => Object.keys(line))).toEqual([
      ['time', 'level', 'method', 'path', 'status', 'ms'],
      ['time', 'level', 'method', 'path', 'status', 'ms'],
    ])
    expect(lines.map(({ path, status }) => [path, status])).toEqual([
      ['/meme-chemin', 200],
      ['/meme-chemin', 200],
    ])
    // The cached page is refused or redirected exactly as an uncached one would be.
    const stored = '/caf%C3%A9-stocke'
    await get(stored)
    expect((await get(stored)).headers['x-page-cache']).toBe('hit')
    for (const [path, headers, status] of [
      ['/meme-chemin', { host: 'a b' }, 400],
      ['/meme-chemin', { host: 'www.exemple.fr', 'x-forwarded-proto': 'https' }, 301],
      ['/meme-chemin', { host: 'exemple.fr' }, 301],
      [`${stored}%zz`, {}, 400],
    ] as const) {
      const answer = await get(path, headers)
      expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBe(status)
      expect(answer.headers['x-page-cache']).toBeUndefined()
    }
    expect((await request('/meme-chemin', {}, 'DELETE')).status).toBe(405)
  })
})

describe('page cache', () => {
  it('answers hits from memory with hashes of the trusted scripts instead of a nonce', async () => {
    const before = renders
    const miss = await get('/blog?policy=1')
    expect(miss.headers['x-page-cache']).toBe('miss')
    expect(scriptSources(miss.headers['content-security-policy'])).toMatch(/'nonce-/)
    const hits = [await get('/blog?policy=1'), await get('/blog?policy=1')]
    expect(renders).toBe(before + 1)
    for (const hit of hits) {
      expect(hit.headers['x-page-cache']).toBe('hit')
      const sources = scriptSources(hit.headers['content-security-policy'])
      expect(sources).not.toMatch(/nonce/)
      // The app's inline scripts (and the data block) are trusted by hash, 'strict-dynamic'
      // lets them load the modules; the injected script is not trusted.
      expect(sources).toContain(sha(THEME))
      expect(sources).toContain(sha(BOOT))
      expect(sources).not.toContain(sha(INJECTED))
      expect(sources).toContain("'strict-dynamic'")
      expect(hit.body.toString()).not.toMatch(/nonce=/)
      expect(hit.headers['content-security-policy']).toContain("object-src 'none'")
    }
    // Apart from the nonce attributes, the bytes the miss sent.
    expect(hits[0]!.body.toString()).toBe(miss.body.toString().replaceAll(/ nonce="[^"]+"/g, ''))
    expect(hits[0]!.headers['content-length']).toBe(String(hits[0]!.body.length))
  })

  it('sends on a hit the very headers of a miss (security headers included)', async () => {
    const miss = await get('/headers')
    const hit = await get('/headers')
    expect(hit.headers['x-page-cache']).toBe('hit')
    const differ = new Set([
      'date',
      'etag',
      'content-length',
      'transfer-encoding',
      'x-page-cache',
      'content-security-policy',
    ])
    const same = (answer: Answer) =>
      Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !differ.has(name)))
    expect(same(hit)).toEqual(same(miss))
    expect(hit.headers['x-content-type-options']).toBe('nosniff')
    expect(hit.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups')
    expect(hit.headers['content-security-policy']).toBeTruthy()
    expect(hit.headers['strict-transport-security']).toBeUndefined()
  })

  it('follows Express on https behind a trusted proxy: HSTS on hits, redirects not served', async () => {
    const https = { host: 'exemple.fr', 'x-forwarded-proto': 'https' }
    const miss = await get('/proxy', https)
    expect(miss.status).toBe(200)
    const hit = await get('/proxy', https)
    expect(hit.headers['x-page-cache']).toBe('hit')
    expect(hit.headers['strict-transport-security']).toBe(miss.headers['strict-transport-security'])
    expect(hit.headers['strict-transport-security']).toMatch(/max-age=/)
    // The same host over plain http is redirected to https, as Express does, never a hit.
    const plain = await get('/proxy', { host: 'exemple.fr' })
    expect(plain.status).toBe(301)
    expect(plain.headers.location).toBe('https://exemple.fr/proxy')
  })

  it('keeps gzip and brotli variants chosen by Accept-Encoding and its q-values', async () => {
    await warm('/variants')
    const plain = await get('/variants')
    const page = plain.body.toString()
    const cases: [string, string | undefined][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['br;q=0, gzip;q=0.8', 'gzip'],
      ['*', 'br'],
      ['*;q=0.1, br;q=0', 'gzip'],
      ['gzip;q=0, br;q=0', undefined],
      ['identity', undefined],
      // No stored variant: compressed on the way out, as any answer (the pipeline's compression).
      ['deflate', 'deflate'],
    ]
    for (const [accept, expected] of cases) {
      const answer = await get('/variants', { 'accept-encoding': accept })
      expect(answer.headers['content-encoding'], accept).toBe(expected)
      expect(answer.headers.vary).toBe('Accept-Encoding, Cookie')
      const decoded =
        expected === 'br'
          ? brotliDecompressSync(answer.body)
          : expected === 'gzip'
            ? gunzipSync(answer.body)
            : expected === 'deflate'
              ? inflateSync(answer.body)
              : answer.body
      expect(decoded.toString(), accept).toBe(page)
      if (expected) expect(answer.body.length).toBeLessThan(page.length / 4)
    }
    expect(acceptedCodings('gzip;q=0.9, br;q=0.9')).toEqual(['br', 'gzip', 'identity'])
    expect(acceptedCodings(undefined)).toEqual(['identity'])
  })

  it('sends strong ETags per variant, 304 on If-None-Match, HEAD without a body', async () => {
    await warm('/etag')
    const plain = await get('/etag')
    const gz = await get('/etag', { 'accept-encoding': 'gzip' })
    const br = await get('/etag', { 'accept-encoding': 'br' })
    const tags = [plain, gz, br].map((answer) => answer.headers.etag!)
    expect(new Set(tags).size).toBe(3)
    for (const tag of tags) expect(tag).toMatch(/^"[^"]+"$/)
    expect((await get('/etag')).headers.etag).toBe(tags[0])
    expect(plain.headers['cache-control']).toMatch(/public, max-age=0, s-maxage=\d+/)
    expect(plain.headers['cache-control']).toMatch(/stale-while-revalidate=\d+/)

    const notModified = await get('/etag', { 'accept-encoding': 'br', 'if-none-match': tags[2]! })
    expect(notModified.status).toBe(304)
    expect(notModified.body.length).toBe(0)
    expect(notModified.headers.etag).toBe(tags[2])
    expect(notModified.headers.vary).toBe('Accept-Encoding, Cookie')
    expect(notModified.headers['x-content-type-options']).toBe('nosniff')
    // Weak comparison, lists, and another variant's tag is not this one's.
    const weak = await get('/etag', { 'if-none-match': `"autre", W/${tags[0]}` })
    expect(weak.status).toBe(304)
    expect((await get('/etag', { 'if-none-match': tags[1]! })).status).toBe(200)
    expect((await get('/etag', { 'if-none-match': '"autre"' })).status).toBe(200)

    const head = await request('/etag', { 'accept-encoding': 'gzip' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers['x-page-cache']).toBe('hit')
    expect(head.body.length).toBe(0)
    expect(head.headers['content-length']).toBe(gz.headers['content-length'])
    expect(head.headers['content-encoding']).toBe('gzip')
  })

  it('renders again after the content generation moves', async () => {
    await get('/generation')
    expect((await get('/generation')).headers['x-page-cache']).toBe('hit')
    generation += 1
    const after = await get('/generation')
    expect(after.headers['x-page-cache']).toBe('miss')
    expect(after.body.toString()).toContain(`g${generation}`)
  })

  it('never stores error answers, private answers or answers that set a cookie', async () => {
    for (const path of ['/err?status=503', '/err?status=404', '/err?cookie=1', '/err?private=1']) {
      await get(path)
      expect((await get(path)).headers['x-page-cache']).not.toBe('hit')
    }
  })

  it('bypasses requests with our cookies or credentials, not analytics cookies', async () => {
    await get('/cookies')
    const analytics = await get('/cookies', { cookie: '_ga=GA1.1.1; _gid=2' })
    expect(analytics.headers['x-page-cache']).toBe('hit')
    const signedIn = await get('/cookies', { cookie: 'better-auth.session_token=abc' })
    expect(signedIn.headers['x-page-cache']).toBeUndefined()
    const withAuth = await get('/cookies', { authorization: 'Basic eDp5' })
    expect(withAuth.headers['x-page-cache']).toBeUndefined()
    expect(hasOwnCookie('_ga=1; vitrine-toast=2')).toBe(true)
    expect(hasOwnCookie('_ga=1; _gid=2')).toBe(false)
    // The statistics' opt-out is read by the script only (ADR 072): no page varies on it.
    expect(hasOwnCookie('_vitrine_stats=opt-out')).toBe(false)
    expect(hasOwnCookie('_vitrine_stats_x=1')).toBe(true)
    // Other methods never hit.
    expect((await request('/cookies', {}, 'OPTIONS')).headers['x-page-cache']).toBeUndefined()
  })

  it('never caches the admin hub, accounts or secret links (their data neither); bad escapes stay a 400', async () => {
    for (const path of [
      '/admin',
      '/admin/settings',
      '/login',
      '/api/auth/x',
      '/admin.data',
      '/admin/settings.data?_routes=routes%2Fadmin%2Fsettings',
      '/login.data',
      '/compte',
      '/reset-password?token=abc',
      '/reset-password.data?token=abc',
    ]) {
      await get(path)
      expect((await get(path)).headers['x-page-cache']).toBeUndefined()
    }
    expect((await get('/blog/%zz')).status).toBe(400)
    await get('/caf%C3%A9')
    expect((await get('/caf%C3%A9')).headers['x-page-cache']).toBe('hit')
  })

  it("keeps a page change's data as its page, checked with the server at each use", async () => {
    const path = '/blog.data?_routes=routes%2Fpublic%2Flayout%2Croutes%2Fpublic%2Fblog'
    const miss = await get(path)
    expect(miss.headers['x-page-cache']).toBe('miss')
    expect(miss.headers['cache-control']).toBe(DATA_CACHE_CONTROL)
    const hit = await get(path)
    expect(hit.headers['x-page-cache']).toBe('hit')
    expect(hit.body.toString()).toBe(miss.body.toString())
    expect(hit.body.toString()).toContain(`g${generation}`)
    for (const name of ['content-type', 'x-remix-response', 'cache-control', 'vary'])
      expect(hit.headers[name]).toBe(miss.headers[name])
    expect(hit.headers['content-security-policy']).toBeUndefined()
    expect((await get(path, { 'if-none-match': hit.headers.etag! })).status).toBe(304)
    // Compressed once, like a page.
    const br = await warm(path)
    expect(br.headers['x-page-cache']).toBe('hit')
    const compressed = await get(path, { 'accept-encoding': 'br' })
    expect(compressed.headers['content-encoding']).toBe('br')
    expect(compressed.headers['cache-control']).toBe(DATA_CACHE_CONTROL)
    expect(brotliDecompressSync(compressed.body).toString()).toBe(miss.body.toString())
    // Another set of routes is another entry; a save empties it; our cookies bypass it.
    expect((await get('/blog.data')).headers['x-page-cache']).toBe('miss')
    generation += 1
    const after = await get(path)
    expect(after.headers['x-page-cache']).toBe('miss')
    expect(after.body.toString()).toContain(`g${generation}`)
    const signedIn = await get(path, { cookie: 'better-auth.session_token=abc' })
    expect(signedIn.headers['x-page-cache']).toBeUndefined()
    // Only React Router's answers of 200: not an error, not another kind of `.data`.
    for (const other of ['/gone.data?status=404', '/page.data?html=1', '/file.data.txt']) {
      await get(other)
      expect((await get(other)).headers['x-page-cache']).not.toBe('hit')
    }
  })

  it('trusts only nonce-carrying inline scripts and refuses pages it cannot express', () => {
    const nonce = 'A'.repeat(24)
    const policy = `script-src 'nonce-${nonce}' 'strict-dynamic'`
    const page = toCachedPage(
      Buffer.from(`<script nonce="${nonce}">a()</script><script>b()</script>`),
      nonce,
      policy,
    )!
    expect(page.policy).toBe(`script-src ${sha('a()')} 'strict-dynamic'`)
    expect(page.html.toString()).toBe('<script>a()</script><script>b()</script>')
    // An external script with the nonce cannot be trusted by a hash: not cached.
    const external = `<script nonce="${nonce}" src="/x.js"></script>`
    expect(toCachedPage(Buffer.from(external), nonce, policy)).toBeNull()
    // The nonce anywhere else than in an attribute: not cached.
    expect(toCachedPage(Buffer.from(`<p>${nonce}</p>`), nonce, policy)).toBeNull()
    expect(toCachedPage(Buffer.from('<p></p>'), nonce, policy)!.policy).toBe(
      "script-src 'strict-dynamic'",
    )
  })

  it('stays within its memory bound under thousands of query strings, variants counted', async () => {
    const small = await harness(1024 * 1024)
    try {
      for (let i = 0; i < 2000; i++) {
        await request(`/blog?size=40&q=${i}`, {}, 'GET', small.origin)
        expect(small.cache.bytes).toBeLessThanOrEqual(small.cache.maxBytes)
      }
      expect(small.cache.entries.size).toBeLessThan(2000)
      // The most recent ones are kept and still served; the oldest were dropped.
      expect(
        (await request('/blog?size=40&q=1999', {}, 'GET', small.origin)).headers['x-page-cache'],
      ).toBe('hit')
      expect(
        (await request('/blog?size=40&q=0', {}, 'GET', small.origin)).headers['x-page-cache'],
      ).toBe('miss')
      // With every variant present, the bound counts them all.
      for (let i = 0; i < 60; i++) await warm(`/blog?size=200&v=${i}`, small)
      let held = 0
      for (const entry of small.cache.entries.values()) {
        held += entry.identity.body.length
        held += entry.gzip?.body.length ?? 0
        held += entry.br?.body.length ?? 0
      }
      expect([...small.cache.entries.values()].some((e) => e.br && e.gzip)).toBe(true)
      expect(held).toBeLessThanOrEqual(small.cache.bytes)
      expect(small.cache.bytes).toBeLessThanOrEqual(small.cache.maxBytes)
    } finally {
      await small.close()
    }
  }, 120_000)
})
