// The dashboard's totals and its chart (ADR 072): hours for a day, days up to three months,
// months beyond.
import type { SeriesPoint, Totals } from '#app/domain/analytics.ts'
import { SHORT_MONTHS as MONTHS } from '#app/domain/date-time.ts'
import { DAY_S, type Range } from './periods.server.ts'
import type { Row } from './sources.server.ts'

export function totalsOf(row: Row | undefined): Totals {
  const visits = row?.visits ?? 0
  return {
    visitors: row?.visitors ?? 0,
    visits,
    pageviews: row?.pageviews ?? 0,
    viewsPerVisit: visits ? Math.round(((row?.pageviews ?? 0) / visits) * 100) / 100 : 0,
    bounceRate: visits ? Math.round(((row?.bounces ?? 0) / visits) * 100) : 0,
    duration: visits ? Math.round((row?.duration ?? 0) / visits) : 0,
  }
}

/** The longest period charted per day; longer ones per month. */
export const DAILY_CHART_DAYS = 92

export function buildSeries(rows: Row[], range: Range): SeriesPoint[] {
  const days = range.to - range.from + 1
  if (days === 1) {
    const points: SeriesPoint[] = []
    for (let h = 0; h < 24; h++) {
      const start = range.from * DAY_S + h * 3600
      const r = rows.find((x) => x.start === start)
      points.push({ label: `${h} h`, visitors: r?.visitors ?? 0, pageviews: r?.pageviews ?? 0 })
    }
    return points
  }
  const byStart = new Map(rows.map((r) => [r.start, r]))
  if (days <= DAILY_CHART_DAYS) {
    const points: SeriesPoint[] = []
    for (let d = range.from; d <= range.to; d++) {
      const r = byStart.get(d * DAY_S)
      const date = new Date(d * DAY_S * 1000)
      points.push({
        label: `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`,
        visitors: r?.visitors ?? 0,
        pageviews: r?.pageviews ?? 0,
      })
    }
    return points
  }
  // Longer periods: one point per month.
  const months = new Map<string, SeriesPoint>()
  for (let d = range.from; d <= range.to; d++) {
    const date = new Date(d * DAY_S * 1000)
    const key = `${date.getUTCFullYear()}-${date.getUTCMonth()}`
    const point = months.get(key) ?? {
      label: `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`,
      visitors: 0,
      pageviews: 0,
    }
    const r = byStart.get(d * DAY_S)
    point.visitors += r?.visitors ?? 0
    point.pageviews += r?.pageviews ?? 0
    months.set(key, point)
  }
  return [...months.values()]
}
