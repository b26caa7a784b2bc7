// The dashboard's periods (ADR 072): a period's days, and the period before it of the same
// length that the figures are compared with. Days are day numbers of the site's time zone's
// calendar (ADR 095): local wall-clock seconds divided by 86,400.
import type { PeriodKey } from '#app/domain/analytics.ts'
import { UTC_ZONE, type Zone } from './zone.server.ts'

export const DAY_S = 86_400

export interface Range {
  /** First day (day number of the site's calendar), inclusive. */
  from: number
  /** Last day, inclusive. */
  to: number
}

export const isoDay = (day: number) => new Date(day * DAY_S * 1000).toISOString().slice(0, 10)
const dayOfIso = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / 1000 / DAY_S)

/** The period's days and the previous period of the same length. */
export function periodRange(
  period: PeriodKey,
  now: number,
  custom: { from?: string; to?: string } = {},
  zone: Zone = UTC_ZONE,
): { current: Range; previous: Range } {
  // « Aujourd'hui » turns over at the site's midnight (ADR 095).
  const today = Math.floor(zone.local(Math.floor(now / 1000)) / DAY_S)
  let current: Range
  switch (period) {
    case 'today':
      current = { from: today, to: today }
      break
    case '7d':
      current = { from: today - 6, to: today }
      break
    case '12m':
      current = { from: today - 364, to: today }
      break
    case 'custom': {
      let from = custom.from ? dayOfIso(custom.from) : today - 29
      let to = custom.to ? dayOfIso(custom.to) : today
      if (from > to) [from, to] = [to, from]
      // At most about two years, never in the future.
      to = Math.min(to, today)
      from = Math.max(from, to - 800)
      current = { from, to }
      break
    }
    default:
      current = { from: today - 29, to: today }
  }
  const length = current.to - current.from + 1
  return { current, previous: { from: current.from - length, to: current.from - 1 } }
}
