// What the page cache's hit path (server/page-cache.ts, before Express) needs to know of a
// request exactly as Express would see it (ADR 029).
import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'
import type { Express } from 'express'
import { loggedPath } from './middleware.ts'
import { writeLogLine } from './log-lines.ts'

type TrustFunction = (address: string | undefined, hop: number) => boolean

/** Express's `req.secure`: TLS, or X-Forwarded-Proto from a trusted proxy (TRUST_PROXY). */
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

/**
 * The request log of hits (server/middleware.ts `requestLog`), or none when it is off: the same
 * JSON line, built without an intermediate object (ADR 035). `startedAt` is `performance.now()`.
 */
export function hitLogger(): HitLog | undefined {
  if (process.env.LOG_LEVEL === 'silent' || process.env.LOG_LEVEL === 'error') return undefined
  return (method, path, status, startedAt) => {
    const ms = Math.round((performance.now() - startedAt) * 10) / 10
    writeLogLine(
      `{"time":"${isoNow()}","level":"info","method":${JSON.stringify(method)},` +
        `"path":${JSON.stringify(loggedPath(path))},"status":${status},"ms":${ms}}\n`,
    )
  }
}
