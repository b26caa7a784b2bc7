import { EventEmitter } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createReadableStreamFromReadable } from '@react-router/node'
import express, { type NextFunction, type Request, type Response } from 'express'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { flushLogLines, loggedPath } from '#app/server/core/log.server.ts'
import {
  ADMIN_BODY_TOO_LARGE,
  ADMIN_MAX_BODY_BYTES,
  BODY_TOO_LARGE,
  bodySizeLimit,
  canonicalHostRedirect,
  clientIpHeader,
  isExemptHost,
  MAX_BODY_BYTES,
  originCheck,
  requestLog,
  securityHeaders,
} from './middleware.ts'
import { UNTRUSTED_PROXY_WARNING } from '#app/server/http/proxy-trust.server.ts'

function fakeReq(opts: {
  host: string
  secure?: boolean
  url?: string
  method?: string
  headers?: Record<string, string>
}): Request {
  const headers: Record<string, string> = { host: opts.host, ...(opts.headers ?? {}) }
  return {
    method: opts.method ?? 'GET',
    secure: opts.secure ?? false,
    protocol: opts.secure ? 'https' : 'http',
    hostname: opts.host.split(':')[0],
    originalUrl: opts.url ?? '/projects?tag=React',
    path: (opts.url ?? '/projects?tag=React').split('?')[0],
    headers,
    get: (name: string) => headers[name.toLowerCase()],
    app: { get: () => false, enabled: () => false },
  } as unknown as Request
}

function fakeRes() {
  const res = {
    redirected: undefined as undefined | { status: number; url: string },
    statusCode: 200,
    body: '',
    headers: {} as Record<string, string>,
    set(name: string, value: string) {
      this.headers[name.toLowerCase()] = value
      return this
    },
    redirect(status: number, url: string) {
      this.redirected = { status, url }
    },
    status(code: number) {
      this.statusCode = code
      return this
    },
    type() {
      return this
    },
    send(body: string) {
      this.body = body
      return this
    },
  }
  return res
}

type Middleware = (req: Request, res: Response, next: NextFunction) => void
/** The redirect as server/index.ts mounts it with the defaults: FORCE_HTTPS on. */
const redirect = canonicalHostRedirect({ forceHttps: true })

function run(mw: Middleware, req: Request) {
  const res = fakeRes()
  const next = vi.fn() as unknown as NextFunction
  mw(req, res as unknown as Response, next)
  return { req, res, next: next as unknown as ReturnType<typeof vi.fn> }
}

describe('canonical host redirects', () => {
  it('forces https with a 301, keeping path and query', () => {
    const { res } = run(redirect, fakeReq({ host: 'camille.fr' }))
    expect(res.redirected).toEqual({ status: 301, url: 'https://camille.fr/projects?tag=React' })
  })

  it('strips a leading www. with a 301', () => {
    const { res } = run(redirect, fakeReq({ host: 'www.camille.fr', secure: true }))
    expect(res.redirected).toEqual({ status: 301, url: 'https://camille.fr/projects?tag=React' })
  })

  it('passes an https request on the bare host through', () => {
    const { res, next } = run(redirect, fakeReq({ host: 'camille.fr', secure: true }))
    expect(res.redirected).toBeUndefined()
    expect(next).toHaveBeenCalledOnce()
  })

  it('skips localhost, 127.0.0.1 and the preview host', () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', 'localhost']) {
      const { res, next } = run(redirect, fakeReq({ host }))
      expect(res.redirected).toBeUndefined()
      expect(next).toHaveBeenCalledOnce()
    }
    expect(isExemptHost('preview.example.test', 'preview.example.test')).toBe(true)
    expect(isExemptHost('camille.fr', 'preview.example.test')).toBe(false)
  })

  it('can leave plain http alone with FORCE_HTTPS=false but still strips www.', () => {
    const lan = canonicalHostRedirect({ forceHttps: false })
    const plain = run(lan, fakeReq({ host: 'camille.fr' }))
    expect(plain.res.redirected).toBeUndefined()
    const www = run(lan, fakeReq({ host: 'www.camille.fr' }))
    expect(www.res.redirected).toEqual({
      status: 301,
      url: 'http://camille.fr/projects?tag=React',
    })
  })
})

describe('origin check on mutating requests', () => {
  const post = (headers: Record<string, string>) =>
    fakeReq({ host: 'camille.fr', secure: true, method: 'POST', headers })

  it('compares the scheme and port too (React Router would throw in English after us)', () => {
    const plain = (origin: string) =>
      run(originCheck, fakeReq({ host: 'camille.fr:3000', method: 'POST', headers: { origin } }))
    expect(plain('http://camille.fr:3000').next).toHaveBeenCalled()
    expect(plain('https://camille.fr:3000').res.statusCode).toBe(403)
    expect(plain('http://camille.fr:3001').res.statusCode).toBe(403)
    expect(run(originCheck, post({ origin: 'http://camille.fr' })).res.statusCode).toBe(403)
  })

  it('lets same-origin posts through', () => {
    const { next, res } = run(originCheck, post({ origin: 'https://camille.fr' }))
    expect(next).toHaveBeenCalledOnce()
    expect(res.statusCode).toBe(200)
  })

  it('refuses a cross-origin post with 403 and a French message', () => {
    const { next, res } = run(originCheck, post({ origin: 'https://evil.example' }))
    expect(next).not.toHaveBeenCalled()
    expect(res.statusCode).toBe(403)
    expect(res.body).toContain('origine non autorisée')
  })

  it('lets the one-click unsubscribe POST through from any origin, on that exact path only', () => {
    const from = (url: string, method = 'POST') =>
      run(
        originCheck,
        fakeReq({
          host: 'camille.fr',
          secure: true,
          method,
          url,
          headers: { origin: 'https://mail.google.com' },
        }),
      )
    const oneClick = from('/desabonnement?token=abc')
    expect(oneClick.next).toHaveBeenCalledOnce()
    // React Router would refuse the foreign Origin after us: it is judged and dropped here.
    expect(oneClick.req.headers.origin).toBeUndefined()
    expect(from('/en/desabonnement?token=abc').next).toHaveBeenCalledOnce()
    expect(from('/desabonnement/x').res.statusCode).toBe(403)
    expect(from('/abonnement').res.statusCode).toBe(403)
    expect(from('/desabonnement', 'DELETE').res.statusCode).toBe(403)
  })

  it('uses the Referer when Origin is missing', () => {
    expect(run(originCheck, post({ referer: 'https://evil.example/x' })).res.statusCode).toBe(403)
    expect(
      run(originCheck, post({ referer: 'https://camille.fr/contact' })).next,
    ).toHaveBeenCalled()
  })

  it('refuses an opaque origin ("null") and a malformed Referer', () => {
    expect(run(originCheck, post({ origin: 'null' })).res.statusCode).toBe(403)
    expect(run(originCheck, post({ referer: 'pas une url' })).res.statusCode).toBe(403)
  })

  it('refuses a cross-site fetch without Origin, ignores safe methods', () => {
    expect(run(originCheck, post({ 'sec-fetch-site': 'cross-site' })).res.statusCode).toBe(403)
    const get = fakeReq({ host: 'camille.fr', headers: { origin: 'https://evil.example' } })
    expect(run(originCheck, get).next).toHaveBeenCalled()
  })
})

describe('security headers', () => {
  const headersOf = (path: string) => {
    const headers: Record<string, string> = {}
    const res = { setHeader: (name: string, value: string) => (headers[name] = value) }
    securityHeaders({ path, secure: false } as Request, res as unknown as Response, vi.fn())
    return headers
  }
  const coop = (path: string) => headersOf(path)['Cross-Origin-Opener-Policy']

  it('lets other origins show public images (an e-mail logo in a webmail), nothing else', () => {
    const corp = (path: string) => headersOf(path)['Cross-Origin-Resource-Policy']
    for (const path of ['/images/logo.png', '/media/abc-64x64.png', '/demo/projects/x.webp'])
      expect(corp(path), path).toBe('cross-origin')
    for (const path of ['/', '/cv/fichier', '/cv/telecharger', '/assets/app.js', '/imagesx/a'])
      expect(corp(path), path).toBe('same-origin')
  })

  it('sends COOP everywhere but on the sign-in popup pages and the provider callback', () => {
    expect(coop('/login')).toBe('same-origin-allow-popups')
    expect(coop('/api/auth/get-session')).toBe('same-origin-allow-popups')
    // A COOP on the callback redirect would cut the popup from its opener.
    expect(coop('/api/auth/callback/google')).toBeUndefined()
    expect(coop('/auth/popup')).toBeUndefined()
  })
})

describe('request log', () => {
  it('never writes a first-admin setup token', () => {
    expect(loggedPath('/setup/Zm9vYmFyYmF6cXV4LXNlY3JldC10b2tlbg')).toBe('/setup/…')
    expect(loggedPath('/projects/42')).toBe('/projects/42')
    expect(loggedPath('/setup')).toBe('/setup')

    const written: string[] = []
    const write = vi
      .spyOn(process.stdout, 'write')
      .mockImplementation((chunk: string | Uint8Array) => {
        written.push(String(chunk))
        return true
      })
    try {
      const res = Object.assign(new EventEmitter(), { statusCode: 200, locals: {} })
      const req = { method: 'GET', path: '/setup/jeton-secret-jeton-secret-0123' }
      requestLog(req as unknown as Request, res as unknown as Response, vi.fn())
      res.emit('finish')
      flushLogLines()
    } finally {
      write.mockRestore()
    }
    expect(written).toHaveLength(1)
    expect(JSON.parse(written[0] ?? '{}')).toMatchObject({ path: '/setup/…', status: 200 })
    expect(written[0]).not.toContain('jeton-secret')
  })
})

describe('request body size guard', () => {
  const post = (headers: Record<string, string>, method = 'POST') =>
    fakeReq({ host: 'camille.fr', method, headers })

  it('refuses a declared body over 1 MB with 413 and a French message', () => {
    expect(MAX_BODY_BYTES).toBe(1024 * 1024)
    const guard = bodySizeLimit()
    const over = run(guard, post({ 'content-length': String(MAX_BODY_BYTES + 1) }))
    expect(over.next).not.toHaveBeenCalled()
    expect(over.res.statusCode).toBe(413)
    expect(over.res.body).toBe(BODY_TOO_LARGE)
    // The connection stays: the rest of the body is dropped after the answer (drainUnreadBody).
    expect(over.res.headers.connection).toBeUndefined()
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const res = run(guard, post({ 'content-length': '2000000' }, method)).res
      expect(res.statusCode).toBe(413)
    }
    expect(run(guard, post({ 'content-length': String(MAX_BODY_BYTES) })).next).toHaveBeenCalled()
    // Safe methods are not bodies the app reads.
    expect(run(guard, post({ 'content-length': '2000000' }, 'GET')).next).toHaveBeenCalled()
  })

  it("gives the admin hub's forms 4 MB: two long texts fit, URL-encoded at worst", () => {
    const guard = bodySizeLimit()
    const admin = (length: number, path = '/admin/settings') =>
      run(
        guard,
        fakeReq({
          host: 'camille.fr',
          method: 'POST',
          url: path,
          headers: { 'content-length': String(length) },
        }),
      )
    // Custom CSS and JS, 100,000 "€" each: 9 bytes a character once encoded.
    expect(admin(2 * 100_000 * 9 + 50_000).next).toHaveBeenCalled()
    expect(admin(ADMIN_MAX_BODY_BYTES).next).toHaveBeenCalled()
    const over = admin(ADMIN_MAX_BODY_BYTES + 1)
    expect(over.res.statusCode).toBe(413)
    expect(over.res.body).toBe(ADMIN_BODY_TOO_LARGE)
    expect(admin(2_000_000, '/admin.data').next).toHaveBeenCalled()
    // Not beyond the hub.
    expect(admin(2_000_000, '/contact').res.statusCode).toBe(413)
    expect(admin(2_000_000, '/administration').res.statusCode).toBe(413)
  })

  describe('on a real server, as React Router reads the body', () => {
    const LIMIT = 1000
    let server: http.Server
    let port: number

    beforeAll(async () => {
      const app = express()
      app.use(bodySizeLimit(LIMIT))
      // Reads the request exactly as @react-router/express does.
      app.post('/', async (req, res) => {
        const body = await new Response(createReadableStreamFromReadable(req)).text()
        res.type('text/plain').send(`${body.length}:${body}`)
      })
      server = app.listen(0, '127.0.0.1')
      await new Promise((resolve) => server.once('listening', resolve))
      port = (server.address() as AddressInfo).port
    })
    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve))
    })

    /** Sends a chunked POST (no Content-Length), chunk by chunk with pauses between. */
    function sendChunked(chunks: string[], headers: Record<string, string> = {}) {
      return new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          { port, host: '127.0.0.1', method: 'POST', path: '/', headers },
          (res) => {
            let body = ''
            res.setEncoding('utf8')
            res.on('data', (d: string) => (body += d))
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
          },
        )
        // The server may answer 413 and close before the whole body is written.
        req.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error)
        })
        const rest = [...chunks]
        const writeNext = () => {
          const chunk = rest.shift()
          if (chunk === undefined) return req.end()
          req.write(chunk)
          setTimeout(writeNext, 5)
        }
        writeNext()
      })
    }

    it('passes a chunked body under the limit whole and in order', async () => {
      const chunks = ['a'.repeat(300), 'é'.repeat(100), 'b'.repeat(300)]
      const res = await sendChunked(chunks)
      expect(res.status).toBe(200)
      expect(res.body).toBe(`${chunks.join('').length}:${chunks.join('')}`)
    })

    it('passes an empty chunked body without hanging', async () => {
      expect(await sendChunked([])).toEqual({ status: 200, body: '0:' })
    })

    it('answers 413 to a chunked body over the limit, before the handler reads it', async () => {
      const res = await sendChunked(['x'.repeat(600), 'y'.repeat(600), 'z'.repeat(600)])
      expect(res).toEqual({ status: 413, body: BODY_TOO_LARGE })
    })

    it('answers 413 to a declared Content-Length over the limit', async () => {
      const body = 'x'.repeat(LIMIT + 1)
      const res = await new Promise<number>((resolve, reject) => {
        const req = http.request({ port, host: '127.0.0.1', method: 'POST', path: '/' }, (r) => {
          r.resume()
          resolve(r.statusCode ?? 0)
        })
        req.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error)
        })
        req.setHeader('content-length', String(body.length))
        req.end(body)
      })
      expect(res).toBe(413)
    })
  })
})

describe('clientIpHeader and an undeclared proxy (ADR 024)', () => {
  const peerReq = (peer: string, headers: Record<string, string>, trust: unknown = false) =>
    ({
      headers: { ...headers },
      ip: '203.0.113.9',
      socket: { remoteAddress: peer },
      app: { get: () => trust },
    }) as unknown as Request

  it('warns once, in French, when a local peer sends X-Forwarded-For without TRUST_PROXY', () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    try {
      const run = (req: Request) => {
        clientIpHeader(req, {} as Response, () => undefined)
        return req.headers['x-vitrine-client-ip']
      }
      const warnings = () =>
        stderr.mock.calls.filter((call) => String(call[0]).includes(UNTRUSTED_PROXY_WARNING))
      // A visitor's own header, a local peer without it, or a declared proxy: no warning.
      expect(run(peerReq('198.51.100.4', { 'x-forwarded-for': '1.2.3.4' }))).toBe('198.51.100.4')
      run(peerReq('127.0.0.1', {}))
      expect(run(peerReq('127.0.0.1', { 'x-forwarded-for': '1.2.3.4' }, 1))).toBe('203.0.113.9')
      expect(warnings()).toHaveLength(0)
      for (const peer of ['127.0.0.1', '::ffff:10.0.0.2', '192.168.1.5', '::1']) {
        expect(run(peerReq(peer, { 'x-forwarded-for': '1.2.3.4' }))).toBe(peer)
      }
      expect(warnings()).toHaveLength(1)
      expect(String(warnings()[0]?.[0])).toContain('"level":"warn"')
    } finally {
      stderr.mockRestore()
    }
  })
})
