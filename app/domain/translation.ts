// What the owner can translate (ADR 075): per kind of content, the fields that have an
// English version, and the one that must be filled for the item to exist in English. French
// stays the reference; an item without its English required field is "not translated" and
// is left out of every English page, list and feed. No I/O.
import { z } from 'zod'

export const TRANSLATABLE_FIELDS = {
  project: ['title', 'description', 'content'],
  post: ['slug', 'title', 'excerpt', 'content', 'category'],
  skill: ['name'],
  timeline: ['title', 'organization', 'description'],
  process: ['title', 'description'],
  media: ['title', 'description', 'alt'],
  profile: ['title', 'bio'],
  settings: ['siteName', 'siteDescription'],
  // One item per legal page, id = its key (notice, privacy, terms): the owner's English text.
  legal: ['text'],
} as const

export type TranslatedEntity = keyof typeof TRANSLATABLE_FIELDS
export type TranslatedField<E extends TranslatedEntity> = (typeof TRANSLATABLE_FIELDS)[E][number]

/** Filled for the item to count as translated. */
export const REQUIRED_FIELDS: { [E in TranslatedEntity]: readonly TranslatedField<E>[] } = {
  project: ['title'],
  post: ['title', 'content'],
  skill: ['name'],
  timeline: ['title'],
  process: ['title'],
  media: ['title'],
  profile: ['title'],
  settings: ['siteName'],
  legal: ['text'],
}

export const TRANSLATION_MAX = 100_000

/** A translation as stored: field → text, blanks dropped. */
export type TranslationData = Record<string, string>

const textField = z.string().max(TRANSLATION_MAX, 'Texte trop long')

/** The English fields of one item, as the hub sends them (unknown fields refused). */
export function translationSchema(entity: TranslatedEntity) {
  const shape: Record<string, z.ZodOptional<typeof textField>> = {}
  for (const field of TRANSLATABLE_FIELDS[entity]) shape[field] = textField.optional()
  return z.strictObject(shape)
}

/** Blank fields dropped; an English slug in the slug form. */
export function cleanTranslation(data: Record<string, string | undefined>): TranslationData {
  const clean: TranslationData = {}
  for (const [field, value] of Object.entries(data)) {
    const text = value?.trim()
    if (!text) continue
    clean[field] = field === 'slug' ? slugify(text) : text
  }
  return clean
}

function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
}

/** True when the item's English version has its required fields. */
export function isTranslated(entity: TranslatedEntity, data: TranslationData | undefined): boolean {
  if (!data) return false
  return (REQUIRED_FIELDS[entity] as readonly string[]).every((f) => !!data[f]?.trim())
}

/** The hub's French labels of the English fields (the hub stays French, ADR 074). */
export const TRANSLATION_FIELD_LABELS: Record<string, string> = {
  title: 'Titre',
  description: 'Description',
  content: 'Contenu (Markdown)',
  slug: 'Slug (adresse anglaise)',
  excerpt: 'Extrait',
  category: 'Catégorie',
  name: 'Nom',
  organization: 'Organisation',
  alt: 'Texte alternatif',
  bio: 'Biographie',
  siteName: 'Nom du site',
  siteDescription: 'Description du site',
  text: 'Texte (Markdown)',
}

/** The English fields written on several lines. */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set([
  'description',
  'content',
  'excerpt',
  'bio',
  'siteDescription',
  'text',
])
