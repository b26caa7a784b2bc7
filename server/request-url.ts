// The URL React Router sees for an Express request (the one its own checks compare with).
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Request } from 'express'

/** The absolute URL React Router sees for `req`: the adapter's own computation. */
export function requestUrl(req: Request): URL {
  const [, hostnamePortStr] = req.app?.enabled('trust proxy')
    ? (req.get('X-Forwarded-Host')?.split(':') ?? [])
    : []
  const [, hostPortStr] = req.get('host')?.split(':') ?? []
  const hostnamePort = Number.parseInt(hostnamePortStr!, 10)
  const hostPort = Number.parseInt(hostPortStr!, 10)
  const port = Number.isSafeInteger(hostnamePort)
    ? hostnamePort
    : Number.isSafeInteger(hostPort)
      ? hostPort
      : ''
  const resolvedHost = `${req.hostname.split(/[\\/?#@]/)[0] || 'localhost'}${port ? `:${port}` : ''}`
  return new URL(`${req.protocol}://${resolvedHost}${req.originalUrl}`)
}

export const BAD_TARGET = 'Requête refusée : cible de requête invalide.'

type Handler = (req: IncomingMessage, res: ServerResponse) => void

/**
 * RFC 9112 §3.2: a request target is origin-form (`/path?query`) except for proxies
 * (absolute-form, `http://host/path`), CONNECT (authority-form) and `OPTIONS *`. A server
 * must accept absolute-form, and then its authority is the Host (§3.2.2): such a request is
 * turned into origin-form with that Host before anything reads it, so every later URL (the
 * page cache's key, Express, React Router) is built as for any request. `OPTIONS *` gets an
 * empty 204; any other target (Node's parser lets `ftp://…` and `*` through) a French 400:
 * it made an invalid URL, a 500.
 */
export function originFormFirst(next: Handler): Handler {
  return (req, res) => {
    const target = req.url ?? ''
    if (target.startsWith('/')) return next(req, res)
    if (target === '*' && req.method === 'OPTIONS') {
      res.writeHead(204, { allow: 'GET, HEAD, POST, OPTIONS' })
      return res.end()
    }
    const absolute = URL.canParse(target) ? new URL(target) : null
    if (absolute && (absolute.protocol === 'http:' || absolute.protocol === 'https:')) {
      req.url = `${absolute.pathname}${absolute.search}`
      req.headers.host = absolute.host
      return next(req, res)
    }
    res.writeHead(400, {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      'content-length': Buffer.byteLength(BAD_TARGET),
    })
    res.end(BAD_TARGET)
  }
}
