// What the owner can translate (ADR 075): per kind of content, the fields that have an
// English version, and the one that must be filled for the item to exist in English. French
// stays the reference; an item without its English required field is "not translated" and
// is left out of every English page, list and feed. A post's English version also has its
// own status and publish date (ADR 077). No I/O.
import { z } from 'zod'
import { BlogPostFieldsSchema, slugify } from './blog.ts'
import { MAX_LENGTH, optionalText } from './common.ts'
import { englishVersion } from './collections/define.ts'
import { COLLECTIONS } from './collections/registry.ts'
import { ProfileSchema } from './profile.ts'
import { SCHEDULE_IN_PAST_MESSAGE, type BlogStatusValue } from './publishing.ts'
import { SettingsFieldsSchema } from './settings.ts'

/**
 * Every English version (ADR 075): the collections' from their declarations, the single
 * documents' here, each checked with its French schema's rules (ADR 079).
 */
const ENGLISH = {
  project: COLLECTIONS.projects.translation,
  post: COLLECTIONS.blog.translation,
  skill: COLLECTIONS.skills.translation,
  timeline: COLLECTIONS.timeline.translation,
  process: COLLECTIONS.process.translation,
  media: COLLECTIONS.media.translation,
  profile: englishVersion('profile', ProfileSchema, ['title', 'bio'], ['title']),
  settings: englishVersion(
    'settings',
    SettingsFieldsSchema,
    ['siteName', 'siteDescription'],
    ['siteName'],
  ),
  // One item per legal page, id = its key (notice, privacy, terms): the owner's English text,
  // bounded as the French one (settings.ts).
  legal: englishVersion(
    'legal',
    z.object({ text: optionalText(MAX_LENGTH.long) }),
    ['text'],
    ['text'],
  ),
  // English names of the tags and of the posts' categories (ADR 094): one item per French
  // name, id = that name, used wherever an English page shows it.
  tag: englishVersion('tag', z.object({ name: optionalText(MAX_LENGTH.tag) }), ['name'], ['name']),
  category: englishVersion(
    'category',
    z.object({ name: optionalText(MAX_LENGTH.short) }),
    ['name'],
    ['name'],
  ),
} as const

export type TranslatedEntity = keyof typeof ENGLISH

/** The fields of each kind of content that have an English version. */
export const TRANSLATABLE_FIELDS = Object.fromEntries(
  Object.entries(ENGLISH).map(([entity, english]) => [entity, english.fields]),
) as { [E in TranslatedEntity]: (typeof ENGLISH)[E]['fields'] }

export type TranslatedField<E extends TranslatedEntity> = (typeof ENGLISH)[E]['fields'][number]

/** Filled for the item to count as translated. */
export const REQUIRED_FIELDS = Object.fromEntries(
  Object.entries(ENGLISH).map(([entity, english]) => [entity, english.required]),
) as { [E in TranslatedEntity]: (typeof ENGLISH)[E]['required'] }

/** The kinds whose items are names (tags, categories), keyed by their French name (ADR 094). */
export type TermEntity = 'tag' | 'category'
export function isTerm(entity: TranslatedEntity): entity is TermEntity {
  return entity === 'tag' || entity === 'category'
}

/** English names by French name; the French name when none is set (ADR 094). */
export function englishName(names: ReadonlyMap<string, string>, french: string): string {
  return names.get(french) || french
}

/**
 * The English form's inputs for the English names of an item's tags and category (ADR 094),
 * posted as three parallel lists: which kind, the French name, the English name.
 */
export const ENGLISH_NAME_FIELDS = {
  kind: 'en.names.kind',
  french: 'en.names.french',
  english: 'en.names.english',
} as const

/** One tag or category of an item, with its English name ('' when none) for the English form. */
export interface EnglishNameRow {
  kind: TermEntity
  french: string
  english: string
}

/** The error key of one English name in the English form. */
export function englishNameErrorKey(entity: TermEntity, french: string): string {
  return `en.name.${entity}.${french}`
}

/** A translation as stored: field → text, blanks dropped. */
export type TranslationData = Record<string, string>

/**
 * The kinds of content whose English version is published on its own (ADR 077): its status
 * and publish date are stored with its texts, under these keys of its data.
 */
export const PUBLICATION_FIELDS = ['status', 'publishedAt'] as const
export function hasOwnPublication(entity: TranslatedEntity): entity is 'post' {
  return entity === 'post'
}

/** The status and date of an English post: the French post's rules and French refusals. */
const publicationShape = {
  // Absent: the stored status stays (a version stored without one follows the French post).
  status: BlogPostFieldsSchema.shape.status.unwrap().optional(),
  publishedAt: BlogPostFieldsSchema.shape.publishedAt,
}

/** The English fields of one item, as the hub sends them (unknown fields refused). */
export function translationSchema(entity: TranslatedEntity): z.ZodType<TranslationInput> {
  const texts = ENGLISH[entity].schema
  if (!hasOwnPublication(entity)) return texts as z.ZodType<TranslationInput>
  return texts.extend(publicationShape).superRefine((value, ctx) => {
    // As for a French post: a scheduled version needs a date still ahead.
    if (value.status !== 'scheduled') return
    const at = value.publishedAt as string | undefined
    if (at === undefined || at <= new Date().toISOString())
      ctx.addIssue({ code: 'custom', path: ['publishedAt'], message: SCHEDULE_IN_PAST_MESSAGE })
  }) as z.ZodType<TranslationInput>
}

/** A translation as the hub sends it, once checked: field → text (or nothing). */
export type TranslationInput = Record<string, string | undefined>

/**
 * The status of an English post's version: its own when stored (a scheduled one whose date
 * has come is published), else "published" (a version stored before ADR 077 follows the
 * French post).
 */
export function englishStatus(data: TranslationData | undefined, now: Date): BlogStatusValue {
  if (data?.status === 'draft') return 'draft'
  if (data?.publishedAt && data.publishedAt > now.toISOString()) return 'scheduled'
  return 'published'
}

/**
 * True when the item exists in English for visitors: translated and, for a post, its English
 * version published or its date come. The French post's own rules are checked by its query.
 */
export function isPublishedInEnglish(
  entity: TranslatedEntity,
  data: TranslationData | undefined,
  now: Date,
): boolean {
  if (!isTranslated(entity, data)) return false
  return !hasOwnPublication(entity) || englishStatus(data, now) === 'published'
}

/** An English address two posts cannot share (ADR 084), worded as the French slug's message. */
export const ENGLISH_SLUG_TAKEN_MESSAGE = 'Ce slug anglais est déjà utilisé par un autre article'

/** Blank fields dropped; an English slug in the French slug's form (one slug rule, ADR 080). */
export function cleanTranslation(data: Record<string, string | undefined>): TranslationData {
  const clean: TranslationData = {}
  for (const [field, value] of Object.entries(data)) {
    const text = value?.trim()
    if (!text) continue
    clean[field] = field === 'slug' ? slugify(text) : text
  }
  return clean
}

/** True when the item's English version has its required fields (whatever its status). */
export function isTranslated(entity: TranslatedEntity, data: TranslationData | undefined): boolean {
  if (!data) return false
  return (REQUIRED_FIELDS[entity] as readonly string[]).every((f) => !!data[f]?.trim())
}

/** The hub's French labels of the English fields (the hub stays French, ADR 074). */
export const TRANSLATION_FIELD_LABELS: Record<string, string> = {
  title: 'Titre',
  description: 'Description',
  content: 'Contenu (Markdown)',
  // The form adds « (anglais) » to every label (ADR 089: no doubled suffix).
  slug: 'Slug',
  excerpt: 'Extrait',
  category: 'Catégorie',
  name: 'Nom',
  organization: 'Organisation',
  alt: 'Texte alternatif',
  bio: 'Biographie',
  siteName: 'Nom du site',
  siteDescription: 'Description du site',
  text: 'Texte (Markdown)',
  // The French form's « Référencement et partage » labels (seo-fields.tsx).
  seoTitle: 'Intitulé pour les moteurs de recherche',
  seoDescription: 'Résumé pour les moteurs de recherche',
  ogImage: 'Image de partage (réseaux sociaux)',
}

/** The English fields written on several lines. */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set([
  'description',
  'content',
  'excerpt',
  'bio',
  'siteDescription',
  'text',
  'seoDescription',
])
