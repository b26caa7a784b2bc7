// 'Téléverser des fichiers' (ADR 017): drag and drop or the file picker, several
// files at once, one XMLHttpRequest per file so each shows its own progress (bytes sent) and
// can be cancelled. The server decides the type from the bytes and answers in French.
import { useRef, useState, type DragEvent } from 'react'
import { Upload, X } from 'lucide-react'
import { Link } from 'react-router'
import { formatBytes, MEDIA_UPLOAD_PATH, UPLOAD_ACCEPT } from '#app/domain/media-file.ts'
import type { MediaCategory } from '#app/domain/types.ts'
import { buttonStyles } from './buttons.tsx'

export interface UploadedItem {
  id: string
  url: string
  title: string
  category: string
  /** The library's text alternative (a file it held already may have one, ADR 093). */
  alt?: string
  decorative?: boolean
}

interface Entry {
  key: number
  name: string
  size: number
  sent: number
  status: 'envoi' | 'terminé' | 'erreur' | 'annulé'
  message?: string
  item?: UploadedItem
  /** The library held this file already: `item` is its entry (ADR 093). */
  duplicate?: boolean
  xhr?: XMLHttpRequest
}

/** What the uploader says when the library holds the file already (ADR 093). */
export function duplicateText(item: UploadedItem): string {
  return `Ce fichier est déjà dans la médiathèque : « ${item.title} ».`
}

/** Sends one file; resolves with the created (or the identical, `duplicate`) item or a French error. */
export function uploadFile(
  file: File,
  onProgress: (sent: number) => void,
  options: {
    register?: (xhr: XMLHttpRequest) => void
    /** The private CV instead of the library. */
    target?: 'cv'
    /** The one kind the field takes: the server refuses any other. */
    kind?: MediaCategory
    /** Offered to the public gallery (the media tab's uploader; ADR 017). */
    gallery?: boolean
  } = {},
): Promise<{ item?: UploadedItem; duplicate?: boolean; error?: string; cancelled?: boolean }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest()
    options.register?.(xhr)
    const query = new URLSearchParams({ name: file.name })
    if (options.target) query.set('target', options.target)
    if (options.kind) query.set('kind', options.kind)
    if (options.gallery) query.set('gallery', '1')
    xhr.open('POST', `${MEDIA_UPLOAD_PATH}?${query}`)
    xhr.responseType = 'json'
    xhr.upload.onprogress = (event) => onProgress(event.loaded)
    xhr.onload = () => {
      const body = xhr.response as {
        item?: UploadedItem
        duplicate?: boolean
        error?: string
      } | null
      if (xhr.status === 201) resolve({ item: body?.item })
      else if (xhr.status === 200 && body?.duplicate && body.item)
        resolve({ item: body.item, duplicate: true })
      else resolve({ error: body?.error ?? `Le téléversement a échoué (erreur ${xhr.status}).` })
    }
    xhr.onerror = () => resolve({ error: 'Le téléversement a échoué : vérifiez votre connexion.' })
    xhr.onabort = () => resolve({ cancelled: true })
    // The body is the file itself: streamed by the browser, never read into a form.
    xhr.send(file)
  })
}

/**
 * The uploader of the media library; the CV tab uses the same one (`target="cv"`, one file,
 * its own texts), so both show drag and drop, progress and cancel alike.
 */
export function MediaUploader({
  onUploaded,
  multiple = true,
  target,
  accept = UPLOAD_ACCEPT,
  inputLabel = 'Fichiers à téléverser',
  chooseText = 'Choisir des fichiers',
  typesText = 'Images (JPEG, PNG, WebP, AVIF, GIF), vidéos (MP4, WebM) et PDF.',
  doneText = 'Téléversé',
}: {
  /** After each successful upload (a CV has no library item). */
  onUploaded?: (item?: UploadedItem) => void
  multiple?: boolean
  target?: 'cv'
  accept?: string
  inputLabel?: string
  chooseText?: string
  typesText?: string
  doneText?: string
}) {
  const [entries, setEntries] = useState<Entry[]>([])
  const [dragging, setDragging] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const nextKey = useRef(0)

  const update = (key: number, patch: Partial<Entry>) =>
    setEntries((all) => all.map((e) => (e.key === key ? { ...e, ...patch } : e)))

  function start(files: FileList | File[]) {
    for (const file of Array.from(files)) {
      const key = nextKey.current++
      setEntries((all) => [
        ...all,
        { key, name: file.name, size: file.size, sent: 0, status: 'envoi' },
      ])
      void uploadFile(file, (sent) => update(key, { sent }), {
        register: (xhr) => update(key, { xhr }),
        // The library's own uploads are offered to the gallery (ADR 017); a CV never.
        ...(target ? { target } : { gallery: true }),
      }).then((result) => {
        if (result.cancelled) update(key, { status: 'annulé', xhr: undefined })
        else if (result.error)
          update(key, { status: 'erreur', message: result.error, xhr: undefined })
        else {
          update(key, {
            status: 'terminé',
            sent: file.size,
            item: result.item,
            duplicate: result.duplicate,
            xhr: undefined,
          })
          onUploaded?.(result.item)
        }
      })
    }
  }

  function onDrop(event: DragEvent) {
    event.preventDefault()
    setDragging(false)
    if (event.dataTransfer.files.length > 0) start(event.dataTransfer.files)
  }

  return (
    <section aria-labelledby="media-upload-title" className="mb-6">
      <h3 id="media-upload-title" className="sr-only">
        Téléverser des fichiers
      </h3>
      <div
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-6 text-center ${
          dragging ? 'border-zinc-900 bg-zinc-100' : 'border-zinc-300 bg-white'
        }`}
      >
        <Upload className="h-6 w-6 text-zinc-500" aria-hidden="true" />
        <p className="text-sm text-zinc-700">
          Glissez-déposez vos fichiers ici, ou
          <button
            type="button"
            className={`${buttonStyles.secondary} ml-2`}
            onClick={() => input.current?.click()}
          >
            {chooseText}
          </button>
        </p>
        <p className="text-xs text-zinc-600">{typesText}</p>
        <input
          ref={input}
          type="file"
          multiple={multiple}
          accept={accept}
          aria-label={inputLabel}
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            if (event.currentTarget.files) start(event.currentTarget.files)
            event.currentTarget.value = ''
          }}
        />
      </div>
      {entries.length > 0 ? (
        <ul aria-label="Téléversements" className="mt-4 flex flex-col gap-2">
          {entries.map((entry) => (
            <li
              key={entry.key}
              className="rounded-md border border-zinc-200 bg-white p-3 text-sm text-zinc-800"
            >
              <div className="flex items-center justify-between gap-2">
                <span className="truncate font-medium">{entry.name}</span>
                {entry.status === 'envoi' ? (
                  <button
                    type="button"
                    className={buttonStyles.ghost}
                    aria-label={`Annuler le téléversement de ${entry.name}`}
                    onClick={() => entry.xhr?.abort()}
                  >
                    <X className="h-4 w-4" aria-hidden="true" />
                  </button>
                ) : null}
              </div>
              <progress
                className="mt-2 w-full"
                max={entry.size || 1}
                value={entry.status === 'terminé' ? entry.size || 1 : entry.sent}
                aria-label={`Progression de ${entry.name}`}
              />
              <p role="status" className="mt-1 text-xs text-zinc-600">
                {entry.status === 'envoi'
                  ? `${formatBytes(entry.sent)} sur ${formatBytes(entry.size)}`
                  : entry.status === 'terminé'
                    ? entry.duplicate && entry.item
                      ? duplicateText(entry.item)
                      : doneText
                    : entry.status === 'annulé'
                      ? 'Téléversement annulé'
                      : null}
              </p>
              {entry.status === 'terminé' && entry.item?.category === 'image' ? (
                // An image needs its text alternative before visitors meet it (ADR 017).
                <Link
                  to={`/admin/media?edit=${encodeURIComponent(entry.item.id)}`}
                  className="mt-1 inline-block text-xs font-medium text-amber-800 underline"
                >
                  Ajouter le texte alternatif de {entry.name}
                </Link>
              ) : null}
              {entry.status === 'erreur' ? (
                <p role="alert" className="mt-1 text-xs text-red-700">
                  {entry.message}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
