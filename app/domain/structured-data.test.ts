import { describe, expect, it } from 'vitest'
import {
  blogPostingLd,
  breadcrumbLd,
  creativeWorkLd,
  personLd,
  serializeJsonLd,
  type JsonLd,
} from './structured-data.ts'

const ORIGIN = 'https://portfolio.example'
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/

/** The schema.org properties each type must carry here (Google's required/recommended ones). */
function expectValidJsonLd(data: JsonLd) {
  expect(data['@context']).toBe('https://schema.org')
  const absolute = (value: unknown) => expect(String(value)).toMatch(/^https:\/\//)
  switch (data['@type']) {
    case 'Person':
      expect(data.name).toEqual(expect.any(String))
      absolute(data.url)
      break
    case 'BlogPosting': {
      expect(String(data.headline).length).toBeGreaterThan(0)
      expect(String(data.headline).length).toBeLessThanOrEqual(110)
      expect(data.datePublished).toMatch(ISO)
      expect(data.dateModified).toMatch(ISO)
      expect(data.author).toMatchObject({ '@type': 'Person', name: expect.any(String) })
      for (const image of data.image as string[]) absolute(image)
      absolute(data.url)
      break
    }
    case 'CreativeWork':
      expect(data.name).toEqual(expect.any(String))
      absolute(data.image)
      absolute(data.url)
      break
    case 'BreadcrumbList': {
      const items = data.itemListElement as Record<string, unknown>[]
      expect(items.length).toBeGreaterThan(0)
      items.forEach((item, i) => {
        expect(item).toMatchObject({
          '@type': 'ListItem',
          position: i + 1,
          name: expect.any(String),
        })
        absolute(item.item)
      })
      break
    }
    default:
      throw new Error(`type inattendu ${String(data['@type'])}`)
  }
}

describe('structured data', () => {
  it('builds valid Person, BlogPosting, CreativeWork and BreadcrumbList objects', () => {
    const person = personLd(ORIGIN, {
      name: 'Camille',
      jobTitle: 'PM',
      image: '/a.webp',
      sameAs: ['https://github.com/c', undefined, 'javascript:alert(1)'],
    })
    expectValidJsonLd(person)
    expect(person).toMatchObject({ image: `${ORIGIN}/a.webp`, sameAs: ['https://github.com/c'] })

    const post = blogPostingLd(
      ORIGIN,
      {
        slug: 'éloge',
        title: 'T'.repeat(200),
        excerpt: 'E',
        thumbnail: '/t.webp',
        category: 'Produit',
        tags: ['a', 'b'],
        publishedAt: '2026-01-01T10:00:00.000Z',
        author: { name: '' },
      },
      'Mon site',
    )
    expectValidJsonLd(post)
    expect(post).toMatchObject({
      url: `${ORIGIN}/blog/%C3%A9loge`,
      author: { name: 'Mon site' },
      dateModified: '2026-01-01T10:00:00.000Z',
    })

    expectValidJsonLd(
      creativeWorkLd(
        ORIGIN,
        {
          id: 'p1',
          title: 'P',
          description: 'D',
          thumbnail: 'https://cdn.example/p.webp',
          tags: [],
          createdAt: '2026-01-01T10:00:00.000Z',
        },
        'Camille',
      ),
    )
    expectValidJsonLd(
      breadcrumbLd(ORIGIN, [
        ['Accueil', '/'],
        ['Blog', '/blog'],
      ]),
    )
  })

  it('serialises so that no stored text can close the script element', () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script>&\u2028' })
    expect(text).not.toMatch(/[<>&\u2028]/)
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>&\u2028' })
  })
})

describe('structured data per language (ADR 074)', () => {
  it('says the content language and points at the page in that language', () => {
    const post = {
      slug: 'hello',
      title: 'Hello',
      excerpt: 'E',
      thumbnail: '/t.webp',
      category: 'Product',
      tags: [],
      publishedAt: '2026-01-01T10:00:00.000Z',
      author: { name: 'C' },
    }
    expect(blogPostingLd(ORIGIN, post, 'Site')).toMatchObject({
      inLanguage: 'fr-FR',
      url: `${ORIGIN}/blog/hello`,
    })
    expect(blogPostingLd(ORIGIN, post, 'Site', 'en')).toMatchObject({
      inLanguage: 'en-GB',
      url: `${ORIGIN}/en/blog/hello`,
    })
    const project = {
      id: 'p1',
      title: 'P',
      description: 'D',
      thumbnail: '/p.webp',
      tags: [],
      createdAt: '2026-01-01T10:00:00.000Z',
    }
    expect(creativeWorkLd(ORIGIN, project, 'C', 'en')).toMatchObject({
      inLanguage: 'en-GB',
      url: `${ORIGIN}/en/projects/p1`,
    })
  })
})
