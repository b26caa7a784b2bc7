// A cached answer's variants and their negotiation (ADR 029): the identity bytes and their
// gzip and brotli compressions, each with its strong ETag and the header list a hit sets,
// chosen by Accept-Encoding (If-None-Match and HEAD are Express's own, ADR 078).
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import { LRUCache } from 'lru-cache'

export type Coding = 'br' | 'gzip' | 'identity'

export interface Variant {
  body: Buffer
  etag: string
  /** Flat [name, value, …] list the hit sets before Express sends the body. */
  headers: string[]
}

export const VARY = 'Accept-Encoding, Cookie'
/**
 * A page change's data (a `.data` answer, ADR 052): stored by browsers and proxies but checked
 * with the server every time (its ETag makes that a 304), so a page change never shows data
 * older than the server's, unlike a page kept by `stale-while-revalidate`.
 */
export const DATA_CACHE_CONTROL = 'public, no-cache'

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
/** The headers of a rendered answer that a hit sends again. */
export function replayedHeaders(headers: [string, string][]): [string, string][] {
  return headers.filter(([name]) => !NOT_REPLAYED.has(name.toLowerCase()))
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

/** Distinct Accept-Encoding values kept parsed: browsers send a handful. */
const MAX_ACCEPT_ENCODINGS = 256
const codingsMemo = new LRUCache<string, Coding[]>({ max: MAX_ACCEPT_ENCODINGS })
const IDENTITY_ONLY: Coding[] = ['identity']

/** `acceptedCodings`, parsed once per distinct header value. */
export function codingsOf(header: string | undefined): Coding[] {
  if (header === undefined) return IDENTITY_ONLY
  let codings = codingsMemo.get(header)
  if (codings === undefined) {
    codings = acceptedCodings(header)
    codingsMemo.set(header, codings)
  }
  return codings
}

/** A variant: `base` are the replayed headers, `coding` its Content-Encoding (none: identity). */
export function makeVariant(
  base: [string, string][],
  body: Buffer,
  etag: string,
  coding: Coding | undefined,
  cacheControl: string,
): Variant {
  const headers = [
    ...base.flat(),
    'cache-control',
    cacheControl,
    'vary',
    VARY,
    'etag',
    etag,
    'x-page-cache',
    'hit',
    ...(coding ? ['content-encoding', coding] : []),
  ]
  return { body, etag, headers }
}

/** The replayed headers of a variant (its list without what `makeVariant` adds). */
function baseHeaders(variant: Variant): [string, string][] {
  const pairs: [string, string][] = []
  for (let i = 0; i < variant.headers.length; i += 2) {
    const name = variant.headers[i]!
    if (name === 'cache-control') break
    pairs.push([name, variant.headers[i + 1]!])
  }
  return pairs
}

/** The bytes a variant holds: its body and its header lists (JavaScript strings: 2 per char). */
export function variantBytes(variant: Variant): number {
  let bytes = variant.body.length
  for (const value of variant.headers) bytes += value.length * 2
  return bytes
}

/**
 * Compresses the identity variant `source` with `coding`, on zlib's thread pool (the event
 * loop never waits for it), and hands the new variant to `done` (undefined on failure).
 */
export function compressVariant(
  source: Variant,
  coding: 'br' | 'gzip',
  cacheControl: string,
  done: (variant: Variant | undefined) => void,
) {
  const finish = (error: Error | null, compressed: Buffer) => {
    if (error) return done(undefined)
    const tag = `${source.etag.slice(0, -1)}-${coding === 'br' ? 'br' : 'gz'}"`
    done(makeVariant(baseHeaders(source), compressed, tag, coding, cacheControl))
  }
  if (coding === 'gzip') gzip(source.body, { level: 9 }, finish)
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
      finish,
    )
  }
}
