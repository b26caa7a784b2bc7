import { lazy, Suspense, useEffect, useRef, useState } from 'react'

// Its drawing code is a chunk of its own, imported only once the cursor is on (ADR 105).
const CursorParts = lazy(() =>
  import('./cursor-parts.tsx').then((module) => ({ default: module.CursorParts })),
)

/**
 * Two-part cursor that follows the mouse, grows over buttons, links, images and
 * hoverable elements, shrinks while pressed and hides when the mouse leaves the window.
 * Off on touch devices and for visitors who ask for reduced motion.
 */
export function CustomCursor() {
  const [enabled, setEnabled] = useState(false)
  // The mouse's last move while the drawing code is on its way.
  const last = useRef<MouseEvent | null>(null)

  useEffect(() => {
    const fine = window.matchMedia('(pointer: fine)')
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)')
    const update = () => setEnabled(fine.matches && !reduced.matches)
    update()
    fine.addEventListener('change', update)
    reduced.addEventListener('change', update)
    return () => {
      fine.removeEventListener('change', update)
      reduced.removeEventListener('change', update)
    }
  }, [])

  useEffect(() => {
    if (!enabled) return
    const note = (e: MouseEvent) => {
      last.current = e
    }
    window.addEventListener('mousemove', note, { passive: true })
    return () => window.removeEventListener('mousemove', note)
  }, [enabled])

  if (!enabled) return null
  return (
    <Suspense fallback={null}>
      <CursorParts last={last} />
    </Suspense>
  )
}
