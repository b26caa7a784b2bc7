// An image, video or document URL field with 'Choisir dans la médiathèque' and 'Téléverser'
// beside it (ADR 017). The URL input stays a plain, uncontrolled input: an external
// address still works, and the form works without JavaScript.
import { useRef, useState } from 'react'
import { Dialog } from 'radix-ui'
import { X } from 'lucide-react'
import { formatBytes, MEDIA_ALT_PATH } from '#app/domain/media-file.ts'
import type { MediaCategory } from '#app/domain/types.ts'
import { buttonStyles } from './buttons.tsx'
import { fieldAria, TextField, type FieldProps } from './fields.tsx'
import { ImageAltDialog, type ImageAltChoice } from './image-alt-dialog.tsx'
import { duplicateText, uploadFile } from './media-uploader.tsx'

interface PickerItem {
  id: string
  url: string
  title: string
  alt: string
  decorative?: boolean
  category: MediaCategory
}

/** An image waiting for its text alternative before it is placed (ADR 093). */
interface PendingImage {
  id: string
  url: string
  alt: string
  decorative: boolean
}

const ACCEPT: Record<MediaCategory, string> = {
  image: 'image/jpeg,image/png,image/webp,image/avif,image/gif,image/heic',
  video: 'video/mp4,video/webm',
  document: 'application/pdf',
}

/**
 * Writes `value` into an uncontrolled input as typing would (form listeners see the change);
 * the image's text alternative rides along in `data-alt` / `data-decorative` for a listener
 * that uses it (the Markdown editor's image insert).
 */
function setInputValue(id: string, value: string, alt = '', decorative = false) {
  const input = document.getElementById(id)
  if (!(input instanceof HTMLInputElement)) return
  input.dataset.alt = alt
  input.dataset.decorative = decorative ? 'true' : ''
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
  altFor = 'field',
}: {
  targetId: string
  label: string
  kind?: MediaCategory
  /**
   * Where an image's text alternative lives: a field's image shows with the library's (saved
   * there from the dialog); a text's image carries its own in the Markdown, the library only
   * taking it when it has none (ADR 093).
   */
  altFor?: 'field' | 'text'
}) {
  const field = { label }
  const [open, setOpen] = useState(false)
  const [items, setItems] = useState<PickerItem[] | null>(null)
  const [loadError, setLoadError] = useState('')
  const [upload, setUpload] = useState<{ text: string; error?: boolean }>()
  const [pending, setPending] = useState<PendingImage>()
  const fileInput = useRef<HTMLInputElement>(null)

  /** An image is placed only once its text alternative is given; anything else at once. */
  function place(item: PendingImage, category: MediaCategory) {
    if (kind === 'image' && category === 'image') setPending(item)
    else setInputValue(id, item.url, item.alt, item.decorative)
  }

  async function placeWithAlt(image: PendingImage, choice: ImageAltChoice | undefined) {
    setPending(undefined)
    if (!choice) return
    const changed = choice.alt !== image.alt || choice.decorative !== image.decorative
    const missing = !image.alt && !image.decorative
    if (changed && (altFor === 'field' || missing)) {
      const body = new URLSearchParams({ id: image.id, alt: choice.alt })
      if (choice.decorative) body.set('decorative', 'on')
      const res = await fetch(MEDIA_ALT_PATH, { method: 'POST', body }).catch(() => undefined)
      if (!res?.ok && altFor === 'field') {
        const answer = (await res?.json().catch(() => null)) as { error?: string } | null
        setUpload({
          text: answer?.error ?? 'Le texte alternatif n’a pas pu être enregistré. Réessayez.',
          error: true,
        })
        return
      }
    }
    setInputValue(id, image.url, choice.alt, choice.decorative)
  }

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
                          setTimeout(
                            () =>
                              place(
                                {
                                  id: item.id,
                                  url: item.url,
                                  alt: item.alt,
                                  decorative: item.decorative ?? false,
                                },
                                item.category,
                              ),
                            0,
                          )
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
                setUpload({
                  text: result.duplicate
                    ? duplicateText(result.item)
                    : `« ${file.name} » ajouté à la médiathèque`,
                })
                place(
                  {
                    id: result.item.id,
                    url: result.item.url,
                    alt: result.item.alt ?? '',
                    decorative: result.item.decorative ?? false,
                  },
                  result.item.category as MediaCategory,
                )
              }
            })
          }}
        />
        {pending ? (
          <ImageAltDialog
            url={pending.url}
            initialAlt={pending.alt}
            initialDecorative={pending.decorative}
            confirmLabel={altFor === 'text' ? 'Insérer l’image' : 'Utiliser l’image'}
            onDone={(choice) => void placeWithAlt(pending, choice)}
          />
        ) : null}
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
