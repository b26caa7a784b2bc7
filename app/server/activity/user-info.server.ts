// What the server can tell about a visitor from the request: address, browser, system, device,
// language. The user agent is read by the one parser (ADR 080). Addresses are truncated unless
// ACTIVITY_FULL_IP is on (GDPR).
import { isIPv4, isIPv6 } from 'node:net'
import {
  ClientInfoSchema,
  DEFAULT_USER_INFO,
  UNKNOWN,
  type ClientInfo,
} from '#app/domain/activity.ts'
import type { UserInfo } from '#app/domain/types.ts'
import { getClientIp } from '../http/client-ip.server.ts'
import { parseUserAgent } from '../http/user-agent.server.ts'
import { envField } from '../core/env.server.ts'

export interface ParsedUserAgent {
  browser: string
  os: string
  device: UserInfo['device']
}

/** Browser (with major version), system and Mobile/Desktop, in the activity log's words. */
export function describeUserAgent(header: string | null | undefined): ParsedUserAgent {
  const { browser, major, os, platform } = parseUserAgent(header)
  return {
    browser: browser ? (major ? `${browser} ${major}` : browser) : UNKNOWN,
    os: os ?? UNKNOWN,
    // The log knows two kinds of device: a tablet is carried like a phone.
    device:
      platform === 'mobile' || platform === 'tablet'
        ? 'Mobile'
        : platform === 'desktop'
          ? 'Desktop'
          : UNKNOWN,
  }
}

/** Expands an IPv6 address to its eight 16-bit groups. */
function ipv6Groups(address: string): number[] {
  let text = address
  // An embedded IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) becomes two groups.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (v4) {
    const [a, b, c, d] = v4[1]!.split('.').map(Number) as [number, number, number, number]
    text =
      text.slice(0, -v4[1]!.length) +
      `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined]
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const missing = tail === undefined ? 0 : 8 - left.length - right.length
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((g) => parseInt(g || '0', 16))
}

/** "::ffff:203.0.113.7" (IPv4 seen through an IPv6 socket) → "203.0.113.7". */
function unmapIpv4(address: string): string {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  return match ? match[1]! : address
}

/**
 * GDPR-minded truncation: IPv4 keeps its first three bytes (203.0.113.7 → 203.0.113.0),
 * IPv6 its first 48 bits (2001:db8:85a3:8d3:… → 2001:db8:85a3::). Not an address → 'Unknown'.
 */
export function truncateIp(address: string): string {
  const ip = unmapIpv4(
    address
      .trim()
      .replace(/^\[|\]$/g, '')
      .replace(/%.*$/, ''),
  )
  if (isIPv4(ip)) return ip.split('.').slice(0, 3).join('.') + '.0'
  if (isIPv6(ip)) {
    const groups = ipv6Groups(ip)
    return (
      groups
        .slice(0, 3)
        .map((g) => g.toString(16))
        .join(':') + '::'
    )
  }
  return UNKNOWN
}

/** The address as stored: truncated by default, full when `fullIp` (ACTIVITY_FULL_IP). */
export function storedIp(address: string, fullIp: boolean): string {
  const ip = unmapIpv4(address.trim())
  if (!isIPv4(ip) && !isIPv6(ip)) return UNKNOWN
  return fullIp ? ip : truncateIp(ip)
}

/** First language of Accept-Language ("fr-FR,fr;q=0.9" → "fr-FR"). */
export function parseAcceptLanguage(header: string | null | undefined): string {
  const first = (header ?? '').split(',')[0]?.split(';')[0]?.trim() ?? ''
  return /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(first) ? first : UNKNOWN
}

/** ACTIVITY_FULL_IP, through the start-up schema. */
export function fullIpEnabled(): boolean {
  return envField('ACTIVITY_FULL_IP')
}

/**
 * UserInfo from the request. The client address is the one Express resolved (honouring
 * TRUST_PROXY, so X-Forwarded-For counts only behind a trusted proxy) via getClientIp.
 * `clientInfo` is what the browser reported about itself (language, screen, time zone,
 * referrer); it is re-validated here and overrides the server's guess for the language.
 */
export function deriveUserInfo(
  request: Request,
  options: { fullIp?: boolean; clientInfo?: unknown } = {},
): UserInfo {
  const ua = describeUserAgent(request.headers.get('user-agent'))
  const client: ClientInfo = options.clientInfo
    ? ClientInfoSchema.catch({}).parse(options.clientInfo)
    : {}
  return {
    ...DEFAULT_USER_INFO,
    ip: storedIp(getClientIp(request), options.fullIp ?? fullIpEnabled()),
    browser: ua.browser,
    os: ua.os,
    device: ua.device,
    language: client.language ?? parseAcceptLanguage(request.headers.get('accept-language')),
    screenResolution: client.screenResolution ?? UNKNOWN,
    timezone: client.timezone ?? UNKNOWN,
    referrer: client.referrer ?? UNKNOWN,
  }
}
