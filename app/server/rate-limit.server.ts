// Fixed-window, in-memory rate limiter (one process; see ADR on scale-out). Keys are
// strings such as `contact:203.0.113.7` or `sign-in:account:a@b.fr`.
export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number
  /** Window length in milliseconds. */
  windowMs: number
}

interface Bucket {
  count: number
  resetAt: number
}

const buckets = new Map<string, Bucket>()
const MAX_KEYS = 100_000

/** Counts one hit; returns false when the key is over its limit for the current window. */
export function hit(key: string, rule: RateLimitRule, now = Date.now()): boolean {
  let bucket = buckets.get(key)
  if (!bucket || bucket.resetAt <= now) {
    if (buckets.size >= MAX_KEYS) sweep(now)
    bucket = { count: 0, resetAt: now + rule.windowMs }
    buckets.set(key, bucket)
  }
  bucket.count += 1
  return bucket.count <= rule.limit
}

/** Whether the key has used up its window, without counting a hit. */
export function isOver(key: string, rule: RateLimitRule, now = Date.now()): boolean {
  const bucket = buckets.get(key)
  return !!bucket && bucket.resetAt > now && bucket.count >= rule.limit
}

/** Forgets the key (e.g. an account's failures once its owner signs in). */
export function clearKey(key: string): void {
  buckets.delete(key)
}

/** Seconds until the key's window resets (for Retry-After). */
export function retryAfterSeconds(key: string, now = Date.now()): number {
  const bucket = buckets.get(key)
  return bucket ? Math.max(1, Math.ceil((bucket.resetAt - now) / 1000)) : 0
}

export function resetRateLimits(): void {
  buckets.clear()
}

function sweep(now: number) {
  for (const [key, bucket] of buckets) if (bucket.resetAt <= now) buckets.delete(key)
  if (buckets.size >= MAX_KEYS) buckets.clear()
}
