// The collection endpoint's work (ADR 072): which requests are not counted, how an event body
// is read and bounded, and what is kept of it. No address is stored: it only enters the day's
// keyed visitor hash. Every refusal is a 4xx; a dropped event (bot, prefetch, signed-in user,
// Do Not Track, opt-out) is answered 204 like a counted one, so nothing learns from it.
import { isbot } from 'isbot'
import { getCache } from '../cache/caches.server.ts'
import {
  EVENT_KIND,
  StatsEventSchema,
  encodeCountry,
  type StatsEvent,
} from '#app/domain/analytics.ts'
import { STATS_MAX_BODY_BYTES, hasStatsOptOut, screenClass } from '#app/domain/analytics-beacon.ts'
import { hasSessionCookie } from '../auth/session.server.ts'
import { getClientIp } from '../http/client-ip.server.ts'
import { parseUserAgent } from '../http/user-agent.server.ts'
import { addressKey } from '../rate-limit/address-key.server.ts'
import { hit } from '../rate-limit/rate-limit.server.ts'
import {
  dayOf,
  enqueueEvent,
  getStatsSettings,
  noteIgnored,
  saltOf,
  takeIngestSlot,
  visitorHash,
  type PendingEvent,
} from './store.server.ts'
import { countryOfTimeZone } from './time-zones.server.ts'
import { enqueueVitals, toPendingVitals } from './vitals.server.ts'

/**
 * Events one address may send per minute (a visitor reads far fewer pages); an IPv6 address
 * counts under its /64 (ADR 084).
 */
export const EVENTS_PER_ADDRESS = { limit: 60, windowMs: 60_000 }

export type Outcome =
  | { status: 204; counted: boolean; reason?: string }
  | { status: 400 | 405 | 413 | 415 | 429; message: string }

/** Why a request is not counted, or null. Cheap checks only (no database). */
export function dropReason(request: Request): string | null {
  const h = request.headers
  const ua = h.get('user-agent') ?? ''
  if (!ua.trim() || isbot(ua)) return 'bot'
  // Prefetches and prerenders are not views.
  const purpose = `${h.get('sec-purpose') ?? ''} ${h.get('purpose') ?? ''} ${h.get('x-moz') ?? ''} ${h.get('x-purpose') ?? ''}`
  if (/prefetch|prerender|preview/i.test(purpose)) return 'prefetch'
  // Signed-in users are never counted, whatever page they view.
  if (hasSessionCookie(request)) return 'signed-in'
  if (h.get('dnt') === '1' || h.get('sec-gpc') === '1') return 'do-not-track'
  if (hasStatsOptOut(h.get('cookie') ?? '')) return 'opt-out'
  // Another site's page cannot count visits here.
  if (h.get('sec-fetch-site') === 'cross-site') return 'cross-site'
  return null
}

/** Reads the body within the size cap: text/plain (sendBeacon's string) or JSON. */
export async function readEventBody(
  request: Request,
): Promise<{ event: StatsEvent } | { status: 400 | 413 | 415; message: string }> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (type !== 'text/plain' && type !== 'application/json')
    return { status: 415, message: 'Type de contenu non pris en charge.' }
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > STATS_MAX_BODY_BYTES) return { status: 413, message: 'Événement trop volumineux.' }
  let text: string
  try {
    const bytes = new Uint8Array(await request.arrayBuffer())
    if (bytes.byteLength > STATS_MAX_BODY_BYTES)
      return { status: 413, message: 'Événement trop volumineux.' }
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return { status: 400, message: 'Événement illisible.' }
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { status: 400, message: 'Événement illisible.' }
  }
  const parsed = StatsEventSchema.safeParse(json)
  if (!parsed.success) return { status: 400, message: 'Événement invalide.' }
  return { event: parsed.data }
}

const KEPT_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'ref'] as const

/** A value kept as text: trimmed, bounded, lower-case for UTM (they are case-insensitive). */
function clean(value: string | null, max = 200): string | null {
  const text = value?.trim().slice(0, max)
  return text ? text : null
}

/** Host of an http(s) URL without "www.", or null. */
export function hostOf(value: string | undefined): string | null {
  if (!value || !URL.canParse(value)) return null
  const url = new URL(value)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  return (
    url.hostname
      .replace(/^www\./, '')
      .toLowerCase()
      .slice(0, 200) || null
  )
}

/**
 * The page's path (query string dropped), its UTM parameters and `ref`, and the referrer's
 * host when it is another site. Null when the address is not one of this site's pages.
 */
export function parsePage(
  event: Pick<StatsEvent, 'u' | 'r'>,
  siteHost: string,
): {
  path: string
  referrer: string | null
  source: string | null
  medium: string | null
  campaign: string | null
} | null {
  if (!URL.canParse(event.u)) return null
  const url = new URL(event.u)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  if (url.host !== siteHost) return null
  const params: Record<(typeof KEPT_PARAMS)[number], string | null> = {
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    ref: null,
  }
  for (const key of KEPT_PARAMS) params[key] = clean(url.searchParams.get(key))
  let path = url.pathname.slice(0, 512)
  try {
    path = decodeURI(path)
  } catch {
    // An undecodable path is kept as sent.
  }
  if (path.length > 1) path = path.replace(/\/+$/, '')
  const referrerHost = hostOf(event.r)
  const ownHost = url.hostname.replace(/^www\./, '').toLowerCase()
  const referrer = referrerHost && referrerHost !== ownHost ? referrerHost : null
  const lower = (v: string | null) => v?.toLowerCase() ?? null
  return {
    path,
    referrer,
    source: lower(params.utm_source ?? params.ref),
    medium: lower(params.utm_medium),
    campaign: lower(params.utm_campaign),
  }
}

const DEVICE_OF_PLATFORM: Record<string, number> = { desktop: 1, mobile: 2, tablet: 3 }
const DEVICE_OF_SCREEN: Record<string, number> = { desktop: 1, mobile: 2, tablet: 3 }

const agents = getCache<
  string,
  { browser: string | null; os: string | null; device: number | null }
>('user-agents', { max: 2000 })

/** Browser, system and device class from the user agent (the one parser, ADR 080). */
export function parseAgent(ua: string): {
  browser: string | null
  os: string | null
  device: number | null
} {
  const known = agents.get(ua)
  if (known) return known
  const { browser, os, platform } = parseUserAgent(ua)
  const parsed = { browser, os, device: DEVICE_OF_PLATFORM[platform ?? ''] ?? null }
  agents.set(ua, parsed)
  return parsed
}

/** Turns a valid event into the row to queue (no I/O but the salt). */
export async function toPendingEvent(
  event: StatsEvent & { n: keyof typeof EVENT_KIND },
  request: Request,
  now = Date.now(),
): Promise<PendingEvent | null> {
  const siteHost = new URL(request.url).host
  const page = parsePage(event, siteHost)
  if (!page) return null
  const ua = request.headers.get('user-agent') ?? ''
  const agent = parseAgent(ua)
  const salt = await saltOf(dayOf(now))
  const code = countryOfTimeZone(event.z)
  const screen = event.w === undefined ? null : (DEVICE_OF_SCREEN[screenClass(event.w)] ?? null)
  const kind = EVENT_KIND[event.n]
  return {
    t: Math.floor(now / 1000),
    v: visitorHash(salt, siteHost, getClientIp(request), ua),
    kind,
    path: page.path,
    // Page views keep the referrer's host; an outbound link keeps its target's host, a click
    // goal its name (ADR 103).
    referrer:
      kind === EVENT_KIND.outbound
        ? hostOf(event.l)
        : kind === EVENT_KIND.goal
          ? (event.g ?? null)
          : page.referrer,
    source: page.source,
    medium: page.medium,
    campaign: page.campaign,
    country: code ? encodeCountry(code) : null,
    device: agent.device ?? screen,
    browser: agent.browser,
    os: agent.os,
  }
}

/** The whole endpoint: checks, rate limit, body, queue. Never throws for a request's shape. */
export async function collect(request: Request, now = Date.now()): Promise<Outcome> {
  if (request.method !== 'POST') return { status: 405, message: 'Méthode non autorisée.' }
  const reason = dropReason(request)
  if (reason) return { status: 204, counted: false, reason }
  const client = addressKey(getClientIp(request))
  if (!(await hit(`stats:${client}`, EVENTS_PER_ADDRESS, now, { owner: client })))
    return { status: 429, message: 'Trop d’événements. Réessayez dans une minute.' }
  if (!(await getStatsSettings()).enabled)
    return { status: 204, counted: false, reason: 'disabled' }
  // The site-wide budget (ADR 084): a flood from many addresses is answered alike, not stored,
  // and costs no more than this (its bodies are not even parsed).
  if (!takeIngestSlot(now)) {
    noteIgnored(now)
    return { status: 204, counted: false, reason: 'budget' }
  }
  const body = await readEventBody(request)
  if ('status' in body) return body
  if (body.event.n === 'vitals') return collectVitals(body.event, request, now)
  if (body.event.n === 'goal' && !body.event.g)
    return { status: 400, message: 'Événement invalide.' }
  const pending = await toPendingEvent({ ...body.event, n: body.event.n }, request, now)
  if (!pending) return { status: 400, message: 'Adresse de page invalide.' }
  return enqueueEvent(pending)
    ? { status: 204, counted: true }
    : { status: 204, counted: false, reason: 'queue-full' }
}

/**
 * A page load's Core Web Vitals (ADR 096): the page and the device class only, no visitor
 * hash, in their own table.
 */
function collectVitals(event: StatsEvent, request: Request, now: number): Outcome {
  if (!event.m) return { status: 400, message: 'Événement invalide.' }
  const page = parsePage({ u: event.u }, new URL(request.url).host)
  if (!page) return { status: 400, message: 'Adresse de page invalide.' }
  const device = parseAgent(request.headers.get('user-agent') ?? '').device
  return enqueueVitals(toPendingVitals(event.m, page, event, device, now))
    ? { status: 204, counted: true }
    : { status: 204, counted: false, reason: 'queue-full' }
}

const NO_STORE = { 'Cache-Control': 'no-store' }

/** The endpoint's answer: 204 for every event taken or dropped, a French 4xx otherwise. */
export async function beaconResponse(request: Request): Promise<Response> {
  const outcome = await collect(request)
  if (outcome.status === 204) return new Response(null, { status: 204, headers: NO_STORE })
  const headers: Record<string, string> = {
    ...NO_STORE,
    'Content-Type': 'text/plain; charset=utf-8',
  }
  if (outcome.status === 429) headers['Retry-After'] = '60'
  if (outcome.status === 405) headers.Allow = 'POST'
  return new Response(outcome.message, { status: outcome.status, headers })
}

/**
 * The newsletter's goals (ADR 097): a subscription confirmed, an address unsubscribed,
 * recorded by the server when it happens, since the unsubscription is often a mail
 * provider's one-click POST that runs no script. Only the page's path is kept (never its
 * query, which carries the token, nor the address); the visitor hash is a page view's, so a
 * reader's confirmation joins their visit, and a provider's lone POST, with no page view,
 * counts as the goal only (countVisits). Someone signed in, or who asked not to be counted
 * (Do Not Track, GPC, the opt-out cookie), is not; a provider's robot is, as it acts for a
 * person.
 */
export async function recordNewsletterGoal(
  goal: 'subscribe' | 'unsubscribe',
  request: Request,
  now = Date.now(),
): Promise<boolean> {
  const h = request.headers
  if (hasSessionCookie(request)) return false
  if (h.get('dnt') === '1' || h.get('sec-gpc') === '1') return false
  if (hasStatsOptOut(h.get('cookie') ?? '')) return false
  if (!(await getStatsSettings()).enabled) return false
  const url = new URL(request.url)
  const ua = h.get('user-agent') ?? ''
  const agent = parseAgent(ua)
  const salt = await saltOf(dayOf(now))
  return enqueueEvent({
    t: Math.floor(now / 1000),
    v: visitorHash(salt, url.host, getClientIp(request), ua),
    kind: EVENT_KIND[goal],
    path: url.pathname,
    referrer: null,
    source: null,
    medium: null,
    campaign: null,
    country: null,
    device: agent.device,
    browser: agent.browser,
    os: agent.os,
  })
}
