// What the page cache's hit path knows of a request before Express (ADR 029): whether it is
// https, exactly as Express's `req.secure` under each TRUST_PROXY; and its log line (ADR 035),
// the request log's very line (server/middleware.ts), built without an intermediate object.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseTrustProxy } from '#app/server/http/proxy-trust.server.ts'
import { hitLogger, requestIsSecure } from './fast-path.ts'
import { flushLogLines } from './log-lines.ts'
import { writeRequestLog } from './middleware.ts'

function written(write: () => void): string[] {
  const lines: string[] = []
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(...String(chunk).split(/(?<=\n)/))
    return true
  })
  try {
    write()
    flushLogLines()
  } finally {
    spy.mockRestore()
  }
  return lines
}

afterEach(() => vi.unstubAllEnvs())

describe('hit log', () => {
  it('writes the request log line of the same request, key for key', () => {
    vi.stubEnv('LOG_LEVEL', 'info')
    const log = hitLogger()!
    const paths = [
      '/blog/un-billet',
      '/projets/"guillemets"\\é',
      '/setup/jeton-secret-jeton-secret-0123',
    ]
    // Twice each: the second line is built from what the first kept.
    for (const [method, path, status] of [
      ...paths.map((path) => ['GET', path, 200] as const),
      ...paths.map((path) => ['GET', path, 200] as const),
      ['HEAD', paths[0]!, 200] as const,
      ['GET', paths[0]!, 304] as const,
    ]) {
      const [hit, request] = written(() => {
        log(method, path, status, performance.now())
        writeRequestLog(method, path, status, process.hrtime.bigint())
      })
      expect(hit).toMatch(/\n$/)
      const same = (line: string) => {
        const { time, ms, ...rest } = JSON.parse(line) as Record<string, unknown>
        expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
        expect(typeof ms).toBe('number')
        return [Object.keys(JSON.parse(line) as object), rest]
      }
      expect(same(hit!)).toEqual(same(request!))
    }
    expect(written(() => log('HEAD', paths[2]!, 304, performance.now())).join('')).not.toContain(
      'jeton-secret',
    )
  })

  it('is off when the request log is', () => {
    vi.stubEnv('LOG_LEVEL', 'error')
    expect(hitLogger()).toBeUndefined()
  })
})

describe('requestIsSecure', () => {
  it("agrees with Express's req.secure for every TRUST_PROXY and X-Forwarded-Proto", async () => {
    for (const trustProxy of ['false', 'true', '2', 'loopback', '10.0.0.0/8']) {
      const app = express()
      const trust = parseTrustProxy(trustProxy)
      if (trust !== false) app.set('trust proxy', trust)
      app.get('/', (req, res) => {
        res.json({ express: req.secure, ours: requestIsSecure(app, req) })
      })
      const server = http.createServer(app).listen(0, '127.0.0.1')
      await new Promise((resolve) => server.once('listening', resolve))
      const port = (server.address() as AddressInfo).port
      try {
        for (const proto of [undefined, 'https', 'http', 'https, http', ' HTTPS', 'http,https']) {
          const headers: Record<string, string> =
            proto === undefined ? {} : { 'x-forwarded-proto': proto }
          const answer = (await (await fetch(`http://127.0.0.1:${port}/`, { headers })).json()) as {
            express: boolean
            ours: boolean
          }
          expect(answer.ours, `${trustProxy} ${proto}`).toBe(answer.express)
        }
      } finally {
        await new Promise((resolve) => server.close(resolve))
      }
    }
  })
})
