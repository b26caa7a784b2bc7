// French formatting shared by public screens (spec §9: fr-FR dates; month and year for
// projects). A fixed time zone keeps server and browser renders identical (no hydration
// mismatch).
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

/**
 * The same few dates are shown on every render of a page: each formatted once (ADR 040), in
 * a bounded map (parsing an ISO string and formatting it in ICU cost far more than a lookup).
 */
function memo(format: (value: string) => string): (value: string) => string {
  const cache = new Map<string, string>()
  return (value) => {
    let text = cache.get(value)
    if (text === undefined) {
      text = format(value)
      if (cache.size >= 2000) cache.clear()
      cache.set(value, text)
    }
    return text
  }
}

function toDate(value: string): Date | undefined {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date
}

/** "12 mars 2025". */
export const formatDate: (iso: string) => string = memo((iso) => {
  const date = toDate(iso)
  return date ? longDate.format(date) : iso
})

/** "mars 2025". */
export const formatMonthYear: (iso: string) => string = memo((iso) => {
  const date = toDate(iso)
  return date ? monthYear.format(date) : iso
})

/** Timeline dates are free text hinted YYYY-MM: shown as "mars 2021" when they parse. */
export const formatYearMonth: (value: string) => string = memo((value) => {
  const match = /^(\d{4})-(\d{2})$/.exec(value.trim())
  if (!match) return value
  return monthYear.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 15)))
})

/** Spec §2: content split by line into paragraphs (blank lines dropped). */
export function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
}
