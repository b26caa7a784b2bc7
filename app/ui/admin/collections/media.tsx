// The "Gestion des Médias" collection (ADR 064): a grid with search, category and tag
// filters, pages and bulk actions (in the URL, ADR 099), the uploader, and where each item
// is used, asked before a delete.
import { useRevalidator } from 'react-router'
import { MEDIA_CATEGORY_LABELS, MEDIA_USED_CONFIRMED, mediaCountText } from '#app/domain/media.ts'
import type { FormFailure, MediaData } from '#app/domain/admin-collection.ts'
import { MEDIA_LIST } from '#app/domain/admin-list.ts'
import { formatBytes } from '#app/domain/media-file.ts'
import { MEDIA_CATEGORIES, type MediaItem } from '#app/domain/types.ts'
import {
  CheckboxField,
  FieldGrid,
  OrderField,
  SelectField,
  TextAreaField,
  TextField,
  optionsWithNone,
} from '../fields.tsx'
import { BulkActions, ListFilters, ListPagination, RowCheckbox } from '../list-controls.tsx'
import { MediaUploader } from '../media-uploader.tsx'
import { MediaUrlField } from '../media-url-field.tsx'
import { mediaCollection } from '#app/domain/collections/media.ts'
import { defineCollection, RowActions, type FieldsProps } from './collection.tsx'
import { MissingTranslation } from '../translation-panel.tsx'

export const media = defineCollection<'media', MediaData>(mediaCollection, {
  BeforeList: MediaListTop,
  List: MediaGrid,
  AfterList: ({ data }) => <ListPagination spec={MEDIA_LIST} listing={data.listing} />,
  Fields: MediaFields,
})

function MediaListTop({ data, failure }: { data: MediaData; failure: FormFailure | undefined }) {
  const revalidator = useRevalidator()
  const { listing } = data
  return (
    <>
      <MediaUploader onUploaded={() => void revalidator.revalidate()} />
      {listing ? (
        <>
          {/* The search follows the typing, after a pause (ADR 099). */}
          <ListFilters
            spec={MEDIA_LIST}
            query={listing.query}
            choices={listing.choices}
            live
            label="Filtrer les médias"
          />
          <BulkActions spec={MEDIA_LIST} total={listing.total} failure={failure} />
          {/* Announces the result count after each search or filter (polite: never interrupts). */}
          <p aria-live="polite" aria-atomic="true" className="sr-only">
            {mediaCountText(listing.total)}
          </p>
        </>
      ) : null}
    </>
  )
}

function MediaGrid({ items, data }: { items: MediaItem[]; data: MediaData }) {
  const { usages } = data
  return (
    <ul aria-label={media.labels.list} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {items.map((item) => (
        <li key={item.id} className="overflow-hidden rounded-lg border border-zinc-200 bg-white">
          <article aria-label={item.title}>
            <div className="relative aspect-video bg-zinc-100">
              {item.category === 'document' ? (
                <a
                  href={item.url}
                  className="flex h-full items-center justify-center text-sm font-medium text-zinc-700 underline"
                >
                  Ouvrir le PDF
                </a>
              ) : item.category === 'video' ? (
                <video
                  src={item.url}
                  controls
                  preload="metadata"
                  className="h-full w-full object-cover"
                >
                  Votre navigateur ne supporte pas la lecture de vidéos.
                </video>
              ) : (
                <img
                  src={item.url}
                  alt={item.decorative ? '' : item.alt}
                  loading="lazy"
                  className="h-full w-full object-cover"
                />
              )}
              {item.featured ? (
                <span className="absolute top-2 left-2 rounded bg-amber-400 px-2 py-0.5 text-xs font-semibold text-amber-950">
                  En vedette
                </span>
              ) : null}
            </div>
            <div className="flex flex-col gap-1 p-4">
              <div className="flex items-start justify-between gap-2">
                <div className="flex items-start">
                  <RowCheckbox id={item.id} name={item.title} />
                  <div>
                    <h3 className="font-medium text-zinc-900">{item.title}</h3>
                    {/* Its caption's English version (ADR 075). */}
                    <MissingTranslation entity="media" data={data.translations?.[item.id]} />
                  </div>
                </div>
                <div className="flex shrink-0 items-center gap-1">
                  <RowActions
                    collection={media}
                    item={item}
                    deleteHidden={
                      usages[item.id]?.length ? { [MEDIA_USED_CONFIRMED]: 'true' } : undefined
                    }
                    deleteWarning={<UsageWarning places={usages[item.id] ?? []} />}
                  />
                </div>
              </div>
              <p className="text-xs text-zinc-600 uppercase">
                {MEDIA_CATEGORY_LABELS[item.category]}
                {item.file ? ` · ${formatBytes(item.file.size)}` : ''}
                {item.file?.width ? ` · ${item.file.width} × ${item.file.height} px` : ''}
              </p>
              {item.category === 'image' && !item.alt && !item.decorative ? (
                <p className="text-xs font-medium text-amber-800">Texte alternatif manquant</p>
              ) : null}
              {item.category !== 'document' && !item.inGallery ? (
                <p className="text-xs text-zinc-600">Masqué de la galerie</p>
              ) : null}
              {item.description ? (
                <p className="text-sm text-zinc-600">{item.description}</p>
              ) : null}
              {item.tags.length > 0 ? (
                <ul aria-label="Tags" className="mt-1 flex flex-wrap gap-1">
                  {item.tags.map((t) => (
                    <li key={t} className="rounded bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700">
                      {t}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </article>
        </li>
      ))}
    </ul>
  )
}

function UsageWarning({ places }: { places: readonly string[] }) {
  if (places.length === 0) return null
  return (
    <div role="alert" className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
      <p className="font-medium">Ce média est utilisé ici :</p>
      <ul className="mt-1 list-disc pl-5">
        {places.map((place) => (
          <li key={place}>{place}</li>
        ))}
      </ul>
      <p className="mt-1">Ces pages afficheront une image manquante s’il est supprimé.</p>
    </div>
  )
}

const CATEGORY_OPTIONS = optionsWithNone(
  'Choisir une catégorie',
  MEDIA_CATEGORIES,
  MEDIA_CATEGORY_LABELS,
)

function MediaFields({ item, data, field, checked }: FieldsProps<MediaItem, MediaData>) {
  return (
    <>
      <FieldGrid>
        <MediaUrlField {...field('url', item?.url)} label="URL" required />
        <TextField {...field('title', item?.title)} label="Titre" required />
        <SelectField
          {...field('category', item?.category ?? 'image')}
          label="Catégorie"
          required
          options={CATEGORY_OPTIONS}
        />
        <OrderField {...field('order', item?.order ?? data.nextOrder)} min={0} />
        <TextField
          {...field('tags', item?.tags.join(', '))}
          label="Tags"
          hint="Séparés par des virgules"
        />
      </FieldGrid>
      <TextAreaField {...field('description', item?.description)} label="Description" rows={3} />
      <TextAreaField
        {...field('alt', item?.alt)}
        label="Texte alternatif"
        hint="Décrit l’image pour les personnes qui ne la voient pas (requis pour une image)."
        rows={2}
      />
      <CheckboxField {...checked('decorative', item?.decorative)} label="Image décorative" />
      <CheckboxField {...checked('featured', item?.featured)} label="Mettre en vedette" />
      <CheckboxField
        {...checked('inGallery', item?.inGallery ?? true)}
        label="Visible dans la galerie"
        hint="Affiché dans la galerie publique une fois son texte alternatif saisi (ou l’image marquée décorative)."
      />
    </>
  )
}
