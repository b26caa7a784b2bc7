import { useEffect, useRef, useState } from 'react'

const HOVERABLE = 'a, button, img, summary, label, select, [role="button"], [data-hoverable]'

/**
 * Two-part cursor that follows the mouse, grows over buttons, links, images and
 * hoverable elements, shrinks while pressed and hides when the mouse leaves the window.
 * Off on touch devices and for visitors who ask for reduced motion.
 */
export function CustomCursor() {
  const [enabled, setEnabled] = useState(false)
  const dot = useRef<HTMLDivElement>(null)
  const ring = useRef<HTMLDivElement>(null)

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
    const set = (name: string, value: string) => {
      dot.current?.setAttribute(name, value)
      ring.current?.setAttribute(name, value)
    }
    const move = (e: MouseEvent) => {
      const t = `translate3d(${e.clientX}px, ${e.clientY}px, 0)`
      if (dot.current) dot.current.style.transform = t
      if (ring.current) ring.current.style.transform = t
      set('data-visible', 'true')
      const target = e.target instanceof Element ? e.target : null
      set('data-hover', String(!!target?.closest(HOVERABLE)))
    }
    const down = () => set('data-pressed', 'true')
    const up = () => set('data-pressed', 'false')
    const leave = () => set('data-visible', 'false')
    window.addEventListener('mousemove', move, { passive: true })
    window.addEventListener('mousedown', down)
    window.addEventListener('mouseup', up)
    document.documentElement.addEventListener('mouseleave', leave)
    return () => {
      window.removeEventListener('mousemove', move)
      window.removeEventListener('mousedown', down)
      window.removeEventListener('mouseup', up)
      document.documentElement.removeEventListener('mouseleave', leave)
    }
  }, [enabled])

  if (!enabled) return null
  return (
    <>
      <CursorPart name="cursor-ring" partRef={ring} />
      <CursorPart name="cursor-dot" partRef={dot} />
    </>
  )
}

/** The ring or the dot, hidden until the pointer moves (the effect shows and moves it). */
function CursorPart(props: {
  name: 'cursor-ring' | 'cursor-dot'
  partRef: React.Ref<HTMLDivElement>
}) {
  return (
    <div
      ref={props.partRef}
      data-testid={props.name}
      data-visible="false"
      aria-hidden="true"
      className={props.name}
    />
  )
}
