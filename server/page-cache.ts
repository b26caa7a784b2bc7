// The page cache (ADR 026): the full HTML of anonymous GET requests of public pages, kept in
// memory (an LRU bounded in bytes) and answered without React Router, React or SQLite.
//
// - Key: host + URL (path and query string). Never the session: a request that carries a
//   cookie of ours (signed in, a toast…) or an Authorization header bypasses the cache.
// - Stored only for a 200 text/html answer with a CSP nonce, without Set-Cookie or a
//   private/no-store Cache-Control, rendered while the content generation did not move.
//   Maintenance mode (503), errors and redirects are never stored; switching maintenance
//   on is a settings write, which drops every entry.
// - Invalidation: every entry remembers the content generation it was rendered under
//   (app/server/cache/generation.server.ts); a write bumps it, so the very next request
//   renders again. Entries also expire after a maximum age.
// - Nonce: each hit gets a fresh nonce, written into the cached bytes and the CSP header
//   (same length, so offsets are known). gzip is computed once per entry as deflate pieces
//   cut at the nonce, with the nonce sent as a stored block in between: no compression work
//   on a hit, only a CRC-32.
import { randomBytes, createHash } from 'node:crypto'
import { crc32, constants as zlibConstants, deflateRawSync } from 'node:zlib'
import type { NextFunction, Request, Response } from 'express'

export interface PageCacheOptions {
  /** The app's content generation (a write bumps it). */
  generation: () => number
  /** Upper bound of the bytes held (bodies and their gzip variants). */
  maxBytes?: number
  /** An entry is rendered again after this long even without a write (ms). */
  maxAgeMs?: number
  /** Cache-Control s-maxage (seconds) for shared caches (reverse proxy, CDN). */
  sharedMaxAge?: number
  /** Cache-Control stale-while-revalidate (seconds). */
  staleWhileRevalidate?: number
  now?: () => number
}

interface Entry {
  key: string
  generation: number
  expiresAt: number
  status: number
  headers: [string, string][]
  csp: string[]
  /** The body cut at every occurrence of the nonce. */
  pieces: Buffer[]
  /** Each piece deflated on its own (raw deflate, full flush: byte-aligned, independent). */
  deflated: Buffer[]
  length: number
  etag: string
  bytes: number
}

/** Paths never cached (admin hub, accounts, API, resources). */
const NEVER = /^\/(?:admin|api|auth|login|register|logout|setup|healthz|assets)(?:[/?.]|$)/
/** Third-party cookies that do not change our HTML (analytics). */
const IGNORED_COOKIE = /^(?:_ga|_gid|_gat|_gcl|_fbp|_pk_|_hj)/
/** Headers of the rendered answer not replayed on a hit. */
const NOT_REPLAYED = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'etag',
  'date',
  'connection',
  'keep-alive',
  'vary',
  'cache-control',
  'set-cookie',
  'content-security-policy',
])
const MAX_URL_LENGTH = 2048
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3])
const DEFLATE_END = deflateRawSync(Buffer.alloc(0))
const ENTRY_OVERHEAD = 1024

/** Same shape as app/server/csp.server.ts: 18 random bytes, base64 (24 characters). */
function createNonce(): string {
  return randomBytes(18).toString('base64')
}

/** Whether the request's cookies can change the page (any cookie but analytics ones). */
export function hasOwnCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false
  for (const part of cookieHeader.split(';')) {
    const name = part.split('=', 1)[0]!.trim()
    if (name && !IGNORED_COOKIE.test(name)) return true
  }
  return false
}

function acceptsGzip(req: Request): boolean {
  const header = req.headers['accept-encoding']
  return typeof header === 'string' && /\bgzip\b(?!\s*;\s*q=0(?:\.0*)?\b)/i.test(header)
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  return header
    .split(',')
    .some((tag) => tag.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''))
}

function splitAt(body: Buffer, nonce: string): Buffer[] {
  const needle = Buffer.from(nonce)
  const pieces: Buffer[] = []
  let from = 0
  for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, from)) {
    pieces.push(body.subarray(from, at))
    from = at + needle.length
  }
  pieces.push(body.subarray(from))
  // Copies: the slices would keep the whole capture buffer alive anyway; one copy each.
  return pieces.map((piece) => Buffer.from(piece))
}

function storedBlock(data: Buffer): Buffer {
  const header = Buffer.alloc(5)
  header[0] = 0 // BFINAL=0, BTYPE=00 (stored); the stream is byte-aligned after a full flush
  header.writeUInt16LE(data.length, 1)
  header.writeUInt16LE(~data.length & 0xffff, 3)
  return Buffer.concat([header, data])
}

export class PageCache {
  readonly entries = new Map<string, Entry>()
  bytes = 0
  hits = 0
  misses = 0
  readonly maxBytes: number
  readonly maxAgeMs: number
  readonly cacheControl: string
  readonly #generation: () => number
  readonly #now: () => number

  constructor(options: PageCacheOptions) {
    this.#generation = options.generation
    this.maxBytes = options.maxBytes ?? 16 * 1024 * 1024
    this.maxAgeMs = options.maxAgeMs ?? 10 * 60_000
    this.#now = options.now ?? Date.now
    this.cacheControl =
      `public, max-age=0, s-maxage=${options.sharedMaxAge ?? 60}, ` +
      `stale-while-revalidate=${options.staleWhileRevalidate ?? 300}`
  }

  /** The app's content generation now. */
  generation(): number {
    return this.#generation()
  }

  /** The cache key of a request, or null when the request must not use the cache. */
  keyOf(req: Request): string | null {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null
    const url = req.originalUrl
    if (url.length > MAX_URL_LENGTH || NEVER.test(url) || url.includes('.data')) return null
    if (req.headers.authorization || hasOwnCookie(req.headers.cookie)) return null
    return `${req.headers.host ?? ''}\n${url}`
  }

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.generation !== this.generation() || entry.expiresAt <= this.#now()) {
      this.delete(entry)
      return undefined
    }
    // Most recently used last (Map keeps insertion order).
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry
  }

  delete(entry: Entry) {
    if (this.entries.get(entry.key) !== entry) return
    this.entries.delete(entry.key)
    this.bytes -= entry.bytes
  }

  set(
    key: string,
    generation: number,
    status: number,
    headers: [string, string][],
    csp: string,
    body: Buffer,
    nonce: string,
  ) {
    const pieces = splitAt(body, nonce)
    const deflated = pieces.map((piece) =>
      deflateRawSync(piece, { level: 9, finishFlush: zlibConstants.Z_FULL_FLUSH }),
    )
    const bytes =
      ENTRY_OVERHEAD +
      key.length * 2 +
      body.length +
      deflated.reduce((sum, part) => sum + part.length, 0)
    // One entry never takes more than an eighth of the budget.
    if (bytes > this.maxBytes / 8) return
    const old = this.entries.get(key)
    if (old) this.delete(old)
    const hash = createHash('sha1')
    for (const piece of pieces) hash.update(piece)
    const entry: Entry = {
      key,
      generation,
      expiresAt: this.#now() + this.maxAgeMs,
      status,
      headers,
      csp: csp.split(nonce),
      pieces,
      deflated,
      length: body.length,
      etag: `W/"${hash.digest('base64url').slice(0, 27)}"`,
      bytes,
    }
    this.entries.set(key, entry)
    this.bytes += bytes
    for (const oldest of this.entries.values()) {
      if (this.bytes <= this.maxBytes) break
      this.delete(oldest)
    }
  }

  clear() {
    this.entries.clear()
    this.bytes = 0
  }

  /** Answers a request from an entry with a fresh nonce. */
  send(req: Request, res: Response, entry: Entry) {
    res.setHeader('Vary', 'Accept-Encoding, Cookie')
    res.setHeader('Cache-Control', this.cacheControl)
    res.setHeader('ETag', entry.etag)
    res.setHeader('X-Page-Cache', 'hit')
    if (etagMatches(req.headers['if-none-match'], entry.etag)) {
      // No CSP on a 304: the browser keeps the page it has with the policy it came with.
      res.statusCode = 304
      res.end()
      return
    }
    const nonce = Buffer.from(createNonce())
    for (const [name, value] of entry.headers) res.setHeader(name, value)
    res.setHeader('Content-Security-Policy', entry.csp.join(nonce.toString()))
    res.statusCode = entry.status
    const parts: Buffer[] = []
    if (acceptsGzip(req)) {
      let crc = 0
      parts.push(GZIP_HEADER)
      const stored = storedBlock(nonce)
      entry.pieces.forEach((piece, i) => {
        if (i > 0) {
          parts.push(stored)
          crc = crc32(nonce, crc)
        }
        parts.push(entry.deflated[i]!)
        crc = crc32(piece, crc)
      })
      const trailer = Buffer.alloc(8)
      trailer.writeUInt32LE(crc >>> 0, 0)
      trailer.writeUInt32LE(entry.length >>> 0, 4)
      parts.push(DEFLATE_END, trailer)
      res.setHeader('Content-Encoding', 'gzip')
    } else {
      entry.pieces.forEach((piece, i) => {
        if (i > 0) parts.push(nonce)
        parts.push(piece)
      })
    }
    const body = Buffer.concat(parts)
    res.setHeader('Content-Length', body.length)
    if (req.method === 'HEAD') res.end()
    else res.end(body)
  }
}

/**
 * Express middleware answering hits. Mount it early (before `compression()` and the static
 * files: a hit needs neither), with `pageCacheCapture` later for the misses.
 */
export function pageCacheLookup(cache: PageCache) {
  return (req: Request, res: Response, next: NextFunction) => {
    const key = cache.keyOf(req)
    if (key === null) return next()
    const entry = cache.get(key)
    if (!entry) return next()
    cache.hits += 1
    cache.send(req, res, entry)
  }
}

/**
 * Express middleware recording misses: lets the app render and keeps what it sent when it
 * may be shared. Mount it after `compression()` (it keeps the uncompressed bytes) and just
 * before React Router.
 */
export function pageCacheCapture(cache: PageCache) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET') return next()
    const key = cache.keyOf(req)
    if (key === null) return next()
    cache.misses += 1
    capture(cache, key, res)
    next()
  }
}

/** Both in one place (tests, simple stacks): lookup then capture. */
export function pageCacheMiddleware(cache: PageCache) {
  const lookup = pageCacheLookup(cache)
  const record = pageCacheCapture(cache)
  return (req: Request, res: Response, next: NextFunction) =>
    lookup(req, res, () => record(req, res, next))
}

/** Records what the app sends for `key`, and stores it at the end when it may be shared. */
function capture(cache: PageCache, key: string, res: Response) {
  const generation = cache.generation()
  const chunks: Buffer[] = []
  let size = 0
  let keep = true
  let headers: [string, string][] = []
  let csp = ''
  const limit = cache.maxBytes / 8

  const writeHead = res.writeHead
  res.writeHead = function (this: Response, ...args: unknown[]) {
    const status = typeof args[0] === 'number' ? args[0] : this.statusCode
    const type = String(this.getHeader('content-type') ?? '')
    const cacheControl = String(this.getHeader('cache-control') ?? '')
    csp = String(this.getHeader('content-security-policy') ?? '')
    keep =
      keep &&
      status === 200 &&
      type.startsWith('text/html') &&
      !this.hasHeader('set-cookie') &&
      !/no-store|private|no-cache/i.test(cacheControl) &&
      /'nonce-[^']{24}'/.test(csp) &&
      args.length < 3 // headers passed to writeHead directly are not seen here
    if (keep) {
      headers = Object.entries(this.getHeaders())
        .filter(([name]) => !NOT_REPLAYED.has(name))
        .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)])
      this.setHeader('Cache-Control', cache.cacheControl)
      this.setHeader('Vary', 'Accept-Encoding, Cookie')
      this.setHeader('X-Page-Cache', 'miss')
    }
    return (writeHead as (...a: unknown[]) => Response).apply(this, args)
  } as typeof res.writeHead

  const collect = (chunk: unknown, encoding: unknown) => {
    if (!keep || chunk === undefined || chunk === null || typeof chunk === 'function') return
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array)
    size += buffer.length
    if (size > limit) {
      keep = false
      chunks.length = 0
      return
    }
    // Copied: a caller may reuse its buffer once write() returns.
    chunks.push(Buffer.from(buffer))
  }

  const write = res.write
  res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
    collect(chunk, rest[0])
    return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest)
  } as typeof res.write

  const end = res.end
  res.end = function (this: Response, ...args: unknown[]) {
    if (args.length > 0) collect(args[0], args[1])
    const result = (end as (...a: unknown[]) => Response).apply(this, args)
    const nonce = /'nonce-([^']{24})'/.exec(csp)?.[1]
    if (keep && nonce && res.statusCode === 200 && generation === cache.generation()) {
      cache.set(key, generation, 200, headers, csp, Buffer.concat(chunks, size), nonce)
    }
    chunks.length = 0
    return result
  } as typeof res.end
}
