// The page cache's store (ADRs 026 and 029): which requests share an answer, and the answers
// kept in memory, an LRU bounded in bytes (`lru-cache`, every variant counted).
//
// - Key: host + URL (path and query string). Never the session: a request that carries a
//   cookie of ours (signed in, a toast…) or an Authorization header bypasses the cache.
// - Invalidation: every entry remembers the content generation it was rendered under
//   (app/server/cache/generation.server.ts); a write bumps it, so the very next request
//   renders again. Entries also expire after a maximum age.
// - Variants: gzip at once, brotli on the first hit that asks for it, one compression at a
//   time in the background (./variants.ts).
import { createHash } from 'node:crypto'
import { validateHeaderName, validateHeaderValue, type IncomingMessage } from 'node:http'
import { LRUCache } from 'lru-cache'
import { STATS_OPT_OUT_COOKIE } from '#app/domain/analytics-beacon.ts'
import { normalizedPath } from '../normalized-path.ts'
import { toCachedPage } from './policy.ts'
import {
  compressVariant,
  DATA_CACHE_CONTROL,
  makeVariant,
  replayedHeaders,
  variantBytes,
  type Coding,
  type Variant,
} from './variants.ts'

export interface PageCacheOptions {
  /** The app's content generation (a write bumps it). */
  generation: () => number
  /**
   * The same, with the check for other processes' commits shared by the requests read in one
   * event-loop turn (ADR 035); `generation` when absent.
   */
  turnGeneration?: () => number
  /** Upper bound of the bytes held (bodies, every compressed variant, headers, keys). */
  maxBytes?: number
  /** An entry is rendered again after this long even without a write (ms). */
  maxAgeMs?: number
  /** Cache-Control s-maxage (seconds) for shared caches (reverse proxy, CDN). */
  sharedMaxAge?: number
  /** Cache-Control stale-while-revalidate (seconds). */
  staleWhileRevalidate?: number
  now?: () => number
}

export interface Entry {
  key: string
  generation: number
  expiresAt: number
  identity: Variant
  gzip?: Variant
  br?: Variant
  /** A background compression of this entry is queued or running. */
  compressing: boolean
  bytes: number
  /** The `Cache-Control` of its answers: a page's, or a page change's data's (ADR 052). */
  cacheControl: string
}

/** Paths never cached (admin hub, accounts, secret links, API, resources). */
const NEVER =
  /^\/(?:admin|api|auth|login|register|logout|setup|compte|reset-password|healthz|assets)(?:[/?.]|$)/
/**
 * Cookies that do not change our HTML: third-party analytics, and the statistics' opt-out
 * (read by the script only, ADR 072).
 */
const IGNORED_COOKIE = /^(?:_ga|_gid|_gat|_gcl|_fbp|_pk_|_hj)/
const MAX_URL_LENGTH = 2048
const ENTRY_OVERHEAD = 1024
/** The default bound of the bytes held (PAGE_CACHE_MAX_MB). */
const DEFAULT_MAX_BYTES = 16 * 1024 * 1024
const DEFAULT_MAX_AGE_MS = 10 * 60_000
/** Background compressions waiting at most; more are dropped (a later hit asks again). */
const MAX_QUEUED = 16

/**
 * Whether a request reads what every anonymous visitor reads: a public path (not the admin
 * hub, accounts, API or resources), no Authorization header, no cookie of ours. The page
 * cache shares its answer.
 */
export function isSharedRequest(url: string, headers: IncomingMessage['headers']): boolean {
  if (url.length > MAX_URL_LENGTH || NEVER.test(normalizedPath(url))) return false
  // A page change's data (`/blog.data?_routes=…`) is shared as its page is (ADR 052);
  // `.data` anywhere else in a URL is not one of ours.
  if (url.includes('.data') && !isDataUrl(url)) return false
  if (headers.authorization !== undefined) return false
  return !(headers.cookie !== undefined && hasOwnCookie(headers.cookie))
}

/** Whether the request's cookies can change the page (any cookie but analytics ones). */
export function hasOwnCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false
  for (const part of cookieHeader.split(';')) {
    const name = part.split('=', 1)[0]!.trim()
    if (name && name !== STATS_OPT_OUT_COOKIE && !IGNORED_COOKIE.test(name)) return true
  }
  return false
}

/** Whether `url` asks for a page change's data (React Router's `/path.data?_routes=…`). */
export function isDataUrl(url: string): boolean {
  return pathOf(url).endsWith('.data')
}

/** The path of a URL without its query string (what the request log writes). */
export function pathOf(url: string): string {
  const query = url.indexOf('?')
  return query === -1 ? url : url.slice(0, query)
}

export class PageCache {
  /** The entries, least recently used evicted first past `maxBytes`. */
  readonly entries: LRUCache<string, Entry>
  readonly maxBytes: number
  readonly maxAgeMs: number
  readonly cacheControl: string
  readonly #generation: () => number
  readonly #turnGeneration: () => number
  readonly #now: () => number
  readonly #queue: Entry[] = []
  #working = false
  /** Resolved when the background queue is empty (tests). */
  #idle: (() => void)[] = []

  constructor(options: PageCacheOptions) {
    this.#generation = options.generation
    this.#turnGeneration = options.turnGeneration ?? options.generation
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
    this.maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS
    this.#now = options.now ?? Date.now
    this.entries = new LRUCache<string, Entry>({
      maxSize: this.maxBytes,
      sizeCalculation: (entry) => entry.bytes,
    })
    this.cacheControl =
      `public, max-age=0, s-maxage=${options.sharedMaxAge ?? 60}, ` +
      `stale-while-revalidate=${options.staleWhileRevalidate ?? 300}`
  }

  /** The bytes held now (never more than `maxBytes`). */
  get bytes(): number {
    return this.entries.calculatedSize
  }

  /** The largest answer stored: one entry never takes more than an eighth of the budget. */
  get maxEntryBytes(): number {
    return this.maxBytes / 8
  }

  /** The app's content generation now. */
  generation(): number {
    return this.#generation()
  }

  /** The cache key of a request, or null when the request must not use the cache. */
  keyOf(method: string | undefined, url: string, headers: IncomingMessage['headers']) {
    if (method !== 'GET' && method !== 'HEAD') return null
    if (!isSharedRequest(url, headers)) return null
    return `${headers.host ?? ''}\n${url}`
  }

  /**
   * A fresh entry for `key`, marked as used; a stale one is dropped. `shared`: the request was
   * read in this event-loop turn and is the first of its connection in it, so the check for
   * other processes' commits made at the turn's first hit covers it (ADR 035).
   */
  get(key: string, shared = false): Entry | undefined {
    const entry = this.entries.get(key)
    if (entry === undefined) return undefined
    // Exact: an admin save bumps the generation, so the very next request misses.
    const generation = shared ? this.#turnGeneration() : this.#generation()
    if (entry.generation !== generation || entry.expiresAt <= this.#now()) {
      this.delete(entry)
      return undefined
    }
    return entry
  }

  delete(entry: Entry) {
    if (this.#live(entry)) this.entries.delete(entry.key)
  }

  clear() {
    this.entries.clear()
  }

  /**
   * Stores a rendered page: `body` and `policy` carry the render's `nonce`, replaced by the
   * hashes of its trusted scripts. `headers` are the answer's other headers. Returns whether
   * it was stored.
   */
  set(
    key: string,
    generation: number,
    headers: [string, string][],
    policy: string,
    body: Buffer,
    nonce: string,
  ): boolean {
    const page = toCachedPage(body, nonce, policy)
    if (!page) return false
    const replayed = replayedHeaders(headers)
    replayed.push(['content-security-policy', page.policy])
    return this.#store(key, generation, replayed, page.html, this.cacheControl)
  }

  /**
   * Stores a page change's data (a `.data` answer of React Router: no markup, no script, so
   * no policy to rewrite), answered with `DATA_CACHE_CONTROL`. Returns whether it was stored.
   */
  setData(key: string, generation: number, headers: [string, string][], body: Buffer): boolean {
    return this.#store(key, generation, replayedHeaders(headers), body, DATA_CACHE_CONTROL)
  }

  #store(
    key: string,
    generation: number,
    replayed: [string, string][],
    body: Buffer,
    cacheControl: string,
  ): boolean {
    try {
      for (const [name, value] of replayed) {
        validateHeaderName(name)
        validateHeaderValue(name, value)
      }
    } catch {
      return false // a header Node would refuse: not cached (the miss already failed on it)
    }
    const tag = createHash('sha1').update(body).digest('base64url').slice(0, 27)
    const identity = makeVariant(replayed, body, `"${tag}"`, undefined, cacheControl)
    const bytes = ENTRY_OVERHEAD + key.length * 2 + variantBytes(identity)
    if (bytes > this.maxEntryBytes) return false
    const entry: Entry = {
      key,
      generation,
      expiresAt: this.#now() + this.maxAgeMs,
      identity,
      compressing: false,
      bytes,
      cacheControl,
    }
    this.entries.set(key, entry)
    // gzip at once (cheap, every browser takes it); brotli on the first hit (below).
    this.#enqueue(entry)
    return true
  }

  /** The variant to send for these accepted codings, asking for missing ones. */
  variant(entry: Entry, codings: Coding[]): Variant {
    for (const coding of codings) {
      const variant = entry[coding]
      if (variant !== undefined) return variant
      if (!entry.compressing) this.#enqueue(entry)
    }
    return entry.identity
  }

  /** Resolves once every queued compression ran (tests). */
  settled(): Promise<void> {
    if (!this.#working && this.#queue.length === 0) return Promise.resolve()
    return new Promise((resolve) => this.#idle.push(resolve))
  }

  /** Whether `entry` is still the one stored under its key (not replaced, dropped or evicted). */
  #live(entry: Entry): boolean {
    return this.entries.peek(entry.key) === entry
  }

  #enqueue(entry: Entry) {
    if (entry.compressing || this.#queue.length >= MAX_QUEUED) return
    entry.compressing = true
    this.#queue.push(entry)
    this.#work()
  }

  /** One compression at a time on zlib's thread pool: filling never blocks the event loop. */
  #work(): void {
    if (this.#working) return
    const entry = this.#queue.shift()
    if (entry === undefined) {
      for (const resolve of this.#idle.splice(0)) resolve()
      return
    }
    const coding = entry.gzip === undefined ? 'gzip' : 'br'
    if (!this.#live(entry) || entry[coding] !== undefined) {
      entry.compressing = false
      return this.#work()
    }
    this.#working = true
    compressVariant(entry.identity, coding, entry.cacheControl, (variant) => {
      this.#working = false
      entry.compressing = false
      if (variant !== undefined && this.#live(entry)) {
        entry[coding] = variant
        entry.bytes += variantBytes(variant)
        // Stored again to count its new size (and evict past the bound); it was just used.
        this.entries.delete(entry.key)
        this.entries.set(entry.key, entry)
      }
      this.#work()
    })
  }
}
