import { describe, expect, it } from 'vitest'
import { backdropSrc } from './media.tsx'

describe('backdropSrc (ADR 032)', () => {
  it("uses a library image's smallest WebP variant behind a blurred hero", () => {
    const hash = '0123456789abcdef0123456789abcdef'
    expect(backdropSrc(`/media/${hash}-1600x1200.jpg`)).toBe(`/media/${hash}-w320.webp`)
    // Narrower than the smallest step: its only variant, at its own width.
    expect(backdropSrc(`/media/${hash}-200x150.png`)).toBe(`/media/${hash}-w200.webp`)
  })

  it('keeps any other address as it is', () => {
    expect(backdropSrc('/demo/projects/budget-clair-cover.webp')).toBe(
      '/demo/projects/budget-clair-cover.webp',
    )
    expect(backdropSrc('https://exemple.fr/image.jpg')).toBe('https://exemple.fr/image.jpg')
  })
})
