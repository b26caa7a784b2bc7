import { describe, expect, it } from 'vitest'
import { validForm } from '../../tests/fixtures/forms.ts'
import { fieldErrors, itChecksField } from './schema-test-support.ts'
import { PAGE_SLUG_RESERVED_MESSAGE, PageSchema, RESERVED_SLUGS, isReservedSlug } from './page.ts'

const valid = validForm('page')
const errorsOf = (input: unknown) => fieldErrors(PageSchema, input)

describe('PageSchema', () => {
  it('parses a page: a draft, in neither the menu nor the footer, order 0, by default', () => {
    expect(PageSchema.parse(valid)).toEqual({
      ...valid,
      status: 'draft',
      showInMenu: false,
      showInFooter: false,
      menuOrder: 0,
      seoTitle: '',
      seoDescription: '',
      ogImage: '',
    })
  })

  it('reads the form: ticked boxes, an order, a status', () => {
    const page = PageSchema.parse({
      ...valid,
      status: 'published',
      showInMenu: 'on',
      showInFooter: ['false', 'on'],
      menuOrder: ' 3 ',
    })
    expect(page).toMatchObject({
      status: 'published',
      showInMenu: true,
      showInFooter: true,
      menuOrder: 3,
    })
  })

  it('needs a title and a slug, in French', () => {
    expect(errorsOf({ content: 'x' })).toEqual({
      title: 'Le titre est requis',
      slug: 'Le slug est requis',
    })
  })

  it('takes an empty body (a page being written, an imported one)', () => {
    expect(PageSchema.parse({ ...valid, content: '' }).content).toBe('')
  })

  itChecksField(PageSchema, valid, 'slug', {
    accepts: ['services', 'tarifs-2027', 'now', 'uses'],
    refuses: ['blog', 'projects', 'admin', 'api', 'en', 'assets', 'healthz', 'contact', 'about'],
    message: PAGE_SLUG_RESERVED_MESSAGE,
  })

  itChecksField(PageSchema, valid, 'status', {
    accepts: ['draft', 'published'],
    refuses: ['scheduled', 'publié', ''],
    message: 'Le statut doit être Brouillon ou Publié',
  })

  itChecksField(PageSchema, valid, 'menuOrder', {
    accepts: [0, '12'],
    refuses: [-1, '1.5', 'abc'],
    message: "L'ordre doit être un nombre entier positif ou nul",
  })

  it('refuses a slug that is not lowercase letters, digits and hyphens', () => {
    expect(errorsOf({ ...valid, slug: 'Mes Services' })).toEqual({
      slug: 'Le slug ne peut contenir que des lettres minuscules, des chiffres et des tirets',
    })
  })

  it('says the reserved names whatever their case', () => {
    expect(isReservedSlug('Admin')).toBe(true)
    expect(isReservedSlug('services')).toBe(false)
    expect(RESERVED_SLUGS.has('en')).toBe(true)
  })
})
