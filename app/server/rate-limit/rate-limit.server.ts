// Fixed-window rate limiter (ADR 023, which supersedes ADR 009's limiter). Keys are strings
// such as `contact:203.0.113.7` or `sign-in:account:a@b.fr`.
//
// What no client may do:
// - wipe the limits by adding keys: memory is bounded by evicting expired buckets first and
//   then the least recently used *idle* ones; a bucket that is refusing (a live block) is
//   never evicted to make room;
// - fill the store: each key may name its owner (the client address that made it), and one
//   owner may hold at most `MAX_KEYS_PER_OWNER` live buckets; past that, its new keys are
//   refused without a bucket being created;
// - grow it with refused requests: a request refused on one key must not touch the next
//   (callers check the address key first; see `hit`).
//
// The counters live in a `RateLimitStore`, one per process: the Express layer reaches this
// module through the build's entry (server/index.ts, ADR 078), never a copy of its own. On SQLite (one process) it is this process's memory; on PostgreSQL
// (several app servers) it is the `rate_limit` table (rate-limit-store.server.ts, selected
// when the database is opened: ADR 033), so N servers enforce one limit.
import { createHash } from 'node:crypto'
import { LRUCache } from 'lru-cache'

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number
  /** Window length in milliseconds. */
  windowMs: number
}

export interface RateLimitBucket {
  count: number
  resetAt: number
  limit: number
  owner?: string
}

/**
 * Where buckets live: this process's memory (one process, SQLite) or the database (several
 * app servers on PostgreSQL, `rate-limit-store.server.ts`, ADR 033). Asynchronous because the
 * database store answers over the network; every behaviour of ADR 023 holds in both.
 */
export interface RateLimitStore {
  /**
   * Counts one hit on `key` under `rule` and returns the bucket afterwards, or null when
   * the key is new and may not be created (its owner's cap or the store's hard bound).
   */
  increment(
    key: string,
    rule: RateLimitRule,
    now: number,
    owner?: string,
  ): Promise<RateLimitBucket | null>
  /** The key's live bucket (window not over), without counting. */
  peek(key: string, now: number): Promise<RateLimitBucket | undefined>
  delete(key: string): Promise<void>
  clear(): Promise<void>
  /** Number of buckets held (for tests and figures). */
  size(): Promise<number>
}

/** Soft bound: past it, expired and idle buckets are evicted before a new one is made. */
export const MAX_KEYS = 100_000
/** Hard bound: only reached when every bucket is a live block; new keys are then refused. */
export const HARD_MAX_KEYS = 4 * MAX_KEYS
/** Live buckets one owner (client address) may hold at once. */
export const MAX_KEYS_PER_OWNER = 2_000

export interface MemoryStoreOptions {
  maxKeys?: number
  hardMaxKeys?: number
  maxKeysPerOwner?: number
}

const isBlocking = (bucket: RateLimitBucket, now: number) =>
  bucket.resetAt > now && bucket.count >= bucket.limit

/**
 * In-memory store: buckets in least-recently-used order (`lru-cache`, bounded by the hard
 * bound, which `increment` never lets it reach: it refuses new keys first). The soft bound's
 * eviction is ours, as it must spare live blocks.
 */
export function createMemoryStore(options: MemoryStoreOptions = {}): RateLimitStore {
  const maxKeys = options.maxKeys ?? MAX_KEYS
  const hardMax = options.hardMaxKeys ?? HARD_MAX_KEYS
  const perOwner = options.maxKeysPerOwner ?? MAX_KEYS_PER_OWNER
  const buckets = new LRUCache<string, RateLimitBucket>({ max: hardMax })
  const owners = new Map<string, Set<string>>()

  const forget = (key: string, bucket: RateLimitBucket) => {
    buckets.delete(key)
    if (bucket.owner === undefined) return
    const keys = owners.get(bucket.owner)
    keys?.delete(key)
    if (keys?.size === 0) owners.delete(bucket.owner)
  }

  /** Whether the owner may create one more bucket (its expired ones are dropped first). */
  const ownerHasRoom = (owner: string, now: number) => {
    const keys = owners.get(owner)
    if (!keys || keys.size < perOwner) return true
    for (const key of keys) {
      const bucket = buckets.peek(key)
      if (!bucket) keys.delete(key)
      else if (bucket.resetAt <= now) forget(key, bucket)
    }
    return keys.size < perOwner
  }

  /** Frees about a tenth of the soft bound: expired buckets, then idle ones, oldest first. */
  const evict = (now: number) => {
    const target = Math.max(1, Math.floor(maxKeys / 10))
    let freed = 0
    // Least recently used first; listed before deleting (no deletion while iterating).
    for (const key of [...buckets.rkeys()]) {
      const bucket = buckets.peek(key)
      if (bucket && bucket.resetAt <= now) {
        forget(key, bucket)
        freed += 1
      }
    }
    if (freed >= target) return
    for (const key of [...buckets.rkeys()]) {
      if (freed >= target) return
      const bucket = buckets.peek(key)
      if (bucket && !isBlocking(bucket, now)) {
        forget(key, bucket)
        freed += 1
      }
    }
  }

  return {
    async increment(key, rule, now, owner) {
      // Marks it used: most recently used last.
      let bucket = buckets.get(key)
      if (bucket && bucket.resetAt <= now) {
        forget(key, bucket)
        bucket = undefined
      }
      if (!bucket) {
        if (owner !== undefined && !ownerHasRoom(owner, now)) return null
        if (buckets.size >= maxKeys) evict(now)
        if (buckets.size >= hardMax) return null
        bucket = { count: 0, resetAt: now + rule.windowMs, limit: rule.limit, owner }
        if (owner !== undefined) {
          const keys = owners.get(owner) ?? new Set<string>()
          keys.add(key)
          owners.set(owner, keys)
        }
        buckets.set(key, bucket)
      }
      bucket.count += 1
      bucket.limit = rule.limit
      return bucket
    },
    async peek(key, now) {
      const bucket = buckets.peek(key)
      return bucket && bucket.resetAt > now ? bucket : undefined
    },
    async delete(key) {
      const bucket = buckets.peek(key)
      if (bucket) forget(key, bucket)
    },
    async clear() {
      buckets.clear()
      owners.clear()
    },
    size: async () => buckets.size,
  }
}

let current: RateLimitStore | undefined

function store(): RateLimitStore {
  return (current ??= createMemoryStore())
}

/** The process's store (tests and figures). */
export function rateLimitStore(): RateLimitStore {
  return store()
}

/** Replaces the process's store (a shared store at start-up; tests). Returns the old one. */
export function setRateLimitStore(next: RateLimitStore): RateLimitStore {
  const previous = store()
  current = next
  return previous
}

/** Keys longer than this are stored as a prefix and a hash (bounded memory per key). */
const MAX_KEY_LENGTH = 256

function storedKey(key: string): string {
  if (key.length <= MAX_KEY_LENGTH) return key
  return `${key.slice(0, 128)}#${createHash('sha256').update(key).digest('base64url')}`
}

export interface HitOptions {
  /** The client address that makes this key: bounds how many keys one client holds. */
  owner?: string
}

/**
 * Counts one hit; returns false when the key is over its limit for the current window (or
 * may not be created: see `HitOptions.owner`). Check the cheapest, widest key first (the
 * address) and stop at the first refusal, so a refused request creates no further bucket.
 */
export async function hit(
  key: string,
  rule: RateLimitRule,
  now = Date.now(),
  options: HitOptions = {},
): Promise<boolean> {
  const bucket = await store().increment(storedKey(key), rule, now, options.owner)
  return !!bucket && bucket.count <= rule.limit
}

/** Whether the key has used up its window, without counting a hit. */
export async function isOver(key: string, rule: RateLimitRule, now = Date.now()): Promise<boolean> {
  const bucket = await store().peek(storedKey(key), now)
  return !!bucket && bucket.count >= rule.limit
}

/** Forgets the key (e.g. an account's failures once its owner signs in). */
export async function clearKey(key: string): Promise<void> {
  await store().delete(storedKey(key))
}

/** Seconds until the key's window resets (for Retry-After); 0 when the key has none. */
export async function retryAfterSeconds(key: string, now = Date.now()): Promise<number> {
  const bucket = await store().peek(storedKey(key), now)
  return bucket ? Math.max(1, Math.ceil((bucket.resetAt - now) / 1000)) : 0
}

/** Retry-After for a refusal on `key`, never below one second (a header always goes out). */
export async function retryAfterHeader(
  key: string,
  fallbackSeconds = 60,
  now = Date.now(),
): Promise<string> {
  return String((await retryAfterSeconds(key, now)) || fallbackSeconds)
}

export async function resetRateLimits(): Promise<void> {
  await store().clear()
}
