import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkFraming, clearFramingCache, framingVerdict } from './frame-check.server.ts'

const embedder = 'https://vitrine.exemple.fr'
const h = (init: Record<string, string>) => new Headers(init)

describe('framingVerdict (audit point 11)', () => {
  it('reads X-Frame-Options', () => {
    expect(framingVerdict(h({}), embedder)).toBe('allowed')
    expect(framingVerdict(h({ 'x-frame-options': 'DENY' }), embedder)).toBe('blocked')
    expect(framingVerdict(h({ 'x-frame-options': 'sameorigin' }), embedder)).toBe('blocked')
  })

  it('reads CSP frame-ancestors, which wins over X-Frame-Options', () => {
    const csp = (value: string) => h({ 'content-security-policy': value })
    expect(framingVerdict(csp("default-src 'self'; frame-ancestors 'none'"), embedder)).toBe(
      'blocked',
    )
    expect(framingVerdict(csp("frame-ancestors 'self'"), embedder)).toBe('blocked')
    expect(framingVerdict(csp('frame-ancestors *'), embedder)).toBe('allowed')
    expect(framingVerdict(csp('frame-ancestors https://vitrine.exemple.fr'), embedder)).toBe(
      'allowed',
    )
    expect(framingVerdict(csp('frame-ancestors https://*.exemple.fr'), embedder)).toBe('allowed')
    expect(framingVerdict(csp('frame-ancestors https://autre.fr'), embedder)).toBe('blocked')
    expect(
      framingVerdict(
        h({ 'content-security-policy': 'frame-ancestors *', 'x-frame-options': 'DENY' }),
        embedder,
      ),
    ).toBe('allowed')
    expect(framingVerdict(csp("default-src 'self'"), embedder)).toBe('allowed')
  })
})

describe('checkFraming against a real server', () => {
  let server: http.Server
  let base = ''
  let requests: string[] = []

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`)
      if (req.url === '/deny') res.setHeader('X-Frame-Options', 'DENY')
      if (req.url === '/no-head' && req.method === 'HEAD') {
        res.statusCode = 405
        return res.end()
      }
      if (req.url === '/no-head') res.setHeader('Content-Security-Policy', "frame-ancestors 'none'")
      if (req.url === '/slow') return // never answers
      res.setHeader('content-type', 'text/html')
      res.end('<p>page</p>')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it('asks with HEAD, falls back to GET, caches, and gives up quietly', async () => {
    clearFramingCache()
    requests = []
    expect(await checkFraming(`${base}/deny`)).toBe('blocked')
    expect(await checkFraming(`${base}/deny`)).toBe('blocked')
    expect(requests).toEqual(['HEAD /deny'])
    expect(await checkFraming(`${base}/open`)).toBe('allowed')
    expect(await checkFraming(`${base}/no-head`)).toBe('blocked')
    expect(requests).toContain('GET /no-head')
    expect(await checkFraming(`${base}/slow`)).toBe('unknown')
    expect(await checkFraming('javascript:alert(1)')).toBe('unknown')
    expect(await checkFraming('pas une url')).toBe('unknown')
  }, 10_000)
})
