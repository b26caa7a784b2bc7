import { renderToString } from 'react-dom/server'
import * as lucide from 'lucide-react'
import type { LucideIcon, LucideProps } from 'lucide-react'
import { describe, expect, it } from 'vitest'
import * as icons from './icons.tsx'

const PROPS: LucideProps[] = [
  {},
  { 'aria-hidden': 'true', className: 'size-4' },
  { 'aria-hidden': true, className: 'absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted' },
  { className: 'size-5 size-5  lucide extra' },
  { 'aria-label': 'Fermer', role: 'img' },
  { title: 'Titre', className: 'size-3' } as LucideProps,
  { 'data-testid': 'x', style: { color: 'red' } } as LucideProps,
  // Props the fast path hands to lucide.
  { size: 32, className: 'size-8' },
  { strokeWidth: 1.5 },
  { color: 'red', 'aria-hidden': 'true' },
  { absoluteStrokeWidth: true, size: 12 },
]

describe('icons built once (ADR 040)', () => {
  const names = Object.keys(icons).filter((name) => name !== 'fastIcon')

  it('covers every icon it exports', () => {
    expect(names.length).toBeGreaterThan(30)
  })

  for (const name of names) {
    it(`${name} writes the very <svg> lucide writes`, () => {
      const Fast = icons[name as keyof typeof icons] as LucideIcon
      const Lucide = lucide[name as keyof typeof lucide] as LucideIcon
      for (const props of PROPS) {
        // Twice: the class name comes from a cache the second time.
        for (let i = 0; i < 2; i++) {
          expect(renderToString(<Fast {...props} />)).toBe(renderToString(<Lucide {...props} />))
        }
      }
    })
  }
})
