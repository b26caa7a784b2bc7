// Live preview of a project (ADR 053): a site that forbids framing (X-Frame-Options,
// CSP frame-ancestors) shows a blank frame. Before rendering the preview, the server asks
// the site once (HEAD, or GET when HEAD is refused; short timeout; body never read) and
// caches the verdict, so the page can say so and offer a link instead.
//
// Any visitor's page view makes the server ask, so the request must not reach what only the
// server can reach (ADR 053): every address it connects to, after DNS and after each
// redirect, must be a public one (no loopback, private, link-local — cloud metadata at
// 169.254.169.254 —, shared, multicast or reserved range). Otherwise the verdict is 'unknown'
// and the page shows the frame with its fallback link, as for a site that does not answer.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import { BlockList, isIP, type LookupFunction } from 'node:net'
import { getCache } from '../cache/caches.server.ts'
import { getEnv } from '../core/env.server.ts'
import { log } from '../core/log.server.ts'

export type FramingVerdict = 'allowed' | 'blocked' | 'unknown'

export const FRAME_CHECK_TIMEOUT_MS = 2000
/** A verdict is asked again after this long. */
const CACHE_TTL_MS = 10 * 60_000
/** Distinct project addresses whose verdict is kept. */
const CACHE_MAX = 500

const cache = getCache<string, FramingVerdict>('framing-verdicts', {
  max: CACHE_MAX,
  ttl: CACHE_TTL_MS,
})

/** Whether the response's headers let `embedder` (an origin) show the page in a frame. */
export function framingVerdict(headers: Headers, embedder: string): FramingVerdict {
  const csp = headers.get('content-security-policy') ?? ''
  const directive = csp
    .split(/[;,]/)
    .map((d) => d.trim())
    .find((d) => /^frame-ancestors(\s|$)/i.test(d))
  if (directive) {
    // frame-ancestors wins over X-Frame-Options (CSP Level 2).
    const sources = directive.split(/\s+/).slice(1)
    if (sources.some((s) => s === '*')) return 'allowed'
    const { protocol, host } = new URL(embedder)
    const fits = sources.some((source) => {
      const s = source.replace(/\/+$/, '').toLowerCase()
      if (s === `${protocol}`) return true
      if (s === `${protocol}//${host}` || s === host) return true
      const wildcard = /^(?:(https?:)\/\/)?\*\.(.+)$/.exec(s)
      return (
        !!wildcard && (!wildcard[1] || wildcard[1] === protocol) && host.endsWith(`.${wildcard[2]}`)
      )
    })
    return fits ? 'allowed' : 'blocked'
  }
  const xfo = headers.get('x-frame-options')?.trim().toUpperCase()
  // SAMEORIGIN means the site's own origin, which is never this one for an external URL.
  if (xfo === 'DENY' || xfo === 'SAMEORIGIN') return 'blocked'
  return 'allowed'
}

/**
 * IPv4 ranges a preview check never connects to: every entry of the IANA IPv4
 * special-purpose address registry that is not globally reachable, plus multicast (ADR 053).
 */
const NOT_PUBLIC_V4 = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  NOT_PUBLIC_V4.addSubnet(network, prefix, 'ipv4')

/** IPv6 global unicast: every other IPv6 range is special (loopback, ::/96, ::ffff:0:0:0/96,
 * NAT64, discard, unique-local, link-local, multicast, reserved). */
const GLOBAL_UNICAST_V6 = new BlockList()
GLOBAL_UNICAST_V6.addSubnet('2000::', 3, 'ipv6')
/** Special-purpose blocks inside 2000::/3 (IANA IPv6 special-purpose registry). */
const NOT_PUBLIC_V6 = new BlockList()
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments: Teredo (embeds any IPv4), benchmarking, ORCHID…
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds any IPv4 address, private ones included)
  ['3fff::', 20], // documentation
] as const)
  NOT_PUBLIC_V6.addSubnet(network, prefix, 'ipv6')

/** The IPv4 address of an IPv4-mapped IPv6 one (`::ffff:a.b.c.d`, in either spelling). */
function mappedIPv4(address: string): string | null {
  if (!URL.canParse(`http://[${address}]/`)) return null
  // The URL parser writes every IPv6 address one way: `[::ffff:7f00:1]` for the mapped ones.
  const canonical = new URL(`http://[${address}]/`).hostname
  const match = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/.exec(canonical)
  if (!match) return null
  const high = parseInt(match[1]!, 16)
  const low = parseInt(match[2]!, 16)
  return [high >> 8, high & 255, low >> 8, low & 255].join('.')
}

/**
 * Whether a preview check may connect to this IP address: a globally reachable IPv4 address,
 * an IPv4-mapped IPv6 form of one, or an IPv6 global unicast address outside the
 * special-purpose blocks. `::127.0.0.1` (IPv4-compatible), `::ffff:0:127.0.0.1`
 * (IPv4-translated), zone indices and anything unparsed are refused.
 */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address)
  if (version === 4) return !NOT_PUBLIC_V4.check(address, 'ipv4')
  if (version !== 6 || address.includes('%')) return false
  const v4 = mappedIPv4(address)
  if (v4 !== null) return isPublicAddress(v4)
  return GLOBAL_UNICAST_V6.check(address, 'ipv6') && !NOT_PUBLIC_V6.check(address, 'ipv6')
}

/** PREVIEW_PRIVATE_ADDRESSES=true: any address. */
const isIPAddress = (address: string) => isIP(address) !== 0

/** Which addresses a server-side request may reach: public ones, unless the override is set. */
export function outboundAddressPolicy(): (address: string) => boolean {
  return getEnv().PREVIEW_PRIVATE_ADDRESSES ? isIPAddress : isPublicAddress
}

export interface FrameCheckOptions {
  /** Which resolved addresses may be connected to (default: public ones only). */
  addressAllowed?: (address: string) => boolean
}

const MAX_REDIRECTS = 5
/** Said in the log when an address is refused (never shown to visitors). */
export const REFUSED = 'adresse non publique refusée'

/** DNS resolution that keeps only allowed addresses: checked at connection time, so a name
 * that resolves differently for the check and for the connection cannot slip through. Also
 * used by the import's attachment downloads (ADR 066). */
export function guardedLookup(allowed: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0)
      const usable = addresses.filter((entry) => allowed(entry.address))
      if (usable.length === 0) return callback(new Error(REFUSED), '', 0)
      if (options.all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable)
      callback(null, usable[0]!.address, usable[0]!.family)
    })
  }
}

/** One request, headers only: the status, the headers and where a redirect points. */
function askOnce(
  url: URL,
  method: 'HEAD' | 'GET',
  allowed: (address: string) => boolean,
  signal: AbortSignal,
): Promise<{ status: number; headers: Headers; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    // An address written in the URL is not looked up: it is checked here.
    const literal = url.hostname.replace(/^\[|\]$/g, '')
    if (isIP(literal) !== 0 && !allowed(literal)) return reject(new Error(REFUSED))
    const client = url.protocol === 'https:' ? https : http
    const request = client.request(
      url,
      {
        method,
        signal,
        lookup: guardedLookup(allowed),
        headers: { accept: 'text/html,*/*;q=0.8', 'user-agent': 'Vitrine-preview-check' },
      },
      (response) => {
        const headers = new Headers()
        for (const [name, value] of Object.entries(response.headers)) {
          if (value === undefined) continue
          for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
        }
        const location = response.headers.location
        // Only the headers matter: never download the page.
        response.destroy()
        resolve({ status: response.statusCode ?? 0, headers, location })
      },
    )
    request.on('error', reject)
    request.end()
  })
}

/** Follows up to MAX_REDIRECTS redirects, each target checked like the first. */
async function ask(
  start: URL,
  method: 'HEAD' | 'GET',
  allowed: (address: string) => boolean,
  signal: AbortSignal,
): Promise<{ status: number; headers: Headers }> {
  let url = start
  for (let hop = 0; ; hop++) {
    const answer = await askOnce(url, method, allowed, signal)
    if (answer.status < 300 || answer.status >= 400 || answer.location === undefined) return answer
    if (hop === MAX_REDIRECTS) throw new Error('trop de redirections')
    url = new URL(answer.location, url)
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new Error('redirection refusée')
  }
}

/** The verdict for an external http(s) URL, cached; 'unknown' when the site does not answer. */
export async function checkFraming(
  url: string,
  { addressAllowed = outboundAddressPolicy() }: FrameCheckOptions = {},
): Promise<FramingVerdict> {
  let target: URL
  try {
    target = new URL(url)
  } catch {
    return 'unknown'
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return 'unknown'
  const key = target.href
  const hit = cache.get(key)
  if (hit !== undefined) return hit
  let verdict: FramingVerdict
  try {
    const signal = AbortSignal.timeout(FRAME_CHECK_TIMEOUT_MS)
    let response = await ask(target, 'HEAD', addressAllowed, signal)
    if (response.status === 405 || response.status === 501)
      response = await ask(target, 'GET', addressAllowed, signal)
    verdict = framingVerdict(response.headers, getEnv().PUBLIC_URL)
  } catch (error) {
    log.warn('Aperçu : le site du projet ne répond pas', {
      url: key,
      error: error instanceof Error ? error.message : String(error),
    })
    verdict = 'unknown'
  }
  cache.set(key, verdict)
  return verdict
}
