import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db/client.server.ts'
import { isUniqueViolation } from '#app/server/db/dialect.server.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import {
  countRows,
  definedOnly,
  deleteById,
  distinctSorted,
  matchesQuery,
  mergePatch,
  nextOrder,
} from './collection.server.ts'

// A Vitest fixture, not a React hook (eslint's hook rule only knows the name).

useTestDatabase()

const step = (id: string) => ({ id, title: 'T', description: 'D', order: 1 })

describe('collection helpers', () => {
  it('merges a patch over the current values, ignoring undefined keys', () => {
    expect(definedOnly({ a: 1, b: undefined, c: '' })).toEqual({ a: 1, c: '' })
    expect(mergePatch({ a: 1, b: 2 }, { b: undefined, c: 3 })).toEqual({ a: 1, b: 2, c: 3 })
    expect(mergePatch({ a: 1 }, { a: '' })).toEqual({ a: '' })
  })

  it('counts rows, computes the next order and deletes by id', async () => {
    expect(await countRows(getDb(), 'creative_process')).toBe(0)
    expect(await nextOrder(getDb(), 'creative_process')).toBe(1)
    await getDb()
      .insertInto('creative_process')
      .values([step('a'), step('b')])
      .execute()
    expect(await countRows(getDb(), 'creative_process')).toBe(2)
    expect(await nextOrder(getDb(), 'creative_process')).toBe(3)
    expect(await deleteById(getDb(), 'creative_process', 'a')).toBe(true)
    expect(await deleteById(getDb(), 'creative_process', 'a')).toBe(false)
    expect(await countRows(getDb(), 'creative_process')).toBe(1)
  })

  it('matches a query in any text, ignoring case, accents and surrounding spaces', () => {
    expect(matchesQuery(undefined, ['x'])).toBe(true)
    expect(matchesQuery('  ', ['x'])).toBe(true)
    expect(matchesQuery('ete', ['Un Été'])).toBe(true)
    expect(matchesQuery(' ÉTÉ ', ['rien', 'ete'])).toBe(true)
    expect(matchesQuery('hiver', ['Un Été'])).toBe(false)
  })

  it('sorts distinct values in French order', () => {
    expect(distinctSorted(['b', 'Été', 'a', 'b', 'étude', 'Zèbre'])).toEqual([
      'a',
      'b',
      'Été',
      'étude',
      'Zèbre',
    ])
  })

  it('recognises a unique-constraint failure on the named column only', async () => {
    const row = {
      id: 'p1',
      slug: 'same',
      title: 'T',
      excerpt: 'E',
      content: 'C',
      thumbnail: '/a.webp',
      category: 'X',
      tags: '[]',
      readTime: 5,
      author: '{}',
      createdAt: new Date().toISOString(),
      updatedAt: null,
      status: 'published',
      publishedAt: null,
      contentHtml: null,
      readTimeAuto: 0,
      seoTitle: '',
      seoDescription: '',
      ogImage: '',
    }
    await getDb().insertInto('blog_posts').values(row).execute()
    const error = await getDb()
      .insertInto('blog_posts')
      .values({ ...row, id: 'p2' })
      .execute()
      .catch((e: unknown) => e)
    expect(isUniqueViolation(error, 'blog_posts', 'slug')).toBe(true)
    expect(isUniqueViolation(error, 'blog_posts', 'title')).toBe(false)
    expect(isUniqueViolation(new Error('other'), 'blog_posts', 'slug')).toBe(false)
    expect(isUniqueViolation('text', 'blog_posts', 'slug')).toBe(false)
  })
})
