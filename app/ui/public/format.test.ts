import { describe, expect, it } from 'vitest'
import { formatDate, formatMonthYear, formatYearMonth, paragraphs } from './format.ts'

describe('French formatting', () => {
  it('formats dates in French', () => {
    expect(formatDate('2025-03-12T10:00:00.000Z')).toBe('12 mars 2025')
    expect(formatMonthYear('2024-11-02T10:00:00.000Z')).toBe('novembre 2024')
    expect(formatYearMonth('2021-02')).toBe('février 2021')
    expect(formatYearMonth('été 2020')).toBe('été 2020')
  })

  it('splits content by line into paragraphs', () => {
    expect(paragraphs('Un\n\n  Deux  \r\nTrois\n')).toEqual(['Un', 'Deux', 'Trois'])
  })
})
