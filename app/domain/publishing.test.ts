// Publish dates typed in Paris time or sent as ISO: only dates that exist (no roll-over).
import { describe, expect, it } from 'vitest'
import { BlogPostSchema } from './blog.ts'
import { parsePublishDate } from './publishing.ts'

describe('parsePublishDate', () => {
  it('reads a Paris local time, winter and summer', () => {
    expect(parsePublishDate('2027-01-15T10:00')).toBe('2027-01-15T09:00:00.000Z')
    expect(parsePublishDate('2027-07-15T10:00')).toBe('2027-07-15T08:00:00.000Z')
    expect(parsePublishDate('2028-02-29T10:00')).toBe('2028-02-29T09:00:00.000Z')
  })

  it('refuses a date that does not exist instead of moving it', () => {
    for (const value of [
      '2027-13-45T10:00',
      '2027-02-30T10:00',
      '2027-02-29T10:00',
      '2027-04-31T10:00',
      '2027-01-15T25:00',
      '2027-01-15T10:60',
      '2027-01-15T10:00:61',
      '2027-13-01T10:00:00Z',
      '2027-02-30T10:00:00+01:00',
    ])
      expect(parsePublishDate(value), value).toBeUndefined()
  })

  it('keeps ISO dates with an offset', () => {
    expect(parsePublishDate('2027-01-15T10:00:00+01:00')).toBe('2027-01-15T09:00:00.000Z')
    expect(parsePublishDate('2027-01-15T10:00:00.000Z')).toBe('2027-01-15T10:00:00.000Z')
  })

  it('gives the schema its French error', () => {
    const result = BlogPostSchema.safeParse({
      title: 'Date folle',
      slug: 'date-folle',
      category: 'Produit',
      thumbnail: '/demo/x.jpg',
      excerpt: 'e',
      content: 'c',
      status: 'scheduled',
      publishedAt: '2027-13-45T10:00',
    })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain('publishedAt')
  })
})
