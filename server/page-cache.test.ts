// The page cache through a real Express server and real HTTP (ADR 026): nonce per response,
// gzip pieces that decode to the same page, ETag/304, bypass rules and the memory bound.
// The app behind it is a small Express route that renders like ours (a CSP nonce in the
// header and in the HTML); the full app is covered by tests/e2e/public/page-cache.spec.ts.
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'
import express from 'express'
import compression from 'compression'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasOwnCookie, PageCache, pageCacheMiddleware } from './page-cache.ts'

let generation = 1
let renders = 0
let server: http.Server
let origin: string
const cache = new PageCache({ generation: () => generation, maxBytes: 2 * 1024 * 1024 })

beforeAll(async () => {
  const app = express()
  app.use(compression())
  app.use(pageCacheMiddleware(cache))
  app.get('/{*splat}', (req, res) => {
    renders += 1
    const nonce = randomBytes(18).toString('base64')
    res.setHeader('Content-Security-Policy', `script-src 'nonce-${nonce}' 'strict-dynamic'`)
    if (req.query.status) res.status(Number(req.query.status))
    if (req.query.cookie) res.setHeader('Set-Cookie', 'toast=1')
    res.type('text/html')
    const filler = 'Une page de démonstration, rendue à la demande. '.repeat(200)
    res.write(`<!doctype html><html><head><script nonce="${nonce}">1</script></head>`)
    res.end(
      `<body>${req.originalUrl} g${generation} ${filler}<script nonce="${nonce}">2</script></body></html>`,
    )
  })
  server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise((resolve) => server.close(resolve)))

function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(
          `${origin}${path}`,
          { headers: { 'accept-encoding': 'identity', ...headers } },
          (res) => {
            const chunks: Buffer[] = []
            res.on('data', (c: Buffer) => chunks.push(c))
            res.on('end', () =>
              resolve({
                status: res.statusCode!,
                headers: res.headers,
                body: Buffer.concat(chunks),
              }),
            )
          },
        )
        .on('error', reject)
    },
  )
}

const headerNonce = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1]
const bodyNonces = (html: string) => [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1])

describe('page cache', () => {
  it('serves a stored page with a fresh nonce in the header and every script', async () => {
    const before = renders
    const first = await get('/blog?fresh=1')
    expect(first.headers['x-page-cache']).toBe('miss')
    const second = await get('/blog?fresh=1')
    const third = await get('/blog?fresh=1')
    expect(renders).toBe(before + 1)
    expect(second.headers['x-page-cache']).toBe('hit')
    const nonces = [first, second, third].map((r) =>
      headerNonce(r.headers['content-security-policy']),
    )
    expect(new Set(nonces).size).toBe(3)
    for (const [i, response] of [first, second, third].entries()) {
      expect(bodyNonces(response.body.toString())).toEqual([nonces[i], nonces[i]])
    }
    // Apart from the nonce, the very same bytes.
    const strip = (b: Buffer) => b.toString().replaceAll(/nonce="[^"]+"/g, '')
    expect(strip(second.body)).toBe(strip(first.body))
    expect(second.headers['content-length']).toBe(String(second.body.length))
  })

  it('answers gzip from pieces compressed once, decoding to the page with its own nonce', async () => {
    await get('/gzip')
    const plain = await get('/gzip')
    const zipped = await get('/gzip', { 'accept-encoding': 'gzip, deflate, br' })
    expect(zipped.headers['x-page-cache']).toBe('hit')
    expect(zipped.headers['content-encoding']).toBe('gzip')
    const html = gunzipSync(zipped.body).toString()
    const nonce = headerNonce(zipped.headers['content-security-policy'])
    expect(nonce).not.toBe(headerNonce(plain.headers['content-security-policy']))
    expect(bodyNonces(html)).toEqual([nonce, nonce])
    expect(html.replaceAll(/nonce="[^"]+"/g, '')).toBe(
      plain.body.toString().replaceAll(/nonce="[^"]+"/g, ''),
    )
    expect(zipped.body.length).toBeLessThan(plain.body.length / 4)
  })

  it('sends Vary, shared-cache Cache-Control, a weak ETag and 304 without a policy', async () => {
    await get('/etag')
    const hit = await get('/etag')
    expect(hit.headers.vary).toBe('Accept-Encoding, Cookie')
    expect(hit.headers['cache-control']).toMatch(/s-maxage=\d+/)
    expect(hit.headers['cache-control']).toMatch(/stale-while-revalidate=\d+/)
    const etag = hit.headers.etag!
    expect(etag).toMatch(/^W\/"/)
    const notModified = await get('/etag', { 'if-none-match': etag })
    expect(notModified.status).toBe(304)
    expect(notModified.body.length).toBe(0)
    expect(notModified.headers['content-security-policy']).toBeUndefined()
    expect((await get('/etag', { 'if-none-match': 'W/"autre"' })).status).toBe(200)
  })

  it('renders again after the content generation moves', async () => {
    await get('/generation')
    expect((await get('/generation')).headers['x-page-cache']).toBe('hit')
    generation += 1
    const after = await get('/generation')
    expect(after.headers['x-page-cache']).toBe('miss')
    expect(after.body.toString()).toContain(`g${generation}`)
  })

  it('never stores error answers or answers that set a cookie', async () => {
    for (const path of ['/err?status=503', '/err?status=404', '/err?cookie=1']) {
      await get(path)
      expect((await get(path)).headers['x-page-cache']).not.toBe('hit')
    }
  })

  it('bypasses requests with our cookies or credentials, not analytics cookies', async () => {
    await get('/cookies')
    expect((await get('/cookies', { cookie: '_ga=GA1.1.1; _gid=2' })).headers['x-page-cache']).toBe(
      'hit',
    )
    const signedIn = await get('/cookies', { cookie: 'better-auth.session_token=abc' })
    expect(signedIn.headers['x-page-cache']).toBeUndefined()
    const withAuth = await get('/cookies', { authorization: 'Basic eDp5' })
    expect(withAuth.headers['x-page-cache']).toBeUndefined()
    expect(hasOwnCookie('_ga=1; vitrine-toast=2')).toBe(true)
    expect(hasOwnCookie('_ga=1; _gid=2')).toBe(false)
  })

  it('never caches the admin hub, accounts or data requests', async () => {
    for (const path of ['/admin', '/admin/settings', '/login', '/api/auth/x', '/blog.data']) {
      await get(path)
      expect((await get(path)).headers['x-page-cache']).toBeUndefined()
    }
  })

  it('stays within its memory bound under thousands of distinct query strings', async () => {
    for (let i = 0; i < 2000; i++) {
      await get(`/blog?q=${i}`)
      expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes)
    }
    expect(cache.entries.size).toBeLessThan(2000)
    // The most recent ones are kept and still served.
    expect((await get('/blog?q=1999')).headers['x-page-cache']).toBe('hit')
    expect((await get('/blog?q=0')).headers['x-page-cache']).toBe('miss')
  }, 60_000)
})
