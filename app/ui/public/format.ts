// French formatting shared by public screens (fr-FR dates; month and year for
// projects). A fixed time zone keeps server and browser renders identical (no hydration
// mismatch).
const TIME_ZONE = 'Europe/Paris'

// Public pages format their dates without Intl (ADR 041): the first Intl.DateTimeFormat makes
// Node map about 8 MB of ICU data for the life of the process, which every public page would
// bring back. The same text as Intl's fr-FR long formats in Paris time, computed here; dates
// before 1996 (other daylight-saving rules) and invalid ones go to Intl, created on first use.
const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
]
// English pages (ADR 074): British order, "12 March 2025", as Intl's en-GB long format.
const EN_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]
const EU_RULES_SINCE = Date.UTC(1996, 0, 1)
const HOUR = 3_600_000

/** 01:00 UTC on the last Sunday of `month` (0-based): the EU's daylight-saving switches. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0))
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1)
}

/** The Paris wall-clock date of an instant under the EU rules (1996 on), as a UTC Date. */
function parisWallClock(time: number): Date | undefined {
  if (!(time >= EU_RULES_SINCE) || time > 8.64e15 - 2 * HOUR) return undefined
  const year = new Date(time).getUTCFullYear()
  const summer = time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9)
  return new Date(time + (summer ? 2 : 1) * HOUR)
}

type Lang = 'fr' | 'en'
const intl: Partial<
  Record<Lang, { longDate: Intl.DateTimeFormat; monthYear: Intl.DateTimeFormat }>
> = {}
function intlFormats(lang: Lang) {
  const tag = lang === 'en' ? 'en-GB' : 'fr-FR'
  return (intl[lang] ??= {
    longDate: new Intl.DateTimeFormat(tag, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: TIME_ZONE,
    }),
    monthYear: new Intl.DateTimeFormat(tag, {
      month: 'long',
      year: 'numeric',
      timeZone: TIME_ZONE,
    }),
  })
}

function formatLong(date: Date, lang: Lang): string {
  const paris = parisWallClock(date.getTime())
  if (!paris) return intlFormats(lang).longDate.format(date)
  const months = lang === 'en' ? EN_MONTHS : MONTHS
  return `${paris.getUTCDate()} ${months[paris.getUTCMonth()]} ${paris.getUTCFullYear()}`
}

function formatMonth(date: Date, lang: Lang): string {
  const paris = parisWallClock(date.getTime())
  if (!paris) return intlFormats(lang).monthYear.format(date)
  const months = lang === 'en' ? EN_MONTHS : MONTHS
  return `${months[paris.getUTCMonth()]} ${paris.getUTCFullYear()}`
}

function toDate(value: string): Date | undefined {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date
}

/** "12 mars 2025" ("12 March 2025" in English). */
export function formatDate(iso: string, lang: Lang = 'fr'): string {
  const date = toDate(iso)
  return date ? formatLong(date, lang) : iso
}

/** "mars 2025" ("March 2025"). */
export function formatMonthYear(iso: string, lang: Lang = 'fr'): string {
  const date = toDate(iso)
  return date ? formatMonth(date, lang) : iso
}

/** Timeline dates are free text hinted YYYY-MM: shown as "mars 2021" when they parse. */
export function formatYearMonth(value: string, lang: Lang = 'fr'): string {
  const match = /^(\d{4})-(\d{2})$/.exec(value.trim())
  if (!match) return value
  return formatMonth(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 15)), lang)
}

/**
 * A project's period (ADR 092): « mars 2019 – juin 2021 », « depuis mars 2024 » without an
 * end, « mars 2019 » when it ended the month it began ("since March 2024" in English).
 */
export function formatPeriod(start: string, end: string | undefined, lang: Lang = 'fr'): string {
  const from = formatYearMonth(start, lang)
  if (!end) return lang === 'en' ? `since ${from}` : `depuis ${from}`
  if (end === start) return from
  return `${from} – ${formatYearMonth(end, lang)}`
}

/** Plain-text content split by line into paragraphs (blank lines dropped). */
export function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
}
