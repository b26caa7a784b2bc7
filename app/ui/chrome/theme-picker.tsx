import { useEffect, useRef, useState } from 'react'
import { Palette as LucidePalette } from 'lucide-react'
import { fastIcon } from '#app/ui/icons.tsx'
import {
  parseStoredTheme,
  serializeTheme,
  THEME_LIST,
  THEME_STORAGE_KEY,
  type ThemeId,
} from '#app/domain/theme.ts'

// Built once (ADR 040).
const Palette = /* @__PURE__ */ fastIcon(LucidePalette)

/** Spec §2: closed or open; choosing a theme applies it, stores it and closes the menu. */
export function ThemePicker() {
  const [open, setOpen] = useState(false)
  const [current, setCurrent] = useState<ThemeId | null>(null)
  const root = useRef<HTMLDivElement>(null)

  useEffect(() => {
    setCurrent(parseStoredTheme(readStorage()))
  }, [])

  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false)
    }
    const onClick = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('mousedown', onClick)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('mousedown', onClick)
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
    setOpen(false)
  }

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-label="Choisir un thème"
        aria-expanded={open}
        aria-controls="theme-menu"
        onClick={() => setOpen((o) => !o)}
        className="flex size-12 items-center justify-center rounded-full border border-line bg-surface/80 text-fg shadow-lg backdrop-blur transition hover:scale-105"
      >
        <Palette aria-hidden="true" className="size-5" />
      </button>
      {open ? (
        <div
          id="theme-menu"
          role="group"
          aria-label="Thèmes"
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
              {t.label}
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
