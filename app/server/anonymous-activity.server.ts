// Bounds on the activity entries anonymous requests write (issue 14, finding 3; ADR 023):
// a signed-out visitor who fetches /admin/* (access_denied), fails a sign-in or downloads the
// CV writes an entry, so without a bound one client could grow activity_logs at will. Per
// address, and for all anonymous sources together; entries of signed-in users are not bound.
import { getClientIp } from './client-ip.server.ts'
import { hit, type RateLimitRule } from './rate-limit.server.ts'

export const ANONYMOUS_ACTIVITY_PER_ADDRESS: RateLimitRule = { limit: 50, windowMs: 10 * 60_000 }
export const ANONYMOUS_ACTIVITY_TOTAL: RateLimitRule = { limit: 1_000, windowMs: 60 * 60_000 }

/** Whether one more anonymous entry may be written for this request (counts it). */
export function anonymousEntryAllowed(request: Request, now = Date.now()): boolean {
  const ip = getClientIp(request)
  return (
    hit(`activity-anonymous:${ip}`, ANONYMOUS_ACTIVITY_PER_ADDRESS, now, { owner: ip }) &&
    hit('activity-anonymous:all', ANONYMOUS_ACTIVITY_TOTAL, now)
  )
}
