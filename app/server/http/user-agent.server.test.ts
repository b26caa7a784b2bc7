import { describe, expect, it } from 'vitest'
import { describeDevice, parseUserAgent } from './user-agent.server.ts'

const EDGE_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'
const SAFARI_IPAD =
  'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1'

describe('the one user-agent parser', () => {
  it('names the browser, its major version, the system and the kind of device', () => {
    expect(parseUserAgent(EDGE_WINDOWS)).toEqual({
      browser: 'Microsoft Edge',
      major: '131',
      os: 'Windows',
      platform: 'desktop',
    })
    expect(parseUserAgent(SAFARI_IPHONE)).toEqual({
      browser: 'Safari',
      major: '18',
      os: 'iOS',
      platform: 'mobile',
    })
    expect(parseUserAgent(SAFARI_IPAD)).toMatchObject({ platform: 'tablet' })
  })

  it('knows nothing of an empty or unknown agent', () => {
    const nothing = { browser: null, major: null, os: null, platform: null }
    expect(parseUserAgent(null)).toEqual(nothing)
    expect(parseUserAgent('   ')).toEqual(nothing)
    expect(parseUserAgent('curl/8.0')).toEqual(nothing)
    expect(parseUserAgent('x'.repeat(100_000))).toEqual(nothing)
  })

  it('labels a session in French with the same names as the statistics', () => {
    expect(describeDevice(EDGE_WINDOWS)).toBe('Microsoft Edge sur Windows')
    expect(describeDevice(SAFARI_IPHONE)).toBe('Safari sur iOS')
    expect(
      describeDevice('Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0'),
    ).toBe('Firefox sur Linux')
    expect(
      describeDevice('Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/131.0 Safari/537.36'),
    ).toBe('Chrome sur Linux')
    expect(describeDevice(null)).toBe('Appareil inconnu')
    expect(describeDevice('curl/8.0')).toBe('Appareil inconnu')
  })
})
