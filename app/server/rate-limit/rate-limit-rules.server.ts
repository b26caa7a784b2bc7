// The per-address limits of public writes, in one dependency-free module (ADR 023): the
// routes count their requests against them, and so does the Express layer when it refuses a
// request before any route runs (odd content type, broken body: ADR 024), so a
// malformed request is throttled like a well-formed one.
import { hit, retryAfterHeader, type RateLimitRule } from './rate-limit.server.ts'

const MINUTE = 60_000

/** Our bound: 5 messages per address per 10 minutes. */
export const CONTACT_RATE_LIMIT: RateLimitRule = { limit: 5, windowMs: 10 * MINUTE }

/**
 * Limits of ours (ADR 023). Every attempt counts against its address; only
 * failures count against an account. See password-auth.server.ts for how the account-wide
 * bound slows guesses without locking the owner out (ADR 023).
 */
export const AUTH_RATE_LIMITS = {
  address: { limit: 100, windowMs: 10 * MINUTE },
  accountAddress: { limit: 8, windowMs: 15 * MINUTE },
  account: { limit: 50, windowMs: 15 * MINUTE },
} as const

export const SETUP_RATE_LIMIT: RateLimitRule = { limit: 10, windowMs: 15 * MINUTE }

/** Requests refused for their shape (content type, body) on any other path, per address. */
export const REFUSED_REQUEST_LIMIT: RateLimitRule = { limit: 30, windowMs: 10 * MINUTE }

/** The per-address key and rule a request to `pathname` counts against. */
export function addressLimitFor(
  pathname: string,
  ip: string,
): { key: string; rule: RateLimitRule } {
  const path = pathname.replace(/\.data$/, '').replace(/\/+$/, '') || '/'
  // The English contact page's form is the same form, with the same limit (ADR 074).
  if (path === '/contact' || path === '/en/contact')
    return { key: `contact:${ip}`, rule: CONTACT_RATE_LIMIT }
  if (path === '/login') return { key: `sign-in:ip:${ip}`, rule: AUTH_RATE_LIMITS.address }
  if (path === '/register') return { key: `sign-up:ip:${ip}`, rule: AUTH_RATE_LIMITS.address }
  if (path.startsWith('/setup/')) return { key: `setup:ip:${ip}`, rule: SETUP_RATE_LIMIT }
  return { key: `refused:${ip}`, rule: REFUSED_REQUEST_LIMIT }
}

/**
 * Counts a request refused before any route (a body of the wrong shape) against the address's
 * limit of its path: the Retry-After value when the address is over it, else null. The Express
 * layer calls it through the build's entry (server/index.ts, ADR 078).
 */
export async function countRefusal(path: string, ip: string): Promise<string | null> {
  const { key, rule } = addressLimitFor(path, ip)
  if (await hit(key, rule, Date.now(), { owner: ip })) return null
  return retryAfterHeader(key)
}
