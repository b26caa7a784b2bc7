// Media form: order at least 0 (a new item's defaults to the count + 1).
import { z } from 'zod'
import { MEDIA_CATEGORIES, type MediaCategory } from './types.ts'
import {
  MAX_LENGTH,
  boolField,
  intField,
  listField,
  optionalText,
  requiredText,
  requiredUrl,
} from './common.ts'

export const MEDIA_DELETE_QUESTION = 'Êtes-vous sûr de vouloir supprimer ce média ?'

/** Posted by the delete dialog once the owner has seen where the item is used. */
export const MEDIA_USED_CONFIRMED = 'usedConfirmed'

export const MEDIA_CATEGORY_LABELS: Record<MediaCategory, string> = {
  image: 'Image',
  video: 'Vidéo',
  document: 'Document',
}

/** Announced after each search or filter: 'Aucun média', '1 média', '3 médias'. */
export function mediaCountText(count: number): string {
  if (count === 0) return 'Aucun média'
  return `${count} ${count === 1 ? 'média' : 'médias'}`
}

export const MEDIA_ORDER_MESSAGE = "L'ordre doit être un entier positif ou nul"

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
}

export const ALT_REQUIRED_MESSAGE =
  'Le texte alternatif est requis pour une image (ou cochez « Image décorative »)'

/** The editor's Image dialog without an address (ADR 093). */
export const IMAGE_URL_REQUIRED = 'L’adresse de l’image est requise'

/** The media fields, without the rule between them (English versions pick from it, ADR 079). */
export const MediaFieldsSchema = z.object({
  url: requiredUrl("L'URL est requise"),
  title: requiredText('Le titre est requis'),
  description: optionalText(MAX_LENGTH.text).transform((value) => value ?? ''),
  category: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.enum(MEDIA_CATEGORIES, {
      error: (issue) =>
        issue.input === undefined ? 'La catégorie est requise' : 'Catégorie invalide',
    }),
  ),
  tags: listField(),
  featured: boolField,
  // Absent or blank stays undefined: the repository defaults it to count + 1.
  order: z.preprocess(
    (value) => (isBlank(value) ? undefined : value),
    intField({ message: MEDIA_ORDER_MESSAGE, min: 0 }).optional(),
  ),
  // The French alternative text public pages use (ADR 017); 'décorative' images have none.
  alt: optionalText(MAX_LENGTH.text).transform((value) => value ?? ''),
  decorative: boolField,
  inGallery: boolField,
})

export const MediaSchema = MediaFieldsSchema.superRefine((value, ctx) => {
  if (value.category === 'image' && !value.decorative && !value.alt) {
    ctx.addIssue({ code: 'custom', path: ['alt'], message: ALT_REQUIRED_MESSAGE })
  }
})

export type MediaFields = z.output<typeof MediaSchema>
export type MediaInput = Partial<Record<keyof MediaFields, unknown>> & Record<string, unknown>

/**
 * Whether the public gallery may show the item: the owner put it there, and an image has
 * its text alternative or is marked decorative (never a file name in place of a description).
 */
export function isGalleryReady(
  item: Pick<MediaFields, 'category' | 'alt' | 'decorative' | 'inGallery'>,
): boolean {
  if (!item.inGallery || item.category === 'document') return false
  return item.category !== 'image' || item.decorative || item.alt.trim() !== ''
}
