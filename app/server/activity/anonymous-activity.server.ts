// Bounds on the activity entries anonymous requests write (ADR 023):
// a signed-out visitor who fetches /admin/* (access_denied), fails a sign-in or downloads the
// CV writes an entry, so without a bound one client could grow activity_logs at will. Per
// address, and for all anonymous sources together; entries of signed-in users are not bound.
import { getClientIp } from '../http/client-ip.server.ts'
import { hit, type RateLimitRule } from '../rate-limit/rate-limit.server.ts'

/** Entries of one kind (action and page, e.g. access_denied on /admin/projects) per address. */
export const ANONYMOUS_ACTIVITY_PER_KIND: RateLimitRule = { limit: 30, windowMs: 10 * 60_000 }
/** Entries of any kind per address. */
export const ANONYMOUS_ACTIVITY_PER_ADDRESS: RateLimitRule = { limit: 500, windowMs: 10 * 60_000 }
/** Entries from all anonymous sources together. */
export const ANONYMOUS_ACTIVITY_TOTAL: RateLimitRule = { limit: 1_000, windowMs: 60 * 60_000 }

/**
 * Whether one more anonymous entry of this kind may be written for this request (counts it).
 * A repeated request (200 × the same admin page) is logged 30 times per window; a visitor
 * who wanders over many pages is logged more, within the per-address bound.
 */
export async function anonymousEntryAllowed(
  request: Request,
  kind: string,
  now = Date.now(),
): Promise<boolean> {
  const ip = getClientIp(request)
  return (
    (await hit(`activity-anonymous:${ip}`, ANONYMOUS_ACTIVITY_PER_ADDRESS, now, { owner: ip })) &&
    (await hit(`activity-anonymous:${ip}|${kind}`, ANONYMOUS_ACTIVITY_PER_KIND, now, {
      owner: ip,
    })) &&
    (await hit('activity-anonymous:all', ANONYMOUS_ACTIVITY_TOTAL, now))
  )
}
