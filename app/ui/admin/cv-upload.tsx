// 'Fichier du CV' (ADR 018): the CV uploaded as a PDF or an image into
// private storage; only /cv/fichier and /cv/telecharger serve it.
import { useState } from 'react'
import { useRevalidator } from 'react-router'
import { formatBytes } from '#app/domain/media-file.ts'
import { uploadFile } from './media-uploader.tsx'

export function CvUpload({ current }: { current: { mime: string } | null }) {
  const revalidator = useRevalidator()
  const [state, setState] = useState<{
    sent: number
    size: number
    done?: boolean
    error?: string
  }>()
  return (
    <div className="rounded-lg border border-zinc-200 bg-white p-6">
      <h3 className="mb-2 text-lg font-semibold text-zinc-900">Fichier du CV</h3>
      <p className="mb-4 text-sm text-zinc-600">
        {current
          ? `Un CV privé est en place (${current.mime === 'application/pdf' ? 'PDF' : 'image'}) : seuls les visiteurs autorisés peuvent l’afficher ou le télécharger.`
          : 'Téléversez votre CV : il est gardé hors du site public et servi uniquement selon la protection choisie.'}
      </p>
      <label htmlFor="cv-file" className="mb-1 block text-sm font-medium text-zinc-800">
        Téléverser le CV (PDF ou image)
      </label>
      <input
        id="cv-file"
        type="file"
        accept="application/pdf,image/jpeg,image/png,image/webp"
        className="block text-sm text-zinc-800"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0]
          event.currentTarget.value = ''
          if (!file) return
          setState({ sent: 0, size: file.size })
          void uploadFile(file, (sent) => setState({ sent, size: file.size }), {
            target: 'cv',
          }).then((result) => {
            if (result.error) setState({ sent: 0, size: file.size, error: result.error })
            else if (!result.cancelled) {
              setState({ sent: file.size, size: file.size, done: true })
              void revalidator.revalidate()
            }
          })
        }}
      />
      {state ? (
        <div className="mt-3">
          <progress
            className="w-full"
            max={state.size || 1}
            value={state.done ? state.size || 1 : state.sent}
            aria-label="Progression du CV"
          />
          {state.error ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {state.error}
            </p>
          ) : (
            <p role="status" className="mt-1 text-sm text-zinc-700">
              {state.done
                ? 'CV téléversé avec succès'
                : `${formatBytes(state.sent)} sur ${formatBytes(state.size)}`}
            </p>
          )}
        </div>
      ) : null}
    </div>
  )
}
