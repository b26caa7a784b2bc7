// The public list of posts reads summaries, never a post's text (ADR 100): one page in SQL,
// the card's fields only, the excerpt clipped to what a card shows, and a bounded payload
// whatever the length of the posts.
import { describe, expect, it } from 'vitest'
import { makeBlogPost } from '#app/server/demo/factories.server.ts'
import { createBlogPost, listPostSummaryPage } from '#app/server/repositories/blog.server.ts'
import { saveTranslation } from '#app/server/repositories/translations.server.ts'
import { CARD_EXCERPT_MAX } from '#app/domain/excerpt.ts'
import { PUBLIC_PAGE_SIZE } from '#app/domain/pagination.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { loader } from './blog.tsx'

useTestDatabase()

const SUMMARY_KEYS = [
  'author',
  'category',
  'excerpt',
  'id',
  'publishedAt',
  'readTime',
  'slug',
  'tags',
  'thumbnail',
  'title',
].sort()

/** A long post: its text must never reach a list. */
const TEXT_MARK = 'texte-integral-jamais-dans-une-liste'
const longText = (i: number) =>
  Array.from({ length: 40 }, () => `Paragraphe ${i} ${TEXT_MARK} lorem ipsum.`).join('\n\n')

async function fill(count: number, overrides: Parameters<typeof makeBlogPost>[0] = {}) {
  const day = Date.UTC(2021, 0, 1)
  const posts = []
  for (let i = 0; i < count; i++)
    posts.push(
      await createBlogPost(
        makeBlogPost({
          content: longText(i),
          excerpt: `Extrait ${i} `.repeat(60),
          publishedAt: new Date(day + i * 86_400_000).toISOString(),
          ...overrides,
        }),
      ),
    )
  return posts
}

type LoaderArgs = Parameters<typeof loader>[0]
const load = (url: string) =>
  loader({ request: new Request(`http://localhost${url}`) } as unknown as LoaderArgs)

// Twenty-five posts each: a slow shared machine needs more than the default time.
describe('public list of posts', { timeout: 90_000 }, () => {
  it('reads one page of summaries: no text, the excerpt clipped, a count, null past the end', async () => {
    await fill(PUBLIC_PAGE_SIZE + 3, { category: 'Liste', tags: ['Résumé', 'Deux'] })
    const first = await listPostSummaryPage({}, 1)
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: PUBLIC_PAGE_SIZE + 3 })
    expect(first!.items).toHaveLength(PUBLIC_PAGE_SIZE)
    for (const item of first!.items) {
      expect(Object.keys(item).sort()).toEqual(SUMMARY_KEYS)
      expect(item.excerpt.length).toBeLessThanOrEqual(CARD_EXCERPT_MAX)
    }
    expect(JSON.stringify(first)).not.toContain(TEXT_MARK)
    const second = await listPostSummaryPage({}, 2)
    expect(second!.items).toHaveLength(3)
    expect(await listPostSummaryPage({}, 3)).toBeNull()
    // The filters in SQL: exact tag, category, full-text search (one pass with its count).
    expect((await listPostSummaryPage({ tag: 'Résumé' }, 1))!.total).toBe(PUBLIC_PAGE_SIZE + 3)
    expect((await listPostSummaryPage({ tag: 'Résum' }, 1))!.total).toBe(0)
    const searched = await listPostSummaryPage({ category: 'Liste', q: 'paragraphe lorem' }, 2)
    expect(searched).toMatchObject({ page: 2, pageCount: 2, total: PUBLIC_PAGE_SIZE + 3 })
    expect(searched!.items).toHaveLength(3)
    // "2" starts a word of a few posts only (2, 20 to 26…): one page, its count exact.
    const few = await listPostSummaryPage({ q: 'paragraphe 2' }, 1)
    expect(few!.total).toBe(few!.items.length)
    expect(few!.total).toBeLessThan(PUBLIC_PAGE_SIZE)
    expect(await listPostSummaryPage({ q: 'paragraphe 2' }, 2)).toBeNull()
    expect(await listPostSummaryPage({ q: 'introuvable' }, 1)).toEqual({
      items: [],
      page: 1,
      pageCount: 1,
      total: 0,
    })
  })

  it('sends the cards’ fields only, within a byte budget, in French and in English', async () => {
    const posts = await fill(PUBLIC_PAGE_SIZE + 1)
    for (const post of posts.slice(0, 3))
      await saveTranslation('post', post.id, 'en', {
        title: `English ${post.slug}`,
        excerpt: 'An English excerpt '.repeat(40),
        content: `English ${TEXT_MARK}`,
      })
    for (const url of ['/blog', '/en/blog']) {
      const data = await load(url)
      const payload = JSON.stringify(data)
      expect(payload).not.toContain(TEXT_MARK)
      for (const post of data.posts) {
        expect(Object.keys(post).sort()).toEqual(SUMMARY_KEYS.filter((key) => key !== 'id').sort())
        expect(post.excerpt.length).toBeLessThanOrEqual(CARD_EXCERPT_MAX)
      }
      // 24 cards of long posts stay small: what /blog's 60 KB page budget leaves the data.
      expect(Buffer.byteLength(payload)).toBeLessThan(PUBLIC_PAGE_SIZE * 600)
    }
    expect((await load('/blog')).posts).toHaveLength(PUBLIC_PAGE_SIZE)
    expect((await load('/en/blog')).posts).toHaveLength(3)
  })
})
