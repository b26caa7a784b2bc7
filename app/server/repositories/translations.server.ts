// The owner's translations of the content (ADR 075): the only module that reads and writes
// the `translations` table. Public pages ask it for the English version of what the other
// repositories return: an item without an English version is left out, never shown in French
// under the English interface. A post's English version has its own status, publish date
// (stored in its data) and revisions (ADR 077): it is public when the French post is and it
// is published too.
import type { Kysely } from 'kysely'
import { cachedReadByKey } from '#app/server/cache/generation.server.ts'
import type { Locale } from '#app/domain/i18n/locale.ts'
import {
  cleanTranslation,
  ENGLISH_SLUG_TAKEN_MESSAGE,
  englishName,
  englishStatus,
  hasOwnPublication,
  isPublishedInEnglish,
  isTranslated,
  PUBLICATION_FIELDS,
  TRANSLATABLE_FIELDS,
  type TermEntity,
  type TranslatedEntity,
  type TranslationData,
} from '#app/domain/translation.ts'
import {
  sourcesOf,
  staleFieldNames,
  staleFields,
  type StaleField,
  type TranslationSources,
} from '#app/domain/stale-translation.ts'
import { getDb } from '#app/server/db/client.server.ts'
import type { Database } from '#app/server/db/schema.server.ts'
import { parseJson, toJson } from '#app/server/db/util.server.ts'
import { ValidationError } from '#app/server/http/errors.server.ts'
import { renderMarkdown } from '#app/server/content/markdown.server.ts'
import { addRevision, type RevisionAuthor } from './blog-revisions.server.ts'

/** One JSON column of every English translation of `entity`, parsed, by item id (set ones). */
async function englishColumn<T extends object>(
  entity: TranslatedEntity,
  column: 'data' | 'sources',
): Promise<Map<string, T>> {
  const rows = await getDb()
    .selectFrom('translations')
    .select(['entityId', column])
    .where('entity', '=', entity)
    .where('locale', '=', 'en')
    .execute()
  const byId = new Map<string, T>()
  for (const row of rows) {
    const text = row[column]
    if (text) byId.set(row.entityId, parseJson<T>(text, {} as T))
  }
  return byId
}

/** The ids of the items of `entity` that have an English version: a subquery (admin filters). */
export function englishVersionIds(db: Kysely<Database>, entity: TranslatedEntity) {
  return db
    .selectFrom('translations')
    .select('entityId')
    .where('entity', '=', entity)
    .where('locale', '=', 'en')
}

/** Every English translation of one kind of content, by item id: once per content generation. */
const englishOf = cachedReadByKey('english-translations', (entity: TranslatedEntity) =>
  englishColumn<TranslationData>(entity, 'data'),
)

/** The French texts each item's English fields were translated from (ADR 094): the hub's. */
const sourcesByEntity = cachedReadByKey('translation-sources', (entity: TranslatedEntity) =>
  englishColumn<TranslationSources>(entity, 'sources'),
)

/** The ids of the items whose English version has a field to review (« Traduction à revoir »). */
export async function staleTranslationIds(
  entity: TranslatedEntity,
  items: readonly { id: string }[],
): Promise<string[]> {
  const [english, sources] = await Promise.all([englishOf(entity), sourcesByEntity(entity)])
  const fields = TRANSLATABLE_FIELDS[entity]
  return items
    .filter(
      (item) =>
        staleFieldNames(fields, item as never, english.get(item.id), sources.get(item.id)).length >
        0,
    )
    .map((item) => item.id)
}

/** An item's English fields to review, each with its French difference (the English form). */
export async function staleTranslationOf(
  entity: TranslatedEntity,
  id: string,
  french: object,
): Promise<StaleField[]> {
  const [english, sources] = await Promise.all([englishOf(entity), sourcesByEntity(entity)])
  const fields = TRANSLATABLE_FIELDS[entity]
  const data = english.get(id)
  const source = sources.get(id)
  if (staleFieldNames(fields, french as Record<string, unknown>, data, source).length === 0)
    return []
  const { diffWords } = await import('diff') // loaded only when a field is stale (ADR 030)
  return staleFields(fields, french as Record<string, unknown>, data, source, diffWords)
}

/** The stored English fields of every item of `entity` (the hub's side-by-side editor). */
export async function listTranslations(
  entity: TranslatedEntity,
): Promise<ReadonlyMap<string, TranslationData>> {
  return englishOf(entity)
}

/** One item's English fields, or undefined. */
export async function getTranslation(
  entity: TranslatedEntity,
  id: string,
): Promise<TranslationData | undefined> {
  return (await englishOf(entity)).get(id)
}

/** The English name of every tag and category that has one, by French name (ADR 094). */
interface EnglishNames {
  tag: ReadonlyMap<string, string>
  category: ReadonlyMap<string, string>
}

async function namesOf(entity: TermEntity): Promise<ReadonlyMap<string, string>> {
  const names = new Map<string, string>()
  for (const [french, data] of await englishOf(entity)) if (data.name) names.set(french, data.name)
  return names
}

async function englishNames(): Promise<EnglishNames> {
  const [tag, category] = await Promise.all([namesOf('tag'), namesOf('category')])
  return { tag, category }
}

/** The English names of `names` (French), '' for those without one: the hub's English form. */
export async function englishNamesOf(
  entity: TermEntity,
  names: readonly string[],
): Promise<Record<string, string>> {
  const known = await namesOf(entity)
  return Object.fromEntries(names.map((name) => [name, known.get(name) ?? '']))
}

/** The item with its English fields laid over the French ones (a copy). */
function overlay<T extends object>(
  entity: TranslatedEntity,
  item: T,
  data: TranslationData,
  names: EnglishNames,
): T {
  const copy: Record<string, unknown> = { ...(item as Record<string, unknown>) }
  for (const field of TRANSLATABLE_FIELDS[entity]) {
    const value = data[field]
    if (value) copy[field] = value
  }
  // Tags and a post's category by their English names, the French one when none is set; a
  // post's own English category wins (ADR 094).
  if (Array.isArray(copy.tags))
    copy.tags = copy.tags.map((tag: unknown) =>
      typeof tag === 'string' ? englishName(names.tag, tag) : tag,
    )
  if (entity === 'post' && !data.category && typeof copy.category === 'string')
    copy.category = englishName(names.category, copy.category)
  // An English post dated after its French post appeared in English at its own date.
  const french = copy.publishedAt
  if (data.publishedAt && typeof french === 'string' && data.publishedAt > french)
    copy.publishedAt = data.publishedAt
  // The owner's French search fields never show on an English page: its own English ones
  // when written (ADR 094), else the page's defaults from its English texts. A share image
  // is no text: the French one stays when no English one is chosen.
  if (!data.seoTitle) delete copy.seoTitle
  if (!data.seoDescription) delete copy.seoDescription
  return copy as T
}

/** The items in `locale`: French as they are; in English, the translated ones only, translated. */
export async function localizeList<T extends { id: string }>(
  entity: TranslatedEntity,
  items: readonly T[],
  locale: Locale,
): Promise<T[]> {
  if (locale === 'fr') return [...items]
  const [english, names] = await Promise.all([englishOf(entity), englishNames()])
  const now = new Date()
  const out: T[] = []
  for (const item of items) {
    const data = english.get(item.id)
    if (isPublishedInEnglish(entity, data, now)) out.push(overlay(entity, item, data!, names))
  }
  // Posts newest first by the date they appeared in English (a stable sort: French order
  // stays among equal dates, and posts without an English date of their own keep theirs).
  if (hasOwnPublication(entity)) out.sort((a, b) => dateOf(b).localeCompare(dateOf(a)))
  return out
}

function dateOf(item: object): string {
  const at = (item as { publishedAt?: unknown }).publishedAt
  return typeof at === 'string' ? at : ''
}

/**
 * An item in English whatever its English status (draft, scheduled): the admin's preview
 * (ADR 087). Undefined when it has no English text.
 */
export async function previewInEnglish<T extends { id: string }>(
  entity: TranslatedEntity,
  item: T,
): Promise<{ item: T; slug: string } | undefined> {
  const data = (await englishOf(entity)).get(item.id)
  if (!isTranslated(entity, data)) return undefined
  const frenchSlug = (item as { slug?: unknown }).slug
  return {
    item: overlay(entity, item, data!, await englishNames()),
    slug: data!.slug || (typeof frenchSlug === 'string' ? frenchSlug : ''),
  }
}

/** One item in `locale`, or undefined when it has no version in that language. */
export async function localizeItem<T extends { id: string }>(
  entity: TranslatedEntity,
  item: T | undefined,
  locale: Locale,
): Promise<T | undefined> {
  if (!item) return undefined
  return (await localizeList(entity, [item], locale))[0]
}

/** A single document (profile, settings) in `locale`: its English fields when there are any. */
export async function localizeDocument<T extends object>(
  entity: TranslatedEntity,
  id: string,
  document: T,
  locale: Locale,
): Promise<{ value: T; translated: boolean }> {
  if (locale === 'fr') return { value: document, translated: true }
  const data = (await englishOf(entity)).get(id)
  if (!isTranslated(entity, data)) return { value: document, translated: false }
  return { value: overlay(entity, document, data!, await englishNames()), translated: true }
}

/**
 * The site settings in `locale`. Untranslated, the English site keeps the site's name (a name)
 * but not its French description: the pages' English defaults stand in.
 */
export async function localizeSettings<T extends { siteDescription: string }>(
  settings: T,
  locale: Locale,
): Promise<T> {
  const { value, translated } = await localizeDocument('settings', 'settings', settings, locale)
  return translated ? value : { ...value, siteDescription: '' }
}

/**
 * The English slug of a post: its own, else the French one; null when it has no English
 * version visitors may see now (not translated, a draft, or its date not come).
 */
export async function englishSlugOf(id: string, frenchSlug: string): Promise<string | null> {
  const data = (await englishOf('post')).get(id)
  if (!isPublishedInEnglish('post', data, new Date())) return null
  return data!.slug || frenchSlug
}

/**
 * The id of the translated post whose English slug is `slug`, if any, public or not: its
 * English address then answers with the 404 that offers the French page (englishSlugOf says
 * whether the English page exists).
 */
export async function postIdOfEnglishSlug(slug: string): Promise<string | undefined> {
  for (const [id, data] of await englishOf('post')) {
    if (data.slug === slug && isTranslated('post', data)) return id
  }
  return undefined
}

/** The English text of an item rendered from Markdown (ADR 020): once per generation and item. */
const englishHtml = cachedReadByKey('english-html', async (key: string) => {
  const [entity, id] = key.split('\u0000') as [TranslatedEntity, string]
  const content = (await englishOf(entity)).get(id)?.content ?? ''
  return (await renderMarkdown(content, 'en')).html
})

/** The rendered English body of a project, a post or a page. */
export async function englishContentHtml(
  entity: 'post' | 'project' | 'page',
  id: string,
): Promise<string> {
  return englishHtml(`${entity}\u0000${id}`)
}

/** Who saved, for a post's English revision; omitted by scripts (seed, tests) → "Système". */
const SYSTEM_AUTHOR: RevisionAuthor = { id: 'system', name: 'Système' }

/** True when some translatable field is filled (the status alone is no English version). */
function hasText(entity: TranslatedEntity, data: TranslationData): boolean {
  return (TRANSLATABLE_FIELDS[entity] as readonly string[]).some((field) => !!data[field])
}

/**
 * A post's English status and date to store, as the French post's are (blog.server.ts): a
 * "published" version dated ahead is scheduled, a scheduled one already due is published, a
 * blank date is the stored one (a draft's: now). No status given: the stored ones stay; a
 * version that never had one keeps following the French post.
 */
function withPublication(
  data: TranslationData,
  current: TranslationData | undefined,
  now: Date,
): TranslationData {
  const out: TranslationData = { ...data }
  for (const field of PUBLICATION_FIELDS) delete out[field]
  const status = data.status
  if (status === undefined) {
    for (const field of PUBLICATION_FIELDS) if (current?.[field]) out[field] = current[field]
    return out
  }
  const stored = current && isTranslated('post', current) ? current : undefined
  const publishedAt =
    data.publishedAt ??
    (!stored || englishStatus(stored, now) === 'draft' ? now.toISOString() : stored.publishedAt)
  if (publishedAt) out.publishedAt = publishedAt
  out.status =
    status === 'draft'
      ? 'draft'
      : publishedAt && publishedAt > now.toISOString()
        ? 'scheduled'
        : 'published'
  return out
}

/**
 * One item's stored translation, read from the table, not the per-generation cache: another
 * server may have just saved it.
 */
export async function storedTranslation(
  db: Kysely<Database>,
  entity: TranslatedEntity,
  id: string,
  locale: string,
): Promise<
  { data: TranslationData; updatedAt: string; sources: TranslationSources | undefined } | undefined
> {
  const row = await db
    .selectFrom('translations')
    .select(['data', 'updatedAt', 'sources'])
    .where('entity', '=', entity)
    .where('entityId', '=', id)
    .where('locale', '=', locale)
    .executeTakeFirst()
  return row
    ? {
        data: parseJson<TranslationData>(row.data, {}),
        updatedAt: row.updatedAt,
        sources: row.sources ? parseJson<TranslationSources>(row.sources, {}) : undefined,
      }
    : undefined
}

/**
 * Whether `slug`, as the English address of post `postId`, is another post's: its own English
 * slug, or its French one (the English address of a version without a slug of its own). Read
 * in the saving transaction (ADR 084): the slug sits in JSON text, which no portable unique
 * index can reach.
 */
export async function englishSlugTaken(
  db: Kysely<Database>,
  postId: string,
  slug: string,
): Promise<boolean> {
  const french = await db
    .selectFrom('blog_posts')
    .select('id')
    .where('slug', '=', slug)
    .where('id', '!=', postId)
    .executeTakeFirst()
  if (french) return true
  const rows = await db
    .selectFrom('translations')
    .select('data')
    .where('entity', '=', 'post')
    .where('locale', '=', 'en')
    .where('entityId', '!=', postId)
    .execute()
  return rows.some((row) => parseJson<TranslationData>(row.data, {}).slug === slug)
}

/** The English address a post's version answers at: its own slug, else the French one. */
async function englishAddressOf(
  db: Kysely<Database>,
  postId: string,
  data: TranslationData,
): Promise<string | undefined> {
  if (data.slug) return data.slug
  const post = await db
    .selectFrom('blog_posts')
    .select('slug')
    .where('id', '=', postId)
    .executeTakeFirst()
  return post?.slug
}

/**
 * For an imported post's English version (ADR 084): when its address is another post's, gives
 * it the first free `<address>-<n>` as its own slug (as imported French slugs are renamed) and
 * says which; `data` is changed in place.
 */
export async function claimFreeEnglishSlug(
  db: Kysely<Database>,
  postId: string,
  data: TranslationData,
): Promise<{ from: string; to: string } | undefined> {
  const address = await englishAddressOf(db, postId, data)
  if (!address || !(await englishSlugTaken(db, postId, address))) return undefined
  let n = 2
  while (await englishSlugTaken(db, postId, `${address}-${n}`)) n += 1
  data.slug = `${address}-${n}`
  return { from: address, to: data.slug }
}

/**
 * Saves (or, all fields blank, removes) an item's English version. A post's keeps its status
 * and date (`status`, `publishedAt`, ADR 077) and, like the French post, a revision of every
 * save signed by `author`; the version it replaces is kept first when it has none yet (one
 * stored before ADR 077). A post whose English address is another post's is refused with a
 * ValidationError on `slug`, nothing changed. `french` is the French item as it is now: each
 * English field remembers the French text it translates (ADR 094); without it (a restored
 * revision, a script) the stored sources stay.
 */
export async function saveTranslation(
  entity: TranslatedEntity,
  id: string,
  locale: Exclude<Locale, 'fr'>,
  fields: Record<string, string | undefined>,
  author: RevisionAuthor = SYSTEM_AUTHOR,
  french?: object,
): Promise<TranslationData> {
  const cleaned = cleanTranslation(fields)
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const current = await storedTranslation(trx, entity, id, locale)
      const now = new Date()
      const data = hasOwnPublication(entity)
        ? withPublication(cleaned, current?.data, now)
        : cleaned
      await trx
        .deleteFrom('translations')
        .where('entity', '=', entity)
        .where('entityId', '=', id)
        .where('locale', '=', locale)
        .execute()
      if (!hasText(entity, data)) return {}
      // Two posts never share an English address (ADR 084): the newer would shadow the older.
      if (entity === 'post') {
        const address = await englishAddressOf(trx, id, data)
        if (address && (await englishSlugTaken(trx, id, address)))
          throw new ValidationError({ slug: ENGLISH_SLUG_TAKEN_MESSAGE })
      }
      const sources = french
        ? sourcesOf(TRANSLATABLE_FIELDS[entity], french as Record<string, unknown>, data)
        : current?.sources
      await trx
        .insertInto('translations')
        .values({
          entity,
          entityId: id,
          locale,
          data: toJson(data),
          updatedAt: now.toISOString(),
          sources: sources ? toJson(sources) : null,
        })
        .execute()
      if (entity === 'post') {
        const history = await trx
          .selectFrom('blog_revisions')
          .select('id')
          .where('postId', '=', id)
          .where('locale', '=', locale)
          // Saved versions only: an autosave is no history (ADR 092).
          .where('kind', '=', 'save')
          .limit(1)
          .execute()
        if (history.length === 0 && current && hasText(entity, current.data))
          await addRevision(
            trx,
            revisionOf(id, current.data),
            SYSTEM_AUTHOR,
            locale,
            current.updatedAt,
          )
        await addRevision(trx, revisionOf(id, data), author, locale, now.toISOString())
      }
      return data
    })
}

function revisionOf(id: string, data: TranslationData) {
  return { id, title: data.title ?? '', excerpt: data.excerpt ?? '', content: data.content ?? '' }
}

/**
 * The earliest English publish date still ahead of a post's English version that is not a
 * draft (scheduled-publish.server.ts arms the content generation for it, as for French posts).
 */
export async function nextEnglishPublishAt(now: Date = new Date()): Promise<Date | undefined> {
  const rows = await getDb()
    .selectFrom('translations')
    .select('data')
    .where('entity', '=', 'post')
    .where('locale', '=', 'en')
    .execute()
  let next: string | undefined
  for (const row of rows) {
    const data = parseJson<TranslationData>(row.data, {})
    if (!isTranslated('post', data) || englishStatus(data, now) !== 'scheduled') continue
    if (next === undefined || data.publishedAt! < next) next = data.publishedAt
  }
  return next === undefined ? undefined : new Date(next)
}

/**
 * Saves the English names of tags or categories (ADR 094), French name → English name; a
 * blank name removes it (the French name shows again).
 */
export async function saveEnglishNames(
  entity: TermEntity,
  names: Readonly<Record<string, string>>,
): Promise<void> {
  for (const [french, english] of Object.entries(names))
    await saveTranslation(entity, french, 'en', { name: english })
}

/** Drops every translation of an item (the item itself was deleted). */
export async function deleteTranslations(entity: TranslatedEntity, id: string): Promise<void> {
  await getDb()
    .deleteFrom('translations')
    .where('entity', '=', entity)
    .where('entityId', '=', id)
    .execute()
}
