import { renderToString } from 'react-dom/server'
import * as lucide from 'lucide-react'
import type { LucideIcon, LucideProps } from 'lucide-react'
import { describe, expect, it } from 'vitest'
import { fastIcon } from './icons.tsx'

/** Every icon component lucide exports (each also under aliases such as `HomeIcon`). */
const ICONS = Object.entries(lucide).filter(
  ([name, value]) =>
    /^[A-Z]/.test(name) &&
    !name.endsWith('Icon') &&
    !name.startsWith('Lucide') &&
    typeof value === 'object' &&
    value !== null &&
    'render' in value,
) as [string, LucideIcon][]

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

describe('fastIcon (ADR 040)', () => {
  it('finds lucide’s icons', () => {
    expect(ICONS.length).toBeGreaterThan(1000)
  })

  it('writes the very <svg> lucide writes, for every icon', () => {
    for (const [name, Lucide] of ICONS) {
      const Fast = fastIcon(Lucide)
      expect(renderToString(<Fast aria-hidden="true" className="size-4" />), name).toBe(
        renderToString(<Lucide aria-hidden="true" className="size-4" />),
      )
    }
  })

  it('writes the very <svg> lucide writes, whatever the props', () => {
    for (const [name, Lucide] of ICONS.slice(0, 50).concat(
      ICONS.filter(([n]) => ['Home', 'Loader2', 'AlertTriangle', 'X'].includes(n)),
    )) {
      const Fast = fastIcon(Lucide)
      for (const props of PROPS) {
        // Twice: the class name comes from a cache the second time.
        for (let i = 0; i < 2; i++) {
          expect(renderToString(<Fast {...props} />), `${name} ${JSON.stringify(props)}`).toBe(
            renderToString(<Lucide {...props} />),
          )
        }
      }
    }
  })
})
