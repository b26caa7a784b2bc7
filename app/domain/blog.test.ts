import { describe, expect, it } from 'vitest'
import { MAX_LENGTH, formDataToObject, toFieldErrors } from './common.ts'
import { AUTHOR_FIELDS, BLOG_DELETE_QUESTION, BlogPostSchema, searchKey, slugify } from './blog.ts'
import { PUBLISH_DATE_MESSAGE, SCHEDULE_IN_PAST_MESSAGE, STATUS_MESSAGE } from './publishing.ts'

const valid = {
  title: 'Éloge de la lenteur',
  slug: 'eloge-de-la-lenteur',
  category: 'Design',
  excerpt: 'Ralentir pour mieux concevoir',
  content: 'Premier paragraphe.\nSecond.',
  thumbnail: '/demo/blog.webp',
}
const READ_TIME = "Le temps de lecture doit être un nombre entier d'au moins 1 minute"

function errorsOf(input: unknown) {
  const result = BlogPostSchema.safeParse(input)
  return result.success ? {} : toFieldErrors(result.error)
}

describe('slugify', () => {
  it.each([
    ['Éloge de la lenteur !', 'eloge-de-la-lenteur'],
    ["L'œuvre d'été — 2024", 'l-oeuvre-d-ete-2024'],
    ['  --Déjà   vu--  ', 'deja-vu'],
    ['Ça marche à 100 %', 'ca-marche-a-100'],
    ['!!!', ''],
  ])('%s → %s', (title, slug) => {
    expect(slugify(title)).toBe(slug)
  })

  it('produces slugs the schema accepts, at most 200 characters', () => {
    const slug = slugify('Mot '.repeat(100))
    expect(slug.length).toBeLessThanOrEqual(MAX_LENGTH.short)
    expect(BlogPostSchema.safeParse({ ...valid, slug }).success).toBe(true)
  })
})

describe('BlogPostSchema', () => {
  it('a draft saves without a thumbnail; publishing or scheduling needs one', () => {
    const { thumbnail: _, ...noPicture } = valid
    expect(errorsOf({ ...noPicture, status: 'draft' })).toEqual({})
    expect(errorsOf({ ...noPicture, status: 'published' })).toEqual({
      thumbnail: 'La miniature est requise',
    })
    expect(errorsOf({ ...noPicture, thumbnail: ' ' })).toEqual({
      thumbnail: 'La miniature est requise',
    })
  })

  it('parses a valid post with defaults (readTime computed later, published, no tags, empty author)', () => {
    expect(BlogPostSchema.parse(valid)).toEqual({
      ...valid,
      tags: [],
      status: 'published',
      author: { name: '', avatar: '' },
      seoTitle: '',
      seoDescription: '',
      ogImage: '',
    })
  })

  it('requires title, slug, category, excerpt, content and thumbnail', () => {
    const required = {
      title: 'Le titre est requis',
      slug: 'Le slug est requis',
      category: 'La catégorie est requise',
      excerpt: "L'extrait est requis",
      content: 'Le contenu est requis',
      thumbnail: 'La miniature est requise',
    }
    expect(errorsOf({})).toEqual(required)
    expect(errorsOf(Object.fromEntries(Object.keys(valid).map((key) => [key, ' '])))).toEqual(
      required,
    )
  })

  it.each([
    ['eloge-de-la-lenteur', true],
    ['post-2024', true],
    ['a', true],
    ['Eloge', false],
    ['éloge', false],
    ['a_b', false],
    ['a b', false],
    ['-a', false],
    ['a-', false],
    ['a--b', false],
  ])('slug %s accepted: %s', (slug, ok) => {
    const result = BlogPostSchema.safeParse({ ...valid, slug })
    expect(result.success).toBe(ok)
    if (!result.success)
      expect(toFieldErrors(result.error)).toEqual({
        slug: 'Le slug ne peut contenir que des lettres minuscules, des chiffres et des tirets',
      })
  })

  it.each([
    [0, false],
    ['0', false],
    [-3, false],
    [1, true],
    ['1', true],
    [12, true],
    ['2.5', false],
    ['abc', false],
  ])('readTime %j accepted: %s', (readTime, ok) => {
    const result = BlogPostSchema.safeParse({ ...valid, readTime })
    expect(result.success).toBe(ok)
    if (!result.success) expect(toFieldErrors(result.error)).toEqual({ readTime: READ_TIME })
  })

  it('leaves an absent or blank readTime to the word count', () => {
    expect(BlogPostSchema.parse(valid).readTime).toBeUndefined()
    expect(BlogPostSchema.parse({ ...valid, readTime: '' }).readTime).toBeUndefined()
  })

  it('accepts a status and a publish date in Paris time or ISO; a scheduled post needs a future date', () => {
    expect(BlogPostSchema.parse({ ...valid, status: 'draft' }).status).toBe('draft')
    expect(BlogPostSchema.parse({ ...valid, publishedAt: '2026-07-14T09:30' }).publishedAt).toBe(
      '2026-07-14T07:30:00.000Z',
    )
    expect(BlogPostSchema.parse({ ...valid, publishedAt: '2026-01-14T09:30' }).publishedAt).toBe(
      '2026-01-14T08:30:00.000Z',
    )
    expect(
      BlogPostSchema.parse({ ...valid, publishedAt: '2026-01-14T08:30:00.000Z' }).publishedAt,
    ).toBe('2026-01-14T08:30:00.000Z')
    const errors = (input: Record<string, unknown>) => {
      const result = BlogPostSchema.safeParse({ ...valid, ...input })
      return result.success ? {} : toFieldErrors(result.error)
    }
    expect(errors({ status: 'en ligne' })).toEqual({ status: STATUS_MESSAGE })
    expect(errors({ publishedAt: 'demain' })).toEqual({ publishedAt: PUBLISH_DATE_MESSAGE })
    expect(errors({ status: 'scheduled', publishedAt: '2020-01-01T10:00' })).toEqual({
      publishedAt: SCHEDULE_IN_PAST_MESSAGE,
    })
    expect(errors({ status: 'scheduled', publishedAt: '2999-01-01T10:00' })).toEqual({})
  })

  it.each([
    ['https://x.fr', true],
    ['/demo/a.webp', true],
    ['javascript:alert(1)', false],
    ['pas une url', false],
  ])('thumbnail %s accepted: %s', (thumbnail, ok) => {
    const result = BlogPostSchema.safeParse({ ...valid, thumbnail })
    expect(result.success).toBe(ok)
    if (!result.success) expect(toFieldErrors(result.error)).toEqual({ thumbnail: 'URL invalide' })
  })

  it('splits comma-separated tags, trimmed, empties dropped', () => {
    expect(BlogPostSchema.parse({ ...valid, tags: ' a, ,b ,' }).tags).toEqual(['a', 'b'])
  })

  it('takes the author as an object or as authorName / authorAvatar form fields', () => {
    expect(
      BlogPostSchema.parse({ ...valid, author: { name: ' Ada ', avatar: '/demo/ada.webp' } })
        .author,
    ).toEqual({ name: 'Ada', avatar: '/demo/ada.webp' })
    expect(
      BlogPostSchema.parse({ ...valid, authorName: 'Grace', authorAvatar: 'https://x.fr/g.png' })
        .author,
    ).toEqual({ name: 'Grace', avatar: 'https://x.fr/g.png' })
    // The flat fields win over the object (an edit form posts them over the stored author).
    expect(
      BlogPostSchema.parse({
        ...valid,
        author: { name: 'Ada', avatar: '/demo/ada.webp' },
        authorName: 'Grace',
      }).author,
    ).toEqual({ name: 'Grace', avatar: '/demo/ada.webp' })
    expect(errorsOf({ ...valid, authorAvatar: 'javascript:alert(1)' })).toEqual({
      'author.avatar': 'URL invalide',
    })
    expect(errorsOf({ ...valid, authorName: 'n'.repeat(MAX_LENGTH.short + 1) })).toEqual({
      'author.name': `${MAX_LENGTH.short} caractères maximum`,
    })
  })

  it.each([
    ['title', MAX_LENGTH.short],
    ['category', MAX_LENGTH.short],
    ['excerpt', MAX_LENGTH.text],
    ['content', MAX_LENGTH.long],
  ])('bounds %s at %i characters', (field, max) => {
    expect(BlogPostSchema.safeParse({ ...valid, [field]: 'x'.repeat(max) }).success).toBe(true)
    expect(errorsOf({ ...valid, [field]: 'x'.repeat(max + 1) })).toEqual({
      [field]: `${max} caractères maximum`,
    })
  })

  it('bounds the slug at 200 characters', () => {
    expect(BlogPostSchema.safeParse({ ...valid, slug: 's'.repeat(MAX_LENGTH.short) }).success).toBe(
      true,
    )
    expect(errorsOf({ ...valid, slug: 's'.repeat(MAX_LENGTH.short + 1) })).toEqual({
      slug: `${MAX_LENGTH.short} caractères maximum`,
    })
  })

  it('reads the author inputs named after their error paths (AUTHOR_FIELDS)', () => {
    const form = new FormData()
    for (const [k, v] of Object.entries(valid)) form.append(k, v)
    form.append(AUTHOR_FIELDS.name, ' Ada ')
    form.append(AUTHOR_FIELDS.avatar, '/demo/ada.webp')
    expect(BlogPostSchema.parse(formDataToObject(form)).author).toEqual({
      name: 'Ada',
      avatar: '/demo/ada.webp',
    })
    // The error key is the input's name, so the form shows it there and focuses the input.
    form.set(AUTHOR_FIELDS.avatar, 'pas une url')
    form.set(AUTHOR_FIELDS.name, 'n'.repeat(MAX_LENGTH.short + 1))
    expect(errorsOf(formDataToObject(form))).toEqual({
      [AUTHOR_FIELDS.name]: `${MAX_LENGTH.short} caractères maximum`,
      [AUTHOR_FIELDS.avatar]: 'URL invalide',
    })
    expect(AUTHOR_FIELDS).toEqual({ name: 'author.name', avatar: 'author.avatar' })
  })

  it('accepts FormData', () => {
    const form = new FormData()
    for (const [k, v] of Object.entries(valid)) form.append(k, v)
    form.append('readTime', '7')
    form.append('tags', 'UX, Lenteur')
    form.append('authorName', 'Ada')
    form.append('authorAvatar', '')
    expect(BlogPostSchema.parse(formDataToObject(form))).toEqual({
      ...valid,
      readTime: 7,
      status: 'published',
      tags: ['UX', 'Lenteur'],
      author: { name: 'Ada', avatar: '' },
      seoTitle: '',
      seoDescription: '',
      ogImage: '',
    })
  })

  it('exports the delete question and the search key', () => {
    expect(BLOG_DELETE_QUESTION).toBe('Êtes-vous sûr de vouloir supprimer cet article ?')
    expect(searchKey('Été À LA Plage')).toBe('ete a la plage')
  })
})
