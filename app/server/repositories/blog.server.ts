// Blog posts: unique slug, accent-insensitive search.
// ADR 020: status + publish date, public only when not a draft and the date has
// come (checked in every public query, at query time); Markdown rendered once at save time
// and stored; every save keeps a revision.
import type { Kysely, SelectQueryBuilder } from 'kysely'
import {
  BlogPostSchema,
  SLUG_TAKEN_MESSAGE,
  postSummaryOf,
  type BlogPostFields,
  type BlogPostInput,
} from '#app/domain/blog.ts'
import { MAX_LENGTH, tooLong } from '#app/domain/common.ts'
import { readingTime } from '#app/domain/markdown.ts'
import { effectiveStatus } from '#app/domain/publishing.ts'
import type { BlogAuthor, BlogPost, PostSummary } from '#app/domain/types.ts'
import { cachedRead, cachedReadByKey } from '#app/server/cache/generation.server.ts'
import { getDb } from '#app/server/db/client.server.ts'
import type { BlogPostsTable, Database } from '#app/server/db/schema.server.ts'
import { createId, nowIso, parseJson, toJson } from '#app/server/db/util.server.ts'
import { ValidationError, parseOrThrow } from '#app/server/http/errors.server.ts'
import { renderBefore, renderMarkdown } from '#app/server/content/markdown.server.ts'
import { isUniqueViolation, jsonArrayHolds } from '#app/server/db/dialect.server.ts'
import { postSearchFilter } from '#app/server/db/search.server.ts'
import { ADMIN_PAGE_SIZE, type ListQuery } from '#app/domain/admin-list.ts'
import { addRevision, type RevisionAuthor } from './blog-revisions.server.ts'
import { excerptOrFirstParagraph } from '#app/domain/excerpt.ts'
import { PUBLIC_PAGE_SIZE, pageCountOf, type PageInfo } from '#app/domain/pagination.ts'
import {
  countRows,
  definedOnly,
  deleteById,
  distinctSorted,
  firstRow,
  insertPrepared,
  mergePatch,
  storedHtml,
  updateExisting,
  seoOf,
} from './collection.server.ts'
import { englishVersionIds } from './translations.server.ts'

/** What a card shows, read for the public lists (ADR 100): never the text or its HTML. */
const SUMMARY_COLUMNS = [
  'id',
  'slug',
  'title',
  'excerpt',
  'thumbnail',
  'category',
  'tags',
  'readTime',
  'author',
  'createdAt',
  'updatedAt',
  'publishedAt',
] as const

/** A whole post: a card's columns, its text, its status and its search fields. */
const COLUMNS = [
  ...SUMMARY_COLUMNS,
  'content',
  'status',
  'readTimeAuto',
  'seoTitle',
  'seoDescription',
  'ogImage',
] as const

type PostRow = Omit<BlogPostsTable, 'contentHtml'>

export interface BlogFilters {
  /** Found in the title or the excerpt, case and accents ignored. */
  q?: string
  /** Exact category; empty means all. */
  category?: string
  /** Exact tag; empty means all. */
  tag?: string
}

function asStatus(value: string): BlogPost['status'] {
  return value === 'draft' || value === 'scheduled' ? value : 'published'
}

function toBlogPost(row: PostRow): BlogPost {
  const author = parseJson<Partial<BlogAuthor>>(row.author, {})
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    thumbnail: row.thumbnail,
    category: row.category,
    tags: parseJson<string[]>(row.tags, []),
    readTime: row.readTime,
    author: { name: author.name ?? '', avatar: author.avatar ?? '' },
    createdAt: row.createdAt,
    ...(row.updatedAt ? { updatedAt: row.updatedAt } : {}),
    status: asStatus(row.status),
    publishedAt: row.publishedAt ?? row.createdAt,
    readTimeAuto: row.readTimeAuto === 1,
    ...seoOf(row),
  }
}

/** Only what visitors may see: not a draft, publish date come (at query time). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any select over blog_posts
function publicOnly<Q extends { where: (...args: any[]) => Q }>(query: Q, now: Date): Q {
  return query.where('status', '!=', 'draft').where('publishedAt', '<=', now.toISOString())
}

/** The columns a create and an update write alike; `contentHtml` rendered before (ADR 081). */
function toColumns(
  fields: BlogPostFields,
  publishedAt: string,
  contentHtml: string | null,
): Omit<BlogPostsTable, 'id' | 'createdAt' | 'updatedAt'> {
  const now = new Date().toISOString()
  // A "published" post dated in the future is scheduled; a scheduled one already due is published.
  const status = fields.status === 'draft' ? 'draft' : publishedAt > now ? 'scheduled' : 'published'
  return {
    status,
    publishedAt,
    contentHtml,
    readTimeAuto: fields.readTime === undefined ? 1 : 0,
    slug: fields.slug,
    title: fields.title,
    excerpt: fields.excerpt,
    content: fields.content,
    thumbnail: fields.thumbnail,
    category: fields.category,
    tags: toJson(fields.tags),
    readTime: fields.readTime ?? readingTime(fields.content),
    author: toJson(fields.author),
    seoTitle: fields.seoTitle,
    seoDescription: fields.seoDescription,
    ogImage: fields.ogImage,
  }
}

function editable(post: BlogPost): BlogPostInput {
  return {
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    content: post.content,
    thumbnail: post.thumbnail,
    category: post.category,
    tags: post.tags,
    readTime: post.readTimeAuto ? undefined : post.readTime,
    author: post.author,
    status: effectiveStatus(post, new Date()),
    // A draft's date is chosen when it is published (blank = at that moment).
    publishedAt: post.status === 'draft' ? undefined : post.publishedAt,
    seoTitle: post.seoTitle,
    seoDescription: post.seoDescription,
    ogImage: post.ogImage,
  }
}

async function findPost(db: Kysely<Database>, id: string): Promise<BlogPost | undefined> {
  return firstRow(db.selectFrom('blog_posts').select(COLUMNS).where('id', '=', id), toBlogPost)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function slugTaken(): ValidationError {
  return new ValidationError({ slug: SLUG_TAKEN_MESSAGE })
}

/** Throws the slug ValidationError when another post (not `exceptId`) has this slug. */
async function assertSlugFree(db: Kysely<Database>, slug: string, exceptId?: string) {
  let query = db.selectFrom('blog_posts').select('id').where('slug', '=', slug)
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId)
  if (await query.executeTakeFirst()) throw slugTaken()
}

/** The public posts matching `filters`, in SQL: category, tag and full-text search (ADR 100). */
function publicPosts(db: Kysely<Database>, filters: BlogFilters, now: Date) {
  const category = filters.category?.trim()
  const tag = filters.tag?.trim()
  const search = postSearchFilter(db, filters.q)
  let query = publicOnly(db.selectFrom('blog_posts'), now)
  if (category) query = query.where('category', '=', category)
  if (tag) query = query.where(jsonArrayHolds(db, 'blog_posts.tags', tag))
  if (search) query = query.where(search)
  return query
}

/** Summaries of a filtered select, newest publication first. */
function summaries(query: SelectQueryBuilder<Database, 'blog_posts', object>) {
  return (
    query
      .select(SUMMARY_COLUMNS)
      // The HTML only of posts without an excerpt: their first paragraph stands in (ADR 087).
      .select((eb) =>
        eb.case().when('excerpt', '=', '').then(eb.ref('contentHtml')).end().as('fallbackHtml'),
      )
      .orderBy('publishedAt', 'desc')
      .orderBy('id', 'asc')
  )
}

type SummaryRow = Pick<BlogPostsTable, (typeof SUMMARY_COLUMNS)[number]> & {
  fallbackHtml: string | null
}

function toSummary(row: SummaryRow): PostSummary {
  const author = parseJson<Partial<BlogAuthor>>(row.author, {})
  return postSummaryOf({
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: excerptOrFirstParagraph(row.excerpt, row.fallbackHtml),
    thumbnail: row.thumbnail,
    category: row.category,
    tags: parseJson<string[]>(row.tags, []),
    readTime: row.readTime,
    author: { name: author.name ?? '', avatar: author.avatar ?? '' },
    publishedAt: row.publishedAt ?? row.createdAt,
    ...(row.updatedAt ? { updatedAt: row.updatedAt } : {}),
  })
}

export interface PostSummaryPage extends PageInfo {
  items: PostSummary[]
}

/**
 * One page of the public posts (ADR 100): at most PUBLIC_PAGE_SIZE summaries, newest
 * publication first, and the total for the page count, both in SQL; null past the last page.
 */
export async function listPostSummaryPage(
  filters: BlogFilters,
  page: number,
  now: Date = new Date(),
): Promise<PostSummaryPage | null> {
  const db = getDb()
  const ids = await pageIds(
    publicPosts(db, filters, now),
    newestFirst,
    page,
    PUBLIC_PAGE_SIZE,
    Boolean(filters.q?.trim()),
  )
  if (ids.rows.length === 0)
    // No row: an empty list's one page, or a page past the last one.
    return page === 1 ? { items: [], page, pageCount: 1, total: 0 } : null
  const items = await summaries(db.selectFrom('blog_posts').where('id', 'in', ids.rows)).execute()
  return { items: items.map(toSummary), page, pageCount: pageCountOf(ids.total), total: ids.total }
}

type PostsQuery = SelectQueryBuilder<Database, 'blog_posts', object>

/** The public lists' order, that of their index (blog_posts_public_list). */
function newestFirst<Q extends PostsQuery>(query: Q): Q {
  return query.orderBy('publishedAt', 'desc').orderBy('id', 'asc') as Q
}

/**
 * The ids of one page of a filtered, sorted select of posts, and the total, read from narrow
 * index entries (ADR 100). Without a search: a count and a page, each a short walk of an
 * index. With one: both in a single statement (a window count), so the full-text match runs
 * once; a window materialises every matching row, which costs more than a plain count when
 * nothing narrows the list.
 */
async function pageIds(
  base: PostsQuery,
  sorted: <Q extends PostsQuery>(q: Q) => Q,
  page: number,
  size: number,
  searching: boolean,
): Promise<{ rows: string[]; total: number }> {
  const offset = (page - 1) * size
  if (searching) {
    const rows = await sorted(base.select(['id', (eb) => eb.fn.countAll<number>().over().as('n')]))
      .limit(size)
      .offset(offset)
      .execute()
    if (rows.length > 0) return { rows: rows.map((row) => row.id), total: Number(rows[0]!.n) }
  }
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    searching ? [] : sorted(base.select('id')).limit(size).offset(offset).execute(),
  ])
  return { rows: rows.map((row) => row.id), total: Number(count?.n ?? 0) }
}

/** Every public post matching `filters`, summaries only, newest publication first. */
export async function listBlogPosts(filters: BlogFilters = {}, now?: Date): Promise<PostSummary[]> {
  const unfiltered = !filters.q?.trim() && !filters.category?.trim() && !filters.tag?.trim()
  // At the present time and unfiltered (the sitemap, the English list): read once per content
  // generation (ADR 039).
  if (now === undefined && unfiltered) return listPublicBlogPosts()
  return readBlogPosts(filters, now ?? new Date())
}

/** Every public post now, newest publication first: read once per content generation. */
const listPublicBlogPosts = cachedRead('public-posts', () => readBlogPosts({}, new Date()))

async function readBlogPosts(filters: BlogFilters, now: Date): Promise<PostSummary[]> {
  return (await summaries(publicPosts(getDb(), filters, now)).execute()).map(toSummary)
}

/**
 * The ids of the posts, whatever their status, holding every word of `query` (word prefixes,
 * accents and case ignored) in their title, excerpt or text; undefined for a query without a
 * word (no filter). SQLite FTS5 or PostgreSQL full-text search (ADR 091).
 */
export async function searchBlogPostIds(
  query: string | undefined,
): Promise<Set<string> | undefined> {
  const db = getDb()
  const filter = postSearchFilter(db, query)
  if (!filter) return undefined
  const rows = await db.selectFrom('blog_posts').select('id').where(filter).execute()
  return new Set(rows.map((row) => row.id))
}

/** Every post, drafts and scheduled ones included (admin only), newest first. */
export async function listAllBlogPosts(): Promise<BlogPost[]> {
  const rows = await getDb()
    .selectFrom('blog_posts')
    .select(COLUMNS)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'asc')
    .execute()
  return rows.map(toBlogPost)
}

/** Any post by id, whatever its status (admin only). */
export async function getBlogPost(id: string): Promise<BlogPost | undefined> {
  return findPost(getDb(), id)
}

/** A public post by slug: undefined for a draft or a post whose time has not come. */
export async function getBlogPostBySlug(
  slug: string,
  now: Date = new Date(),
): Promise<BlogPost | undefined> {
  const row = await publicOnly(
    getDb().selectFrom('blog_posts').select(COLUMNS).where('slug', '=', slug),
    now,
  ).executeTakeFirst()
  return row ? toBlogPost(row) : undefined
}

export interface BlogPostPage {
  post: BlogPost
  /** Sanitised, highlighted HTML of the Markdown body (markdown.server.ts). */
  html: string
}

/** Stored HTML of a post; rendered and stored once when missing (posts from before 006). */
async function htmlOf(id: string, content: string, stored: string | null): Promise<string> {
  if (stored !== null) return stored
  const { html } = await renderMarkdown(content)
  await getDb().updateTable('blog_posts').set({ contentHtml: html }).where('id', '=', id).execute()
  return html
}

async function postPage(row: BlogPostsTable | undefined): Promise<BlogPostPage | undefined> {
  if (!row) return undefined
  return { post: toBlogPost(row), html: await htmlOf(row.id, row.content, row.contentHtml) }
}

/**
 * The public page of a post (same visibility rule as getBlogPostBySlug). At the present time,
 * read once per content generation and slug (ADR 039): a scheduled post's time bumps the
 * generation (scheduled-publish.server.ts).
 */
export async function getBlogPostPage(slug: string, now?: Date): Promise<BlogPostPage | undefined> {
  return now === undefined ? publicPostPages(slug) : readBlogPostPage(slug, now)
}

const publicPostPages = cachedReadByKey('public-post-page', (slug: string) =>
  readBlogPostPage(slug, new Date()),
)

async function readBlogPostPage(slug: string, now: Date): Promise<BlogPostPage | undefined> {
  const row = await publicOnly(
    getDb()
      .selectFrom('blog_posts')
      .select([...COLUMNS, 'contentHtml'])
      .where('slug', '=', slug),
    now,
  ).executeTakeFirst()
  return postPage(row)
}

/** The page of any post by slug, drafts included: the admin's 'Prévisualiser'. */
export async function getBlogPostPreview(slug: string): Promise<BlogPostPage | undefined> {
  const row = await getDb()
    .selectFrom('blog_posts')
    .select([...COLUMNS, 'contentHtml'])
    .where('slug', '=', slug)
    .executeTakeFirst()
  return postPage(row)
}

/** Public posts with their HTML, newest first, at most `limit` (the RSS feed). */
export async function listBlogPostPages(
  limit: number,
  now: Date = new Date(),
): Promise<BlogPostPage[]> {
  const rows = await publicOnly(
    getDb()
      .selectFrom('blog_posts')
      .select([...COLUMNS, 'contentHtml'])
      .orderBy('publishedAt', 'desc')
      .orderBy('id', 'asc')
      .limit(limit),
    now,
  ).execute()
  const pages = await Promise.all(rows.map((row) => postPage(row)))
  return pages.filter((page): page is BlogPostPage => page !== undefined)
}

export async function countBlogPosts(): Promise<number> {
  return countRows(getDb(), 'blog_posts')
}

/** Categories of public posts, once each, French alphabetical order (a draft's stay hidden). */
export async function listBlogCategories(now?: Date): Promise<string[]> {
  return now === undefined ? listBlogCategoriesNow() : readBlogCategories(now)
}

/** At the present time: read once per content generation (ADR 039). */
const listBlogCategoriesNow = cachedRead('blog-categories', () => readBlogCategories(new Date()))

async function readBlogCategories(now: Date): Promise<string[]> {
  const rows = await publicOnly(
    getDb().selectFrom('blog_posts').select('category').distinct(),
    now,
  ).execute()
  return distinctSorted(rows.map((row) => row.category))
}

/** Tags of public posts, once each, French alphabetical order. */
export async function listBlogTags(now?: Date): Promise<string[]> {
  return now === undefined ? listBlogTagsNow() : readBlogTags(now)
}

/** At the present time: read once per content generation (ADR 039). */
const listBlogTagsNow = cachedRead('blog-tags', () => readBlogTags(new Date()))

async function readBlogTags(now: Date): Promise<string[]> {
  const rows = await publicOnly(getDb().selectFrom('blog_posts').select('tags'), now).execute()
  return distinctSorted(rows.flatMap((row) => parseJson<string[]>(row.tags, [])))
}

/** Every category and tag in use, drafts included: what the admin editor offers. */
export async function listAllBlogTaxonomy(): Promise<{ categories: string[]; tags: string[] }> {
  const rows = await getDb().selectFrom('blog_posts').select(['category', 'tags']).execute()
  return {
    categories: distinctSorted(rows.map((row) => row.category)),
    tags: distinctSorted(rows.flatMap((row) => parseJson<string[]>(row.tags, []))),
  }
}

export const CATEGORY_RENAME_MESSAGE = 'Le nouveau nom de catégorie est requis'

/** Renames a category on every post that has it; returns how many posts changed. */
export async function renameBlogCategory(from: string, to: string): Promise<number> {
  const target = to.trim()
  if (target === '') throw new ValidationError({ to: CATEGORY_RENAME_MESSAGE })
  if (target.length > MAX_LENGTH.short) throw new ValidationError({ to: tooLong(MAX_LENGTH.short) })
  const result = await getDb()
    .updateTable('blog_posts')
    .set({ category: target, updatedAt: nowIso() })
    .where('category', '=', from)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** Who saved, for the revision; omitted by scripts (seed, tests) → "Système". */
const SYSTEM_AUTHOR: RevisionAuthor = { id: 'system', name: 'Système' }

/**
 * Validates, checks the slug is free, inserts, keeps a revision. Throws ValidationError.
 * `alsoInTransaction` writes more in the same transaction (the import's source row, ADR 066).
 */
export async function createBlogPost(
  input: BlogPostInput,
  author: RevisionAuthor = SYSTEM_AUTHOR,
  alsoInTransaction?: (trx: Kysely<Database>, post: BlogPost) => Promise<void>,
): Promise<BlogPost> {
  const row = await prepareBlogPost(input)
  return insertPrepared(
    getDb(),
    row,
    (trx, prepared) => insertBlogPost(trx, prepared, author),
    alsoInTransaction,
  )
}

/**
 * A new post's row, validated and rendered before any transaction (ADR 081). `rendered` is
 * its Markdown already rendered elsewhere (the import worker, ADR 102): used when it is the
 * text validated, else the text is rendered here. Throws ValidationError.
 */
export async function prepareBlogPost(
  input: BlogPostInput,
  rendered?: { markdown: string; html: string },
): Promise<BlogPostsTable> {
  const fields = parseOrThrow(BlogPostSchema, input)
  const createdAt = nowIso()
  const html =
    rendered?.markdown === fields.content
      ? rendered.html
      : (await renderMarkdown(fields.content)).html
  return {
    id: createId(),
    ...toColumns(fields, fields.publishedAt ?? createdAt, html),
    createdAt,
    updatedAt: null,
  }
}

/** Inserts a prepared post and its first revision within `trx`; a taken slug is a ValidationError. */
export async function insertBlogPost(
  trx: Kysely<Database>,
  row: BlogPostsTable,
  author: RevisionAuthor = SYSTEM_AUTHOR,
): Promise<BlogPost> {
  try {
    await assertSlugFree(trx, row.slug)
    await trx.insertInto('blog_posts').values(row).execute()
    await addRevision(trx, row, author)
    return toBlogPost(row)
  } catch (error) {
    // A concurrent writer may take the slug between the check and the insert.
    if (isUniqueViolation(error, 'blog_posts', 'slug')) throw slugTaken()
    throw error
  }
}

/** A post with a patch applied, validated. Throws ValidationError. */
function patchedFields(current: BlogPost, patch: BlogPostInput): BlogPostFields {
  const merged = mergePatch(editable(current), patch)
  // A partial author ({ name }) keeps the other author field.
  if (isRecord(patch.author)) merged.author = { ...current.author, ...definedOnly(patch.author) }
  return parseOrThrow(BlogPostSchema, merged)
}

/** Partial update (slug still unique), updatedAt set. Missing id → undefined. */
export async function updateBlogPost(
  id: string,
  patch: BlogPostInput,
  author: RevisionAuthor = SYSTEM_AUTHOR,
): Promise<BlogPost | undefined> {
  // Markdown is rendered before the write transaction, from the row as it is now (ADR 081).
  const before = await findPost(getDb(), id)
  if (!before) return undefined
  const rendered = await renderBefore(patchedFields(before, patch).content)
  try {
    return await updateExisting(getDb(), findPost, id, async (trx, current) => {
      const fields = patchedFields(current, patch)
      await assertSlugFree(trx, fields.slug, id)
      const changes: Omit<BlogPostsTable, 'id'> = {
        ...toColumns(
          fields,
          fields.publishedAt ?? (current.status === 'draft' ? nowIso() : current.publishedAt),
          await rendered.htmlOf(fields.content, () => storedHtml(trx, 'blog_posts', id)),
        ),
        createdAt: current.createdAt,
        updatedAt: nowIso(),
      }
      await trx.updateTable('blog_posts').set(changes).where('id', '=', id).execute()
      await addRevision(trx, { id, ...changes }, author)
      return toBlogPost({ id, ...changes })
    })
  } catch (error) {
    if (isUniqueViolation(error, 'blog_posts', 'slug')) throw slugTaken()
    throw error
  }
}

export async function deleteBlogPost(id: string): Promise<boolean> {
  return deleteById(getDb(), 'blog_posts', id)
}

/** Every post's id, slug and title (the statistics name pages by them, ADR 072). */
export async function listBlogPostTitles(): Promise<{ id: string; slug: string; title: string }[]> {
  return getDb().selectFrom('blog_posts').select(['id', 'slug', 'title']).execute()
}

/**
 * One page of the admin list of posts (ADR 091): the full-text search, the effective status
 * (a scheduled post whose date has come is published), whether an English version exists,
 * the sort, and the total for the page count; all in SQL, so 5,000 posts read 50 rows.
 */
export async function listAdminBlogPosts(
  query: ListQuery,
  now: Date = new Date(),
): Promise<{ items: BlogPost[]; total: number; page: number; pageCount: number }> {
  const db = getDb()
  const at = now.toISOString()
  const search = postSearchFilter(db, query.q)
  let base = db.selectFrom('blog_posts')
  if (search) base = base.where(search)
  const { statut: status, version: language } = query.filters
  if (status === 'draft') base = base.where('status', '=', 'draft')
  else if (status === 'scheduled')
    base = base.where('status', '!=', 'draft').where('publishedAt', '>', at)
  else if (status === 'published')
    base = base.where('status', '!=', 'draft').where('publishedAt', '<=', at)
  if (language) {
    base = base.where('id', language === 'en' ? 'in' : 'not in', englishVersionIds(db, 'post'))
  }
  const sorted = <Q extends PostsQuery>(q: Q): Q =>
    (query.sort === 'oldest'
      ? q.orderBy('createdAt', 'asc')
      : query.sort === 'title'
        ? q.orderBy('title', 'asc')
        : query.sort === 'published'
          ? q.orderBy('publishedAt', 'desc')
          : q.orderBy('createdAt', 'desc')
    ).orderBy('id', 'asc') as Q
  // The page's ids and the total from narrow index entries (ADR 100); then only those 50 rows
  // read whole. A page past the last one shows the last one.
  const searching = search !== undefined
  let ids = await pageIds(base, sorted, query.page, ADMIN_PAGE_SIZE, searching)
  const pageCount = Math.max(1, Math.ceil(ids.total / ADMIN_PAGE_SIZE))
  const page = Math.min(query.page, pageCount)
  if (page !== query.page) ids = await pageIds(base, sorted, page, ADMIN_PAGE_SIZE, searching)
  const total = ids.total
  const items =
    ids.rows.length === 0
      ? []
      : await sorted(
          db.selectFrom('blog_posts').select(COLUMNS).where('id', 'in', ids.rows),
        ).execute()
  return { items: items.map(toBlogPost), total, page, pageCount }
}
