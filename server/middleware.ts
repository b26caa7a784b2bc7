import type { NextFunction, Request, Response } from 'express'
import { log } from '#app/server/core/log.server.ts'
import {
  looksLikeUndeclaredProxy,
  UNTRUSTED_PROXY_WARNING,
} from '#app/server/http/proxy-trust.server.ts'
import { normalizedPath } from './normalized-path.ts'
import { requestUrl } from './request-url.ts'
import { MEDIA_UPLOAD_PATH } from '#app/domain/media-file.ts'
import { IMPORT_PATH as IMPORT_FILE_PATH } from '#app/domain/transfer.ts'

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

/** Whether the https/www rules apply to this host name (without port). */
export function isExemptHost(hostname: string, previewHost: string | undefined): boolean {
  const name = hostname.toLowerCase()
  return LOOPBACK.has(name) || (!!previewHost && name === previewHost.toLowerCase())
}

/** FORCE_HTTPS and PREVIEW_HOST, parsed once at start-up (app/server/core/env.server.ts). */
export interface CanonicalHost {
  forceHttps: boolean
  previewHost?: string | undefined
}

/**
 * Force https and strip a leading "www." with 301 redirects, except on
 * loopback and the configured preview host. FORCE_HTTPS=false turns the https rule off
 * for a plain-http deployment on a LAN.
 */
export function canonicalHostRedirect({ forceHttps, previewHost }: CanonicalHost) {
  return (req: Request, res: Response, next: NextFunction) => {
    const hostHeader = req.get('host') ?? ''
    const hostname = hostHeader.replace(/:\d+$/, '')
    if (!hostname || isExemptHost(hostname, previewHost)) return next()
    const stripped = hostHeader.replace(/^www\./i, '')
    if (stripped === hostHeader && (req.secure || !forceHttps)) return next()
    const protocol = forceHttps || req.secure ? 'https' : 'http'
    return res.redirect(301, `${protocol}://${stripped}${req.originalUrl}`)
  }
}

export const HSTS = 'max-age=31536000; includeSubDomains'

/** Shipped images, demo images and the media library's files (public by design). */
const PUBLIC_IMAGES = /^\/(?:images|demo|media)\//

export function securityHeaders(req: Request, res: Response, next: NextFunction) {
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
  res.setHeader('X-Frame-Options', 'SAMEORIGIN')
  // Popups for Google/Facebook sign-in must be able to talk back to their opener. The
  // popup's own pages (/auth/*) and the provider's callback (a redirect, whose COOP counts
  // too) send no COOP: coming back from the provider to a response with COOP would cut the
  // popup from its opener (ADR 011).
  if (!req.path.startsWith('/auth/') && !req.path.startsWith('/api/auth/callback/')) {
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin-allow-popups')
  }
  // Public images may be shown by other origins: an e-mail's logo in a webmail.
  // Everything else, the private CV included, stays same-origin.
  res.setHeader(
    'Cross-Origin-Resource-Policy',
    PUBLIC_IMAGES.test(normalizedPath(req.path)) ? 'cross-origin' : 'same-origin',
  )
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
  if (req.secure) res.setHeader('Strict-Transport-Security', HSTS)
  next()
}

/** One JSON line per request, hit or miss, through the one logger (ADR 078). */
export function requestLog(req: Request, res: Response, next: NextFunction) {
  if (!log.logsRequests()) return next()
  const start = performance.now()
  res.on('finish', () => {
    if (req.path.startsWith('/assets/')) return
    log.request(req.method, req.path, res.statusCode, performance.now() - start)
  })
  next()
}

/** Hands the client address (as Express resolved it, honouring TRUST_PROXY) to the app. */
export function clientIpHeader(req: Request, _res: Response, next: NextFunction) {
  // Without TRUST_PROXY, Express's req.ip is the socket's address: read it without parsing
  // X-Forwarded-For for nothing (ADR 039).
  const trusted = req.app.get('trust proxy')
  req.headers['x-vitrine-client-ip'] = (trusted ? req.ip : req.socket.remoteAddress) ?? ''
  if (!trusted && !proxyWarned) warnOfUndeclaredProxy(req)
  next()
}

let proxyWarned = false

/** Once per process: a proxy TRUST_PROXY does not declare shares its limits among all visitors. */
function warnOfUndeclaredProxy(req: Request) {
  if (!looksLikeUndeclaredProxy(req.socket.remoteAddress, req.headers['x-forwarded-for'])) return
  proxyWarned = true
  log.warn(UNTRUSTED_PROXY_WARNING, { peer: req.socket.remoteAddress })
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** The newsletter's unsubscribe pages, exactly (ADR 085). */
const ONE_CLICK_PATHS = new Set(['/desabonnement', '/en/desabonnement'])

/**
 * CSRF defence for every mutating request: the browser's Origin (or Referer) must be this
 * site. Cookies are SameSite=Lax too; this closes the gap for same-site subdomains and
 * old browsers. Requests with neither header (curl, server-to-server) carry no ambient
 * cookies from a victim's browser, so they pass and meet the normal auth checks.
 */
export function originCheck(req: Request, res: Response, next: NextFunction) {
  if (SAFE_METHODS.has(req.method)) return next()
  // RFC 8058 one-click unsubscribe: the mail provider posts from its own origin. The token in
  // the URL is the only credential and unsubscribing is all it can do (ADR 085). React Router
  // refuses a cross-origin action on its own, so the foreign Origin judged here is dropped.
  if (req.method === 'POST' && ONE_CLICK_PATHS.has(req.path)) {
    delete req.headers.origin
    return next()
  }
  const source = req.get('origin') ?? refererOrigin(req.get('referer'))
  // "null" is an opaque origin (sandboxed frame, data: page): never this site's own form.
  if (source === 'null') return forbidden(res)
  if (!source) {
    if (req.get('sec-fetch-site') === 'cross-site') return forbidden(res)
    return next()
  }
  // The whole origin, scheme included, as React Router compares it after us: an https page
  // posting to this http URL (or the reverse) is refused here in French, not there in English.
  let same: boolean
  try {
    same = new URL(source).origin === requestUrl(req).origin
  } catch {
    return forbidden(res)
  }
  if (!same) return forbidden(res)
  next()
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined
  try {
    return new URL(referer).origin
  } catch {
    return 'null'
  }
}

function forbidden(res: Response) {
  res.status(403).type('text/plain; charset=utf-8').send('Requête refusée : origine non autorisée.')
}

/** The one route whose body is a media file. */
export const UPLOAD_PATH = MEDIA_UPLOAD_PATH
/** The import's file, streamed to disk under its own limit. */
export const IMPORT_PATH = IMPORT_FILE_PATH
/** Routes whose body is a file rather than a form. */
export const isFileBodyPath = (path: string) => path === UPLOAD_PATH || path === IMPORT_PATH

/** Largest request body accepted (forms and JSON; uploads have their own limits). */
export const MAX_BODY_BYTES = 1024 * 1024
export const BODY_TOO_LARGE = 'Requête trop volumineuse : 1 Mo au maximum.'
/**
 * The admin hub's forms hold long texts: a post or project body, custom CSS and JS, each up
 * to 100,000 characters (ADR 004), some 900 KB each once URL-encoded at worst (3-byte
 * characters, `%E2%82%AC`). Two of them in the settings form must fit.
 */
export const ADMIN_MAX_BODY_BYTES = 4 * 1024 * 1024
export const ADMIN_BODY_TOO_LARGE = 'Requête trop volumineuse : 4 Mo au maximum.'
const ADMIN_FORM = /^\/admin(?:[/.]|$)/

function tooLarge(res: Response, message: string) {
  // The rest of the body is dropped once this answer is out (drainUnreadBody, mounted first),
  // so that the client, still sending, reads this answer rather than a reset connection.
  res.status(413).type('text/plain; charset=utf-8').send(message)
}

/**
 * Bounds mutating request bodies before React Router reads them (abuse resistance, ADR 009).
 * A declared Content-Length over the limit is refused at once (Node's parser never delivers
 * more than it declares). A body without one (chunked) is read here up to the limit, then
 * put back unread at the front of the request stream, so React Router reads it whole.
 */
export function bodySizeLimit(maxBytes = MAX_BODY_BYTES, adminMaxBytes = ADMIN_MAX_BODY_BYTES) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next()
    // The media upload streams to disk under its own per-type limits (ADR 017), the import
    // under its own (ADR 066).
    if (isFileBodyPath(req.path)) return next()
    const admin = ADMIN_FORM.test(req.path)
    const limit = admin ? adminMaxBytes : maxBytes
    const refuse = () => tooLarge(res, admin ? ADMIN_BODY_TOO_LARGE : BODY_TOO_LARGE)
    const declared = req.get('content-length')
    if (declared !== undefined) {
      return Number(declared) > limit ? refuse() : next()
    }
    if (!req.get('transfer-encoding')) return next()
    const chunks: Buffer[] = []
    let size = 0
    const cleanup = () => {
      req.off('readable', onReadable)
      req.off('error', cleanup)
    }
    const onReadable = () => {
      // Read only what is buffered: a read() at the very end would emit 'end' before
      // React Router listens.
      while (req.readableLength > 0) {
        const chunk = req.read() as Buffer | null
        if (chunk === null) break
        size += chunk.length
        if (size > limit) {
          cleanup()
          req.pause()
          return refuse()
        }
        chunks.push(chunk)
      }
      // `complete`: the whole message is parsed, and 'end' is not emitted until someone
      // reads again, so the body can go back to the front of the stream.
      if (!req.complete) return
      cleanup()
      if (size > 0) req.unshift(Buffer.concat(chunks, size))
      // Once our 'readable' listener is gone, React Router's 'data' listener flows again.
      setImmediate(next)
    }
    req.on('readable', onReadable)
    // A client that gives up mid-body gets no answer (its connection is gone).
    req.on('error', cleanup)
  }
}
