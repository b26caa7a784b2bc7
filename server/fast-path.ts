// What the page cache's hit path (server/page-cache.ts, before Express) needs to know of a
// request exactly as Express would see it (ADR 029).
import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'
import type { Express } from 'express'
import { writeRequestLog } from './middleware.ts'

type TrustFunction = (address: string | undefined, hop: number) => boolean

/** Express's `req.secure`: TLS, or X-Forwarded-Proto from a trusted proxy (TRUST_PROXY). */
export function requestIsSecure(app: Express, req: IncomingMessage): boolean {
  const socket = req.socket as TLSSocket
  const protocol = socket.encrypted ? 'https' : 'http'
  const trust = app.get('trust proxy fn') as TrustFunction
  if (!trust(socket.remoteAddress, 0)) return protocol === 'https'
  const header = req.headers['x-forwarded-proto']
  const value = (Array.isArray(header) ? header[0] : header) || protocol
  const comma = value.indexOf(',')
  return (comma === -1 ? value : value.slice(0, comma)).trim() === 'https'
}

/** The request log of hits (server/middleware.ts `requestLog`), or none when it is off. */
export function hitLogger() {
  if (process.env.LOG_LEVEL === 'silent' || process.env.LOG_LEVEL === 'error') return undefined
  return writeRequestLog
}
