import { describe, expect, it } from 'vitest'
import { diffWords } from 'diff'
import { sourcesOf, staleFieldNames, staleFields, wordDiff } from './stale-translation.ts'
import { englishName } from './translation.ts'

describe('stale translations (ADR 094)', () => {
  const fields = ['title', 'bio', 'slug'] as const
  const french = { title: 'Cheffe de produit', bio: 'Je conçois des produits.', slug: 'cheffe' }
  const english = { title: 'Product manager', bio: 'I design products.', slug: 'pm' }

  it('remembers the French text of each English field filled, never of a slug', () => {
    expect(sourcesOf(fields, french, { title: 'Product manager' })).toEqual({
      title: 'Cheffe de produit',
    })
    expect(sourcesOf(fields, french, english)).toEqual({
      title: 'Cheffe de produit',
      bio: 'Je conçois des produits.',
    })
  })

  it('flags a field whose French text changed, until its sources are the French text again', () => {
    const sources = sourcesOf(fields, french, english)
    expect(staleFieldNames(fields, french, english, sources)).toEqual([])
    const changed = { ...french, bio: 'Je conçois des services numériques.' }
    expect(staleFieldNames(fields, changed, english, sources)).toEqual(['bio'])
    // Saved again from the changed French: up to date.
    expect(staleFieldNames(fields, changed, english, sourcesOf(fields, changed, english))).toEqual(
      [],
    )
    // A version saved before sources were kept is never flagged.
    expect(staleFieldNames(fields, changed, english, undefined)).toEqual([])
    // A field with no English text is not a translation to review.
    expect(staleFieldNames(fields, changed, { title: 'Product manager' }, sources)).toEqual([])
  })

  it('shows the French difference word by word', () => {
    const sources = sourcesOf(fields, french, english)
    const changed = { ...french, bio: 'Je conçois des services numériques.' }
    const [stale] = staleFields(fields, changed, english, sources, diffWords)
    expect(stale!.field).toBe('bio')
    const removed = stale!.parts.filter((p) => p.kind === 'removed').map((p) => p.text.trim())
    const added = stale!.parts.filter((p) => p.kind === 'added').map((p) => p.text.trim())
    expect(removed.join(' ')).toContain('produits')
    expect(added.join(' ')).toContain('services numériques')
    expect(stale!.parts.some((p) => p.kind === 'same' && p.text.includes('conçois'))).toBe(true)
    // Same text: nothing but kept words.
    expect(wordDiff('a b', 'a b', diffWords).every((p) => p.kind === 'same')).toBe(true)
  })

  it('gives up on a word diff past its bound and shows both texts whole', () => {
    const before = Array.from({ length: 3000 }, (_, i) => `a${i}`).join(' ')
    const after = Array.from({ length: 3000 }, (_, i) => `b${i}`).join(' ')
    expect(wordDiff(before, after, diffWords)).toEqual([
      { kind: 'removed', text: before },
      { kind: 'added', text: after },
    ])
  })
})

describe('English names of tags and categories (ADR 094)', () => {
  it('falls back to the French name', () => {
    const names = new Map([['Accessibilité', 'Accessibility']])
    expect(englishName(names, 'Accessibilité')).toBe('Accessibility')
    expect(englishName(names, 'React')).toBe('React')
  })
})
