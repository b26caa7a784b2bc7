// Serving stored files (ADR 017): the right Content-Type from the extension we chose after
// sniffing (nosniff comes from server/middleware.ts), long immutable caching for content-addressed public files, single
// byte ranges (video seeking), 304 on a matching ETag.
import { Readable } from 'node:stream'
import { isStorageKey, type MediaStorage } from './storage.server.ts'

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
}

export function contentTypeOf(key: string): string {
  return TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream'
}

/** Types a browser displays itself, with no script of the file's own. */
export function isShownInline(type: string): boolean {
  return type.startsWith('image/') || type.startsWith('video/')
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` (one range); null when unsatisfiable. */
export function parseRange(
  header: string,
  size: number,
): { start: number; end: number } | null | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match) return undefined // not a form we honour: send the whole file
  const [, from = '', to = ''] = match
  if (from === '' && to === '') return undefined
  let start: number
  let end: number
  if (from === '') {
    const suffix = Number(to)
    if (suffix === 0) return null
    start = Math.max(0, size - suffix)
    end = size - 1
  } else {
    start = Number(from)
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1)
  }
  if (!Number.isSafeInteger(start) || start >= size || end < start) return null
  return { start, end }
}

export interface ServeOptions {
  /** Public, content-addressed: cache for a year. Private files: never cached. */
  immutable: boolean
  /** Extra headers (Content-Disposition…). */
  headers?: Record<string, string>
}

export async function serveStored(
  request: Request,
  storage: MediaStorage,
  key: string,
  opts: ServeOptions,
): Promise<Response> {
  const info = isStorageKey(key) ? await storage.stat(key) : undefined
  if (!info) {
    return new Response('Fichier introuvable', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  }
  const etag = `"${key}"`
  const type = contentTypeOf(key)
  const headers = new Headers({
    'Content-Type': type,
    // ADR 017: only images and videos are shown in the browser; a PDF (whose viewer runs
    // the file's scripts) or anything else is downloaded, never opened on our origin.
    ...(isShownInline(type) ? {} : { 'Content-Disposition': `attachment; filename="${key}"` }),
    'Accept-Ranges': 'bytes',
    'Last-Modified': info.mtime.toUTCString(),
    'Cache-Control': opts.immutable ? 'public, max-age=31536000, immutable' : 'private, no-store',
    ...opts.headers,
  })
  if (opts.immutable) headers.set('ETag', etag)
  if (opts.immutable && request.headers.get('if-none-match') === etag) {
    return new Response(null, { status: 304, headers })
  }
  const rangeHeader = request.headers.get('range')
  const range = rangeHeader ? parseRange(rangeHeader, info.size) : undefined
  if (range === null) {
    headers.set('Content-Range', `bytes */${info.size}`)
    return new Response(null, { status: 416, headers })
  }
  const head = request.method === 'HEAD'
  if (range) {
    headers.set('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`)
    headers.set('Content-Length', String(range.end - range.start + 1))
    const body = head ? null : (Readable.toWeb(storage.read(key, range)) as ReadableStream)
    return new Response(body, { status: 206, headers })
  }
  headers.set('Content-Length', String(info.size))
  const body = head ? null : (Readable.toWeb(storage.read(key)) as ReadableStream)
  return new Response(body, { status: 200, headers })
}
