// Static files of the build (ADRs 027, 029): listed once, text files with their build-time
// brotli/gzip copies and small binary files (fonts) answered from memory, so a request costs
// no file-system call (proved here by removing the files after start-up), hashed assets
// immutable, 304 on a matching ETag.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { staticFiles } from './static-files.ts'

const script = 'export const greeting = "Bonjour";\n'.repeat(50)
const font = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7) % 256))
const video = Buffer.from(Array.from({ length: 20_000 }, (_, i) => (i * 13) % 256))
let root: string
let server: http.Server
let origin: string

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'vitrine-static-'))
  mkdirSync(path.join(root, 'assets'))
  mkdirSync(path.join(root, 'fonts'))
  const js = path.join(root, 'assets', 'entry-Ab12Cd34.js')
  writeFileSync(js, script)
  writeFileSync(`${js}.br`, brotliCompressSync(script))
  writeFileSync(`${js}.gz`, gzipSync(script))
  writeFileSync(path.join(root, 'fonts', 'inter.woff2'), font)
  mkdirSync(path.join(root, 'videos'))
  writeFileSync(path.join(root, 'videos', 'clip.webm'), video)
  const app = express()
  app.use(staticFiles(root))
  app.use((_req, res) => void res.status(418).end())
  server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  // Everything was read at start-up: the files are no longer needed on disk.
  rmSync(path.join(root, 'assets'), { recursive: true })
  rmSync(path.join(root, 'fonts'), { recursive: true })
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  rmSync(root, { recursive: true, force: true })
})

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${origin}${url}`, { headers })
  return { res, body: Buffer.from(await res.arrayBuffer()) }
}

describe('static files', () => {
  it('answers hashed assets from memory, brotli when accepted, immutable', async () => {
    const { res, body } = await get('/assets/entry-Ab12Cd34.js', { 'accept-encoding': 'br' })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
    // fetch decodes br itself; either way the text is the script.
    const text =
      res.headers.get('content-encoding') === 'br' && body.length !== Buffer.byteLength(script)
        ? brotliDecompressSync(body).toString()
        : body.toString()
    expect(text).toBe(script)
    const etag = res.headers.get('etag')!
    const again = await get('/assets/entry-Ab12Cd34.js', { 'if-none-match': etag })
    expect(again.res.status).toBe(304)
  })

  it('answers fonts from memory with their type; unknown assets are a 404 without the app', async () => {
    const { res, body } = await get('/fonts/inter.woff2')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('font/woff2')
    // Fonts and images outside /assets/ are kept 30 days (ADR 032).
    expect(res.headers.get('cache-control')).toBe('public, max-age=2592000')
    expect(body.equals(font)).toBe(true)
    expect((await get('/assets/absent-Zz99.js')).res.status).toBe(404)
    expect((await get('/blog')).res.status).toBe(418)
  })

  it('answers ranges of a file, and refuses an unusable one in French, never a 500', async () => {
    const part = await get('/videos/clip.webm', { range: 'bytes=0-9' })
    expect(part.res.status).toBe(206)
    expect(part.body.equals(video.subarray(0, 10))).toBe(true)
    for (const range of ['bytes=999999999-', 'bytes=5-1x', 'bytes=-0']) {
      const { res, body } = await get('/videos/clip.webm', { range })
      // `send` ignores a malformed range (the whole file) and refuses an unsatisfiable one.
      if (res.status === 200) continue
      expect(res.status, range).toBe(416)
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
      expect(res.headers.get('content-range')).toBe(`bytes */${video.length}`)
      expect(body.toString()).toBe('Plage demandée non satisfiable.')
    }
    const unsatisfiable = await get('/videos/clip.webm', { range: 'bytes=999999999-' })
    expect(unsatisfiable.res.status).toBe(416)
    const precondition = await get('/videos/clip.webm', { range: 'bytes=0-9', 'if-match': 'nope' })
    expect(precondition.res.status).toBe(412)
    expect(precondition.body.toString()).toBe('Précondition non satisfaite : le fichier a changé.')
    // A file gone from the disk: the app answers, without the file's headers.
    const gone = await get('/fonts/inter.woff2', { range: 'bytes=0-9' })
    expect(gone.res.status).toBe(418)
    expect(gone.res.headers.get('etag')).toBeNull()
  })
})
