import { describe, expect, it, vi } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { expectDeletedOnce, itRefusesBadInput, refusal } from './repository-test-support.ts'
import {
  countBlogPosts,
  createBlogPost,
  deleteBlogPost,
  getBlogPost,
  getBlogPostBySlug,
  listBlogCategories,
  listBlogPosts,
  listBlogTags,
  searchBlogPostIds,
  updateBlogPost,
} from './blog.server.ts'

// A Vitest fixture, not a React hook (eslint's hook rule only knows the name).

useTestDatabase()

let n = 0
const input = (overrides: Record<string, unknown> = {}) => ({
  title: 'Éloge de la lenteur',
  slug: `article-${++n}`,
  category: 'Design',
  excerpt: 'Ralentir pour mieux concevoir',
  content: 'Premier paragraphe.\nSecond.',
  thumbnail: '/demo/blog.webp',
  ...overrides,
})

const SLUG_TAKEN = 'Ce slug est déjà utilisé par un autre article'

describe('blog repository', () => {
  it('creates with a generated id, createdAt, computed readTime and author, and reads it back', async () => {
    const before = Date.now()
    const post = await createBlogPost(
      input({ slug: 'eloge', tags: ' a, ,b ,', authorName: 'Ada', authorAvatar: '/demo/ada.webp' }),
    )
    expect(post).toMatchObject({
      id: expect.stringMatching(/^[\w-]{16}$/),
      slug: 'eloge',
      readTime: 1,
      readTimeAuto: true,
      status: 'published',
      tags: ['a', 'b'],
      author: { name: 'Ada', avatar: '/demo/ada.webp' },
    })
    expect(Date.parse(post.createdAt)).toBeGreaterThanOrEqual(before)
    expect(post.updatedAt).toBeUndefined()
    expect(await getBlogPost(post.id)).toEqual(post)
    expect(await getBlogPostBySlug('eloge')).toEqual(post)
    expect(await getBlogPostBySlug('absent')).toBeUndefined()
    expect(post.publishedAt).toBe(post.createdAt)
    expect(await createBlogPost(input({ readTime: '3' }))).toMatchObject({
      readTime: 3,
      readTimeAuto: false,
    })
  })

  it('lists newest first', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    for (const day of [3, 1, 4, 2]) {
      vi.setSystemTime(new Date(Date.UTC(2025, 0, day)))
      await createBlogPost(input({ title: `Jour ${day}` }))
    }
    vi.useRealTimers()
    expect((await listBlogPosts()).map((p) => p.title)).toEqual([
      'Jour 4',
      'Jour 3',
      'Jour 2',
      'Jour 1',
    ])
  })

  it('searches title, excerpt and text, ignoring case and accents (ADR 091)', async () => {
    await createBlogPost(input({ title: 'Été à Lyon', excerpt: 'Chaleur' }))
    await createBlogPost(input({ title: 'Hiver', excerpt: 'Souvenirs de l’ÉTÉ dernier' }))
    await createBlogPost(input({ title: 'Printemps', excerpt: 'Fleurs' }))
    const titles = async (q: string) => (await listBlogPosts({ q })).map((p) => p.title).sort()
    expect(await titles('ete')).toEqual(['Hiver', 'Été à Lyon'])
    expect(await titles('  ÉTÉ ')).toEqual(['Hiver', 'Été à Lyon'])
    expect(await titles('lyon')).toEqual(['Été à Lyon'])
    expect(await titles('fleurs')).toEqual(['Printemps'])
    // The text is searched too, by the full-text index (ADR 091).
    expect(await titles('premier paragraphe')).toEqual(['Hiver', 'Printemps', 'Été à Lyon'])
    expect(await titles('')).toHaveLength(3)
  })

  it('matches typographic apostrophes, quotes and no-break spaces with what a keyboard types', async () => {
    await createBlogPost(input({ title: 'Ce que l’atelier m’a appris', excerpt: 'Retour' }))
    await createBlogPost(input({ title: "L'art du prototype", excerpt: 'Le “bon” moment' }))
    await createBlogPost(input({ title: 'Pourquoi\u202f?', excerpt: 'Question' }))
    const titles = async (q: string) => (await listBlogPosts({ q })).map((p) => p.title).sort()
    expect(await titles("m'a appris")).toEqual(['Ce que l’atelier m’a appris'])
    expect(await titles('M’A APPRIS')).toEqual(['Ce que l’atelier m’a appris'])
    expect(await titles('l’art')).toEqual(["L'art du prototype"])
    expect(await titles('"bon"')).toEqual(["L'art du prototype"])
    expect(await titles('pourquoi ?')).toEqual(['Pourquoi\u202f?'])
    expect(await titles("m'a vu")).toEqual([])
  })

  it('finds word prefixes, keeps the index in step with updates and deletes (ADR 091)', async () => {
    const post = await createBlogPost(
      input({ title: 'Développement durable', excerpt: 'Résumé', content: 'Une forêt entière.' }),
    )
    await createBlogPost(input({ title: 'Autre', excerpt: 'Rien', content: 'Rien.' }))
    expect(await searchBlogPostIds('develop')).toEqual(new Set([post.id]))
    expect(await searchBlogPostIds('FORET entiere')).toEqual(new Set([post.id]))
    expect(await searchBlogPostIds('forêt absent')).toEqual(new Set())
    // No word, no filter: punctuation and quotes never reach the query language.
    expect(await searchBlogPostIds(' "*: ')).toBeUndefined()
    expect(await searchBlogPostIds('" OR id:* NEAR(')).toEqual(new Set())
    await updateBlogPost(post.id, { ...input({ slug: post.slug }), title: 'Écologie' })
    expect(await searchBlogPostIds('develop')).toEqual(new Set())
    expect(await searchBlogPostIds('ecolo')).toEqual(new Set([post.id]))
    await deleteBlogPost(post.id)
    expect(await searchBlogPostIds('ecolo')).toEqual(new Set())
  })

  it('filters by category and tag, combined with the search', async () => {
    await createBlogPost(input({ title: 'A', category: 'Design', tags: 'UX, Lenteur' }))
    await createBlogPost(input({ title: 'B', category: 'Produit', tags: 'UX' }))
    await createBlogPost(
      input({ title: 'C', category: 'Design', tags: 'Code', excerpt: 'Du code propre' }),
    )
    const titles = async (f: Parameters<typeof listBlogPosts>[0]) =>
      (await listBlogPosts(f)).map((p) => p.title).sort()
    expect(await titles({ category: 'Design' })).toEqual(['A', 'C'])
    expect(await titles({ tag: 'UX' })).toEqual(['A', 'B'])
    expect(await titles({ category: 'Design', tag: 'UX' })).toEqual(['A'])
    expect(await titles({ category: 'Design', q: 'PROPRE' })).toEqual(['C'])
    expect(await titles({ category: '', tag: '' })).toEqual(['A', 'B', 'C'])
    expect(await titles({ category: 'Inconnue' })).toEqual([])
    expect(await listBlogCategories()).toEqual(['Design', 'Produit'])
    expect(await listBlogTags()).toEqual(['Code', 'Lenteur', 'UX'])
  })

  it('refuses a duplicate slug on create, and on update to another post’s slug', async () => {
    const first = await createBlogPost(input({ slug: 'unique' }))
    expect(await refusal(createBlogPost(input({ slug: 'unique' })))).toEqual({ slug: SLUG_TAKEN })
    expect(await countBlogPosts()).toBe(1)

    const second = await createBlogPost(input({ slug: 'autre' }))
    await expect(updateBlogPost(second.id, { slug: 'unique' })).rejects.toMatchObject({
      fieldErrors: { slug: SLUG_TAKEN },
    })
    expect(await getBlogPost(second.id)).toEqual(second)
    // Keeping its own slug is fine.
    expect((await updateBlogPost(first.id, { slug: 'unique', title: 'Renommé' }))?.title).toBe(
      'Renommé',
    )
  })

  it('updates partially: untouched fields kept, updatedAt set, author merged', async () => {
    const post = await createBlogPost(
      input({ tags: ['x'], readTime: 8, author: { name: 'Ada', avatar: '/demo/ada.webp' } }),
    )
    const updated = await updateBlogPost(post.id, { excerpt: 'Nouveau résumé' })
    expect(updated).toEqual({ ...post, excerpt: 'Nouveau résumé', updatedAt: expect.any(String) })
    expect(await getBlogPost(post.id)).toEqual(updated)
    expect((await updateBlogPost(post.id, { authorName: 'Grace' }))?.author).toEqual({
      name: 'Grace',
      avatar: '/demo/ada.webp',
    })
    expect((await updateBlogPost(post.id, { author: { avatar: '/demo/g.webp' } }))?.author).toEqual(
      { name: 'Grace', avatar: '/demo/g.webp' },
    )
    expect(await updateBlogPost('missing', { title: 'X' })).toBeUndefined()
  })

  itRefusesBadInput('blog_posts', { create: createBlogPost, update: updateBlogPost }, input, [
    [
      { readTime: 0 },
      { readTime: "Le temps de lecture doit être un nombre entier d'au moins 1 minute" },
    ],
    [
      { slug: 'Pas Un Slug' },
      { slug: 'Le slug ne peut contenir que des lettres minuscules, des chiffres et des tirets' },
    ],
    [{ thumbnail: 'pas une url' }, { thumbnail: 'URL invalide' }],
    [{ content: '' }, { content: 'Le contenu est requis' }],
  ])

  it('deletes by id', async () => {
    const post = await createBlogPost(input())
    await expectDeletedOnce(deleteBlogPost, getBlogPost, post.id)
    // The slug is free again.
    expect((await createBlogPost(input({ slug: post.slug }))).slug).toBe(post.slug)
  })
})
