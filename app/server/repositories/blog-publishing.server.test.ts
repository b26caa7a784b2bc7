// Publishing (ADR 020): statuses and publish dates (public only when due, at query time), HTML stored at
// save, revisions (bounded, exact restore), categories renamed on every post.
import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '#app/server/content/markdown.server.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { makeBlogPost } from '#app/server/demo/factories.server.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import {
  createBlogPost,
  getBlogPost,
  getBlogPostBySlug,
  getBlogPostPage,
  getBlogPostPreview,
  listAllBlogPosts,
  listAllBlogTaxonomy,
  listBlogCategories,
  listBlogPostPages,
  listBlogPosts,
  listBlogTags,
  renameBlogCategory,
  CATEGORY_RENAME_MESSAGE,
  updateBlogPost,
} from './blog.server.ts'
import { MAX_REVISIONS, getRevision, listRevisions } from './blog-revisions.server.ts'

useTestDatabase()

const HOUR = 3_600_000
const ADMIN = { id: 'admin-1', name: 'Camille Admin' }

async function publicSurfaces(slug: string, now?: Date) {
  return {
    list: (await listBlogPosts({}, now)).some((p) => p.slug === slug),
    search: (await listBlogPosts({ q: 'secret' }, now)).some((p) => p.slug === slug),
    bySlug: (await getBlogPostBySlug(slug, now)) !== undefined,
    page: (await getBlogPostPage(slug, now)) !== undefined,
    feed: (await listBlogPostPages(50, now)).some((p) => p.post.slug === slug),
    category: (await listBlogCategories(now)).includes('Catégorie secrète'),
    tag: (await listBlogTags(now)).includes('tag-secret'),
  }
}

const HIDDEN = {
  list: false,
  search: false,
  bySlug: false,
  page: false,
  feed: false,
  category: false,
  tag: false,
}
const SHOWN = {
  list: true,
  search: true,
  bySlug: true,
  page: true,
  feed: true,
  category: true,
  tag: true,
}

const secret = (overrides: Record<string, unknown> = {}) =>
  makeBlogPost({
    title: 'Article secret',
    category: 'Catégorie secrète',
    tags: ['tag-secret'],
    ...overrides,
  })

describe('statuses and publish dates', () => {
  it('keeps a draft off every public surface, shows it to the admin and in preview', async () => {
    const draft = await createBlogPost(secret({ status: 'draft' }))
    expect(draft.status).toBe('draft')
    expect(await publicSurfaces(draft.slug)).toEqual(HIDDEN)
    expect((await listAllBlogPosts()).map((p) => p.id)).toContain(draft.id)
    expect((await listAllBlogTaxonomy()).categories).toContain('Catégorie secrète')
    expect((await getBlogPostPreview(draft.slug))?.post.id).toBe(draft.id)
  })

  it('shows a scheduled post from its time on, with no restart (time given at query time)', async () => {
    const at = new Date(Date.now() + 2 * HOUR)
    const post = await createBlogPost(
      secret({ status: 'scheduled', publishedAt: at.toISOString() }),
    )
    expect(post.status).toBe('scheduled')
    expect(await publicSurfaces(post.slug)).toEqual(HIDDEN)
    expect(await publicSurfaces(post.slug, new Date(at.getTime() - 1000))).toEqual(HIDDEN)
    expect(await publicSurfaces(post.slug, at)).toEqual(SHOWN)
    expect(await publicSurfaces(post.slug, new Date(at.getTime() + HOUR))).toEqual(SHOWN)
  })

  it('turns a "published" post dated in the future into a scheduled one', async () => {
    const at = new Date(Date.now() + HOUR).toISOString()
    const post = await createBlogPost(secret({ status: 'published', publishedAt: at }))
    expect(post).toMatchObject({ status: 'scheduled', publishedAt: at })
    expect(await getBlogPostBySlug(post.slug)).toBeUndefined()
  })

  it('dates a draft when it is published, not when it was written', async () => {
    const draft = await createBlogPost(
      secret({ status: 'draft', publishedAt: '2020-01-01T00:00:00.000Z' }),
    )
    const before = new Date().toISOString()
    const published = await updateBlogPost(draft.id, { status: 'published' })
    expect(published?.status).toBe('published')
    expect(published!.publishedAt >= before).toBe(true)
    expect(await publicSurfaces(draft.slug)).toEqual(SHOWN)
    // Back to draft: gone again.
    await updateBlogPost(draft.id, { status: 'draft' })
    expect(await publicSurfaces(draft.slug)).toEqual(HIDDEN)
  })

  it('stores the rendered HTML at save time: the page serves it, equal to a fresh render', async () => {
    const content = '## Titre\n\n```ts\nconst a = 1\n```'
    const post = await createBlogPost(makeBlogPost({ content }))
    const row = await getDb()
      .selectFrom('blog_posts')
      .select('contentHtml')
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow()
    expect(row.contentHtml).toContain('class="shiki')
    const page = await getBlogPostPage(post.slug)
    const preview = await getBlogPostPreview(post.slug)
    expect(page?.html).toBe(row.contentHtml)
    expect(preview?.html).toBe(page?.html)
    expect(page?.html).toBe((await renderMarkdown(content)).html)
  })

  it('renders once and stores the HTML of a post saved before the pipeline existed', async () => {
    const post = await createBlogPost(makeBlogPost({ content: '**gras**' }))
    await getDb()
      .updateTable('blog_posts')
      .set({ contentHtml: null })
      .where('id', '=', post.id)
      .execute()
    expect((await getBlogPostPage(post.slug))?.html).toBe('<p><strong>gras</strong></p>')
    const row = await getDb()
      .selectFrom('blog_posts')
      .select('contentHtml')
      .where('id', '=', post.id)
      .executeTakeFirst()
    expect(row?.contentHtml).toBe('<p><strong>gras</strong></p>')
  })
})

describe('revisions', () => {
  it('keeps who and when for every save, and gives back the exact text', async () => {
    const original = 'Ligne 1  \n\n* puce\t\n\n```\n  code  \n```\n\n'
    const post = await createBlogPost(makeBlogPost({ content: original }), ADMIN)
    await updateBlogPost(post.id, { content: 'Réécrit.' }, { id: 'admin-2', name: 'Alex' })
    const revisions = await listRevisions(post.id)
    expect(revisions.map((r) => r.authorName)).toEqual(['Alex', 'Camille Admin'])
    const first = await getRevision(post.id, revisions[1]!.id)
    expect(first?.content).toBe(original.trim())
    // Restoring = saving the revision's texts: exact text back.
    await updateBlogPost(
      post.id,
      { content: first!.content, title: first!.title, excerpt: first!.excerpt },
      ADMIN,
    )
    expect((await getBlogPost(post.id))?.content).toBe(first!.content)
    expect(await listRevisions(post.id)).toHaveLength(3)
    expect(await getRevision('autre', revisions[0]!.id)).toBeUndefined()
  })

  it(`keeps at most ${MAX_REVISIONS} revisions per post, dropping the oldest`, async () => {
    const post = await createBlogPost(makeBlogPost({ content: 'v0' }))
    for (let i = 1; i <= MAX_REVISIONS + 4; i++) await updateBlogPost(post.id, { content: `v${i}` })
    const revisions = await listRevisions(post.id)
    expect(revisions).toHaveLength(MAX_REVISIONS)
    const oldest = await getRevision(post.id, revisions.at(-1)!.id)
    expect(oldest?.content).toBe(`v${4 + 1}`)
  })

  it('drops a post’s revisions with the post', async () => {
    const post = await createBlogPost(makeBlogPost())
    await getDb().deleteFrom('blog_posts').where('id', '=', post.id).execute()
    expect(await listRevisions(post.id)).toEqual([])
  })
})

describe('categories', () => {
  it('renames a category on every post that has it, and refuses an empty name', async () => {
    const a = await createBlogPost(makeBlogPost({ category: 'Desing' }))
    const b = await createBlogPost(makeBlogPost({ category: 'Desing', status: 'draft' }))
    const c = await createBlogPost(makeBlogPost({ category: 'Produit' }))
    expect(await renameBlogCategory('Desing', 'Design')).toBe(2)
    expect((await getBlogPost(a.id))?.category).toBe('Design')
    expect((await getBlogPost(b.id))?.category).toBe('Design')
    expect((await getBlogPost(c.id))?.category).toBe('Produit')
    await expect(renameBlogCategory('Design', '  ')).rejects.toMatchObject({
      fieldErrors: { to: CATEGORY_RENAME_MESSAGE },
    })
    await expect(renameBlogCategory('Design', 'x'.repeat(201))).rejects.toMatchObject({
      fieldErrors: { to: '200 caractères maximum' },
    })
    expect((await listAllBlogTaxonomy()).categories).toEqual(['Design', 'Produit'])
  })
})
