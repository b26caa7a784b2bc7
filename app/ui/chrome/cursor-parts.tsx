// The custom cursor's drawing part, fetched once hydrated and only where the cursor shows
// (a fine pointer, no reduced motion): a phone never downloads it (ADR 105).
import { useEffect, useRef } from 'react'

const HOVERABLE = 'a, button, img, summary, label, select, [role="button"], [data-hoverable]'

/**
 * The ring and the dot: they follow the mouse, grow over buttons, links, images and hoverable
 * elements, shrink while pressed and hide when the mouse leaves the window. `last` is the
 * mouse's last move before this code arrived, so the cursor starts where the mouse is.
 */
export function CursorParts({ last }: { last: React.RefObject<MouseEvent | null> }) {
  const dot = useRef<HTMLDivElement>(null)
  const ring = useRef<HTMLDivElement>(null)

  useEffect(() => {
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
    if (last.current) move(last.current)
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
  }, [last])

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
