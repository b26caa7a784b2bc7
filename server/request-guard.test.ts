// The Express layer's request-shape rules on a real server (ADR 024).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import express from 'express'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MEDIA_UPLOAD_PATH } from '#app/domain/media-file.ts'
import { parseTrustProxy } from '#app/server/http/proxy-trust.server.ts'
import { CONTACT_RATE_LIMIT, countRefusal } from '#app/server/rate-limit/rate-limit-rules.server.ts'
import { resetRateLimits } from '#app/server/rate-limit/rate-limit.server.ts'
import { clientIpHeader } from './middleware.ts'
import {
  BAD_PATH,
  bodyShapeGuard,
  bodyShapeRefusal,
  BAD_HOST,
  errorHandler,
  hostGuard,
  isValidHostHeader,
  malformedPathGuard,
  methodGuard,
  MISSING_BOUNDARY,
  NOT_FOUND,
  responseRules,
  TOO_MANY_REFUSED,
  UNKNOWN_METHOD,
  UNSUPPORTED_TYPE,
} from './request-guard.ts'

function appWith(trustProxy?: string) {
  const app = express()
  const trust = parseTrustProxy(trustProxy)
  if (trust !== false) app.set('trust proxy', trust)
  app.use(hostGuard)
  app.use(methodGuard)
  app.use(malformedPathGuard)
  app.use(responseRules)
  app.use(clientIpHeader)
  app.use(bodyShapeGuard(countRefusal))
  app.use('/assets', express.static(path.resolve('public'), { index: false, fallthrough: false }))
  app.get('/ip', (req, res) => {
    res.send(String(req.headers['x-vitrine-client-ip']))
  })
  app.get('/limited', (_req, res) => {
    res.status(429).send('Trop de requêtes')
  })
  app.all('/{*splat}', (req, res) => {
    res.set('Cache-Control', 'public, max-age=60').send(`ok ${req.method}`)
  })
  app.use(errorHandler)
  return app
}

let base = ''
let proxied = ''
const servers: Array<ReturnType<ReturnType<typeof express>['listen']>> = []

beforeAll(async () => {
  const listen = (app: ReturnType<typeof express>) =>
    new Promise<string>((resolve) => {
      const server = app.listen(0, '127.0.0.1', () => {
        resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
      })
      servers.push(server)
    })
  base = await listen(appWith())
  proxied = await listen(appWith('1'))
})

afterAll(() => {
  for (const server of servers) server.close()
})

beforeEach(() => resetRateLimits())

describe('request-shape guard', () => {
  it('answers malformed percent-encoding with a French 400, never a 500', async () => {
    for (const p of [
      '/%zz%',
      '/projects/%C0%AF',
      '/blog/%FF%FE',
      '/setup/%ED%A0%80',
      '/assets/%E0%A4%A',
    ]) {
      const res = await fetch(`${base}${p}`)
      expect(res.status, p).toBe(400)
      expect(await res.text()).toBe(BAD_PATH)
    }
  })

  it('answers a missing asset or a traversal with a 404, not a 500', async () => {
    for (const p of ['/assets/nope.js', '/assets/', '/assets/..%2f..%2fpackage.json']) {
      const res = await fetch(`${base}${p}`)
      expect(res.status, p).toBeGreaterThanOrEqual(400)
      expect(res.status, p).toBeLessThan(500)
      expect(await res.text()).toMatch(/^(Page introuvable|Accès refusé|Requête invalide)\./)
    }
    expect((await fetch(`${base}/assets/nope.js`)).status).toBe(404)
    expect(await (await fetch(`${base}/assets/nope.js`)).text()).toBe(NOT_FOUND)
  })

  it('refuses bodies that are not forms with 415/400 in French, counted against the limit', async () => {
    const post = (type: string | undefined, body = 'a=1') =>
      fetch(`${base}/contact`, {
        method: 'POST',
        headers: type ? { 'content-type': type } : {},
        body,
      })
    for (const type of ['application/json', 'text/plain', 'application/xml']) {
      const res = await post(type)
      expect(res.status).toBe(415)
      expect(await res.text()).toBe(UNSUPPORTED_TYPE)
    }
    const noBoundary = await post('multipart/form-data')
    expect(noBoundary.status).toBe(400)
    expect(await noBoundary.text()).toBe(MISSING_BOUNDARY)
    // The contact limit (5) is met by these refusals: the next is a 429 with Retry-After.
    for (let i = 4; i < CONTACT_RATE_LIMIT.limit; i++) await post('text/plain')
    const limited = await post('application/json')
    expect(limited.status).toBe(429)
    expect(await limited.text()).toBe(TOO_MANY_REFUSED)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    // Forms go through.
    const form = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    })
    expect(await form.text()).toBe('ok POST')
  })

  it('lets real forms and the routes that take JSON through', () => {
    expect(
      bodyShapeRefusal('/contact', 'application/x-www-form-urlencoded;charset=UTF-8'),
    ).toBeNull()
    expect(bodyShapeRefusal('/admin/media', 'multipart/form-data; boundary=----abc')).toBeNull()
    expect(bodyShapeRefusal('/admin/media', 'multipart/form-data; boundary="a b"')).toBeNull()
    expect(bodyShapeRefusal('/api/auth/sign-out', 'application/json')).toBeNull()
    expect(bodyShapeRefusal('/api/activity', 'application/json')).toBeNull()
    // The statistics beacon: sendBeacon's string is text/plain (ADR 072); only there.
    expect(bodyShapeRefusal('/api/event', 'text/plain;charset=UTF-8')).toBeNull()
    expect(bodyShapeRefusal('/api/event', 'application/json')).toBeNull()
    expect(bodyShapeRefusal('/contact', 'text/plain')?.status).toBe(415)
    // The upload's body is the file, whatever the browser calls it (the route sniffs it).
    expect(bodyShapeRefusal(MEDIA_UPLOAD_PATH, 'image/jpeg')).toBeNull()
    expect(bodyShapeRefusal(MEDIA_UPLOAD_PATH, 'text/html')).toBeNull()
    expect(bodyShapeRefusal(`${MEDIA_UPLOAD_PATH}s`, 'image/jpeg')?.status).toBe(415)
    expect(bodyShapeRefusal('/contact', undefined)?.status).toBe(415)
    expect(bodyShapeRefusal('/logout', undefined, true)).toBeNull()
    expect(bodyShapeRefusal('/logout', 'text/plain', true)?.status).toBe(415)
    expect(bodyShapeRefusal('/contact.data', 'application/json')?.status).toBe(415)
    expect(bodyShapeRefusal('/contact', 'multipart/form-data; boundary=')?.status).toBe(400)
  })

  it('refuses a missing or malformed Host (a 500 before) in French; keeps real ones', async () => {
    const withHost = (base: string, headers: Record<string, string | undefined>) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const url = new URL(base)
        const req = http.request(
          { host: url.hostname, port: url.port, path: '/projects', method: 'GET', setHost: false },
          (res) => {
            let body = ''
            res.setEncoding('utf8')
            res.on('data', (d: string) => (body += d))
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
          },
        )
        for (const [name, value] of Object.entries(headers))
          if (value !== undefined) req.setHeader(name, value)
        req.on('error', reject)
        req.end()
      })
    for (const host of ['a b', 'x"y', 'exemple.fr:99999', 'é.fr', 'exemple.fr/x', '']) {
      expect(await withHost(base, { host }), JSON.stringify(host)).toEqual({
        status: 400,
        body: BAD_HOST,
      })
    }
    // No Host at all: Node's own parser refuses an HTTP/1.1 request first.
    expect((await withHost(base, {})).status).toBe(400)
    for (const host of [
      'camille.fr',
      'localhost:3000',
      '127.0.0.1:3000',
      '[::1]:3000',
      'xn--caf-dma.fr',
    ])
      expect((await withHost(base, { host })).status, host).toBe(200)
    // Behind a trusted proxy, its X-Forwarded-Host counts too.
    expect(await withHost(proxied, { host: 'camille.fr', 'x-forwarded-host': 'a b' })).toEqual({
      status: 400,
      body: BAD_HOST,
    })
    expect(
      (await withHost(proxied, { host: '10.0.0.2', 'x-forwarded-host': 'camille.fr' })).status,
    ).toBe(200)
    expect(isValidHostHeader('exemple.fr:65535')).toBe(true)
    expect(isValidHostHeader('exemple.fr:65536')).toBe(false)
  })

  it('answers only GET, HEAD and POST; any other method gets a French 405 (TRACE was a 500)', async () => {
    const send = (method: string) =>
      new Promise<{ status: number; allow?: string; body: string }>((resolve, reject) => {
        const url = new URL(`${base}/contact`)
        const req = http.request(
          { host: url.hostname, port: url.port, path: url.pathname, method },
          (res) => {
            let body = ''
            res.setEncoding('utf8')
            res.on('data', (d: string) => (body += d))
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }),
            )
          },
        )
        req.on('error', reject)
        req.end()
      })
    for (const method of ['TRACE', 'PUT', 'DELETE', 'PATCH', 'PROPFIND', 'MKCOL']) {
      expect(await send(method), method).toEqual({
        status: 405,
        allow: 'GET, HEAD, POST',
        body: UNKNOWN_METHOD,
      })
    }
    expect(await send('OPTIONS')).toEqual({ status: 204, allow: 'GET, HEAD, POST', body: '' })
    expect((await send('POST')).status).toBe(200)
  })

  it('marks the pages of secrets no-store and gives every 429 a Retry-After', async () => {
    const secret = [
      '/admin',
      '/admin.data',
      '/admin/projects',
      '/admin/projects.data',
      '/compte',
      '/compte.data',
      '/compte/double-authentification',
      '/auth/verification',
      '/reset-password?token=abc',
      '/reset-password.data?token=abc',
      '/setup/abc',
      '/register?invitation=abc',
    ]
    for (const p of secret) {
      expect((await fetch(`${base}${p}`)).headers.get('cache-control'), p).toBe('private, no-store')
    }
    for (const p of ['/projects', '/register', '/compteur', '/administration', '/login']) {
      expect((await fetch(`${base}${p}`)).headers.get('cache-control'), p).toBe(
        'public, max-age=60',
      )
    }
    expect((await fetch(`${base}/limited`)).headers.get('retry-after')).toBe('60')
  })

  it('makes every page answered to a visitor with a cookie of ours private, files keep theirs', async () => {
    const cacheControl = async (p: string, headers: Record<string, string>) =>
      (await fetch(`${base}${p}`, { headers })).headers.get('cache-control')
    const session = { cookie: 'better-auth.session_token=abc.def' }
    // An HTML page, even one that asked for public caching, and an answer with no rule.
    expect(await cacheControl('/projects', session)).toBe('private, no-cache')
    expect(await cacheControl('/ip', session)).toBe('private, no-cache')
    expect(await cacheControl('/projects', { authorization: 'Bearer x' })).toBe('private, no-cache')
    // Analytics cookies do not make a page personal; a file keeps its lifetime.
    expect(await cacheControl('/projects', { cookie: '_ga=GA1.1.1' })).toBe('public, max-age=60')
    expect(await cacheControl('/assets/favicon.svg', session)).toBe('public, max-age=0')
    // The admin's no-store is never weakened.
    expect(await cacheControl('/admin/projects', session)).toBe('private, no-store')
  })
})

describe('TRUST_PROXY', () => {
  it('parses false, true, hop counts and proxy lists, and refuses nonsense in French', () => {
    expect(parseTrustProxy(undefined)).toBe(false)
    expect(parseTrustProxy('false')).toBe(false)
    expect(parseTrustProxy('true')).toBe(1)
    expect(parseTrustProxy('2')).toBe(2)
    expect(parseTrustProxy('loopback, 10.0.0.0/8')).toEqual(['loopback', '10.0.0.0/8'])
    expect(() => parseTrustProxy('peut-être')).toThrow(/TRUST_PROXY invalide/)
  })

  it('takes the address the trusted proxy saw, not the left-most one a client wrote', async () => {
    const ip = (url: string, xff?: string) =>
      fetch(`${url}/ip`, { headers: xff ? { 'x-forwarded-for': xff } : {} }).then((r) => r.text())
    expect(await ip(proxied, '198.51.100.77, 10.9.8.7')).toBe('10.9.8.7')
    expect(await ip(proxied, '203.0.113.5')).toBe('203.0.113.5')
    expect(await ip(base, '198.51.100.77')).toBe('127.0.0.1')
  })
})
