// Static files of the build (ADR 027): the list of files is read once at start-up, so a
// page request costs no file-system call (express.static stat()ed every URL first). Text
// assets (JS, CSS, SVG…) are held in memory with the brotli and gzip variants written at
// build time (scripts/compress-assets.ts) and chosen by Accept-Encoding; other files (images,
// videos, fonts) are streamed by `res.sendFile` (ranges, conditional requests).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import type { NextFunction, Request, Response } from 'express'

/** Types worth compressing (the same list the build step compresses). */
export const COMPRESSIBLE = /\.(?:js|mjs|css|svg|html|txt|json|xml|map|webmanifest)$/i
const IN_MEMORY_MAX_BYTES = 512 * 1024
/** Other files (fonts, small images) held in memory up to this size (ADR 029). */
const BINARY_IN_MEMORY_MAX_BYTES = 256 * 1024
/** Shipped media outside /assets/ (no hash in the name) kept 30 days by browsers (ADR 032). */
const LONG_LIVED = /\.(?:webp|avif|jpe?g|png|gif|ico|mp4|webm|woff2?)$/i

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
}

interface StaticFile {
  file: string
  type?: string
  etag: string
  lastModified: string
  cacheControl: string
  /** Text files: identity, brotli and gzip bytes in memory; small binary files: identity. */
  identity?: Buffer
  /** Held in memory but not text: a Range request still goes through sendFile. */
  binary?: boolean
  br?: Buffer
  gzip?: Buffer
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(full)
    else if (entry.isFile()) yield full
  }
}

function readIfPresent(file: string): Buffer | undefined {
  try {
    return readFileSync(file)
  } catch {
    return undefined
  }
}

/** The files under `root` by URL path (compressed siblings are variants, not URLs). */
export function indexStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>()
  let names: string[]
  try {
    names = [...walk(root)]
  } catch {
    return files
  }
  const present = new Set(names)
  for (const file of names) {
    if ((file.endsWith('.br') || file.endsWith('.gz')) && present.has(file.slice(0, -3))) continue
    const urlPath = '/' + path.relative(root, file).split(path.sep).join('/')
    const stat = statSync(file)
    const hashed = urlPath.startsWith('/assets/')
    const entry: StaticFile = {
      file,
      type: TYPES[path.extname(file).toLowerCase()],
      etag: `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
      lastModified: stat.mtime.toUTCString(),
      // Hashed file names never change content: a year, immutable. Shipped images and videos
      // (demo, logo, avatars: replaced through uploads, never in place) 30 days (ADR 032).
      // Others: an hour.
      cacheControl: hashed
        ? 'public, max-age=31536000, immutable'
        : LONG_LIVED.test(file)
          ? 'public, max-age=2592000'
          : 'public, max-age=3600',
    }
    if (COMPRESSIBLE.test(file) && stat.size <= IN_MEMORY_MAX_BYTES) {
      entry.identity = readFileSync(file)
      entry.br = readIfPresent(`${file}.br`)
      entry.gzip = readIfPresent(`${file}.gz`)
    } else if (entry.type && stat.size <= BINARY_IN_MEMORY_MAX_BYTES) {
      // Fonts and small images: no file-system call per request either (ranges: sendFile).
      entry.identity = readFileSync(file)
      entry.binary = true
    }
    files.set(urlPath, entry)
  }
  return files
}

function accepts(req: Request, coding: string): boolean {
  const header = req.headers['accept-encoding']
  if (typeof header !== 'string') return false
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';')
    if (name!.trim().toLowerCase() !== coding) return false
    const q = params.find((p) => p.trim().startsWith('q='))
    return !q || Number(q.trim().slice(2)) > 0
  })
}

function fresh(req: Request, file: StaticFile): boolean {
  const match = req.headers['if-none-match']
  if (match) return match.split(',').some((tag) => tag.trim() === file.etag || tag.trim() === '*')
  const since = req.headers['if-modified-since']
  return !!since && Date.parse(since) >= Date.parse(file.lastModified)
}

const SEND_REFUSALS: Record<number, string> = {
  412: 'Précondition non satisfaite : le fichier a changé.',
  416: 'Plage demandée non satisfiable.',
}

/** A refusal of `send` (behind `res.sendFile`) to answer as such, or undefined. */
function sendRefusal(
  error: unknown,
): { status: number; text: string; headers: Record<string, string> } | undefined {
  const { status, headers } = error as { status?: unknown; headers?: unknown }
  if (typeof status !== 'number' || !(status in SEND_REFUSALS)) return undefined
  const extra: Record<string, string> = {}
  if (headers && typeof headers === 'object')
    for (const [name, value] of Object.entries(headers)) extra[name] = String(value)
  return { status, text: SEND_REFUSALS[status]!, headers: extra }
}

/**
 * Serves the build's client files. `/assets/…` that is not a file answers 404 at once (a
 * stale hashed URL); any other unknown path goes on to the app without touching the disk.
 */
export function staticFiles(root: string) {
  const files = indexStaticFiles(root)
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const file = files.get(req.path)
    if (!file) {
      if (req.path.startsWith('/assets/')) {
        res.status(404).type('text/plain; charset=utf-8').send('Fichier introuvable.')
        return
      }
      return next()
    }
    res.setHeader('Cache-Control', file.cacheControl)
    res.setHeader('ETag', file.etag)
    res.setHeader('Last-Modified', file.lastModified)
    if (!file.identity || (file.binary && req.headers.range !== undefined)) {
      return res.sendFile(
        file.file,
        { etag: false, lastModified: false, cacheControl: false },
        (error) => {
          if (!error || res.headersSent) return
          const refused = sendRefusal(error)
          if (refused) {
            // An unsatisfiable range, a failed precondition: the client's, said in French.
            res.removeHeader('Content-Type')
            for (const [name, value] of Object.entries(refused.headers)) res.setHeader(name, value)
            res.status(refused.status).type('text/plain; charset=utf-8').send(refused.text)
            return
          }
          // The file is gone (a rebuild under a running server): the app answers, without
          // this file's headers.
          for (const name of ['Cache-Control', 'ETag', 'Last-Modified', 'Content-Type'])
            res.removeHeader(name)
          next()
        },
      )
    }
    if (file.br || file.gzip) res.setHeader('Vary', 'Accept-Encoding')
    if (fresh(req, file)) {
      res.statusCode = 304
      res.end()
      return
    }
    let body = file.identity
    if (file.br && accepts(req, 'br')) {
      body = file.br
      res.setHeader('Content-Encoding', 'br')
    } else if (file.gzip && accepts(req, 'gzip')) {
      body = file.gzip
      res.setHeader('Content-Encoding', 'gzip')
    }
    if (file.type) res.setHeader('Content-Type', file.type)
    res.setHeader('Content-Length', body.length)
    res.statusCode = 200
    if (req.method === 'HEAD') res.end()
    else res.end(body)
  }
}
