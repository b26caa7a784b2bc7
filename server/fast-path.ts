// What the page cache's hit path (server/page-cache/hits.ts, before Express) needs to know of a
// request exactly as Express would see it (ADR 029).
import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'
import type { Express } from 'express'
import { LRUCache } from 'lru-cache'
import { loggedPath, logsRequests } from './middleware.ts'
import { writeLogLine } from './log-lines.ts'

type TrustFunction = (address: string | undefined, hop: number) => boolean

/**
 * Express's `req.secure`: TLS, or X-Forwarded-Proto from a trusted proxy (TRUST_PROXY, through
 * the app's own `trust proxy fn`). The hit path runs in the `node:http` listener before Express
 * has made its request object (ADR 029), so it cannot read `req.secure`; everything after it
 * does (ADR 058).
 */
export function requestIsSecure(
  app: Express,
  req: Pick<IncomingMessage, 'socket' | 'headers'>,
): boolean {
  const socket = req.socket as TLSSocket
  const protocol = socket.encrypted ? 'https' : 'http'
  const trust = app.get('trust proxy fn') as TrustFunction
  if (!trust(socket.remoteAddress, 0)) return protocol === 'https'
  const header = req.headers['x-forwarded-proto']
  const value = (Array.isArray(header) ? header[0] : header) || protocol
  const comma = value.indexOf(',')
  return (comma === -1 ? value : value.slice(0, comma)).trim() === 'https'
}

/** A hit's log line: `writeRequestLog`'s line (server/middleware.ts), byte for byte. */
export type HitLog = (method: string, path: string, status: number, startedAt: number) => void

let isoMs = NaN
let iso = ''
/** `new Date().toISOString()`, made once per millisecond (hits come by thousands a second). */
function isoNow(): string {
  const now = Date.now()
  if (now !== isoMs) {
    isoMs = now
    iso = new Date(now).toISOString()
  }
  return iso
}

/** Distinct log-line middles kept at most (one per page, method and status). */
const MAX_MIDDLES = 1024

/**
 * The request log of hits (server/middleware.ts `requestLog`), or none when it is off: the same
 * JSON line, built without an intermediate object (ADR 035). `startedAt` is `performance.now()`.
 * Per hit only the time and the duration are new: the part between them (method,
 * logged path, status), escaped once, is kept per method, path and status.
 */
export function hitLogger(): HitLog | undefined {
  if (!logsRequests()) return undefined
  const middles = new LRUCache<string, string>({ max: MAX_MIDDLES })
  return (method, path, status, startedAt) => {
    const ms = Math.round((performance.now() - startedAt) * 10) / 10
    // A path starts with "/": the key of a GET 200 (nearly every hit) is the path itself.
    const key = method === 'GET' && status === 200 ? path : `${method} ${status} ${path}`
    let middle = middles.get(key)
    if (middle === undefined) {
      middle =
        `","level":"info","method":${JSON.stringify(method)},` +
        `"path":${JSON.stringify(loggedPath(path))},"status":${status},"ms":`
      middles.set(key, middle)
    }
    writeLogLine(`{"time":"${isoNow()}${middle}${ms}}\n`)
  }
}
