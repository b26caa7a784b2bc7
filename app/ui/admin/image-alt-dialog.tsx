// Every image placed from the hub asks for its text alternative, or « Image décorative »
// (alt=""), never a placeholder (ADR 093): the editor's Image button, an image chosen or
// uploaded in the editor, and an image chosen or uploaded for a field.
// Not a <form>: the dialog's portal still bubbles React events to the form it sits in.
import { useId, useState, type KeyboardEvent } from 'react'
import { Dialog } from 'radix-ui'
import { X } from 'lucide-react'
import { ALT_REQUIRED_MESSAGE, IMAGE_URL_REQUIRED } from '#app/domain/media.ts'
import { buttonStyles } from './buttons.tsx'

export interface ImageAltChoice {
  url: string
  alt: string
  decorative: boolean
}

const inputClass =
  'w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 shadow-sm ' +
  'focus:border-violet-500 focus:outline-none focus:ring-2 focus:ring-violet-500/40 ' +
  'aria-[invalid=true]:border-red-500'

/**
 * Asks for an image's text alternative. `url` given: that image (shown); absent: the address
 * is asked too (the editor's Image button). Mounted while open; `onDone(undefined)` on cancel.
 */
export function ImageAltDialog({
  url,
  initialAlt = '',
  initialDecorative = false,
  confirmLabel,
  onDone,
}: {
  url?: string
  initialAlt?: string
  initialDecorative?: boolean
  confirmLabel: string
  onDone: (choice: ImageAltChoice | undefined) => void
}) {
  const id = useId()
  const [address, setAddress] = useState(url ?? '')
  const [alt, setAlt] = useState(initialAlt)
  const [decorative, setDecorative] = useState(initialDecorative)
  const [errors, setErrors] = useState<{ url?: string; alt?: string }>({})

  function confirm() {
    const next = {
      url: url === undefined && !address.trim() ? IMAGE_URL_REQUIRED : undefined,
      alt: !decorative && !alt.trim() ? ALT_REQUIRED_MESSAGE : undefined,
    }
    setErrors(next)
    if (next.url ?? next.alt) return
    onDone({
      url: (url ?? address).trim(),
      alt: decorative ? '' : alt.replace(/\s+/g, ' ').trim(),
      decorative,
    })
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault()
      confirm()
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onDone(undefined))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          onKeyDown={onKeyDown}
          className="fixed top-1/2 left-1/2 z-50 max-h-[85dvh] w-[min(32rem,92vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 text-zinc-900 shadow-xl"
        >
          <div className="mb-4 flex items-center justify-between gap-2">
            <Dialog.Title className="text-lg font-semibold">
              Texte alternatif de l’image
            </Dialog.Title>
            <Dialog.Close className={buttonStyles.ghost} aria-label="Fermer">
              <X className="h-4 w-4" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mb-4 text-sm text-zinc-600">
            Décrivez ce que montre l’image pour qui ne la voit pas, ou indiquez qu’elle est
            décorative.
          </Dialog.Description>
          {url ? (
            <img src={url} alt="" className="mb-4 max-h-40 w-full rounded object-contain" />
          ) : null}
          <div className="flex flex-col gap-4">
            {url === undefined ? (
              <div className="flex flex-col gap-1">
                <label htmlFor={`${id}-url`} className="text-sm font-medium text-zinc-800">
                  Adresse de l’image
                </label>
                <input
                  id={`${id}-url`}
                  type="text"
                  inputMode="url"
                  value={address}
                  onChange={(event) => setAddress(event.target.value)}
                  placeholder="/media/… ou https://…"
                  className={inputClass}
                  aria-invalid={errors.url ? true : undefined}
                  aria-describedby={errors.url ? `${id}-url-error` : undefined}
                  required
                />
                {errors.url ? (
                  <p id={`${id}-url-error`} className="text-sm text-red-600">
                    {errors.url}
                  </p>
                ) : null}
              </div>
            ) : null}
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-alt`} className="text-sm font-medium text-zinc-800">
                Texte alternatif
              </label>
              <input
                id={`${id}-alt`}
                type="text"
                value={decorative ? '' : alt}
                disabled={decorative}
                maxLength={500}
                onChange={(event) => setAlt(event.target.value)}
                className={inputClass}
                aria-invalid={errors.alt ? true : undefined}
                aria-describedby={errors.alt ? `${id}-alt-error` : undefined}
                required={!decorative}
              />
              {errors.alt ? (
                <p id={`${id}-alt-error`} className="text-sm text-red-600">
                  {errors.alt}
                </p>
              ) : null}
            </div>
            <div className="flex items-center gap-2">
              <input
                id={`${id}-decorative`}
                type="checkbox"
                checked={decorative}
                onChange={(event) => {
                  setDecorative(event.target.checked)
                  setErrors({})
                }}
                className="h-4 w-4 rounded border-zinc-300 accent-violet-600"
              />
              <label htmlFor={`${id}-decorative`} className="text-sm text-zinc-800">
                Image décorative
              </label>
            </div>
          </div>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Dialog.Close className={buttonStyles.secondary}>Annuler</Dialog.Close>
            <button type="button" className={buttonStyles.primary} onClick={confirm}>
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
