// A post's English version published on its own (ADR 077): its status and date decide whether
// the English site shows it (with the French post's own rules), a scheduled one appears at its
// date, a version stored before it had a status follows the French post, and each language
// keeps its own revisions.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { nextScheduledPublishAt } from '#app/server/content/scheduled-publish.server.ts'
import { makeBlogPost } from '#app/server/demo/factories.server.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { createBlogPost, getBlogPost, listBlogPosts, updateBlogPost } from './blog.server.ts'
import { MAX_REVISIONS, getRevision, listRevisions } from './blog-revisions.server.ts'
import {
  englishSlugOf,
  getTranslation,
  localizeItem,
  localizeList,
  postIdOfEnglishSlug,
  saveTranslation,
} from './translations.server.ts'

useTestDatabase()
afterEach(() => vi.useRealTimers())

const ADMIN = { id: 'admin-1', name: 'Camille Admin' }
const ENGLISH = { slug: 'english-post', title: 'English post', content: 'An English body.' }

/**
 * Whether the English site shows the post now: in its list (from the French public posts), as
 * an item, and the English slug its twin links name (asked for public French posts only).
 */
async function english(id: string) {
  const post = (await getBlogPost(id))!
  return {
    // At the present time, past the per-generation read (no scheduled bump armed here).
    list: (await localizeList('post', await listBlogPosts({}, new Date()), 'en')).some(
      (p) => p.id === id,
    ),
    item: (await localizeItem('post', post, 'en')) !== undefined,
    slug: await englishSlugOf(id, post.slug),
  }
}

const shown = { list: true, item: true, slug: 'english-post' }
const hidden = { list: false, item: false, slug: null }

describe('English status of a post', () => {
  it('keeps a version stored without a status public exactly when its French post is', async () => {
    const post = await createBlogPost(makeBlogPost({ status: 'published' }))
    await saveTranslation('post', post.id, 'en', ENGLISH)
    expect(await getTranslation('post', post.id)).toEqual({
      slug: 'english-post',
      title: 'English post',
      content: 'An English body.',
    })
    expect(await english(post.id)).toEqual(shown)
    // The French post a draft: its English version goes with it (the public pages start
    // from the French post's public queries).
    await updateBlogPost(post.id, { status: 'draft' })
    expect((await english(post.id)).list).toBe(false)
    // A save without a status (the seed, an import) keeps the stored one.
    await updateBlogPost(post.id, { status: 'published' })
    await saveTranslation('post', post.id, 'en', { status: 'draft', ...ENGLISH })
    await saveTranslation('post', post.id, 'en', { ...ENGLISH, title: 'Retitled' })
    expect((await getTranslation('post', post.id))?.status).toBe('draft')
  })

  it('hides a draft English version everywhere on the English site, the French post untouched', async () => {
    const post = await createBlogPost(makeBlogPost({ status: 'published' }))
    await saveTranslation('post', post.id, 'en', { ...ENGLISH, status: 'draft' })
    expect(await english(post.id)).toEqual(hidden)
    // Its English address still names the post: the 404 offers the French page.
    expect(await postIdOfEnglishSlug('english-post')).toBe(post.id)
    expect((await listBlogPosts()).some((p) => p.id === post.id)).toBe(true)
    expect(await localizeList('post', [post], 'fr')).toEqual([post])
    await saveTranslation('post', post.id, 'en', { ...ENGLISH, status: 'published' })
    expect(await english(post.id)).toEqual(shown)
  })

  it('publishes a draft at the moment it is published, not at the French date', async () => {
    const post = await createBlogPost(
      makeBlogPost({ status: 'published', publishedAt: '2020-01-01T10:00:00.000Z' }),
    )
    await saveTranslation('post', post.id, 'en', { ...ENGLISH, status: 'draft' })
    await saveTranslation('post', post.id, 'en', { ...ENGLISH, status: 'published' })
    const stored = (await getTranslation('post', post.id))!
    expect(stored.status).toBe('published')
    expect(stored.publishedAt! > '2020-01-02').toBe(true)
    // The English page carries the date it appeared in English.
    const [shownPost] = await localizeList('post', [post], 'en')
    expect(shownPost!.publishedAt).toBe(stored.publishedAt)
    // A later save with a blank date keeps it.
    await saveTranslation('post', post.id, 'en', { ...ENGLISH, status: 'published' })
    expect((await getTranslation('post', post.id))!.publishedAt).toBe(stored.publishedAt)
  })

  /** The clock at 1 January 2030, 10:00, and a French post published at `publishedAt`. */
  async function frenchPostOn1January(publishedAt: string) {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2030-01-01T10:00:00.000Z'))
    return createBlogPost(makeBlogPost({ status: 'published', publishedAt }))
  }

  /** The post's English version saved as `status`, dated 2 January 2030, 10:00. */
  const saveEnglishFor2January = (postId: string, status: 'draft' | 'published') =>
    saveTranslation('post', postId, 'en', {
      ...ENGLISH,
      status,
      publishedAt: '2030-01-02T10:00:00.000Z',
    })

  it('shows a scheduled version at its date, and arms the content generation for it', async () => {
    const post = await frenchPostOn1January('2029-06-01T10:00:00.000Z')
    await saveEnglishFor2January(post.id, 'published')
    expect((await getTranslation('post', post.id))?.status).toBe('scheduled')
    expect(await english(post.id)).toEqual(hidden)
    expect((await nextScheduledPublishAt())?.toISOString()).toBe('2030-01-02T10:00:00.000Z')
    vi.setSystemTime(new Date('2030-01-02T10:00:01.000Z'))
    expect(await english(post.id)).toEqual(shown)
    expect(await nextScheduledPublishAt()).toBeUndefined()
  })

  it('counts no English date of a draft, and no English version before its French post', async () => {
    const post = await frenchPostOn1January('2030-01-05T10:00:00.000Z')
    await saveEnglishFor2January(post.id, 'draft')
    expect((await nextScheduledPublishAt())?.toISOString()).toBe('2030-01-05T10:00:00.000Z')
    await saveEnglishFor2January(post.id, 'published')
    // English due, French not yet: still hidden.
    vi.setSystemTime(new Date('2030-01-03T10:00:00.000Z'))
    expect((await english(post.id)).list).toBe(false)
    vi.setSystemTime(new Date('2030-01-05T10:00:01.000Z'))
    expect((await english(post.id)).list).toBe(true)
    // Shown at the later of the two dates.
    const [shownPost] = await localizeList('post', [(await getBlogPost(post.id))!], 'en')
    expect(shownPost!.publishedAt).toBe('2030-01-05T10:00:00.000Z')
  })

  it('lists English posts newest first by the date they appeared in English', async () => {
    const older = await createBlogPost(
      makeBlogPost({ status: 'published', publishedAt: '2020-01-01T10:00:00.000Z' }),
    )
    const newer = await createBlogPost(
      makeBlogPost({ status: 'published', publishedAt: '2021-01-01T10:00:00.000Z' }),
    )
    await saveTranslation('post', newer.id, 'en', { title: 'Newer', content: 'Body' })
    await saveTranslation('post', older.id, 'en', {
      title: 'Older',
      content: 'Body',
      status: 'published',
      publishedAt: '2022-01-01T10:00:00.000Z',
    })
    const titles = (await localizeList('post', await listBlogPosts(), 'en')).map((p) => p.title)
    expect(titles).toEqual(['Older', 'Newer'])
  })

  it('drops the status of a version whose texts are all blank (no English version)', async () => {
    const post = await createBlogPost(makeBlogPost())
    await saveTranslation('post', post.id, 'en', { ...ENGLISH, status: 'draft' })
    await saveTranslation('post', post.id, 'en', { title: ' ', content: '', status: 'published' })
    expect(await getTranslation('post', post.id)).toBeUndefined()
  })
})

describe('revisions per language', () => {
  // Each save a second after the previous one: revisions are ordered by their time.
  let clock = Date.parse('2030-01-01T10:00:00.000Z')
  const tick = () => vi.setSystemTime((clock += 1000))
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    tick()
  })

  it('keeps each language’s saves apart, neither listing the other’s', async () => {
    const post = await createBlogPost(makeBlogPost({ title: 'Titre un' }), ADMIN)
    tick()
    await saveTranslation('post', post.id, 'en', { title: 'Title one', content: 'One' }, ADMIN)
    tick()
    await saveTranslation('post', post.id, 'en', { title: 'Title two', content: 'Two' }, ADMIN)
    tick()
    await updateBlogPost(post.id, { title: 'Titre deux' }, ADMIN)
    const french = await listRevisions(post.id)
    const englishOnes = await listRevisions(post.id, 'en')
    expect(french.map((r) => r.title)).toEqual(['Titre deux', 'Titre un'])
    expect(englishOnes.map((r) => r.title)).toEqual(['Title two', 'Title one'])
    expect(englishOnes[0]!.authorName).toBe('Camille Admin')
    // A revision is found in its own language only.
    expect(await getRevision(post.id, englishOnes[1]!.id)).toBeUndefined()
    expect(await getRevision(post.id, french[0]!.id, 'en')).toBeUndefined()
    expect(await getRevision(post.id, englishOnes[1]!.id, 'en')).toMatchObject({
      title: 'Title one',
      content: 'One',
      locale: 'en',
    })
  })

  it('keeps a version stored before its revisions as one, dated when it was saved', async () => {
    const post = await createBlogPost(makeBlogPost())
    await saveTranslation('post', post.id, 'en', { title: 'Old', content: 'Old body' })
    // As stored before English revisions existed: a row, no revision.
    await getDb().deleteFrom('blog_revisions').where('locale', '=', 'en').execute()
    await getDb()
      .updateTable('translations')
      .set({ updatedAt: '2024-01-01T00:00:00.000Z' })
      .where('entityId', '=', post.id)
      .execute()
    tick()
    await saveTranslation('post', post.id, 'en', { title: 'New', content: 'New body' }, ADMIN)
    const revisions = await listRevisions(post.id, 'en')
    expect(revisions.map((r) => [r.title, r.authorName])).toEqual([
      ['New', 'Camille Admin'],
      ['Old', 'Système'],
    ])
    expect(revisions[1]!.createdAt).toBe('2024-01-01T00:00:00.000Z')
  })

  it(`trims each language to its ${MAX_REVISIONS} newest revisions on its own`, async () => {
    const post = await createBlogPost(makeBlogPost())
    for (let i = 0; i < MAX_REVISIONS + 2; i++) {
      tick()
      await saveTranslation('post', post.id, 'en', { title: `Title ${i}`, content: 'Body' })
    }
    const englishOnes = await listRevisions(post.id, 'en')
    expect(englishOnes).toHaveLength(MAX_REVISIONS)
    expect(englishOnes[0]!.title).toBe(`Title ${MAX_REVISIONS + 1}`)
    expect(await listRevisions(post.id)).toHaveLength(1)
  })
})
