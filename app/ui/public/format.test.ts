import { describe, expect, it, vi } from 'vitest'
import { formatDate, formatMonthYear, formatPeriod, formatYearMonth, paragraphs } from './format.ts'

describe('French formatting', () => {
  it.each([
    [formatDate, '2025-03-12T10:00:00.000Z', '12 mars 2025'],
    [formatMonthYear, '2024-11-02T10:00:00.000Z', 'novembre 2024'],
    [formatYearMonth, '2021-02', 'février 2021'],
    [formatYearMonth, 'été 2020', 'été 2020'],
  ])('formats dates in French (%o of %s)', (format, value, text) => {
    expect(format(value)).toBe(text)
  })

  it.each([
    [formatDate, '2025-03-12T23:30:00.000Z', '13 mars 2025'],
    [formatDate, '2025-03-11T10:00:00.000Z', '11 mars 2025'],
    [formatDate, 'pas une date', 'pas une date'],
    [formatMonthYear, '2024-12-31T23:30:00.000Z', 'janvier 2025'],
    [formatYearMonth, '2021-03', 'mars 2021'],
    [formatYearMonth, '2021-02', 'février 2021'],
  ])(
    'gives the same text on a repeated call (ADR 040: formatted once per value; %o of %s)',
    (format, value, text) => {
      expect(format(value)).toBe(text)
      expect(format(value)).toBe(text)
    },
  )

  it('splits content by line into paragraphs', () => {
    expect(paragraphs('Un\n\n  Deux  \r\nTrois\n')).toEqual(['Un', 'Deux', 'Trois'])
  })
})

describe('French dates without Intl (ADR 041)', () => {
  const TIME_ZONE = 'Europe/Paris'
  const longDate = new Intl.DateTimeFormat('fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: TIME_ZONE,
  })
  const monthYear = new Intl.DateTimeFormat('fr-FR', {
    month: 'long',
    year: 'numeric',
    timeZone: TIME_ZONE,
  })

  it('gives the same text as Intl fr-FR in Paris time, around every DST switch and midnight', () => {
    const instants: number[] = []
    for (let year = 1990; year <= 2045; year++) {
      for (let day = 0; day < 366; day += 3) {
        const midnight = Date.UTC(year, 0, 1 + day)
        for (const hour of [-2, -1, -0.5, 0, 0.5, 1, 12, 21.5, 22, 22.99, 23, 23.5]) {
          instants.push(midnight + hour * 3_600_000)
        }
      }
      // Around the last Sundays of March and October, minute by minute near 01:00 UTC.
      for (const month of [2, 9]) {
        for (let date = 24; date <= 31; date++) {
          for (let minute = -90; minute <= 90; minute += 15) {
            instants.push(Date.UTC(year, month, date, 1) + minute * 60_000)
          }
        }
      }
    }
    instants.push(Date.UTC(9999, 11, 31, 22, 59), Date.UTC(1970, 0, 1), -1e12)
    for (const time of instants) {
      const iso = new Date(time).toISOString()
      expect(formatDate(iso), iso).toBe(longDate.format(new Date(time)))
      expect(formatMonthYear(iso), iso).toBe(monthYear.format(new Date(time)))
    }
    for (let month = 1; month <= 12; month++) {
      const value = `2019-${String(month).padStart(2, '0')}`
      expect(formatYearMonth(value)).toBe(monthYear.format(new Date(Date.UTC(2019, month - 1, 15))))
    }
    expect(formatDate('pas une date')).toBe('pas une date')
  })

  it('creates no Intl.DateTimeFormat for dates since 1996', async () => {
    const Original = Intl.DateTimeFormat
    let created = 0
    Intl.DateTimeFormat = new Proxy(Original, {
      construct(target, args: ConstructorParameters<typeof Original>) {
        created++
        return new target(...args)
      },
    })
    try {
      vi.resetModules()
      const fresh = await import('./format.ts')
      fresh.formatDate('2025-03-12T10:00:00.000Z')
      fresh.formatMonthYear('2024-11-02T10:00:00.000Z')
      fresh.formatYearMonth('2021-02')
      expect(created).toBe(0)
      expect(fresh.formatDate('1989-07-14T10:00:00.000Z')).toBe('14 juillet 1989')
      expect(created).toBe(2)
    } finally {
      Intl.DateTimeFormat = Original
    }
  })
})

describe('a project’s period (ADR 092)', () => {
  it('reads as French, or English on English pages', () => {
    expect(formatPeriod('2019-03', '2021-06')).toBe('mars 2019 – juin 2021')
    expect(formatPeriod('2024-03', undefined)).toBe('depuis mars 2024')
    expect(formatPeriod('2024-03', '')).toBe('depuis mars 2024')
    expect(formatPeriod('2021-06', '2021-06')).toBe('juin 2021')
    expect(formatPeriod('2019-03', '2021-06', 'en')).toBe('March 2019 – June 2021')
    expect(formatPeriod('2024-03', undefined, 'en')).toBe('since March 2024')
  })
})
