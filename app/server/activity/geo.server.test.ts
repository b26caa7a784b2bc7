import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { forgetParsedEnv } from '#app/server/core/env.server.ts'
import { resetCaches } from '../cache/caches.server.ts'
import { GEO_TIMEOUT_MS, lookupLocation } from './geo.server.ts'

const UNKNOWN = { country: 'Unknown', city: 'Unknown', region: 'Unknown' }

let server: Server
let base = ''
const hits: string[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '')
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (url.pathname.startsWith('/ok/')) {
      res.setHeader('content-type', 'application/json')
      res.end(
        JSON.stringify({
          ip: decodeURIComponent(url.pathname.slice(4)),
          country_name: 'France',
          city: 'Lyon',
          region: 'Auvergne-Rhône-Alpes',
        }),
      )
    } else if (url.pathname.startsWith('/partial/')) {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ country_name: 'France', city: '', region: 42 }))
    } else if (url.pathname.startsWith('/slow/')) {
      // Too late: an answer that shows if the lookup did not give up at its time-out.
      const late = { country_name: 'Trop tard', city: 'Trop tard', region: 'Trop tard' }
      setTimeout(() => res.end(JSON.stringify(late)), 2000).unref()
    } else if (url.pathname.startsWith('/html/')) {
      res.end('<html>')
    } else {
      res.statusCode = 500
      res.end('{"error":true}')
    }
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => {
  server.closeAllConnections()
  server.close()
})

afterEach(() => {
  vi.unstubAllEnvs()
  forgetParsedEnv()
  resetCaches()
  hits.length = 0
})

describe('lookupLocation', () => {
  it('gives up a lookup after 5000 ms', () => {
    expect(GEO_TIMEOUT_MS).toBe(5000)
  })

  it('is off when GEO_LOOKUP_URL is unset: no request at all', async () => {
    vi.stubEnv('GEO_LOOKUP_URL', '')
    forgetParsedEnv()
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    expect(await lookupLocation('203.0.113.0')).toEqual(UNKNOWN)
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('reads country_name, city and region from the configured endpoint', async () => {
    vi.stubEnv('GEO_LOOKUP_URL', `${base}/ok/{ip}`)
    forgetParsedEnv()
    expect(await lookupLocation('2001:db8:85a3::')).toEqual({
      country: 'France',
      city: 'Lyon',
      region: 'Auvergne-Rhône-Alpes',
    })
    expect(hits).toEqual(['/ok/2001%3Adb8%3A85a3%3A%3A'])
    // Cached: a second lookup of the same address does not call again.
    await lookupLocation('2001:db8:85a3::')
    expect(hits).toHaveLength(1)
  })

  it('fills missing or odd fields with Unknown', async () => {
    expect(await lookupLocation('203.0.113.0', { url: `${base}/partial/{ip}` })).toEqual({
      country: 'France',
      city: 'Unknown',
      region: 'Unknown',
    })
  })

  it('gives up after the time-out with Unknown and a warning', async () => {
    const warn = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    expect(
      await lookupLocation('203.0.113.0', { url: `${base}/slow/{ip}`, timeoutMs: 200 }),
    ).toEqual(UNKNOWN)
    expect(String(warn.mock.calls.at(-1)?.[0])).toContain('Geolocation lookup failed')
  })

  it.each(['fail', 'html'])('answers Unknown when the service fails (%s)', async (kind) => {
    const warn = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    expect(await lookupLocation('203.0.113.0', { url: `${base}/${kind}/{ip}` })).toEqual(UNKNOWN)
    expect(warn).toHaveBeenCalled()
    // Failures are not cached.
    await lookupLocation('203.0.113.0', { url: `${base}/${kind}/{ip}` })
    expect(hits).toHaveLength(2)
  })

  it('answers Unknown when nothing listens there', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    expect(await lookupLocation('203.0.113.0', { url: 'http://127.0.0.1:1/{ip}' })).toEqual(UNKNOWN)
  })

  it('skips an unknown address and a URL without {ip}', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    expect(await lookupLocation('Unknown', { url: `${base}/ok/{ip}` })).toEqual(UNKNOWN)
    expect(await lookupLocation('203.0.113.0', { url: `${base}/ok/` })).toEqual(UNKNOWN)
    expect(hits).toEqual([])
  })
})
