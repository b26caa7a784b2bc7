import { describe, expect, it } from 'vitest'
import { pageOf, pageQuery, parsePage, withPageLinks } from './pagination.ts'
import type { MetaTag } from './seo.ts'
import { translate } from './i18n/translate.ts'

describe('pagination (ADR 091)', () => {
  it('reads a positive whole page number, anything else is the first page', () => {
    expect(parsePage('3')).toBe(3)
    for (const value of [null, '', '0', '-2', '1.5', 'abc', '2e3', '99999999', ' 2'])
      expect(parsePage(value)).toBe(1)
  })

  it('cuts pages of 24 and refuses a page past the last', () => {
    const items = Array.from({ length: 60 }, (_, i) => i)
    expect(pageOf(items, 1)).toMatchObject({ page: 1, pageCount: 3, total: 60 })
    expect(pageOf(items, 1)?.items).toHaveLength(24)
    expect(pageOf(items, 3)?.items).toEqual(items.slice(48))
    expect(pageOf(items, 4)).toBeNull()
    expect(pageOf([], 1)).toEqual({ items: [], page: 1, pageCount: 1, total: 0 })
    expect(pageOf([], 2)).toBeNull()
  })

  it('keeps the filters in the links and drops page=1', () => {
    expect(pageQuery({ q: 'été', tag: '', category: null }, 1)).toBe('?q=%C3%A9t%C3%A9')
    expect(pageQuery({ tag: 'a b' }, 2)).toBe('?tag=a+b&page=2')
    expect(pageQuery({}, 1)).toBe('')
  })

  it('gives each page its canonical and its prev/next links', () => {
    const tags: MetaTag[] = [
      { tagName: 'link', rel: 'canonical', href: 'https://x.fr/blog' },
      { property: 'og:url', content: 'https://x.fr/blog' },
    ]
    const second = withPageLinks(tags, { page: 2, pageCount: 3, total: 60 }, { tag: 'UX' })
    expect(second).toEqual([
      { tagName: 'link', rel: 'canonical', href: 'https://x.fr/blog?tag=UX&page=2' },
      { property: 'og:url', content: 'https://x.fr/blog?tag=UX&page=2' },
      { tagName: 'link', rel: 'prev', href: 'https://x.fr/blog?tag=UX' },
      { tagName: 'link', rel: 'next', href: 'https://x.fr/blog?tag=UX&page=3' },
    ])
    expect(withPageLinks(tags, { page: 1, pageCount: 1, total: 3 }, {})).toEqual(tags)
  })

  it('names the navigation in French', () => {
    expect(translate('fr', 'pagination:status', { page: 2, count: 5 })).toBe('Page 2 sur 5')
    expect(translate('fr', 'pagination:previous')).toBe('Page précédente')
    expect(translate('fr', 'pagination:next')).toBe('Page suivante')
  })
})
