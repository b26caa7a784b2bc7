// The page cache's capture (ADR 029): for a miss of ./hits.ts, records what the app sends and
// stores it when it may be shared: a 200 text/html answer with a
// CSP nonce (or React Router's data answer to a page change, ADR 052), without Set-Cookie or a
// private/no-store Cache-Control, rendered while the content generation did not move.
// Maintenance mode (503), errors and redirects are never stored; switching maintenance on is
// a settings write, which moves the generation.
import type { Response } from 'express'
import type { PageCache } from './store.ts'
import { DATA_CACHE_CONTROL, VARY } from './variants.ts'

/**
 * Records what the app sends for `key`, and stores it at the end when it may be shared.
 * `data`: a page change's data (React Router's single-fetch answer) instead of a page.
 * Only what the app adds is kept: the headers the guards before it set (security headers…)
 * are set again by those guards on every hit (ADR 078).
 */
export function capture(cache: PageCache, key: string, res: Response, data: boolean) {
  const generation = cache.generation()
  const chunks: Buffer[] = []
  let size = 0
  let keep = true
  let headers: [string, string][] = []
  let csp = ''
  const limit = cache.maxEntryBytes
  const chain = res.getHeaders()

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
      headers = []
      for (const [name, value] of Object.entries(this.getHeaders())) {
        if (value === undefined || chain[name] === value) continue
        headers.push([name, Array.isArray(value) ? value.join(', ') : String(value)])
      }
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
