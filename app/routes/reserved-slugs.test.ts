// A page's slug never takes an address of the app (ADR 090): every first path segment the
// route table uses, and every entry of the public folder, is in RESERVED_SLUGS. Read from the
// route table itself, so a new route cannot forget it.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import routes from '#app/routes.ts'
import { isReservedSlug } from '#app/domain/page.ts'

/** Every first segment of a static path in the table (dynamic ones and splats skipped). */
function firstSegments(entries: readonly RouteConfigEntry[], prefix = ''): string[] {
  return entries.flatMap((entry) => {
    const full = [prefix, entry.path ?? ''].filter(Boolean).join('/')
    const own = full.split('/')[0] ?? ''
    const here = own && !own.startsWith(':') && own !== '*' ? [own] : []
    return [...here, ...firstSegments(entry.children ?? [], full)]
  })
}

/** What a slug could look like for this segment: "robots.txt" → "robots". */
const asSlug = (segment: string) => segment.toLowerCase().replace(/\..*$/, '')

describe('reserved page slugs', () => {
  const segments = [...new Set(firstSegments(routes))]

  it('are read from the route table', () => {
    expect(segments).toEqual(expect.arrayContaining(['blog', 'admin', 'api', 'en', 'healthz']))
  })

  it.each(segments)('/%s is reserved', (segment) => {
    expect(isReservedSlug(asSlug(segment))).toBe(true)
  })

  it.each(readdirSync(path.resolve(import.meta.dirname, '../../public')))(
    'the public folder entry %s is reserved',
    (entry) => {
      if (entry === 'README.md') return
      expect(isReservedSlug(asSlug(entry))).toBe(true)
    },
  )

  it('keeps the built files and the English prefix', () => {
    for (const slug of ['assets', 'en', 'sitemap', 'rss', 'robots']) {
      expect(isReservedSlug(slug)).toBe(true)
    }
  })
})
