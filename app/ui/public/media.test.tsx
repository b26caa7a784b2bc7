import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { variantSrcSet } from '#app/domain/media-file.ts'
import { backdropSrc, ResponsiveImage } from './media.tsx'

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

describe('ResponsiveImage (ADR 040: URLs computed once per address)', () => {
  it('writes the same <picture> on every render, for each address', () => {
    const a = '/media/0123456789abcdef0123456789abcdef-1600x1200.jpg'
    const b = '/media/fedcba9876543210fedcba9876543210-640x480.png'
    const first = [a, b].map((src) => renderToString(<ResponsiveImage src={src} alt="Vue" />))
    const again = [b, a].map((src) => renderToString(<ResponsiveImage src={src} alt="Vue" />))
    expect(again).toEqual([first[1], first[0]])
    expect(first[0]).toContain(
      `srcSet="${variantSrcSet('0123456789abcdef0123456789abcdef', 1600, 'avif')}"`,
    )
    expect(first[0]).toContain('src="/media/0123456789abcdef0123456789abcdef-w1600.jpg"')
    expect(first[1]).toContain(
      `srcSet="${variantSrcSet('fedcba9876543210fedcba9876543210', 640, 'png')}"`,
    )
    expect(first[1]).not.toContain('0123456789abcdef0123456789abcdef')
  })
})
