// Optional geolocation of an address for the activity log (a 5000 ms abort; fields
// country_name, city, region; 'Unknown' with a warning on failure). Off unless GEO_LOOKUP_URL is set: no third-party call by default.
import { getCache } from '../cache/caches.server.ts'
import { UNKNOWN } from '#app/domain/activity.ts'
import type { UserInfo } from '#app/domain/types.ts'
import { envField } from '../core/env.server.ts'
import { log } from '../core/log.server.ts'

export type GeoLocation = UserInfo['location']

/** IP lookup time-out. */
export const GEO_TIMEOUT_MS = 5000

const UNKNOWN_LOCATION: GeoLocation = { country: UNKNOWN, city: UNKNOWN, region: UNKNOWN }

/** A location is looked up again after this long. */
const CACHE_TTL_MS = 60 * 60 * 1000
/** Distinct addresses whose location is kept. */
const CACHE_MAX = 500
const cache = getCache<string, GeoLocation>('geo-locations', { max: CACHE_MAX, ttl: CACHE_TTL_MS })

function field(value: unknown): string {
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, 100) : UNKNOWN
}

/**
 * Country, city and region of `ip` from the endpoint in GEO_LOOKUP_URL, whose `{ip}` is
 * replaced by the address. Never throws; unknowns when off, misconfigured or failing.
 */
export async function lookupLocation(
  ip: string,
  options: { url?: string; timeoutMs?: number } = {},
): Promise<GeoLocation> {
  const template = options.url ?? envField('GEO_LOOKUP_URL')
  if (!template || !ip || ip === UNKNOWN) return { ...UNKNOWN_LOCATION }
  if (!template.includes('{ip}')) {
    log.warn('GEO_LOOKUP_URL has no {ip} placeholder: geolocation skipped')
    return { ...UNKNOWN_LOCATION }
  }
  const url = template.replaceAll('{ip}', encodeURIComponent(ip))
  const hit = cache.get(url)
  if (hit !== undefined) return { ...hit }
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(options.timeoutMs ?? GEO_TIMEOUT_MS),
      headers: { accept: 'application/json' },
      redirect: 'error',
    })
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    const body: unknown = await response.json()
    if (typeof body !== 'object' || body === null) throw new Error('not a JSON object')
    const data = body as Record<string, unknown>
    const value: GeoLocation = {
      country: field(data.country_name),
      city: field(data.city),
      region: field(data.region),
    }
    cache.set(url, value)
    return { ...value }
  } catch (error) {
    log.warn('Geolocation lookup failed; location left Unknown', {
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    })
    return { ...UNKNOWN_LOCATION }
  }
}
