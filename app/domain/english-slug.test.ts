// The English slug of a post follows the French slug's rule (ADR 080): one slugify.
import { describe, expect, it } from 'vitest'
import { slugify } from './blog.ts'
import { MAX_LENGTH } from './common.ts'
import { cleanTranslation } from './translation.ts'

describe('the English slug', () => {
  it('is made by the same slugify as the French one', () => {
    for (const title of ["L'œuvre d'été — 2024", 'ÆSOP’s Fables!', '  --Déjà   vu--  ']) {
      expect(cleanTranslation({ slug: title }).slug).toBe(slugify(title))
    }
    expect(cleanTranslation({ slug: 'Œuvres complètes' }).slug).toBe('oeuvres-completes')
  })

  it('is as long as a French slug may be, and never ends with a hyphen', () => {
    const slug = cleanTranslation({ slug: 'Word '.repeat(100) }).slug ?? ''
    expect(slug.length).toBeGreaterThan(120)
    expect(slug.length).toBeLessThanOrEqual(MAX_LENGTH.short)
    expect(slug).not.toMatch(/-$/)
    expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  })
})
