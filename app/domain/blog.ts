// Blog post form: readTime at least 1 (default 5), slug unique (checked by the
// repository), author {name, avatar} also accepted as the form fields "author.name" /
// "author.avatar" (or authorName / authorAvatar).
import { z } from 'zod'
import type { PostSummary } from './types.ts'
import { CARD_EXCERPT_MAX, clipText } from './excerpt.ts'
import { SEO_FIELDS } from './page-seo-schema.ts'
import {
  MAX_LENGTH,
  intField,
  listField,
  optionalText,
  optionalUrl,
  requiredText,
} from './common.ts'
import {
  BLOG_STATUSES,
  PUBLISH_DATE_MESSAGE,
  SCHEDULE_IN_PAST_MESSAGE,
  STATUS_MESSAGE,
  parsePublishDate,
} from './publishing.ts'

export const BLOG_DELETE_QUESTION = 'Êtes-vous sûr de vouloir supprimer cet article ?'

export const DEFAULT_READ_TIME = 5
export const READ_TIME_MESSAGE =
  "Le temps de lecture doit être un nombre entier d'au moins 1 minute"
export const SLUG_FORMAT_MESSAGE =
  'Le slug ne peut contenir que des lettres minuscules, des chiffres et des tirets'
export const SLUG_TAKEN_MESSAGE = 'Ce slug est déjà utilisé par un autre article'
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** "Éloge de la lenteur !" → "eloge-de-la-lenteur": lowercase ASCII letters, digits, hyphens. */
export function slugify(title: string): string {
  return title
    .replace(/œ/g, 'oe')
    .replace(/Œ/g, 'OE')
    .replace(/æ/g, 'ae')
    .replace(/Æ/g, 'AE')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_LENGTH.short)
    .replace(/-+$/, '')
}

// Typographic apostrophes and quotes (’ ‘ ‚ ‛ ʼ ′ ´ and “ ” „ ‟ ″) and French no-break
// spaces: what a keyboard types is ' " and a plain space.
const SINGLE_QUOTES = /[\u2018\u2019\u201A\u201B\u02BC\u2032\u00B4]/g
const DOUBLE_QUOTES = /[\u201C\u201D\u201E\u201F\u2033]/g
const NO_BREAK_SPACES = /[\u00A0\u2007\u202F]/g

/**
 * Lowercase without accents, with typographic quotes and spaces folded to what a keyboard
 * types: the key of the blog's search, so "m'a" finds "m’a".
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(SINGLE_QUOTES, "'")
    .replace(DOUBLE_QUOTES, '"')
    .replace(NO_BREAK_SPACES, ' ')
    .toLowerCase()
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Form names of the author inputs: the paths of their errors, so each error lands next to its input. */
export const AUTHOR_FIELDS = { name: 'author.name', avatar: 'author.avatar' } as const

/**
 * Folds the flat fields into `author` (they win over it): the form's "author.name" /
 * "author.avatar", and the older authorName / authorAvatar.
 */
function liftAuthor(value: unknown): unknown {
  if (!isRecord(value)) return value
  const {
    authorName,
    authorAvatar,
    [AUTHOR_FIELDS.name]: dottedName,
    [AUTHOR_FIELDS.avatar]: dottedAvatar,
    ...rest
  } = value
  const author: Record<string, unknown> = isRecord(rest.author) ? { ...rest.author } : {}
  const name = dottedName ?? authorName
  const avatar = dottedAvatar ?? authorAvatar
  if (name !== undefined) author.name = name
  if (avatar !== undefined) author.avatar = avatar
  return { ...rest, author }
}

export const BlogPostFieldsSchema = z.object({
  title: requiredText('Le titre est requis'),
  slug: requiredText('Le slug est requis').regex(SLUG_PATTERN, { error: SLUG_FORMAT_MESSAGE }),
  // A post needs a title and a text, nothing more (ADR 087): without a category, excerpt or
  // thumbnail the public pages fall back (no chip, the first paragraph, the site's image).
  category: optionalText().transform((value) => value ?? ''),
  excerpt: optionalText(MAX_LENGTH.text).transform((value) => value ?? ''),
  content: requiredText('Le contenu est requis', MAX_LENGTH.long),
  thumbnail: optionalUrl().transform((value) => value ?? ''),
  tags: listField(),
  // Blank = computed from the words (the editor shows the figure), else the owner's.
  readTime: z.preprocess(
    (value) =>
      value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value,
    intField({ message: READ_TIME_MESSAGE, min: 1 }).optional(),
  ),
  author: z.object({
    name: optionalText().transform((value) => value ?? ''),
    avatar: optionalUrl().transform((value) => value ?? ''),
  }),
  // ADR 020: absent status keeps the earlier behaviour (published at once).
  status: z.enum(BLOG_STATUSES, { error: STATUS_MESSAGE }).default('published'),
  /** UTC ISO; blank = now (or the stored date when editing). */
  publishedAt: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string({ error: PUBLISH_DATE_MESSAGE })
      .transform((value, ctx) => {
        const iso = parsePublishDate(value)
        if (iso === undefined) {
          ctx.addIssue({ code: 'custom', message: PUBLISH_DATE_MESSAGE })
          return z.NEVER
        }
        return iso
      })
      .optional(),
  ),
  ...SEO_FIELDS,
})

/** Field errors of the author use the paths "author.name" and "author.avatar" (AUTHOR_FIELDS). */
export const BlogPostSchema = z
  .preprocess(liftAuthor, BlogPostFieldsSchema)
  .superRefine((post, ctx) => {
    if (post.status !== 'scheduled') return
    if (post.publishedAt === undefined || post.publishedAt <= new Date().toISOString())
      ctx.addIssue({ code: 'custom', path: ['publishedAt'], message: SCHEDULE_IN_PAST_MESSAGE })
  })

export type BlogPostFields = z.output<typeof BlogPostFieldsSchema>
export type BlogPostInput = Partial<Record<keyof BlogPostFields, unknown>> & {
  authorName?: unknown
  authorAvatar?: unknown
  'author.name'?: unknown
  'author.avatar'?: unknown
} & Record<string, unknown>

/**
 * The card's fields of a post and nothing more (ADR 100), the excerpt clipped to what a card
 * shows: a list built from full posts (an English overlay carries the English text) keeps
 * no text it would then send to the page.
 */
export function postSummaryOf(post: PostSummary): PostSummary {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: clipText(post.excerpt, CARD_EXCERPT_MAX),
    thumbnail: post.thumbnail,
    category: post.category,
    tags: post.tags,
    readTime: post.readTime,
    author: { name: post.author.name, avatar: post.author.avatar },
    publishedAt: post.publishedAt,
    ...(post.updatedAt ? { updatedAt: post.updatedAt } : {}),
  }
}
