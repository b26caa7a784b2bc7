import { describe, expect, it } from 'vitest'
import { validForm } from '../../tests/fixtures/forms.ts'
import { MAX_LENGTH } from './common.ts'
import {
  ALT_REQUIRED_MESSAGE,
  MEDIA_CATEGORY_LABELS,
  MEDIA_DELETE_QUESTION,
  MediaSchema,
  isGalleryReady,
  mediaCountText,
} from './media.ts'
import { fieldErrors, itBoundsLength, itChecksField, parseForm } from './schema-test-support.ts'

const valid = validForm('media')
const ORDER = "L'ordre doit être un entier positif ou nul"

const errorsOf = (input: unknown) => fieldErrors(MediaSchema, input)

describe('MediaSchema', () => {
  it('parses the required fields and fills the defaults (order left to the repository)', () => {
    expect(MediaSchema.parse(valid)).toEqual({
      ...valid,
      description: '',
      tags: [],
      featured: false,
      decorative: false,
      inGallery: false,
    })
  })

  it('the gallery shows what the owner put there, an image only with alt text or decorative', () => {
    const image = { category: 'image' as const, alt: '', decorative: false, inGallery: true }
    expect(isGalleryReady(image)).toBe(false)
    expect(isGalleryReady({ ...image, alt: ' ' })).toBe(false)
    expect(isGalleryReady({ ...image, alt: 'Un atelier' })).toBe(true)
    expect(isGalleryReady({ ...image, decorative: true })).toBe(true)
    expect(isGalleryReady({ ...image, alt: 'Un atelier', inGallery: false })).toBe(false)
    expect(isGalleryReady({ ...image, category: 'video' })).toBe(true)
    expect(isGalleryReady({ ...image, category: 'document', alt: 'x' })).toBe(false)
  })

  it('requires a text alternative for an image unless it is decorative', () => {
    expect(errorsOf({ ...valid, alt: ' ' }).alt).toBe(ALT_REQUIRED_MESSAGE)
    expect(errorsOf({ ...valid, alt: '', decorative: 'on' }).alt).toBeUndefined()
    expect(errorsOf({ ...valid, alt: '', category: 'video' }).alt).toBeUndefined()
  })

  it('requires url, title and category; category is image or video', () => {
    const required = {
      url: "L'URL est requise",
      title: 'Le titre est requis',
      category: 'La catégorie est requise',
    }
    expect(errorsOf({})).toEqual(required)
    expect(errorsOf({ url: ' ', title: '', category: '' })).toEqual(required)
    expect(errorsOf({ ...valid, category: 'audio' })).toEqual({ category: 'Catégorie invalide' })
    expect(MediaSchema.parse({ ...valid, category: 'video' }).category).toBe('video')
  })

  itChecksField(MediaSchema, valid, 'url', {
    accepts: ['https://x.fr', '/demo/a.webp'],
    refuses: ['javascript:alert(1)', 'pas une url'],
    message: 'URL invalide',
  })

  itChecksField(MediaSchema, valid, 'order', {
    accepts: [0, '0', 7],
    refuses: [-1, '-1', '1.5', 'abc'],
    message: ORDER,
  })

  it('leaves an absent or blank order undefined', () => {
    expect(MediaSchema.parse(valid).order).toBeUndefined()
    expect(MediaSchema.parse({ ...valid, order: ' ' }).order).toBeUndefined()
  })

  it('trims tags, keeps an optional description, reads featured', () => {
    const parsed = MediaSchema.parse({
      ...valid,
      tags: ' a, ,b ,',
      description: '  Une photo ',
      featured: 'on',
    })
    expect(parsed).toMatchObject({ tags: ['a', 'b'], description: 'Une photo', featured: true })
  })

  itBoundsLength(MediaSchema, valid, [
    ['title', MAX_LENGTH.short],
    ['description', MAX_LENGTH.text],
  ])

  it('bounds the url', () => {
    const url = '/' + 'u'.repeat(MAX_LENGTH.url - 1)
    expect(MediaSchema.safeParse({ ...valid, url }).success).toBe(true)
    expect(errorsOf({ ...valid, url: url + 'u' })).toEqual({
      url: `${MAX_LENGTH.url} caractères maximum`,
    })
  })

  it('accepts FormData and exports labels and the delete question', () => {
    expect(parseForm(MediaSchema, { ...valid, order: '0' })).toMatchObject({ ...valid, order: 0 })
    expect(MEDIA_CATEGORY_LABELS).toEqual({ image: 'Image', video: 'Vidéo', document: 'Document' })
    expect(MEDIA_DELETE_QUESTION).toBe('Êtes-vous sûr de vouloir supprimer ce média ?')
  })
})

describe('mediaCountText', () => {
  it.each([
    [0, 'Aucun média'],
    [1, '1 média'],
    [3, '3 médias'],
  ])('%i → %s', (count, text) => {
    expect(mediaCountText(count)).toBe(text)
  })
})
