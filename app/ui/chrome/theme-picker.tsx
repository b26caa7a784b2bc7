import { useEffect, useRef, useState } from 'react'
import { useT } from '#app/ui/i18n.tsx'
import { Palette } from 'lucide-react'
import {
  parseStoredTheme,
  serializeTheme,
  THEME_LIST,
  THEME_STORAGE_KEY,
  type ThemeId,
} from '#app/domain/theme.ts'

/** Closed or open; choosing a theme applies it, stores it and closes the menu. */
export function ThemePicker() {
  const [open, setOpen] = useState(false)
  const [current, setCurrent] = useState<ThemeId | null>(null)
  const root = useRef<HTMLDivElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)

  /** Closes the menu; from inside it, the focus goes back to its button (not to <body>). */
  const close = (refocus: boolean) => {
    setOpen(false)
    if (refocus) toggle.current?.focus()
  }

  useEffect(() => {
    setCurrent(parseStoredTheme(readStorage()))
  }, [])

  useEffect(() => {
    if (!open) return
    const inside = (node: EventTarget | null) =>
      !!root.current && node instanceof Node && root.current.contains(node)
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close(inside(document.activeElement))
    }
    const onClick = (e: MouseEvent) => {
      if (!inside(e.target)) setOpen(false)
    }
    // Tabbing out of the menu closes it, as a click outside does.
    const onFocus = (e: FocusEvent) => {
      if (!inside(e.target)) setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('mousedown', onClick)
    document.addEventListener('focusin', onFocus)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('mousedown', onClick)
      document.removeEventListener('focusin', onFocus)
    }
  }, [open])

  const choose = (id: ThemeId) => {
    document.documentElement.setAttribute('data-theme', id)
    try {
      localStorage.setItem(THEME_STORAGE_KEY, serializeTheme(id))
    } catch (error) {
      // Private browsing may refuse storage: the theme still applies to this page.
      console.warn('Thème non enregistré', error)
    }
    setCurrent(id)
    close(true)
  }

  const tr = useT()
  return (
    <div ref={root} className="relative">
      <button
        ref={toggle}
        type="button"
        aria-label={tr('chrome:chooseTheme')}
        aria-expanded={open}
        aria-controls={open ? 'theme-menu' : undefined}
        onClick={() => setOpen((o) => !o)}
        className="flex size-12 items-center justify-center rounded-full border border-line bg-surface/80 text-fg shadow-lg backdrop-blur transition hover:scale-105"
      >
        <Palette aria-hidden="true" className="size-5" />
      </button>
      {open ? (
        <div
          id="theme-menu"
          role="group"
          aria-label={tr('chrome:themes')}
          className="absolute right-0 bottom-14 w-60 rounded-2xl border border-line bg-surface p-2 shadow-2xl"
        >
          {THEME_LIST.map((t) => (
            <button
              key={t.id}
              type="button"
              aria-pressed={current === t.id}
              onClick={() => choose(t.id)}
              className="flex w-full items-center gap-3 rounded-xl px-3 py-2 text-left text-fg hover:bg-raised aria-pressed:bg-raised"
            >
              <span aria-hidden="true" className="flex -space-x-1">
                {[t.colors.primary, t.colors.secondary, t.colors.accent].map((c) => (
                  <span
                    key={c}
                    className="size-4 rounded-full border border-black/30"
                    style={{ background: c }}
                  />
                ))}
              </span>
              {tr(`theme:${t.id}`)}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  )
}

function readStorage(): string | null {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY)
  } catch {
    return null
  }
}
