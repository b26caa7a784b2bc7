import { useCallback, useEffect, useRef } from 'react'
import { ChevronLeft, ChevronRight, X } from 'lucide-react'
import { useT } from '#app/ui/i18n.tsx'

export interface LightboxImage {
  src: string
  alt: string
}

/**
 * Full-screen image viewer: a native modal dialog,
 * so focus stays inside; Esc closes, arrow keys move, focus returns to the opener.
 */
export function Lightbox({
  images,
  index,
  onIndexChange,
  onClose,
}: {
  images: readonly LightboxImage[]
  index: number | null
  onIndexChange: (index: number) => void
  onClose: () => void
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const tr = useT()
  const opener = useRef<HTMLElement | null>(null)
  const open = index !== null && images.length > 0

  useEffect(() => {
    const el = dialog.current
    if (!el) return
    if (open && !el.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      el.showModal()
    } else if (!open && el.open) {
      el.close()
    }
  }, [open])

  const move = useCallback(
    (delta: number) => {
      if (index === null || images.length === 0) return
      onIndexChange((index + delta + images.length) % images.length)
    },
    [index, images.length, onIndexChange],
  )

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowRight') {
      e.preventDefault()
      move(1)
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault()
      move(-1)
    }
  }

  const current = index !== null ? images[index] : undefined
  return (
    <dialog
      ref={dialog}
      aria-label={tr('lightbox:viewer')}
      className="lightbox p-0 text-white"
      onKeyDown={onKeyDown}
      onClose={() => {
        onClose()
        opener.current?.focus()
      }}
    >
      {current ? (
        <div className="flex h-full w-full flex-col items-center justify-center gap-4 p-4 md:p-10">
          <img
            src={current.src}
            alt={current.alt}
            className="max-h-[80dvh] max-w-full rounded-xl object-contain shadow-2xl"
          />
          <p className="text-sm text-white/90" aria-live="polite">
            {current.alt} — {(index ?? 0) + 1} / {images.length}
          </p>
          <button
            type="button"
            aria-label={tr('lightbox:close')}
            onClick={() => dialog.current?.close()}
            className="absolute top-4 right-4 flex size-12 items-center justify-center rounded-full bg-white/15 hover:bg-white/25"
          >
            <X aria-hidden="true" className="size-6" />
          </button>
          {images.length > 1 ? (
            <>
              <button
                type="button"
                aria-label={tr('lightbox:previous')}
                onClick={() => move(-1)}
                className="absolute top-1/2 left-4 flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/15 hover:bg-white/25"
              >
                <ChevronLeft aria-hidden="true" className="size-6" />
              </button>
              <button
                type="button"
                aria-label={tr('lightbox:next')}
                onClick={() => move(1)}
                className="absolute top-1/2 right-4 flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/15 hover:bg-white/25"
              >
                <ChevronRight aria-hidden="true" className="size-6" />
              </button>
            </>
          ) : null}
        </div>
      ) : null}
    </dialog>
  )
}
