import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetCaches } from '../cache/caches.server.ts'
import { checkFraming, framingVerdict, isPublicAddress } from './frame-check.server.ts'

const embedder = 'https://vitrine.exemple.fr'
const h = (init: Record<string, string>) => new Headers(init)

describe('framingVerdict', () => {
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
  let other: http.Server
  let otherBase = ''
  let otherRequests: string[] = []
  // These servers are on the loopback: allowed here only, never by default.
  const loopbackOne = { addressAllowed: (address: string) => address === '127.0.0.1' }
  const loopbackBoth = { addressAllowed: (address: string) => address.startsWith('127.0.0.') }

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`)
      if (req.url === '/loop') {
        res.writeHead(302, { location: '/loop' })
        return res.end()
      }
      if (req.url?.startsWith('/to-other')) {
        res.writeHead(302, { location: `${otherBase}/deny` })
        return res.end()
      }
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
    // A second host of the loopback range, for redirects to another address.
    other = http.createServer((req, res) => {
      otherRequests.push(`${req.method} ${req.url}`)
      res.setHeader('X-Frame-Options', 'DENY')
      res.end()
    })
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.2', resolve))
    otherBase = `http://127.0.0.2:${(other.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    for (const each of [server, other]) {
      each.closeAllConnections()
      await new Promise((resolve) => each.close(resolve))
    }
  })

  it('asks with HEAD, falls back to GET, caches, and gives up quietly', async () => {
    resetCaches()
    requests = []
    expect(await checkFraming(`${base}/deny`, loopbackOne)).toBe('blocked')
    expect(await checkFraming(`${base}/deny`, loopbackOne)).toBe('blocked')
    expect(requests).toEqual(['HEAD /deny'])
    expect(await checkFraming(`${base}/open`, loopbackOne)).toBe('allowed')
    expect(await checkFraming(`${base}/no-head`, loopbackOne)).toBe('blocked')
    expect(requests).toContain('GET /no-head')
    expect(await checkFraming(`${base}/slow`, loopbackOne)).toBe('unknown')
    expect(await checkFraming('javascript:alert(1)')).toBe('unknown')
    expect(await checkFraming('pas une url')).toBe('unknown')
  }, 10_000)

  it('never connects to a non-public address: written, resolved or redirected to (ADR 053)', async () => {
    resetCaches()
    requests = []
    otherRequests = []
    const port = new URL(base).port
    // By default: the loopback, by address or by name, is refused before any byte is sent.
    for (const url of [
      `${base}/open`,
      `http://localhost:${port}/open`,
      `http://[::1]:${port}/`,
      `http://[::127.0.0.1]:${port}/`,
      `http://[::ffff:0:127.0.0.1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://[64:ff9b::127.0.0.1]:${port}/`,
      `http://[2002:7f00:1::]:${port}/`,
    ])
      expect(await checkFraming(url), url).toBe('unknown')
    expect(requests).toEqual([])
    // A name goes through the guarded DNS lookup: allowed addresses of its answer are used.
    expect(await checkFraming(`http://localhost:${port}/deny`, loopbackOne)).toBe('blocked')
    expect(requests).toEqual(['HEAD /deny'])
    // A site allowed at first that redirects to an address that is not: not followed.
    expect(await checkFraming(`${base}/to-other`, loopbackOne)).toBe('unknown')
    expect(requests).toEqual(['HEAD /deny', 'HEAD /to-other'])
    expect(otherRequests).toEqual([])
    // Both allowed: the redirect is followed and its headers give the verdict.
    expect(await checkFraming(`${base}/to-other-again`, loopbackBoth)).toBe('blocked')
    expect(otherRequests).toEqual(['HEAD /deny'])
    // A redirect loop ends.
    expect(await checkFraming(`${base}/loop`, loopbackOne)).toBe('unknown')
    expect(requests.filter((line) => line === 'HEAD /loop')).toHaveLength(6)
  })
})

describe('isPublicAddress (ADR 053)', () => {
  it('accepts globally reachable addresses', () => {
    for (const address of [
      '93.184.216.34',
      '8.8.8.8',
      '172.32.0.1', // just outside 172.16/12
      '100.128.0.1', // just outside 100.64/10
      '2606:4700:4700::1111',
      '2a00:1450:4007:80f::200e',
      '::ffff:8.8.8.8',
      '::ffff:808:808', // the same, as a URL writes it
    ])
      expect(isPublicAddress(address), address).toBe(true)
  })

  it('refuses every non-global IPv4 range of the IANA special-purpose registry', () => {
    for (const address of [
      '0.0.0.0',
      '0.1.2.3', // this network
      '10.1.2.3',
      '100.64.0.1', // shared
      '100.127.255.255',
      '127.0.0.1',
      '127.8.9.10',
      '169.254.169.254', // link-local, metadata
      '172.16.0.1',
      '172.31.255.255',
      '192.0.0.8', // IETF protocol assignments
      '192.0.2.1', // TEST-NET-1
      '192.88.99.1', // 6to4 relay
      '192.168.1.1',
      '198.18.0.1', // benchmarking
      '198.19.255.255',
      '198.51.100.7', // TEST-NET-2
      '203.0.113.9', // TEST-NET-3
      '224.0.0.1', // multicast
      '239.255.255.250',
      '240.0.0.1', // reserved
      '255.255.255.255', // broadcast
    ])
      expect(isPublicAddress(address), address).toBe(false)
  })

  it('refuses every non-global IPv6 range, and every IPv4 form embedded in one', () => {
    for (const address of [
      '::', // unspecified
      '::1', // loopback
      '::127.0.0.1', // IPv4-compatible (::/96)
      '::7f00:1',
      '::8.8.8.8', // deprecated form, whatever the IPv4 address
      '::ffff:0:127.0.0.1', // IPv4-translated (::ffff:0:0:0/96)
      '::ffff:0:7f00:1',
      '::ffff:127.0.0.1', // IPv4-mapped loopback
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '::ffff:10.0.0.1',
      '64:ff9b::7f00:1', // NAT64
      '64:ff9b::8.8.8.8',
      '64:ff9b:1::1', // local-use NAT64
      '100::1', // discard
      '2001::1', // Teredo
      '2001:2::1', // benchmarking
      '2001:10::1', // ORCHID
      '2001:db8::1', // documentation
      '2002:7f00:1::', // 6to4 of 127.0.0.1
      '3fff::1', // documentation
      '5f00::1', // SRv6 SIDs
      'fc00::1', // unique local
      'fd00::1',
      'fe80::1', // link-local
      'fe80::1%eth0',
      'fec0::1', // site-local (deprecated)
      'ff02::1', // multicast
      'pas une adresse',
      '',
    ])
      expect(isPublicAddress(address), address).toBe(false)
  })
})
