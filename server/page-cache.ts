// The page cache (ADRs 026 and 029): the full HTML of anonymous GET requests of public pages,
// kept in memory (an LRU bounded in bytes) and answered before Express, React Router, React
// or SQLite see the request.
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
// - Policy: a cached page carries the hashes of its trusted inline scripts instead of a
//   nonce (server/cached-page-policy.ts), so its bytes are the same for every visitor: gzip
//   and brotli are computed once per entry, in the background (zlib's thread pool), and a
//   hit only picks a variant and its precomputed header list.
import { STATUS_CODES, validateHeaderName, validateHeaderValue } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createHash } from 'node:crypto'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import type { NextFunction, Request, Response } from 'express'
import { toCachedPage } from './cached-page-policy.ts'
import type { HitLog } from './fast-path.ts'
import { HSTS } from './middleware.ts'
import { normalizedPath } from './normalized-path.ts'

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

type Coding = 'br' | 'gzip' | 'identity'

export interface Variant {
  body: Buffer
  etag: string
  /** Flat [name, value, …] lists for `writeHead`: plain and https (with HSTS). */
  headers: string[]
  secureHeaders: string[]
  notModified: string[]
  secureNotModified: string[]
  /**
   * The same four answers as raw HTTP/1.1 heads (status line and header lines, validated
   * once here), for the socket-level hit path (server/hit-socket.ts, ADR 042): indexed by
   * `headIndex`, without the Date and connection lines Node adds per response.
   */
  heads: [string, string, string, string]
  /** Their bytes with a Date and the connection lines, remade when the second changes. */
  wire: (Buffer | undefined)[]
  wireStamp: string
}

/** Index of a head in `Variant.heads`: 200 or 304, plain or https. */
export function headIndex(notModified: boolean, secure: boolean): number {
  return (notModified ? 2 : 0) + (secure ? 1 : 0)
}

/** `HTTP/1.1 <status>` and one line per header, as Node's `writeHead` writes them. */
function rawHead(status: number, list: string[]): string {
  let head = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n`
  for (let i = 0; i < list.length; i += 2) {
    validateHeaderName(list[i]!)
    validateHeaderValue(list[i]!, list[i + 1]!)
    head += `${list[i]}: ${list[i + 1]}\r\n`
  }
  return head
}

interface Entry {
  key: string
  generation: number
  expiresAt: number
  /** LRU stamp: the cache's clock at the last use. */
  used: number
  identity: Variant
  gzip?: Variant
  br?: Variant
  /** A background compression of this entry is queued or running. */
  compressing: boolean
  /** Whether a request for this host must be redirected (canonical host), plain and https. */
  redirects: [boolean | undefined, boolean | undefined]
  bytes: number
  /** The `Cache-Control` of its answers: a page's, or a page change's data's (ADR 052). */
  cacheControl: string
}

/** Paths never cached (admin hub, accounts, secret links, API, resources). */
const NEVER =
  /^\/(?:admin|api|auth|login|register|logout|setup|compte|reset-password|healthz|assets)(?:[/?.]|$)/
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
  'strict-transport-security',
  'x-page-cache',
])
/** Headers a 304 does not carry (RFC 9110 §15.4.5: those of the 200 minus the content's). */
const NOT_ON_304 = new Set(['content-type', 'content-language'])
const MAX_URL_LENGTH = 2048
const ENTRY_OVERHEAD = 1024
export const VARY = 'Accept-Encoding, Cookie'
/**
 * A page change's data (a `.data` answer, ADR 052): stored by browsers and proxies but checked
 * with the server every time (its ETag makes that a 304), so a page change never shows data
 * older than the server's, unlike a page kept by `stale-while-revalidate`.
 */
export const DATA_CACHE_CONTROL = 'public, no-cache'
/** Background compressions waiting at most; more are dropped (a later hit asks again). */
const MAX_QUEUED = 16

/**
 * Whether a request reads what every anonymous visitor reads: a public path (not the admin
 * hub, accounts, API or resources), no Authorization header, no cookie of ours. The page
 * cache shares its answer, and render threads may render it (ADR 056).
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
    if (name && !IGNORED_COOKIE.test(name)) return true
  }
  return false
}

/**
 * The codings a client accepts, best first, among br and gzip (RFC 9110 §12.5.3: q-values,
 * `*`, q=0 refuses). Identity is always possible and comes last.
 */
export function acceptedCodings(header: string | undefined): Coding[] {
  if (!header) return ['identity']
  let br = -1
  let gz = -1
  let star = -1
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';')
    const name = rawName.trim().toLowerCase()
    let q = 1
    for (const param of params) {
      const [key, value] = param.split('=')
      if (key?.trim().toLowerCase() === 'q') {
        const parsed = Number(value?.trim())
        q = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0
      }
    }
    if (name === 'br') br = q
    else if (name === 'gzip' || name === 'x-gzip') gz = q
    else if (name === '*') star = q
  }
  if (br < 0) br = star
  if (gz < 0) gz = star
  const codings: [Coding, number][] = []
  if (br > 0) codings.push(['br', br])
  if (gz > 0) codings.push(['gzip', gz])
  // Stable sort: on equal q-values brotli (smaller) comes first.
  codings.sort((a, b) => b[1] - a[1])
  return [...codings.map(([coding]) => coding), 'identity']
}

/** Parsed Accept-Encoding values: browsers send a handful of distinct strings. */
const codingsMemo = new Map<string, Coding[]>()
function codingsOf(header: string | undefined): Coding[] {
  if (header === undefined) return IDENTITY_ONLY
  let codings = codingsMemo.get(header)
  if (codings === undefined) {
    codings = acceptedCodings(header)
    if (codingsMemo.size >= 256) codingsMemo.clear()
    codingsMemo.set(header, codings)
  }
  return codings
}
const IDENTITY_ONLY: Coding[] = ['identity']

/** If-None-Match (weak comparison, RFC 9110 §13.1.2) against an entity tag. */
export function etagMatches(header: string, etag: string): boolean {
  if (header === etag) return true
  const bare = etag.startsWith('W/') ? etag.slice(2) : etag
  for (const tag of header.split(',')) {
    const value = tag.trim()
    if (value === '*' || (value.startsWith('W/') ? value.slice(2) : value) === bare) return true
  }
  return false
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
  readonly #turnGeneration: () => number
  readonly #now: () => number
  #clock = 0
  readonly #queue: Entry[] = []
  #working = false
  /** Resolved when the background queue is empty (tests). */
  #idle: (() => void)[] = []

  constructor(options: PageCacheOptions) {
    this.#generation = options.generation
    this.#turnGeneration = options.turnGeneration ?? options.generation
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
    entry.used = ++this.#clock
    return entry
  }

  delete(entry: Entry) {
    if (this.entries.get(entry.key) !== entry) return
    this.entries.delete(entry.key)
    this.bytes -= entry.bytes
  }

  clear() {
    this.entries.clear()
    this.bytes = 0
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
    const replayed = headers.filter(([name]) => !NOT_REPLAYED.has(name.toLowerCase()))
    replayed.push(['content-security-policy', page.policy])
    return this.#store(key, generation, replayed, page.html, this.cacheControl)
  }

  /**
   * Stores a page change's data (a `.data` answer of React Router: no markup, no script, so
   * no policy to rewrite), answered with `DATA_CACHE_CONTROL`. Returns whether it was stored.
   */
  setData(key: string, generation: number, headers: [string, string][], body: Buffer): boolean {
    const replayed = headers.filter(([name]) => !NOT_REPLAYED.has(name.toLowerCase()))
    return this.#store(key, generation, replayed, body, DATA_CACHE_CONTROL)
  }

  #store(
    key: string,
    generation: number,
    replayed: [string, string][],
    body: Buffer,
    cacheControl: string,
  ): boolean {
    const tag = createHash('sha1').update(body).digest('base64url').slice(0, 27)
    let identity: Variant
    try {
      identity = this.#variant(replayed, body, `"${tag}"`, undefined, cacheControl)
    } catch {
      return false // a header Node would refuse: not cached (the miss already failed on it)
    }
    const bytes = ENTRY_OVERHEAD + key.length * 2 + variantBytes(identity)
    // One entry never takes more than an eighth of the budget.
    if (bytes > this.maxBytes / 8) return false
    const old = this.entries.get(key)
    if (old) this.delete(old)
    const entry: Entry = {
      key,
      generation,
      expiresAt: this.#now() + this.maxAgeMs,
      used: ++this.#clock,
      identity,
      compressing: false,
      redirects: [undefined, undefined],
      bytes,
      cacheControl,
    }
    this.entries.set(key, entry)
    this.#grow(entry, 0)
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

  #variant(
    base: [string, string][],
    body: Buffer,
    etag: string,
    coding: Coding | undefined,
    cacheControl: string,
  ) {
    const common = [
      ...base.flat(),
      'cache-control',
      cacheControl,
      'vary',
      VARY,
      'etag',
      etag,
      'x-page-cache',
      'hit',
    ]
    const headers = [...common, ...(coding ? ['content-encoding', coding] : [])]
    headers.push('content-length', String(body.length))
    const notModified: string[] = []
    for (let i = 0; i < common.length; i += 2) {
      if (NOT_ON_304.has(common[i]!) || common[i] === 'content-security-policy') continue
      notModified.push(common[i]!, common[i + 1]!)
    }
    const secureHeaders = [...headers, 'strict-transport-security', HSTS]
    const secureNotModified = [...notModified, 'strict-transport-security', HSTS]
    return {
      body,
      etag,
      headers,
      secureHeaders,
      notModified,
      secureNotModified,
      heads: [
        rawHead(200, headers),
        rawHead(200, secureHeaders),
        rawHead(304, notModified),
        rawHead(304, secureNotModified),
      ],
      wire: [],
      wireStamp: '',
    } satisfies Variant
  }

  /** Accounts `added` bytes to `entry` and evicts the least recently used past the bound. */
  #grow(entry: Entry, added: number) {
    entry.bytes += added
    this.bytes += added === 0 ? entry.bytes : added
    while (this.bytes > this.maxBytes && this.entries.size > 0) {
      let oldest: Entry | undefined
      for (const candidate of this.entries.values()) {
        if (oldest === undefined || candidate.used < oldest.used) oldest = candidate
      }
      this.delete(oldest!)
    }
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
    const live = () => this.entries.get(entry.key) === entry
    const coding: Coding = entry.gzip === undefined ? 'gzip' : 'br'
    if (!live() || entry[coding] !== undefined) {
      entry.compressing = false
      return this.#work()
    }
    this.#working = true
    const source = entry.identity
    const done = (error: Error | null, compressed: Buffer) => {
      this.#working = false
      entry.compressing = false
      if (!error && live()) {
        const base = baseHeaders(source)
        const tag = `${source.etag.slice(0, -1)}-${coding === 'br' ? 'br' : 'gz'}"`
        const variant = this.#variant(base, compressed, tag, coding, entry.cacheControl)
        entry[coding] = variant
        this.#grow(entry, variantBytes(variant))
      }
      this.#work()
    }
    if (coding === 'gzip') gzip(source.body, { level: 9 }, done)
    else {
      brotliCompress(
        source.body,
        {
          params: {
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
            [zlib.BROTLI_PARAM_QUALITY]: 11,
            [zlib.BROTLI_PARAM_SIZE_HINT]: source.body.length,
          },
        },
        done,
      )
    }
  }
}

/** The replayed headers of a variant (its list without what #variant adds). */
function baseHeaders(variant: Variant): [string, string][] {
  const pairs: [string, string][] = []
  for (let i = 0; i < variant.headers.length; i += 2) {
    const name = variant.headers[i]!
    if (name === 'cache-control') break
    pairs.push([name, variant.headers[i + 1]!])
  }
  return pairs
}

function variantBytes(variant: Variant): number {
  let bytes = variant.body.length
  for (const list of [variant.headers, variant.notModified]) {
    for (const value of list) bytes += value.length * 2
  }
  // The raw heads (strings and, once used, their bytes with a Date: about 3 times each).
  for (const head of variant.heads) bytes += head.length * 3 + 128
  return bytes + 2 * HSTS.length
}

/** The turn of a connection's last request seen by the hit path. */
const HIT_TURN = Symbol('page-cache-turn')
type TurnSocket = object & { [HIT_TURN]?: number }

export interface HitOptions {
  /** Whether the request came over https (Express's `req.secure`, honouring TRUST_PROXY). */
  isSecure: (req: Pick<IncomingMessage, 'socket' | 'headers'>) => boolean
  /** Whether Express would redirect this host (canonical host, https): then it does. */
  redirects: (host: string, secure: boolean) => boolean
  /** Whether Express would refuse this path before any route (undecodable escapes). */
  refusesPath: (path: string) => boolean
  /** Log hits as the request log does (one JSON line per request). */
  log?: HitLog
  /**
   * Other processes' commits arrive as events on a socket (PostgreSQL notifications, ADR
   * 033): a request is looked up only after the poll phase that read it, in the check phase,
   * so a notification read in that same phase (sent before the request was) is counted first.
   */
  answerAfterPoll?: boolean
}

/** What a hit sends: a variant, 200 or 304, plain or https. */
export interface Hit {
  variant: Variant
  notModified: boolean
  secure: boolean
}

// Event-loop turns, counted from the first hit of each (ADR 035): a connection's second
// request read in one turn (pipelining) may have arrived after the turn's shared check of
// other processes' commits, so it gets an exact one. Shared by both hit paths (the socket
// one and the `http` one), as a connection can move from the first to the second.
let turn = 0
let turnOpen = false
const nextTurn = () => {
  turn += 1
  turnOpen = false
}

/** Whether this is the connection's first request looked up in this event-loop turn. */
function firstOfTurn(socket: TurnSocket): boolean {
  if (!turnOpen) {
    turnOpen = true
    setImmediate(nextTurn)
  }
  const first = socket[HIT_TURN] !== turn
  socket[HIT_TURN] = turn
  return first
}

/**
 * The answer to a request from the cache, or null when Express must handle it (not
 * cacheable, a miss, a bypass, a redirect, a refusal). Counts the hit. `exact` forces the
 * exact check of other processes' commits (a later request of a pipelined batch).
 */
export function findHit(
  cache: PageCache,
  options: HitOptions,
  method: string | undefined,
  url: string,
  headers: IncomingMessage['headers'],
  socket: IncomingMessage['socket'],
  exact = false,
): Hit | null {
  const key = cache.keyOf(method, url, headers)
  if (key === null) return null
  const first = firstOfTurn(socket) && !exact
  const entry = cache.get(key, first)
  if (entry === undefined) return null
  if (url.includes('%') && options.refusesPath(url.split('?', 1)[0]!)) return null
  const secure = options.isSecure({ socket, headers })
  const slot = secure ? 1 : 0
  let redirects = entry.redirects[slot]
  if (redirects === undefined) {
    redirects = options.redirects(headers.host ?? '', secure)
    entry.redirects[slot] = redirects
  }
  if (redirects) return null
  cache.hits += 1
  const variant = cache.variant(entry, codingsOf(headers['accept-encoding']))
  const condition = headers['if-none-match']
  const notModified = condition !== undefined && etagMatches(condition, variant.etag)
  return { variant, notModified, secure }
}

/**
 * The `http` server's request listener: a hit from the cache, or else the app (Express). With
 * `answerAfterPoll`, both wait for the check phase of the turn that read the request.
 */
export function hitsThenApp(
  hits: ((req: IncomingMessage, res: ServerResponse) => boolean) | undefined,
  app: (req: IncomingMessage, res: ServerResponse) => void,
  answerAfterPoll = false,
): (req: IncomingMessage, res: ServerResponse) => void {
  if (hits === undefined) return app
  const answer = (req: IncomingMessage, res: ServerResponse) =>
    void (hits(req, res) || app(req, res))
  if (!answerAfterPoll) return answer
  return (req, res) => void setImmediate(answer, req, res)
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

/**
 * The cache-hit path at the `http` level, called by the `http` server before Express for the
 * requests the socket-level path (server/hit-socket.ts) handed to Node: answers a hit and
 * returns true, or returns false untouched (Express then handles the request as always:
 * misses, bypasses, redirects, refusals). Per hit: a key, a map lookup, the generation, a
 * variant pick and one `writeHead` with a precomputed header list.
 */
export function pageCacheHits(cache: PageCache, options: HitOptions) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const startedAt = options.log ? performance.now() : 0
    const url = req.url!
    const hit = findHit(cache, options, req.method, url, req.headers, req.socket)
    if (hit === null) return false
    const { variant, secure } = hit
    if (hit.notModified) {
      res.writeHead(304, secure ? variant.secureNotModified : variant.notModified)
      res.end()
    } else {
      res.writeHead(200, secure ? variant.secureHeaders : variant.headers)
      if (req.method === 'HEAD') res.end()
      else res.end(variant.body)
    }
    options.log?.(req.method!, pathOf(url), hit.notModified ? 304 : 200, startedAt)
    return true
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
    const key = cache.keyOf(req.method, req.originalUrl, req.headers)
    if (key === null) return next()
    cache.misses += 1
    capture(cache, key, res, isDataUrl(req.originalUrl))
    next()
  }
}

/**
 * Records what the app sends for `key`, and stores it at the end when it may be shared.
 * `data`: a page change's data (React Router's single-fetch answer) instead of a page.
 */
function capture(cache: PageCache, key: string, res: Response, data: boolean) {
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
      (data
        ? type.startsWith('text/x-script') && this.getHeader('x-remix-response') === 'yes'
        : type.startsWith('text/html') && /'nonce-[^']{24}'/.test(csp)) &&
      !this.hasHeader('set-cookie') &&
      !/no-store|private|no-cache/i.test(cacheControl) &&
      args.length < 3 // headers passed to writeHead directly are not seen here
    if (keep) {
      headers = Object.entries(this.getHeaders()).map(([name, value]) => [
        name,
        Array.isArray(value) ? value.join(', ') : String(value),
      ])
      this.setHeader('Cache-Control', data ? DATA_CACHE_CONTROL : cache.cacheControl)
      this.setHeader('Vary', VARY)
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
    if (keep && res.statusCode === 200 && generation === cache.generation()) {
      const body = Buffer.concat(chunks, size)
      if (data) cache.setData(key, generation, headers, body)
      else cache.set(key, generation, headers, csp, body, /'nonce-([^']{24})'/.exec(csp)![1]!)
    }
    chunks.length = 0
    return result
  } as typeof res.end
}
