// Media items: the public gallery and the hub's media tab.
import type { Kysely } from 'kysely'
import { MediaSchema, type MediaFields, type MediaInput } from '#app/domain/media.ts'
import type { MediaCategory, MediaItem } from '#app/domain/types.ts'
import { cachedRead } from '#app/server/cache/generation.server.ts'
import { getDb } from '#app/server/db/client.server.ts'
import type { Database, MediaTable } from '#app/server/db/schema.server.ts'
import {
  createId,
  fromBool,
  nowIso,
  parseJson,
  toBool,
  toJson,
} from '#app/server/db/util.server.ts'
import { parseOrThrow } from '#app/server/http/errors.server.ts'
import type { StoredMedia } from '#app/server/media/pipeline.server.ts'
import type { MediaStorage } from '#app/server/media/storage.server.ts'
import { MEDIA_LIST, type ListQuery } from '#app/domain/admin-list.ts'
import { jsonArrayHolds } from '#app/server/db/dialect.server.ts'
import { foldedOrder, textSearchFilter } from '#app/server/db/search.server.ts'
import {
  countRows,
  deleteById,
  readListPage,
  type ListPage,
  tagsInUse,
  firstRow,
  matchesQuery,
  mergePatch,
  nextOrder,
  updateExisting,
} from './collection.server.ts'

const COLUMNS = [
  'id',
  'url',
  'title',
  'description',
  'category',
  'tags',
  'featured',
  'order',
  'createdAt',
  'updatedAt',
  'storageKey',
  'mime',
  'size',
  'width',
  'height',
  'placeholder',
  'alt',
  'decorative',
  'variants',
  'inGallery',
] as const

export interface MediaFilters {
  /** Found in the title, description or a tag, case and accents ignored. */
  q?: string
  category?: MediaCategory
  /** Exact tag; empty means all. */
  tag?: string
}

function toMediaItem(row: Omit<MediaTable, 'contentHash'>): MediaItem {
  return {
    id: row.id,
    url: row.url,
    title: row.title,
    description: row.description,
    category: row.category as MediaCategory,
    tags: parseJson<string[]>(row.tags, []),
    featured: toBool(row.featured),
    order: row.order,
    createdAt: row.createdAt,
    ...(row.updatedAt ? { updatedAt: row.updatedAt } : {}),
    alt: row.alt,
    decorative: toBool(row.decorative),
    inGallery: toBool(row.inGallery),
    ...(row.storageKey
      ? {
          file: {
            storageKey: row.storageKey,
            mime: row.mime,
            size: row.size,
            width: row.width,
            height: row.height,
            placeholder: row.placeholder,
          },
        }
      : {}),
  }
}

function toColumns(fields: MediaFields, order: number) {
  return {
    url: fields.url,
    title: fields.title,
    description: fields.description,
    category: fields.category,
    tags: toJson(fields.tags),
    featured: fromBool(fields.featured),
    order,
    alt: fields.decorative ? '' : fields.alt,
    decorative: fromBool(fields.decorative),
    inGallery: fromBool(fields.inGallery),
  }
}

/** The file columns of a row (none for an item that only points at a URL). */
function fileColumns(file: StoredMedia | undefined) {
  return {
    storageKey: file?.storageKey ?? '',
    mime: file?.mime ?? '',
    size: file?.size ?? 0,
    width: file?.width ?? null,
    height: file?.height ?? null,
    placeholder: file?.placeholder ?? '',
    variants: toJson(file?.variants ?? []),
    contentHash: file?.contentHash ?? '',
  }
}

function editable(item: MediaItem): MediaInput {
  return {
    url: item.url,
    title: item.title,
    description: item.description,
    category: item.category,
    tags: item.tags,
    featured: item.featured,
    order: item.order,
    alt: item.alt,
    decorative: item.decorative,
    inGallery: item.inGallery,
  }
}

async function findItem(db: Kysely<Database>, id: string): Promise<MediaItem | undefined> {
  return firstRow(db.selectFrom('media').select(COLUMNS).where('id', '=', id), toMediaItem)
}

/**
 * Order ascending, then oldest first; text search in JS (accents, see blog). Without filters
 * (the public gallery), read once per content generation (ADR 039).
 */
export async function listMedia(filters?: MediaFilters): Promise<MediaItem[]> {
  return filters === undefined ? listAllMedia() : readMedia(filters)
}

const listAllMedia = cachedRead('media', () => readMedia({}))

async function readMedia(filters: MediaFilters): Promise<MediaItem[]> {
  let query = getDb()
    .selectFrom('media')
    .select(COLUMNS)
    .orderBy('order', 'asc')
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
  if (filters.category) query = query.where('category', '=', filters.category)
  const tag = filters.tag?.trim()
  const items = (await query.execute()).map(toMediaItem)
  return items.filter(
    (item) =>
      (!tag || item.tags.includes(tag)) &&
      matchesQuery(filters.q, [item.title, item.description, ...item.tags]),
  )
}

/**
 * One page of the media tab (ADR 099): searched in the title, description and tags (accents
 * and case ignored), filtered by type and tag, sorted in SQL.
 */
export async function listAdminMedia(query: ListQuery): Promise<ListPage<MediaItem>> {
  const db = getDb()
  let base = db.selectFrom('media')
  const search = textSearchFilter(['title', 'description', 'tags'], query.q)
  if (search) base = base.where(search)
  const { category, tag } = query.filters
  if (category) base = base.where('category', '=', category as MediaCategory)
  if (tag) base = base.where(jsonArrayHolds(db, 'tags', tag))
  const rows = base.select(COLUMNS)
  const sorted =
    query.sort === 'recent'
      ? rows.orderBy('createdAt', 'desc')
      : query.sort === 'oldest'
        ? rows.orderBy('createdAt', 'asc')
        : query.sort === 'title'
          ? rows.orderBy(foldedOrder('title'), 'asc')
          : rows.orderBy('order', 'asc').orderBy('createdAt', 'asc')
  return readListPage(
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    MEDIA_LIST.pageSize,
    query.page,
    async (limit, offset) =>
      (await sorted.orderBy('id', 'asc').limit(limit).offset(offset).execute()).map(toMediaItem),
  )
}

export async function getMediaItem(id: string): Promise<MediaItem | undefined> {
  return findItem(getDb(), id)
}

export async function countMedia(): Promise<number> {
  return countRows(getDb(), 'media')
}

/** Tags in use, once each, French alphabetical order (the media tab's tag filter). */
export async function listMediaTags(): Promise<string[]> {
  return tagsInUse(getDb(), 'media')
}

/** Validates then inserts; order defaults to count + 1. Throws ValidationError. */
export async function createMediaItem(input: MediaInput): Promise<MediaItem> {
  const fields = parseOrThrow(MediaSchema, input)
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const order = fields.order ?? (await nextOrder(trx, 'media'))
      const row: MediaTable = {
        id: createId(),
        ...toColumns(fields, order),
        ...fileColumns(undefined),
        createdAt: nowIso(),
        updatedAt: null,
      }
      await trx.insertInto('media').values(row).execute()
      return toMediaItem(row)
    })
}

/** Partial update: untouched fields kept, updatedAt set. Missing id → undefined. */
export async function updateMediaItem(
  id: string,
  patch: MediaInput,
): Promise<MediaItem | undefined> {
  return updateExisting(getDb(), findItem, id, async (trx, current) => {
    const fields = parseOrThrow(MediaSchema, mergePatch(editable(current), patch))
    const changes = {
      ...toColumns(fields, fields.order ?? current.order),
      createdAt: current.createdAt,
      updatedAt: nowIso(),
    }
    await trx.updateTable('media').set(changes).where('id', '=', id).execute()
    return findItem(trx, id)
  })
}

export async function deleteMediaItem(id: string): Promise<boolean> {
  return deleteById(getDb(), 'media', id)
}

/**
 * The library item of a file with this SHA-256 (ADR 093), the oldest if several were
 * uploaded before de-duplication. Items stored before migration 027 carry the hash's first
 * 32 digits (their storage key's), so both forms are asked for.
 */
async function findByHash(
  db: Kysely<Database>,
  contentHash: string,
): Promise<MediaItem | undefined> {
  if (!/^[0-9a-f]{64}$/.test(contentHash)) return undefined
  return firstRow(
    db
      .selectFrom('media')
      .select(COLUMNS)
      .where('contentHash', 'in', [contentHash, contentHash.slice(0, 32)])
      .where('storageKey', '<>', '')
      .orderBy('createdAt', 'asc')
      .orderBy('id', 'asc')
      .limit(1),
    toMediaItem,
  )
}

export async function findMediaByHash(contentHash: string): Promise<MediaItem | undefined> {
  return findByHash(getDb(), contentHash)
}

/**
 * A new library item for an uploaded file, without alt text yet. In the gallery only when
 * uploaded from the media tab (`inGallery`), and even then not shown until it has alt text.
 * The title is the file's name. A file the library already holds (same SHA-256, ADR 093)
 * gives that item back, unchanged, with `duplicate`: the check is made again in the
 * transaction, for an identical upload that finished in between.
 */
export async function createUploadedMedia(
  stored: StoredMedia,
  fileName: string,
  options: { inGallery?: boolean } = {},
): Promise<{ item: MediaItem; duplicate: boolean }> {
  const title =
    fileName
      .replace(/\.[^.]*$/, '')
      .replace(/[\s_]+/g, ' ')
      .trim()
      .slice(0, 200) || 'Fichier téléversé'
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const existing = await findByHash(trx, stored.contentHash)
      if (existing) return { item: existing, duplicate: true }
      const row: MediaTable = {
        id: createId(),
        url: stored.url,
        title,
        description: '',
        category: stored.category,
        tags: '[]',
        featured: 0,
        order: await nextOrder(trx, 'media'),
        alt: '',
        decorative: 0,
        inGallery: fromBool(options.inGallery ?? false),
        ...fileColumns(stored),
        createdAt: nowIso(),
        updatedAt: null,
      }
      await trx.insertInto('media').values(row).execute()
      return { item: toMediaItem(row), duplicate: false }
    })
}

/** Whether an item's file is this stored key (the key names the content, ADR 093). */
export async function mediaWithKey(storageKey: string): Promise<boolean> {
  const row = await getDb()
    .selectFrom('media')
    .select('id')
    .where('storageKey', '=', storageKey)
    .executeTakeFirst()
  return row !== undefined
}

/** Every stored file of an item: the one its URL names and its variants. */
export async function storedKeysOf(id: string): Promise<string[]> {
  const row = await getDb()
    .selectFrom('media')
    .select(['storageKey', 'variants'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row?.storageKey) return []
  return [row.storageKey, ...parseJson<string[]>(row.variants, [])]
}

/** Removes stored files that no remaining item names (content-addressed files are shared). */
export async function removeUnusedFiles(storage: MediaStorage, keys: string[]): Promise<void> {
  for (const key of keys) {
    const used = await getDb()
      .selectFrom('media')
      .select('id')
      .where((eb) => eb.or([eb('storageKey', '=', key), eb('variants', 'like', `%"${key}"%`)]))
      .executeTakeFirst()
    if (!used) await storage.remove(key)
  }
}

/**
 * The library's text alternative of each of `urls` that is a library image ('' for a
 * decorative one); a URL the library does not hold is left out. Pages use it wherever they
 * show the image without a text of their own (ADR 017).
 */
export async function libraryAlts(urls: readonly string[]): Promise<Record<string, string>> {
  const wanted = [...new Set(urls.filter(Boolean))]
  if (wanted.length === 0) return {}
  const rows = await getDb()
    .selectFrom('media')
    .select(['url', 'alt', 'decorative'])
    .where('category', '=', 'image')
    .where('url', 'in', wanted)
    .execute()
  const alts: Record<string, string> = {}
  for (const row of rows) {
    const alt = toBool(row.decorative) ? '' : row.alt.trim()
    // Two items of one URL: the one with a text wins.
    if (!(row.url in alts) || (alt && !alts[row.url])) alts[row.url] = alt
  }
  return alts
}
