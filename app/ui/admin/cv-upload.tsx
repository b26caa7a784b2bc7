// 'Fichier du CV' (ADR 018): the CV uploaded as a PDF or an image into private storage; only
// /cv/fichier and /cv/telecharger serve it. The same uploader as the media library (drag and
// drop, progress, cancel), for one file.
import { useRevalidator } from 'react-router'
import { MediaUploader } from './media-uploader.tsx'

export function CvUpload({ current }: { current: { mime: string } | null }) {
  const revalidator = useRevalidator()
  return (
    <div className="rounded-lg border border-zinc-200 bg-white p-6">
      <h3 className="mb-2 text-lg font-semibold text-zinc-900">Fichier du CV</h3>
      <p className="mb-4 text-sm text-zinc-600">
        {current
          ? `Un CV privé est en place (${current.mime === 'application/pdf' ? 'PDF' : 'image'}) : seuls les visiteurs autorisés peuvent l’afficher ou le télécharger.`
          : 'Téléversez votre CV : il est gardé hors du site public et servi uniquement selon la protection choisie.'}
      </p>
      <MediaUploader
        target="cv"
        multiple={false}
        accept="application/pdf,image/jpeg,image/png,image/webp"
        inputLabel="Téléverser le CV (PDF ou image)"
        chooseText="Choisir un fichier"
        typesText="PDF ou image (JPEG, PNG, WebP)."
        doneText="CV téléversé avec succès"
        onUploaded={() => void revalidator.revalidate()}
      />
    </div>
  )
}
