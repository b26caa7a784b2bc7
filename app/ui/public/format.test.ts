import { describe, expect, it } from 'vitest'
import { formatDate, formatMonthYear, formatYearMonth, paragraphs } from './format.ts'

describe('French formatting', () => {
  it('formats dates in French', () => {
    expect(formatDate('2025-03-12T10:00:00.000Z')).toBe('12 mars 2025')
    expect(formatMonthYear('2024-11-02T10:00:00.000Z')).toBe('novembre 2024')
    expect(formatYearMonth('2021-02')).toBe('février 2021')
    expect(formatYearMonth('été 2020')).toBe('été 2020')
  })

  it('gives the same text on a repeated call (ADR 040: formatted once per value)', () => {
    for (let i = 0; i < 2; i++) {
      expect(formatDate('2025-03-12T23:30:00.000Z')).toBe('13 mars 2025')
      expect(formatDate('2025-03-11T10:00:00.000Z')).toBe('11 mars 2025')
      expect(formatDate('pas une date')).toBe('pas une date')
      expect(formatMonthYear('2024-12-31T23:30:00.000Z')).toBe('janvier 2025')
      expect(formatYearMonth('2021-03')).toBe('mars 2021')
      expect(formatYearMonth('2021-02')).toBe('février 2021')
    }
  })

  it('splits content by line into paragraphs', () => {
    expect(paragraphs('Un\n\n  Deux  \r\nTrois\n')).toEqual(['Un', 'Deux', 'Trois'])
  })
})
