import { describe, expect, it } from 'vitest'
import { MAX_LENGTH, formDataToObject } from './common.ts'
import {
  fieldErrors,
  formOf,
  itBoundsLength,
  itChecksField,
  itRequires,
  parseForm,
} from './schema-test-support.ts'
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

const errorsOf = (input: unknown) => fieldErrors(BlogPostSchema, input)

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
  it('a post needs a title and a text only: category, excerpt and thumbnail are optional', () => {
    const { thumbnail: _t, category: _c, excerpt: _e, ...bare } = valid
    for (const status of ['draft', 'published']) expect(errorsOf({ ...bare, status })).toEqual({})
    expect(BlogPostSchema.parse({ ...bare, thumbnail: ' ', category: ' ' })).toMatchObject({
      thumbnail: '',
      category: '',
      excerpt: '',
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

  itRequires(
    'requires title, slug and content',
    BlogPostSchema,
    {
      title: 'Le titre est requis',
      slug: 'Le slug est requis',
      content: 'Le contenu est requis',
    },
    Object.fromEntries(Object.keys(valid).map((key) => [key, ' '])),
  )

  itChecksField(BlogPostSchema, valid, 'slug', {
    accepts: ['eloge-de-la-lenteur', 'post-2024', 'a'],
    refuses: ['Eloge', 'éloge', 'a_b', 'a b', '-a', 'a-', 'a--b'],
    message: 'Le slug ne peut contenir que des lettres minuscules, des chiffres et des tirets',
  })

  itChecksField(BlogPostSchema, valid, 'readTime', {
    accepts: [1, '1', 12],
    refuses: [0, '0', -3, '2.5', 'abc'],
    message: READ_TIME,
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
    const errors = (input: Record<string, unknown>) => errorsOf({ ...valid, ...input })
    expect(errors({ status: 'en ligne' })).toEqual({ status: STATUS_MESSAGE })
    expect(errors({ publishedAt: 'demain' })).toEqual({ publishedAt: PUBLISH_DATE_MESSAGE })
    expect(errors({ status: 'scheduled', publishedAt: '2020-01-01T10:00' })).toEqual({
      publishedAt: SCHEDULE_IN_PAST_MESSAGE,
    })
    expect(errors({ status: 'scheduled', publishedAt: '2999-01-01T10:00' })).toEqual({})
  })

  itChecksField(BlogPostSchema, valid, 'thumbnail', {
    accepts: ['https://x.fr', '/demo/a.webp'],
    refuses: ['javascript:alert(1)', 'pas une url'],
    message: 'URL invalide',
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

  itBoundsLength(BlogPostSchema, valid, [
    ['title', MAX_LENGTH.short],
    ['slug', MAX_LENGTH.short],
    ['category', MAX_LENGTH.short],
    ['excerpt', MAX_LENGTH.text],
    ['content', MAX_LENGTH.long],
  ])

  it('reads the author inputs named after their error paths (AUTHOR_FIELDS)', () => {
    const form = formOf(valid)
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
    const fields = { readTime: '7', tags: 'UX, Lenteur', authorName: 'Ada', authorAvatar: '' }
    expect(parseForm(BlogPostSchema, { ...valid, ...fields })).toEqual({
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
