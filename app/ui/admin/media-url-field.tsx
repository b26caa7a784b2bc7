// An image, video or document URL field with 'Choisir dans la médiathèque' and 'Téléverser'
// beside it (ADR 017). The URL input stays a plain, uncontrolled input: an external
// address still works, and the form works without JavaScript.
import { useRef, useState } from 'react'
import { Dialog } from 'radix-ui'
import { X } from 'lucide-react'
import { formatBytes } from '#app/domain/media-file.ts'
import type { MediaCategory } from '#app/domain/types.ts'
import { buttonStyles } from './buttons.tsx'
import { fieldAria, TextField, type FieldProps } from './fields.tsx'
import { uploadFile } from './media-uploader.tsx'

interface PickerItem {
  id: string
  url: string
  title: string
  alt: string
  category: MediaCategory
}

const ACCEPT: Record<MediaCategory, string> = {
  image: 'image/jpeg,image/png,image/webp,image/avif,image/gif,image/heic',
  video: 'video/mp4,video/webm',
  document: 'application/pdf',
}

/** Sets an uncontrolled input's value as typing would (form listeners see the change). */
/** Writes `value` as if typed; `alt`, the library item's text alternative, rides along in
 * `data-alt` for a listener that can use it (the Markdown editor's image insert). */
function setInputValue(id: string, value: string, alt = '') {
  const input = document.getElementById(id)
  if (!(input instanceof HTMLInputElement)) return
  input.dataset.alt = alt
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
  setter?.call(input, value)
  input.dispatchEvent(new Event('input', { bubbles: true }))
  input.dispatchEvent(new Event('change', { bubbles: true }))
  input.focus()
}

export function MediaUrlField(
  props: FieldProps & {
    /** What the field takes; absent: any kind (the media form's own URL). */
    kind?: MediaCategory
    defaultValue?: string
    placeholder?: string
  },
) {
  const { kind, ...field } = props
  const { id } = fieldAria(field)
  return (
    <div className="flex flex-col gap-2">
      <TextField {...field} id={id} type="url" />
      <MediaPickerButtons targetId={id} label={field.label} kind={kind} />
    </div>
  )
}

/**
 * 'Choisir dans la médiathèque' and 'Téléverser' for the URL input `targetId` (a plain field
 * or the new-item input of a list such as a project's images).
 */
export function MediaPickerButtons({
  targetId: id,
  label,
  kind,
}: {
  targetId: string
  label: string
  kind?: MediaCategory
}) {
  const field = { label }
  const [open, setOpen] = useState(false)
  const [items, setItems] = useState<PickerItem[] | null>(null)
  const [loadError, setLoadError] = useState('')
  const [upload, setUpload] = useState<{ text: string; error?: boolean }>()
  const fileInput = useRef<HTMLInputElement>(null)

  async function load() {
    setItems(null)
    setLoadError('')
    try {
      const res = await fetch(`/api/media${kind ? `?kind=${kind}` : ''}`, {
        headers: { Accept: 'application/json' },
      })
      const body = (await res.json()) as { items?: PickerItem[] }
      if (!res.ok || !body.items) throw new Error(String(res.status))
      setItems(body.items)
    } catch {
      setLoadError('La médiathèque n’a pas pu être chargée. Réessayez.')
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        {/* Names the field the buttons serve, without becoming a label of theirs. */}
        <span id={`${id}-for`} className="sr-only">
          {field.label}
        </span>
        <Dialog.Root
          open={open}
          onOpenChange={(next) => {
            setOpen(next)
            if (next) void load()
          }}
        >
          <Dialog.Trigger asChild>
            <button type="button" className={buttonStyles.secondary} aria-describedby={`${id}-for`}>
              Choisir dans la médiathèque
            </button>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
            <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[85dvh] w-[min(48rem,92vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 text-zinc-900 shadow-xl">
              <div className="mb-4 flex items-center justify-between gap-2">
                <Dialog.Title className="text-lg font-semibold">Médiathèque</Dialog.Title>
                <Dialog.Close className={buttonStyles.ghost} aria-label="Fermer">
                  <X className="h-4 w-4" aria-hidden="true" />
                </Dialog.Close>
              </div>
              <Dialog.Description className="mb-4 text-sm text-zinc-600">
                Choisissez un fichier pour « {field.label} ».
              </Dialog.Description>
              {loadError ? (
                <p role="alert" className="text-sm text-red-700">
                  {loadError}
                </p>
              ) : items === null ? (
                <p className="text-sm text-zinc-600">Chargement…</p>
              ) : items.length === 0 ? (
                <p className="text-sm text-zinc-600">
                  La médiathèque ne contient encore aucun fichier de ce type.
                </p>
              ) : (
                <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                  {items.map((item) => (
                    <li key={item.id}>
                      <button
                        type="button"
                        className="flex w-full flex-col gap-1 rounded-md border border-zinc-200 p-2 text-left text-sm hover:border-zinc-900 focus-visible:outline-2 focus-visible:outline-violet-600"
                        onClick={() => {
                          setOpen(false)
                          // After the dialog returns focus to its trigger.
                          setTimeout(() => setInputValue(id, item.url, item.alt), 0)
                        }}
                      >
                        {item.category === 'image' ? (
                          <img
                            src={item.url}
                            alt=""
                            loading="lazy"
                            className="aspect-video w-full rounded object-cover"
                          />
                        ) : null}
                        <span className="truncate">{item.title}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
        <button
          type="button"
          className={buttonStyles.secondary}
          aria-describedby={`${id}-for`}
          onClick={() => fileInput.current?.click()}
        >
          Téléverser
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={kind ? ACCEPT[kind] : Object.values(ACCEPT).join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-label="Fichier à téléverser"
          aria-describedby={`${id}-for`}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0]
            event.currentTarget.value = ''
            if (!file) return
            setUpload({ text: `0 o sur ${formatBytes(file.size)}` })
            void uploadFile(
              file,
              (sent) => setUpload({ text: `${formatBytes(sent)} sur ${formatBytes(file.size)}` }),
              { kind },
            ).then((result) => {
              if (result.error) setUpload({ text: result.error, error: true })
              else if (result.item) {
                setUpload({ text: `« ${file.name} » ajouté à la médiathèque` })
                setInputValue(id, result.item.url)
              }
            })
          }}
        />
        {upload ? (
          <p
            role={upload.error ? 'alert' : 'status'}
            className={`text-xs ${upload.error ? 'text-red-700' : 'text-zinc-600'}`}
          >
            {upload.text}
          </p>
        ) : null}
      </div>
    </div>
  )
}
