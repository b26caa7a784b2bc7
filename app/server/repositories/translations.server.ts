// The owner's translations of the content (ADR 075): the only module that reads and writes
// the `translations` table. Public pages ask it for the English version of what the other
// repositories return: an item without an English version is left out, never shown in French
// under the English interface.
import { cachedReadByKey } from '#app/server/cache/generation.server.ts'
import type { Locale } from '#app/domain/i18n/locale.ts'
import {
  cleanTranslation,
  isTranslated,
  TRANSLATABLE_FIELDS,
  type TranslatedEntity,
  type TranslationData,
} from '#app/domain/translation.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { nowIso, parseJson, toJson } from '#app/server/db/util.server.ts'
import { renderMarkdown } from '#app/server/content/markdown.server.ts'

/** Every English translation of one kind of content, by item id: once per content generation. */
const englishOf = cachedReadByKey(async (entity: TranslatedEntity) => {
  const rows = await getDb()
    .selectFrom('translations')
    .select(['entityId', 'data'])
    .where('entity', '=', entity)
    .where('locale', '=', 'en')
    .execute()
  const byId = new Map<string, TranslationData>()
  for (const row of rows) byId.set(row.entityId, parseJson<TranslationData>(row.data, {}))
  return byId
})

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

/** The item with its English fields laid over the French ones (a copy). */
function overlay<T extends object>(entity: TranslatedEntity, item: T, data: TranslationData): T {
  const copy: Record<string, unknown> = { ...(item as Record<string, unknown>) }
  for (const field of TRANSLATABLE_FIELDS[entity]) {
    const value = data[field]
    if (value) copy[field] = value
  }
  // The owner's search fields are written in French: the English page uses its own texts.
  delete copy.seoTitle
  delete copy.seoDescription
  return copy as T
}

/** The items in `locale`: French as they are; in English, the translated ones only, translated. */
export async function localizeList<T extends { id: string }>(
  entity: TranslatedEntity,
  items: readonly T[],
  locale: Locale,
): Promise<T[]> {
  if (locale === 'fr') return [...items]
  const english = await englishOf(entity)
  const out: T[] = []
  for (const item of items) {
    const data = english.get(item.id)
    if (isTranslated(entity, data)) out.push(overlay(entity, item, data!))
  }
  return out
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
  return { value: overlay(entity, document, data!), translated: true }
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

/** The English slug of a post: its own, else the French one; null when not translated. */
export async function englishSlugOf(id: string, frenchSlug: string): Promise<string | null> {
  const data = (await englishOf('post')).get(id)
  if (!isTranslated('post', data)) return null
  return data!.slug || frenchSlug
}

/** The id of the translated post whose English slug is `slug`, if any. */
export async function postIdOfEnglishSlug(slug: string): Promise<string | undefined> {
  for (const [id, data] of await englishOf('post')) {
    if (data.slug === slug && isTranslated('post', data)) return id
  }
  return undefined
}

/** The English text of an item rendered from Markdown (ADR 020): once per generation and item. */
const englishHtml = cachedReadByKey(async (key: string) => {
  const [entity, id] = key.split('\u0000') as [TranslatedEntity, string]
  const content = (await englishOf(entity)).get(id)?.content ?? ''
  return (await renderMarkdown(content)).html
})

/** The rendered English body of a project or a post. */
export async function englishContentHtml(entity: 'post' | 'project', id: string): Promise<string> {
  return englishHtml(`${entity}\u0000${id}`)
}

/** Saves (or, all fields blank, removes) an item's English version. */
export async function saveTranslation(
  entity: TranslatedEntity,
  id: string,
  locale: Exclude<Locale, 'fr'>,
  fields: Record<string, string | undefined>,
): Promise<TranslationData> {
  const data = cleanTranslation(fields)
  const db = getDb()
  await db
    .deleteFrom('translations')
    .where('entity', '=', entity)
    .where('entityId', '=', id)
    .where('locale', '=', locale)
    .execute()
  if (Object.keys(data).length > 0) {
    await db
      .insertInto('translations')
      .values({ entity, entityId: id, locale, data: toJson(data), updatedAt: nowIso() })
      .execute()
  }
  return data
}

/** Drops every translation of an item (the item itself was deleted). */
export async function deleteTranslations(entity: TranslatedEntity, id: string): Promise<void> {
  await getDb()
    .deleteFrom('translations')
    .where('entity', '=', entity)
    .where('entityId', '=', id)
    .execute()
}
