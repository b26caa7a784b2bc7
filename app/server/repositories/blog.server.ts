// Blog posts (spec §3 Blog post, §5 blog form): unique slug, accent-insensitive search.
import { cachedRead } from '#app/server/cache/generation.server.ts'
import type { Kysely } from 'kysely'
import {
  BlogPostSchema,
  SLUG_TAKEN_MESSAGE,
  type BlogPostFields,
  type BlogPostInput,
} from '#app/domain/blog.ts'
import type { BlogAuthor, BlogPost } from '#app/domain/types.ts'
import { getDb } from '#app/server/db/client.server.ts'
import type { BlogPostsTable, Database } from '#app/server/db/schema.server.ts'
import { createId, nowIso, parseJson, toJson } from '#app/server/db/util.server.ts'
import { ValidationError, parseOrThrow } from '#app/server/errors.server.ts'
import {
  countRows,
  definedOnly,
  deleteById,
  distinctSorted,
  isUniqueViolation,
  matchesQuery,
  mergePatch,
} from './collection.server.ts'

const COLUMNS = [
  'id',
  'slug',
  'title',
  'excerpt',
  'content',
  'thumbnail',
  'category',
  'tags',
  'readTime',
  'author',
  'createdAt',
  'updatedAt',
] as const

export interface BlogFilters {
  /** Found in the title or the excerpt, case and accents ignored. */
  q?: string
  /** Exact category; empty means all. */
  category?: string
  /** Exact tag; empty means all. */
  tag?: string
}

function toBlogPost(row: BlogPostsTable): BlogPost {
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
  }
}

function toColumns(fields: BlogPostFields): Omit<BlogPostsTable, 'id' | 'createdAt' | 'updatedAt'> {
  return {
    slug: fields.slug,
    title: fields.title,
    excerpt: fields.excerpt,
    content: fields.content,
    thumbnail: fields.thumbnail,
    category: fields.category,
    tags: toJson(fields.tags),
    readTime: fields.readTime,
    author: toJson(fields.author),
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
    readTime: post.readTime,
    author: post.author,
  }
}

async function findPost(db: Kysely<Database>, id: string): Promise<BlogPost | undefined> {
  const row = await db
    .selectFrom('blog_posts')
    .select(COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst()
  return row ? toBlogPost(row) : undefined
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

/** Newest first. The text search runs here in JS: SQL LIKE ignores neither accents nor
 *  non-ASCII case, and a blog has at most hundreds of posts. */
export async function listBlogPosts(filters: BlogFilters = {}): Promise<BlogPost[]> {
  let query = getDb()
    .selectFrom('blog_posts')
    .select(COLUMNS)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'asc')
  const category = filters.category?.trim()
  if (category) query = query.where('category', '=', category)
  const tag = filters.tag?.trim()
  const posts = (await query.execute()).map(toBlogPost)
  return posts.filter(
    (post) =>
      (!tag || post.tags.includes(tag)) && matchesQuery(filters.q, [post.title, post.excerpt]),
  )
}

export async function getBlogPost(id: string): Promise<BlogPost | undefined> {
  return findPost(getDb(), id)
}

export async function getBlogPostBySlug(slug: string): Promise<BlogPost | undefined> {
  const row = await getDb()
    .selectFrom('blog_posts')
    .select(COLUMNS)
    .where('slug', '=', slug)
    .executeTakeFirst()
  return row ? toBlogPost(row) : undefined
}

export async function countBlogPosts(): Promise<number> {
  return countRows(getDb(), 'blog_posts')
}

/** Categories in use, once each, French alphabetical order. */
async function readBlogCategories(): Promise<string[]> {
  const rows = await getDb().selectFrom('blog_posts').select('category').distinct().execute()
  return distinctSorted(rows.map((row) => row.category))
}

/** Categories in use. Read once per content generation (ADR 027). */
export const listBlogCategories: () => Promise<string[]> = cachedRead(readBlogCategories)

/** Tags in use, once each, French alphabetical order. */
async function readBlogTags(): Promise<string[]> {
  const rows = await getDb().selectFrom('blog_posts').select('tags').execute()
  return distinctSorted(rows.flatMap((row) => parseJson<string[]>(row.tags, [])))
}

/** Tags in use. Read once per content generation (ADR 027). */
export const listBlogTags: () => Promise<string[]> = cachedRead(readBlogTags)

/** Validates, checks the slug is free, inserts. Throws ValidationError. */
export async function createBlogPost(input: BlogPostInput): Promise<BlogPost> {
  const fields = parseOrThrow(BlogPostSchema, input)
  try {
    return await getDb()
      .transaction()
      .execute(async (trx) => {
        await assertSlugFree(trx, fields.slug)
        const row: BlogPostsTable = {
          id: createId(),
          ...toColumns(fields),
          createdAt: nowIso(),
          updatedAt: null,
        }
        await trx.insertInto('blog_posts').values(row).execute()
        return toBlogPost(row)
      })
  } catch (error) {
    // A concurrent writer may take the slug between the check and the insert.
    if (isUniqueViolation(error, 'blog_posts.slug')) throw slugTaken()
    throw error
  }
}

/** Partial update (slug still unique), updatedAt set. Missing id → undefined. */
export async function updateBlogPost(
  id: string,
  patch: BlogPostInput,
): Promise<BlogPost | undefined> {
  try {
    return await getDb()
      .transaction()
      .execute(async (trx) => {
        const current = await findPost(trx, id)
        if (!current) return undefined
        const merged = mergePatch(editable(current), patch)
        // A partial author ({ name }) keeps the other author field.
        if (isRecord(patch.author))
          merged.author = { ...current.author, ...definedOnly(patch.author) }
        const fields = parseOrThrow(BlogPostSchema, merged)
        await assertSlugFree(trx, fields.slug, id)
        const changes: Omit<BlogPostsTable, 'id'> = {
          ...toColumns(fields),
          createdAt: current.createdAt,
          updatedAt: nowIso(),
        }
        await trx.updateTable('blog_posts').set(changes).where('id', '=', id).execute()
        return toBlogPost({ id, ...changes })
      })
  } catch (error) {
    if (isUniqueViolation(error, 'blog_posts.slug')) throw slugTaken()
    throw error
  }
}

export async function deleteBlogPost(id: string): Promise<boolean> {
  return deleteById(getDb(), 'blog_posts', id)
}
