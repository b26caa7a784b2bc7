import { describe, expect, it } from 'vitest'
import { validForm } from '../../tests/fixtures/forms.ts'
import { MAX_LENGTH, toFieldErrors } from './common.ts'
import { fieldErrors, itBoundsLength, itRequires, parseForm } from './schema-test-support.ts'
import {
  PROJECT_DELETE_QUESTION,
  PROJECT_END_BEFORE_START,
  PROJECT_END_WITHOUT_START,
  PROJECT_MONTH_MESSAGE,
  ProjectSchema,
} from './project.ts'

const valid = validForm('project')

const errorsOf = (input: unknown) => fieldErrors(ProjectSchema, input)

describe('ProjectSchema', () => {
  it('accepts the required fields alone and fills the defaults (order left to the repository)', () => {
    expect(ProjectSchema.parse(valid)).toEqual({
      ...valid,
      content: '',
      featured: false,
      tags: [],
      images: [],
      seoTitle: '',
      seoDescription: '',
      ogImage: '',
    })
    expect(ProjectSchema.parse(valid).order).toBeUndefined()
    expect(ProjectSchema.parse({ ...valid, order: '' }).order).toBeUndefined()
  })

  itRequires(
    'requires title, thumbnail and description (absent, empty or blank)',
    ProjectSchema,
    {
      title: 'Le titre est requis',
      description: 'La description est requise',
      thumbnail: 'La miniature est requise',
    },
    { ...valid, title: '   ', description: '', thumbnail: ' ' },
  )

  it.each([
    ['https://x.fr', true],
    ['http://x.fr/page?a=1', true],
    ['/demo/a.webp', true],
    ['javascript:alert(1)', false],
    ['pas une url', false],
    ['//evil.example/a.png', false],
    ['ftp://x.fr/a', false],
  ])('URL %s accepted: %s (thumbnail, url, images)', (url, ok) => {
    const result = ProjectSchema.safeParse({ ...valid, thumbnail: url, url, images: [url] })
    expect(result.success).toBe(ok)
    if (!result.success)
      expect(toFieldErrors(result.error)).toEqual({
        thumbnail: 'URL invalide',
        url: 'URL invalide',
        'images.0': 'URL invalide',
      })
  })

  it('keeps url optional: absent or blank is undefined', () => {
    expect(ProjectSchema.parse({ ...valid, url: '  ' }).url).toBeUndefined()
    expect(ProjectSchema.parse({ ...valid, url: ' https://x.fr ' }).url).toBe('https://x.fr')
  })

  it('parses order as an integer', () => {
    expect(ProjectSchema.parse({ ...valid, order: '3' }).order).toBe(3)
    expect(ProjectSchema.parse({ ...valid, order: 0 }).order).toBe(0)
    for (const order of ['2.5', 'abc'])
      expect(errorsOf({ ...valid, order })).toEqual({ order: "L'ordre doit être un nombre entier" })
  })

  it('reads the featured checkbox', () => {
    expect(ProjectSchema.parse({ ...valid, featured: 'on' }).featured).toBe(true)
    expect(ProjectSchema.parse({ ...valid, featured: true }).featured).toBe(true)
    expect(ProjectSchema.parse({ ...valid, featured: false }).featured).toBe(false)
  })

  it('trims tags and images and ignores the empty ones', () => {
    const parsed = ProjectSchema.parse({
      ...valid,
      tags: ' a, ,b ,',
      images: ['  /demo/b.webp ', '', '   ', 'https://x.fr/c.png'],
    })
    expect(parsed.tags).toEqual(['a', 'b'])
    expect(parsed.images).toEqual(['/demo/b.webp', 'https://x.fr/c.png'])
    expect(ProjectSchema.parse({ ...valid, tags: [' a ', '', 'b'] }).tags).toEqual(['a', 'b'])
    expect(
      ProjectSchema.parse({ ...valid, images: '/demo/a.webp\n\n /demo/b.webp ' }).images,
    ).toEqual(['/demo/a.webp', '/demo/b.webp'])
  })

  it('keeps the lines of the content', () => {
    const content = 'Premier paragraphe.\nDeuxième paragraphe.'
    expect(ProjectSchema.parse({ ...valid, content: `  ${content}\n` }).content).toBe(content)
  })

  itBoundsLength(ProjectSchema, valid, [
    ['title', MAX_LENGTH.short],
    ['description', MAX_LENGTH.text],
    ['content', MAX_LENGTH.long],
  ])

  it('bounds URLs, tags and list sizes', () => {
    const url = (n: number) => 'https://x.fr/' + 'a'.repeat(n - 'https://x.fr/'.length)
    expect(ProjectSchema.safeParse({ ...valid, thumbnail: url(MAX_LENGTH.url) }).success).toBe(true)
    expect(errorsOf({ ...valid, thumbnail: url(MAX_LENGTH.url + 1) })).toEqual({
      thumbnail: `${MAX_LENGTH.url} caractères maximum`,
    })
    expect(ProjectSchema.safeParse({ ...valid, url: url(MAX_LENGTH.url + 1) }).success).toBe(false)
    expect(ProjectSchema.safeParse({ ...valid, tags: 't'.repeat(MAX_LENGTH.tag) }).success).toBe(
      true,
    )
    expect(errorsOf({ ...valid, tags: 't'.repeat(MAX_LENGTH.tag + 1) })).toEqual({
      'tags.0': `${MAX_LENGTH.tag} caractères maximum`,
    })
    const tags = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`)
    expect(ProjectSchema.safeParse({ ...valid, tags: tags(MAX_LENGTH.list) }).success).toBe(true)
    expect(errorsOf({ ...valid, tags: tags(MAX_LENGTH.list + 1) })).toEqual({
      tags: `${MAX_LENGTH.list} éléments maximum`,
    })
    const images = (n: number) => Array.from({ length: n }, (_, i) => `/demo/${i}.webp`)
    expect(ProjectSchema.safeParse({ ...valid, images: images(MAX_LENGTH.list) }).success).toBe(
      true,
    )
    expect(ProjectSchema.safeParse({ ...valid, images: images(MAX_LENGTH.list + 1) }).success).toBe(
      false,
    )
  })

  it('accepts FormData (repeated images, checkbox)', () => {
    const fields = { order: '4', featured: 'on', tags: 'React, Design' }
    const images = ['/demo/1.webp', '/demo/2.webp']
    expect(parseForm(ProjectSchema, { ...valid, ...fields, images })).toMatchObject({
      order: 4,
      featured: true,
      tags: ['React', 'Design'],
      images: ['/demo/1.webp', '/demo/2.webp'],
    })
  })

  it('exports the French delete question', () => {
    expect(PROJECT_DELETE_QUESTION).toBe('Êtes-vous sûr de vouloir supprimer ce projet ?')
  })
})

describe('a project’s period (ADR 092)', () => {
  it('takes months as YYYY-MM, blank for none', () => {
    expect(
      ProjectSchema.parse({ ...valid, startDate: '2019-03', endDate: '2021-06' }),
    ).toMatchObject({ startDate: '2019-03', endDate: '2021-06' })
    const open = ProjectSchema.parse({ ...valid, startDate: '2024-03', endDate: '' })
    expect(open.startDate).toBe('2024-03')
    expect(open.endDate).toBeUndefined()
  })

  it('refuses a malformed month, an end before the start, an end without a start, in French', () => {
    expect(errorsOf({ ...valid, startDate: 'mars 2019' })).toEqual({
      startDate: PROJECT_MONTH_MESSAGE,
    })
    expect(errorsOf({ ...valid, startDate: '2019-13' })).toEqual({
      startDate: PROJECT_MONTH_MESSAGE,
    })
    expect(errorsOf({ ...valid, startDate: '2021-06', endDate: '2019-03' })).toEqual({
      endDate: PROJECT_END_BEFORE_START,
    })
    expect(errorsOf({ ...valid, endDate: '2019-03' })).toEqual({
      startDate: PROJECT_END_WITHOUT_START,
    })
    // The same month for both: a project of one month.
    expect(errorsOf({ ...valid, startDate: '2021-06', endDate: '2021-06' })).toEqual({})
  })
})
