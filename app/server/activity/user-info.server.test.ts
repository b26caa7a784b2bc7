import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { forgetParsedEnv } from '#app/server/core/env.server.ts'
import { clientIpHeader } from '../../../server/middleware.ts'
import { CLIENT_IP_HEADER } from '../http/client-ip.server.ts'
import {
  deriveUserInfo,
  fullIpEnabled,
  parseAcceptLanguage,
  describeUserAgent,
  storedIp,
  truncateIp,
} from './user-info.server.ts'

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromiumLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/120.0.6099.224 Chrome/120.0.6099.224 Safari/537.36',
  chromeLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  safariIpad:
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68',
  edgeAndroid:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 EdgA/126.0.2592.80',
  operaWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 OPR/111.0.0.0',
  chromeOs:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  curl: 'curl/8.5.0',
}

describe('describeUserAgent', () => {
  it.each([
    ['chromeWindows', 'Chrome 131', 'Windows', 'Desktop'],
    ['chromiumLinux', 'Chromium 120', 'Linux', 'Desktop'],
    ['chromeLinux', 'Chrome 142', 'Linux', 'Desktop'],
    ['firefoxMac', 'Firefox 128', 'macOS', 'Desktop'],
    ['firefoxLinux', 'Firefox 133', 'Linux', 'Desktop'],
    ['safariMac', 'Safari 17', 'macOS', 'Desktop'],
    ['safariIphone', 'Safari 17', 'iOS', 'Mobile'],
    ['chromeIos', 'Chrome 126', 'iOS', 'Mobile'],
    ['safariIpad', 'Safari 16', 'iOS', 'Mobile'],
    ['chromeAndroid', 'Chrome 126', 'Android', 'Mobile'],
    ['firefoxAndroid', 'Firefox 127', 'Android', 'Mobile'],
    ['edgeWindows', 'Microsoft Edge 126', 'Windows', 'Desktop'],
    ['edgeAndroid', 'Microsoft Edge 126', 'Android', 'Mobile'],
    ['chromeOs', 'Chrome 126', 'Chrome OS', 'Desktop'],
    ['operaWindows', 'Opera 111', 'Windows', 'Desktop'],
    ['curl', 'Unknown', 'Unknown', 'Unknown'],
  ] as const)('%s → %s on %s (%s)', (key, browser, os, device) => {
    expect(describeUserAgent(UA[key])).toEqual({ browser, os, device })
  })

  it('recognises headless Chrome (automation, previews) as Chrome', () => {
    const ua =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36'
    expect(describeUserAgent(ua)).toMatchObject({
      browser: 'Chrome 156',
      os: 'Linux',
      device: 'Desktop',
    })
  })

  it('reports Unknown without a User-Agent', () => {
    expect(describeUserAgent(null)).toEqual({
      browser: 'Unknown',
      os: 'Unknown',
      device: 'Unknown',
    })
    expect(describeUserAgent('  ')).toEqual({
      browser: 'Unknown',
      os: 'Unknown',
      device: 'Unknown',
    })
  })
})

describe('address truncation', () => {
  it('zeroes the last IPv4 byte', () => {
    expect(truncateIp('203.0.113.7')).toBe('203.0.113.0')
    expect(truncateIp('10.1.2.255')).toBe('10.1.2.0')
  })

  it('keeps the first 48 bits of IPv6', () => {
    expect(truncateIp('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::')
    expect(truncateIp('2001:0DB8:0000:0001::1')).toBe('2001:db8:0::')
    expect(truncateIp('2001:db8::1')).toBe('2001:db8:0::')
    expect(truncateIp('fe80::1%eth0')).toBe('fe80:0:0::')
    expect(truncateIp('::1')).toBe('0:0:0::')
  })

  it('treats IPv4-mapped IPv6 as IPv4', () => {
    expect(truncateIp('::ffff:203.0.113.7')).toBe('203.0.113.0')
    expect(truncateIp('::FFFF:198.51.100.20')).toBe('198.51.100.0')
    expect(storedIp('::ffff:203.0.113.7', true)).toBe('203.0.113.7')
  })

  it('stores the full address only when asked; garbage is Unknown', () => {
    expect(storedIp('203.0.113.7', false)).toBe('203.0.113.0')
    expect(storedIp('203.0.113.7', true)).toBe('203.0.113.7')
    expect(storedIp('2001:db8:85a3:8d3::7', true)).toBe('2001:db8:85a3:8d3::7')
    expect(storedIp('Unknown', false)).toBe('Unknown')
    expect(storedIp('999.1.1.1', true)).toBe('Unknown')
    expect(truncateIp('<script>')).toBe('Unknown')
  })
})

describe('ACTIVITY_FULL_IP', () => {
  afterEach(() => (vi.unstubAllEnvs(), forgetParsedEnv()))

  it('is off by default and read from the environment', () => {
    vi.stubEnv('ACTIVITY_FULL_IP', '')
    forgetParsedEnv()
    expect(fullIpEnabled()).toBe(false)
    const request = new Request('http://localhost/', {
      headers: { [CLIENT_IP_HEADER]: '203.0.113.7' },
    })
    expect(deriveUserInfo(request).ip).toBe('203.0.113.0')
    vi.stubEnv('ACTIVITY_FULL_IP', 'true')
    forgetParsedEnv()
    expect(fullIpEnabled()).toBe(true)
    expect(deriveUserInfo(request).ip).toBe('203.0.113.7')
  })
})

describe('parseAcceptLanguage', () => {
  it('takes the first language', () => {
    expect(parseAcceptLanguage('fr-FR,fr;q=0.9,en;q=0.8')).toBe('fr-FR')
    expect(parseAcceptLanguage('en;q=0.5')).toBe('en')
    expect(parseAcceptLanguage(null)).toBe('Unknown')
    expect(parseAcceptLanguage('*')).toBe('Unknown')
    expect(parseAcceptLanguage('<b>')).toBe('Unknown')
  })
})

describe('deriveUserInfo', () => {
  it('combines the request headers with what the browser reported', () => {
    const request = new Request('http://localhost/admin', {
      headers: {
        'user-agent': UA.firefoxMac,
        'accept-language': 'fr-FR,fr;q=0.9',
        [CLIENT_IP_HEADER]: '2001:db8:85a3:8d3:1319:8a2e:370:7348',
      },
    })
    expect(
      deriveUserInfo(request, {
        fullIp: false,
        clientInfo: {
          screenResolution: '1920x1080',
          timezone: 'Europe/Paris',
          referrer: 'https://www.google.com/',
          language: 'not a language!',
        },
      }),
    ).toEqual({
      ip: '2001:db8:85a3::',
      browser: 'Firefox 128',
      os: 'macOS',
      device: 'Desktop',
      location: { country: 'Unknown', city: 'Unknown', region: 'Unknown' },
      language: 'fr-FR',
      screenResolution: '1920x1080',
      timezone: 'Europe/Paris',
      referrer: 'https://www.google.com/',
    })
  })

  it('defaults every unknown value to Unknown and ignores a malformed report', () => {
    const info = deriveUserInfo(new Request('http://localhost/'), {
      fullIp: false,
      clientInfo: 'x',
    })
    expect(Object.values({ ...info, location: undefined }).filter((v) => v !== undefined)).toEqual(
      Array(8).fill('Unknown'),
    )
  })

  it('ignores X-Forwarded-For: only the address Express resolved counts', () => {
    const request = new Request('http://localhost/', {
      headers: { 'x-forwarded-for': '198.51.100.9', [CLIENT_IP_HEADER]: '203.0.113.7' },
    })
    expect(deriveUserInfo(request, { fullIp: true }).ip).toBe('203.0.113.7')
  })
})

describe('trusted proxy (Express resolves the client address)', () => {
  async function addressSeen(trustProxy: boolean, forwardedFor: string) {
    const app = express()
    if (trustProxy) app.set('trust proxy', true)
    app.use(clientIpHeader)
    app.get('/', (req, res) => {
      const headers = new Headers()
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v)
      res.json(deriveUserInfo(new Request('http://localhost/', { headers }), { fullIp: true }))
    })
    const server = app.listen(0, '127.0.0.1')
    await once(server, 'listening')
    try {
      const { port } = server.address() as AddressInfo
      const response = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { 'x-forwarded-for': forwardedFor, [CLIENT_IP_HEADER]: '192.0.2.66' },
      })
      return ((await response.json()) as { ip: string }).ip
    } finally {
      server.close()
    }
  }

  it('uses the socket address when the proxy is not trusted, even if the client forges headers', async () => {
    expect(await addressSeen(false, '198.51.100.9')).toBe('127.0.0.1')
  })

  it('uses X-Forwarded-For when the proxy is trusted', async () => {
    expect(await addressSeen(true, '198.51.100.9')).toBe('198.51.100.9')
  })
})
