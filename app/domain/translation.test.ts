import { describe, expect, it } from 'vitest'
import { toFieldErrors } from './common.ts'
import { COLLECTIONS } from './collections/registry.ts'
import {
  REQUIRED_FIELDS,
  TRANSLATABLE_FIELDS,
  TRANSLATION_FIELD_LABELS,
  translationSchema,
} from './translation.ts'

const errorsOf = (entity: Parameters<typeof translationSchema>[0], data: object) => {
  const parsed = translationSchema(entity).safeParse(data)
  return parsed.success ? {} : toFieldErrors(parsed.error)
}

describe('English versions checked with the French rules (ADR 079)', () => {
  it('refuses an English title longer than a French one, with the French message', () => {
    expect(errorsOf('project', { title: 'x'.repeat(201) })).toEqual({
      title: '200 caractères maximum',
    })
    expect(errorsOf('project', { title: 'x'.repeat(200) })).toEqual({})
    expect(errorsOf('skill', { name: 'x'.repeat(201) })).toEqual({ name: '200 caractères maximum' })
    expect(errorsOf('media', { alt: 'x'.repeat(5001) })).toEqual({ alt: '5000 caractères maximum' })
    expect(errorsOf('profile', { bio: 'x'.repeat(5001) })).toEqual({
      bio: '5000 caractères maximum',
    })
  })

  it('takes a blank field as "not translated", never as a missing French field', () => {
    expect(translationSchema('timeline').parse({ title: '  ', organization: '' })).toEqual({})
    expect(translationSchema('post').parse({ title: ' Hello ', content: '' })).toEqual({
      title: 'Hello',
    })
  })

  it('makes an English slug from what was typed, then checks it as a French one', () => {
    expect(translationSchema('post').parse({ slug: 'Hello World!' })).toEqual({
      slug: 'hello-world',
    })
    expect(translationSchema('post').parse({ slug: '!!!' })).toEqual({})
  })

  it('refuses a field that has no English version', () => {
    expect(translationSchema('skill').safeParse({ name: 'Design', level: '3' }).success).toBe(false)
    expect(translationSchema('post').safeParse({ title: 'Hi', thumbnail: '/a.png' }).success).toBe(
      false,
    )
  })

  it('reads the fields of each collection from its declaration', () => {
    expect(TRANSLATABLE_FIELDS.project).toEqual([
      'title',
      'description',
      'content',
      'seoTitle',
      'seoDescription',
      'ogImage',
    ])
    expect(TRANSLATABLE_FIELDS.post).toBe(COLLECTIONS.blog.translation.fields)
    expect(REQUIRED_FIELDS.post).toEqual(['title', 'content'])
    expect(TRANSLATABLE_FIELDS.legal).toEqual(['text'])
  })
})

describe('the English fields’ labels (ADR 089)', () => {
  it('say « anglais » once, the form adding it', () => {
    for (const label of Object.values(TRANSLATION_FIELD_LABELS))
      expect(label, label).not.toMatch(/anglais/i)
  })
})
