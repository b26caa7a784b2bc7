// Cache lifetimes of the build's client files (ADR 027, 032): hashed /assets/ files (scripts,
// styles, fonts) a year and immutable, shipped images and videos 30 days, the rest an hour.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { indexStaticFiles } from './static-files.ts'

describe('static file cache lifetimes', () => {
  let root: string
  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'vitrine-static-'))
    for (const dir of ['assets', 'images', 'demo/projects', 'videos']) {
      mkdirSync(path.join(root, dir), { recursive: true })
    }
    const files = {
      'assets/entry.client-AbC123.js': 'export {}',
      'assets/inter-latin-wght-normal-Dx4kXJAl.woff2': 'wOF2',
      'images/logo.webp': 'RIFF',
      'demo/projects/atelier-sante-1.webp': 'RIFF',
      'videos/demo.mp4': 'ftyp',
      'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    }
    for (const [name, body] of Object.entries(files)) writeFileSync(path.join(root, name), body)
  })
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('gives hashed assets, fonts included, a year and immutable', () => {
    const files = indexStaticFiles(root)
    for (const url of [
      '/assets/entry.client-AbC123.js',
      '/assets/inter-latin-wght-normal-Dx4kXJAl.woff2',
    ]) {
      expect(files.get(url)?.cacheControl, url).toBe('public, max-age=31536000, immutable')
    }
  })

  it('keeps shipped images and videos 30 days (Lighthouse counts less as a short lifetime)', () => {
    const files = indexStaticFiles(root)
    for (const url of [
      '/images/logo.webp',
      '/demo/projects/atelier-sante-1.webp',
      '/videos/demo.mp4',
    ]) {
      expect(files.get(url)?.cacheControl, url).toBe('public, max-age=2592000')
    }
  })

  it('keeps other unhashed files an hour', () => {
    expect(indexStaticFiles(root).get('/favicon.svg')?.cacheControl).toBe('public, max-age=3600')
  })
})
