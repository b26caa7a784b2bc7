// Request-shape rules of the Express layer (ADR 024). No request
// of any shape may end in a 500: an undecodable path is a 400, a body that is not a form is
// a 415 (counted against the address's limit like any other refusal, then a 429), a missing
// static file is a 404, and the error handler answers a client's mistake with its own 4xx.
// Admin responses are never stored by a cache, and every 429 says when to come back.
import type { NextFunction, Request, Response } from 'express'
import { isFileBodyPath } from './middleware.ts'
import { hasOwnCookie } from './page-cache/index.ts'
import { normalizedPath } from './normalized-path.ts'
import { STATS_BEACON_PATH } from '#app/domain/analytics-beacon.ts'
import { REFUSALS, refusalFor, type RefusalKey } from '#app/domain/i18n/refusals.ts'
import { EN_PREFIX, localeOfPath } from '#app/domain/i18n/locale.ts'

// The French texts; under /en/ each refusal is sent in English (refusalFor, ADR 074).
export const BAD_PATH = REFUSALS.fr.badPath
export const UNSUPPORTED_TYPE = REFUSALS.fr.unsupportedType
export const MISSING_BOUNDARY = REFUSALS.fr.missingBoundary
export const TOO_MANY_REFUSED = REFUSALS.fr.tooManyRefused
export const NOT_FOUND = REFUSALS.fr.notFound
const CLIENT_ERROR_TEXT: Record<number, RefusalKey> = { 403: 'forbidden', 404: 'notFound' }

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

function plain(res: Response, status: number, text: string) {
  res.status(status).set('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(text)
}

/** Whether every percent-escape of the path decodes to valid UTF-8. */
export function isDecodablePath(path: string): boolean {
  if (!path.includes('%')) return true
  try {
    decodeURIComponent(path)
    return true
  } catch {
    return false
  }
}

export const BAD_HOST = REFUSALS.fr.badHost

/** A host name or IP literal, with an optional port: what a browser sends (ASCII, punycode). */
const HOST_HEADER =
  /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.?)(?::(\d{1,5}))?$/

export function isValidHostHeader(value: string | undefined): boolean {
  const match = value ? HOST_HEADER.exec(value) : null
  return !!match && (match[1] === undefined || Number(match[1]) <= 65535)
}

/**
 * A missing or malformed Host (`a b`, a port over 65535…), or X-Forwarded-Host from a trusted
 * proxy: a French 400. The app builds every absolute URL from it, and such a value made that
 * URL invalid (a 500) or went into a redirect as it was.
 */
export function hostGuard(req: Request, res: Response, next: NextFunction) {
  const forwarded = req.app.enabled('trust proxy') ? req.get('x-forwarded-host') : undefined
  const hosts = [req.get('host'), ...(forwarded === undefined ? [] : forwarded.split(','))]
  if (hosts.every((host) => isValidHostHeader(host?.trim()))) return next()
  plain(res, 400, refusalFor(req.path, 'badHost'))
}

/** `/%zz%`, `/blog/%FF%FE`…: a French 400 before any router or static handler sees them. */
export function malformedPathGuard(req: Request, res: Response, next: NextFunction) {
  const raw = req.originalUrl.split('?')[0] ?? ''
  if (isDecodablePath(raw)) return next()
  plain(res, 400, refusalFor(raw, 'badPath'))
}

/** The English prefix as every link writes it: "/en", "/en/…", "/en.data". */
const LITERAL_ENGLISH = /^\/en(?:\/|\.data$|$)/

/**
 * The language is decided on the path as the router matches it (ADR 059): a path the router
 * reads as English (`/%65n/timeline`, `/EN/timeline`) but whose prefix is not written `/en`
 * would be English content in French chrome (the page reads its language from its own URL),
 * under an address of its own in the page cache. It is sent to its one address with a 301;
 * a path whose first segment is not such a spelling of "en" is a 404.
 */
export function canonicalLanguagePrefix(req: Request, res: Response, next: NextFunction) {
  const raw = req.path
  // Nearly every path: no escape, and no "/en" in any case at its start.
  if (!raw.includes('%') && raw.slice(0, 3).toLowerCase() !== EN_PREFIX) return next()
  if (LITERAL_ENGLISH.test(raw) || localeOfPath(normalizedPath(raw)) !== 'en') return next()
  const end = raw.indexOf('/', 1)
  const first = raw.slice(1, end === -1 ? undefined : end)
  let prefix = ''
  try {
    prefix = decodeURIComponent(first).toLowerCase()
  } catch {
    // Not decodable: malformedPathGuard refused it already.
  }
  if (prefix !== 'en' && prefix !== 'en.data') return plain(res, 404, refusalFor('/en', 'notFound'))
  const query = req.originalUrl.indexOf('?')
  const rest = end === -1 ? '' : raw.slice(end)
  res.redirect(301, `/${prefix}${rest}${query === -1 ? '' : req.originalUrl.slice(query)}`)
}

/** The refusal for a body of this content type on this path, or null when it may go on. */
export function bodyShapeRefusal(
  path: string,
  contentType: string | undefined,
  emptyBody = false,
): { status: 400 | 415; message: string } | null {
  const text = (key: RefusalKey) => refusalFor(path, key)
  // Better Auth's endpoints take JSON and answer odd bodies with its own 4xx.
  if (path.startsWith('/api/auth/')) return null
  // The media upload's body is the file itself, typed from its bytes by the route, which
  // refuses what it does not take in French (ADR 017); so is the import's (ADR 066).
  if (isFileBodyPath(path)) return null
  // A post with no body at all (a sign-out button, `fetch(url, { method: 'POST' })`): the
  // route reads no form, or gets a French 400 from readFormData.
  if (!contentType && emptyBody) return null
  const [essence = '', ...params] = (contentType ?? '').toLowerCase().split(';')
  const type = essence.trim()
  if (type === 'application/x-www-form-urlencoded') return null
  if (type === 'multipart/form-data') {
    const boundary = params.some((p) => /^\s*boundary=("[^"]+"|[^\s"]+)\s*$/.test(p))
    return boundary ? null : { status: 400, message: text('missingBoundary') }
  }
  // The activity beacon may also send JSON (app/routes/resources/activity-beacon.ts).
  if (type === 'application/json' && path === '/api/activity') return null
  // The statistics beacon sends text/plain (sendBeacon's string) or JSON (ADR 072).
  if ((type === 'text/plain' || type === 'application/json') && path === STATS_BEACON_PATH)
    return null
  return { status: 415, message: text('unsupportedType') }
}

/**
 * Counts a refused request against the address's limit of its path: the Retry-After value
 * when over it, else null. The app's limiter, reached through the build's entry, so that one
 * store per process counts (ADR 078).
 */
export type CountRefusal = (path: string, ip: string) => Promise<string | null>

/**
 * Mutating requests must carry a form (or, where a route takes it, JSON); anything else is
 * refused before React Router reads it, and counted against the address's limit of that
 * path (contact, sign-in, sign-up…), so such requests are throttled too.
 */
export function bodyShapeGuard(countRefusal: CountRefusal) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next()
    const empty = !req.get('transfer-encoding') && Number(req.get('content-length') ?? 0) === 0
    const refusal = bodyShapeRefusal(req.path, req.get('content-type'), empty)
    if (!refusal) return next()
    const retryAfter = await countRefusal(req.path, req.ip ?? 'Unknown')
    if (retryAfter !== null) {
      res.set('Retry-After', retryAfter)
      return plain(res, 429, refusalFor(req.path, 'tooManyRefused'))
    }
    // The body is not read: drainUnreadBody drops it once this answer is out.
    plain(res, refusal.status, refusal.message)
  }
}

/** The methods the site answers: pages and files (GET, HEAD) and forms (POST). */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST'])
export const ALLOWED_METHODS = 'GET, HEAD, POST'
export const UNKNOWN_METHOD = REFUSALS.fr.unknownMethod

/**
 * Any other method is answered here, before it reaches React Router, which calls a route's
 * action for every method but GET and HEAD (a DELETE to /contact stored a message) and whose
 * fetch Request refuses some outright (TRACE, CONNECT: a 500). OPTIONS says what is allowed.
 */
export function methodGuard(req: Request, res: Response, next: NextFunction) {
  if (KNOWN_METHODS.has(req.method)) return next()
  res.set('Allow', ALLOWED_METHODS)
  if (req.method === 'OPTIONS') {
    res.set('Cache-Control', 'no-store').status(204).end()
    return
  }
  plain(res, 405, refusalFor(req.path, 'unknownMethod'))
}

/** Unread bodies up to this size are drained after the answer, keeping the connection. */
export const MAX_DRAIN_BYTES = 64 * 1024 * 1024
/** …and for at most this long (a client sending slowly). */
export const MAX_DRAIN_MS = 120_000

/**
 * A route may answer before reading the whole body: a 404 for an expired link, a 204 for an
 * anonymous beacon, a 413 for an upload past its size limit (the pipeline stops reading). The
 * connection would then be reset under a client still sending, which sees ECONNRESET
 * ("vérifiez votre connexion") instead of the answer. Once the answer is out, the rest of the
 * body is read and dropped, up to MAX_DRAIN_BYTES and MAX_DRAIN_MS; a body declared larger
 * than that gets `Connection: close` up front (its refusal resets, as a last resort).
 */
export function drainUnreadBody(req: Request, res: Response, next: NextFunction) {
  if (SAFE_METHODS.has(req.method)) return next()
  const declared = Number(req.get('content-length') ?? Number.NaN)
  if (declared > MAX_DRAIN_BYTES) {
    res.set('Connection', 'close')
    return next()
  }
  res.on('finish', () => {
    if (req.complete || req.destroyed) return
    let drained = 0
    const stop = () => {
      clearTimeout(timer)
      req.destroy()
    }
    const timer = setTimeout(stop, MAX_DRAIN_MS)
    timer.unref()
    req.removeAllListeners('data')
    req.on('data', (chunk: Buffer) => {
      drained += chunk.length
      if (drained > MAX_DRAIN_BYTES) stop()
    })
    req.once('end', () => clearTimeout(timer))
    req.once('close', () => clearTimeout(timer))
    req.resume()
  })
  next()
}

/** Pages (and their `.data` requests) under `prefix`. */
const under = (path: string, prefix: string) =>
  path === prefix || path === `${prefix}.data` || path.startsWith(`${prefix}/`)

/**
 * Pages that hold secrets or private data, never kept by any cache: the admin hub, the
 * account pages (a two-factor key, sessions with their addresses), the second-factor step,
 * and the pages of a secret link (a reset, the first-admin setup, an invitation), whose token
 * is in the page.
 */
export function isSecretPage(rawPath: string, query: string): boolean {
  const path = normalizedPath(rawPath)
  return (
    under(path, '/admin') ||
    under(path, '/compte') ||
    under(path, '/auth/verification') ||
    under(path, '/reset-password') ||
    path.startsWith('/setup/') ||
    (under(path, '/register') && /(?:^|&)invitation=/.test(query))
  )
}

/**
 * Headers settled when the response starts, whatever produced it: secret pages are
 * `no-store` (they hold private data and must not stay in a shared or back-forward cache),
 * answers made for a visitor with a cookie of ours are `private` (markPrivate), and a 429
 * always carries Retry-After.
 */
export function responseRules(req: Request, res: Response, next: NextFunction) {
  const query = req.originalUrl.split('?')[1] ?? ''
  const secret = isSecretPage(req.path, query)
  // A request with a cookie of ours (a session, a toast) or credentials gets a page made for
  // that visitor (their name in the menu…): never for a shared cache.
  const personal = !secret && (hasOwnCookie(req.headers.cookie) || !!req.headers.authorization)
  const writeHead = res.writeHead
  res.writeHead = function (this: Response, ...args: unknown[]) {
    const status = typeof args[0] === 'number' ? args[0] : this.statusCode
    if (secret) this.setHeader('Cache-Control', 'private, no-store')
    if (personal) markPrivate(this)
    if (status === 429 && !this.getHeader('retry-after')) this.setHeader('Retry-After', '60')
    return (writeHead as (...a: unknown[]) => Response).apply(this, args)
  } as Response['writeHead']
  next()
}

/**
 * A personal answer without a caching rule, or an HTML one whatever its rule, becomes
 * `private, no-cache` (the browser revalidates, no proxy or CDN stores it); `no-store` stays,
 * and so do the lifetimes of files (a hashed asset stays immutable for a signed-in visitor).
 */
function markPrivate(res: Response) {
  const current = String(res.getHeader('cache-control') ?? '')
  if (/no-store/i.test(current)) return
  const html = /^\s*text\/html/i.test(String(res.getHeader('content-type') ?? ''))
  if (!current || html) res.setHeader('Cache-Control', 'private, no-cache')
}

/**
 * The last error handler: a client's mistake (a status 4xx set by Express or a static
 * handler: missing file, undecodable parameter, unreadable body) gets that status and a
 * French text without a stack trace; anything else is logged and answered 500.
 */
export function errorHandler(error: unknown, req: Request, res: Response, next: NextFunction) {
  const status = clientErrorStatus(error)
  if (res.headersSent) {
    if (!status) console.error(error)
    return next(error)
  }
  if (status)
    return plain(res, status, refusalFor(req.path, CLIENT_ERROR_TEXT[status] ?? 'badRequest'))
  console.error(error)
  plain(res, 500, refusalFor(req.path, 'internalError'))
}

function clientErrorStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown }
  const value = typeof status === 'number' ? status : statusCode
  return typeof value === 'number' && value >= 400 && value < 500 ? value : null
}
