// The dashboard's figures (ADR 072): totals, series, every panel and the goals of a period,
// compared with the period before. Unfiltered views read the daily and hourly rollups; a
// filter (any dimension, from the URL) re-counts the period's raw events with the rollups' code.
import { sql, type Kysely } from 'kysely'
import {
  DEVICES,
  DIM,
  DIMENSIONS,
  GOALS,
  decodeCountry,
  encodeCountry,
  type DimName,
  type PanelRow,
  type Report,
  type SeriesPoint,
  type Totals,
  type PeriodKey,
  type StatsQuery,
} from '#app/domain/analytics.ts'
import { getDb } from '../db/client.server.ts'
import type { AnalyticsRollupTable, Database } from '../db/schema.server.ts'
import { listBlogPostTitles } from '../repositories/blog.server.ts'
import { listProjectTitles } from '../repositories/projects.server.ts'
import { listTranslations } from '../repositories/translations.server.ts'
import { EN_PREFIX } from '#app/domain/i18n/locale.ts'
import {
  countVisits,
  dayEvents,
  monthStartOf,
  nextMonthStart,
  rollupRows,
  summedCounts,
  toVisits,
  type CountMap,
  type VisitFilter,
} from './rollup.server.ts'
import { DICT, type DictKind } from './store.server.ts'
import { toCsv } from './csv.server.ts'
import { SHORT_MONTHS as MONTHS } from '#app/domain/date-time.ts'

const DAY_S = 86_400

export interface Range {
  /** First day (Unix day number, UTC), inclusive. */
  from: number
  /** Last day, inclusive. */
  to: number
}

const isoDay = (day: number) => new Date(day * DAY_S * 1000).toISOString().slice(0, 10)
const dayOfIso = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / 1000 / DAY_S)

/** The period's days and the previous period of the same length. */
export function periodRange(
  period: PeriodKey,
  now: number,
  custom: { from?: string; to?: string } = {},
): { current: Range; previous: Range } {
  const today = Math.floor(now / 1000 / DAY_S)
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

type Row = AnalyticsRollupTable

/** Where rows come from: the rollups, or a filtered count of raw events. */
interface Source {
  sum(gran: number, dim: number, from: number, to: number, limit: number): Promise<Row[]>
  series(gran: number, from: number, to: number): Promise<Row[]>
}

function rollupSource(db: Kysely<Database>): Source {
  return {
    async sum(gran, dim, from, to, limit) {
      // Whole months inside the range read the monthly rows, the days at its edges the daily
      // ones (ADR 073); the pieces are added up here.
      const pieces: [number, number, number][] = []
      if (gran === 1) {
        let day = from
        while (day < to) {
          const month = monthStartOf(day)
          const next = nextMonthStart(month)
          if (day === month && next <= to) {
            pieces.push([2, month, month + 1])
            day = next
          } else {
            const end = Math.min(next, to)
            pieces.push([1, day, end])
            day = end
          }
        }
      } else pieces.push([gran, from, to])
      const by = new Map<number, Row>()
      for (const [g, start, end] of pieces) {
        const rows = await db
          .selectFrom('analytics_rollup')
          .select((eb) => ['value', ...summedCounts(eb)])
          .where('gran', '=', g)
          .where('dim', '=', dim)
          .where('start', '>=', start)
          .where('start', '<', end)
          .groupBy('value')
          .execute()
        for (const raw of rows) {
          const r = numeric({ ...raw, gran, dim, start: from })
          const acc = by.get(r.value)
          if (!acc) by.set(r.value, r)
          else {
            acc.visitors += r.visitors
            acc.visits += r.visits
            acc.pageviews += r.pageviews
            acc.bounces += r.bounces
            acc.duration += r.duration
          }
        }
      }
      return [...by.values()]
        .sort((a, b) => b.visitors - a.visitors || b.pageviews - a.pageviews)
        .slice(0, limit)
    },
    async series(gran, from, to) {
      const rows = await db
        .selectFrom('analytics_rollup')
        .selectAll()
        .where('gran', '=', gran)
        .where('dim', '=', DIM.total)
        .where('start', '>=', from)
        .where('start', '<', to)
        .orderBy('start')
        .execute()
      return rows.map(numeric)
    },
  }
}

function numeric(r: Record<string, unknown>): Row {
  const n = (k: string) => Number(r[k] ?? 0)
  return {
    gran: n('gran'),
    start: n('start'),
    dim: n('dim'),
    value: n('value'),
    visitors: n('visitors'),
    visits: n('visits'),
    pageviews: n('pageviews'),
    bounces: n('bounces'),
    duration: n('duration'),
  }
}

/** Raw events of every day in the range, counted with the filters (same code as the rollups). */
async function filteredSource(
  db: Kysely<Database>,
  range: Range,
  filters: VisitFilter[],
): Promise<Source> {
  const rows: Row[] = []
  // Only the days whose rollups hold every filtered value can match (a campaign of two weeks
  // reads two weeks of raw events, not the year).
  let days: Set<number> | undefined
  for (const f of filters) {
    const found = await db
      .selectFrom('analytics_rollup')
      .select('start')
      .where('gran', '=', 1)
      .where('dim', '=', f.dim)
      .where('value', '=', f.value)
      .where('start', '>=', range.from * DAY_S)
      .where('start', '<', (range.to + 1) * DAY_S)
      .execute()
    const these = new Set(found.map((r) => Number(r.start) / DAY_S))
    days = days ? new Set([...days].filter((d) => these.has(d))) : these
  }
  // Yesterday and today are always read: their rollups may lag the last minutes' events.
  const recent = Math.floor(Date.now() / 1000 / DAY_S) - 1
  for (let day = range.from; day <= range.to; day++) {
    if (days && !days.has(day) && day < recent) continue
    const map: CountMap = new Map()
    countVisits(toVisits(await dayEvents(db, day, filters)), map, filters)
    rows.push(...rollupRows(map))
  }
  return {
    async sum(gran, dim, from, to, limit) {
      const by = new Map<number, Row>()
      for (const r of rows) {
        if (r.gran !== gran || r.dim !== dim || r.start < from || r.start >= to) continue
        const acc = by.get(r.value) ?? {
          ...r,
          visitors: 0,
          visits: 0,
          pageviews: 0,
          bounces: 0,
          duration: 0,
        }
        acc.visitors += r.visitors
        acc.visits += r.visits
        acc.pageviews += r.pageviews
        acc.bounces += r.bounces
        acc.duration += r.duration
        by.set(r.value, acc)
      }
      return [...by.values()]
        .sort((a, b) => b.visitors - a.visitors || b.pageviews - a.pageviews)
        .slice(0, limit)
    },
    async series(gran, from, to) {
      return rows
        .filter((r) => r.gran === gran && r.dim === DIM.total && r.start >= from && r.start < to)
        .sort((a, b) => a.start - b.start)
    },
  }
}

const DICT_OF_DIM: Partial<Record<DimName, DictKind>> = {
  page: DICT.path,
  entry: DICT.path,
  referrer: DICT.referrer,
  source: DICT.source,
  medium: DICT.medium,
  campaign: DICT.campaign,
  browser: DICT.browser,
  os: DICT.os,
}

/** The stored integer of a filter's value; null when nothing can match. */
async function storedValue(
  db: Kysely<Database>,
  key: DimName,
  value: string,
): Promise<number | null> {
  if (key === 'country') return value === 'Inconnu' ? 0 : encodeCountry(value)
  if (key === 'device') {
    const index = DEVICES.indexOf(value as (typeof DEVICES)[number])
    return index > 0 ? index : value === 'Inconnu' ? 0 : null
  }
  if ((key === 'referrer' || key === 'browser' || key === 'os') && value === '(aucun)') return 0
  const kind = DICT_OF_DIM[key]
  if (!kind) return null
  const row = await db
    .selectFrom('analytics_dict')
    .select('id')
    .where('kind', '=', kind)
    .where('value', '=', value)
    .executeTakeFirst()
  return row ? Number(row.id) : null
}

let regionNames: Intl.DisplayNames | undefined
function countryName(code: string): string {
  try {
    regionNames ??= new Intl.DisplayNames(['fr'], { type: 'region' })
    return regionNames.of(code) ?? code
  } catch {
    return code
  }
}

/** Labels of the panels' values (dictionary strings, country names, titles of pages). */
async function labelRows(
  db: Kysely<Database>,
  key: DimName,
  rows: Row[],
  titles: () => Promise<Map<string, string>>,
): Promise<PanelRow[]> {
  const rate = (r: Row) => (r.visits ? Math.round((r.bounces / r.visits) * 100) : 0)
  const base = (r: Row, value: string, label: string): PanelRow => ({
    value,
    label,
    visitors: r.visitors,
    visits: r.visits,
    pageviews: r.pageviews,
    bounceRate: rate(r),
  })
  if (key === 'country')
    return rows.map((r) => {
      const code = decodeCountry(r.value)
      return code ? base(r, code, countryName(code)) : base(r, 'Inconnu', 'Inconnu')
    })
  if (key === 'device')
    return rows.map((r) => {
      const label = DEVICES[r.value] || 'Inconnu'
      return base(r, label, label)
    })
  const ids = rows.map((r) => r.value).filter((v) => v > 0)
  const strings = new Map<number, string>()
  for (let i = 0; i < ids.length; i += 500) {
    const found = await db
      .selectFrom('analytics_dict')
      .select(['id', 'value'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute()
    for (const f of found) strings.set(Number(f.id), f.value)
  }
  const none = key === 'referrer' ? 'Accès direct' : 'Inconnu'
  const named = key === 'page' || key === 'entry' ? await titles() : undefined
  return rows.map((r) => {
    const text = r.value > 0 ? strings.get(r.value) : undefined
    if (text === undefined) return base(r, '(aucun)', none)
    const row = base(r, text, text)
    const title = named?.get(text)
    if (title) row.title = title
    return row
  })
}

interface TitledPage {
  path: string
  title: string
  /** The English twin's path (ADR 074): by id, since a post's English slug may differ. */
  english?: string
}

/** Every project's and post's French page, its title and its English page. */
async function titledPages(): Promise<TitledPage[]> {
  const [projects, posts, englishPosts] = await Promise.all([
    listProjectTitles(),
    listBlogPostTitles(),
    listTranslations('post'),
  ])
  const pages: TitledPage[] = projects.map((p) => ({
    path: `/projects/${p.id}`,
    title: p.title,
    english: `${EN_PREFIX}/projects/${p.id}`,
  }))
  for (const p of posts) {
    const english = englishPosts.get(p.id)
    pages.push({
      path: `/blog/${p.slug}`,
      title: p.title,
      // A post without an English version has no English page.
      english: english ? `${EN_PREFIX}/blog/${english.slug || p.slug}` : undefined,
    })
  }
  return pages
}

/**
 * Page path → the project's or post's title; the English page is named by the French title
 * followed by « (EN) », as the owner knows the item in the French hub.
 */
async function pageTitles(): Promise<Map<string, string>> {
  const map = new Map<string, string>()
  for (const page of await titledPages()) {
    map.set(page.path, page.title)
    if (page.english) map.set(page.english, `${page.title} (EN)`)
  }
  return map
}

function totalsOf(row: Row | undefined): Totals {
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

function buildSeries(rows: Row[], range: Range): SeriesPoint[] {
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
  if (days <= 92) {
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

export const PANEL_ROWS = 10

/** Visitors seen in the last five minutes. */
export async function realtimeVisitors(
  now = Date.now(),
  db: Kysely<Database> = getDb(),
): Promise<number> {
  const row = await db
    .selectFrom('analytics_event')
    .select(sql<number>`count(distinct v)`.as('n'))
    .where('t', '>=', Math.floor(now / 1000) - 300)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** One panel's rows (the dashboard's first rows, or up to `limit` for a CSV export). */
export async function panelRows(
  key: DimName,
  query: StatsQuery,
  now = Date.now(),
  limit = PANEL_ROWS,
  db: Kysely<Database> = getDb(),
): Promise<PanelRow[]> {
  const { current } = periodRange(query.period, now, query)
  const source = await sourceFor(db, query, current)
  if (!source) return []
  const rows = await source.sum(1, DIM[key], current.from * DAY_S, (current.to + 1) * DAY_S, limit)
  return labelRows(db, key, rows, pageTitles)
}

async function filtersOf(
  db: Kysely<Database>,
  query: StatsQuery,
): Promise<{ filters: VisitFilter[]; impossible: boolean }> {
  const filters: VisitFilter[] = []
  let impossible = false
  for (const d of DIMENSIONS) {
    const raw = query[d.key]
    if (raw === undefined) continue
    const value = await storedValue(db, d.key, raw)
    if (value === null) impossible = true
    else filters.push({ dim: DIM[d.key], value })
  }
  return { filters, impossible }
}

async function sourceFor(
  db: Kysely<Database>,
  query: StatsQuery,
  range: Range,
): Promise<Source | null> {
  const { filters, impossible } = await filtersOf(db, query)
  if (impossible) return null
  return filters.length ? filteredSource(db, range, filters) : rollupSource(db)
}

const EMPTY: Source = {
  sum: async () => [],
  series: async () => [],
}

/** Everything the dashboard shows for a query. */
export async function buildReport(
  query: StatsQuery,
  now = Date.now(),
  db: Kysely<Database> = getDb(),
): Promise<Report> {
  const { current, previous } = periodRange(query.period, now, query)
  const span = (r: Range) => [r.from * DAY_S, (r.to + 1) * DAY_S] as const
  const [cFrom, cTo] = span(current)
  const [pFrom, pTo] = span(previous)
  const source = (await sourceFor(db, query, current)) ?? EMPTY
  const previousSource = (await sourceFor(db, query, previous)) ?? EMPTY
  const [total] = await source.sum(1, DIM.total, cFrom, cTo, 1)
  const [previousTotal] = await previousSource.sum(1, DIM.total, pFrom, pTo, 1)
  const totals = totalsOf(total)
  const seriesRows = await source.series(current.from === current.to ? 0 : 1, cFrom, cTo)
  let titles: Promise<Map<string, string>> | undefined
  const lazyTitles = () => (titles ??= pageTitles())
  const panels = {} as Record<DimName, PanelRow[]>
  for (const d of DIMENSIONS)
    panels[d.key] = await labelRows(
      db,
      d.key,
      await source.sum(1, DIM[d.key], cFrom, cTo, PANEL_ROWS),
      lazyTitles,
    )
  const goalRows = await source.sum(1, DIM.goal, cFrom, cTo, 10)
  const goals = GOALS.map((g) => {
    const r = goalRows.find((x) => x.value === g.kind)
    const visitors = r?.visitors ?? 0
    return {
      key: g.key,
      label: g.label,
      visitors,
      events: r?.pageviews ?? 0,
      rate: totals.visitors ? Math.round((visitors / totals.visitors) * 1000) / 10 : 0,
    }
  })
  return {
    range: { from: isoDay(current.from), to: isoDay(current.to) },
    previousRange: { from: isoDay(previous.from), to: isoDay(previous.to) },
    totals,
    previous: totalsOf(previousTotal),
    series: buildSeries(seriesRows, current),
    panels,
    goals,
    realtime: await realtimeVisitors(now, db),
    filters: DIMENSIONS.filter((d) => query[d.key] !== undefined).map((d) => ({
      key: d.key,
      label: d.label,
      value: query[d.key]!,
    })),
  }
}

/**
 * All-time page views of the given paths (the posts' and projects' admin lists). A project's
 * or post's French page counts its English twin's views too.
 */
export async function viewCounts(
  paths: string[],
  db: Kysely<Database> = getDb(),
): Promise<Map<string, number>> {
  if (paths.length === 0) return new Map()
  const twins = new Map<string, string>()
  for (const page of await titledPages()) if (page.english) twins.set(page.path, page.english)
  const asked = [...new Set(paths)]
  const wanted = asked.flatMap((path) => {
    const twin = twins.get(path)
    return twin ? [path, twin] : [path]
  })
  const counted = await pathViews([...new Set(wanted)], db)
  const out = new Map<string, number>()
  for (const path of asked) {
    const twin = twins.get(path)
    if (!counted.has(path) && !(twin && counted.has(twin))) continue
    out.set(path, (counted.get(path) ?? 0) + (twin ? (counted.get(twin) ?? 0) : 0))
  }
  return out
}

/** All-time page views of each of these exact paths. */
async function pathViews(paths: string[], db: Kysely<Database>): Promise<Map<string, number>> {
  const out = new Map<string, number>()
  for (let i = 0; i < paths.length; i += 500) {
    const rows = await db
      .selectFrom('analytics_rollup')
      .innerJoin('analytics_dict', 'analytics_dict.id', 'analytics_rollup.value')
      .select((eb) => ['analytics_dict.value as path', eb.fn.sum<number>('pageviews').as('n')])
      .where('analytics_rollup.gran', '=', 1)
      .where('analytics_rollup.dim', '=', DIM.page)
      .where('analytics_dict.kind', '=', DICT.path)
      .where('analytics_dict.value', 'in', paths.slice(i, i + 500))
      .groupBy('analytics_dict.value')
      .execute()
    for (const r of rows) out.set(r.path, Number(r.n))
  }
  return out
}

const DIM_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(DIM).map(([name, id]) => [id, name]),
)

/** Every daily rollup row with its value spelled out (the export, ADR 066). */
export async function dailyStatisticsCsv(db: Kysely<Database> = getDb()): Promise<string> {
  const rows = await db
    .selectFrom('analytics_rollup as r')
    .leftJoin('analytics_dict as d', 'd.id', 'r.value')
    .select([
      'r.start',
      'r.dim',
      'r.value',
      'd.value as text',
      'r.visitors',
      'r.visits',
      'r.pageviews',
      'r.bounces',
      'r.duration',
    ])
    .where('r.gran', '=', 1)
    .orderBy('r.start')
    .orderBy('r.dim')
    .execute()
  const spelled = (dim: number, value: number, text: string | null) => {
    if (dim === DIM.total) return ''
    if (dim === DIM.country) return decodeCountry(value)
    if (dim === DIM.device) return DEVICES[value] ?? ''
    if (dim === DIM.goal) return GOALS.find((g) => g.kind === value)?.key ?? ''
    return value > 0 ? (text ?? '') : ''
  }
  return toCsv(
    ['jour', 'dimension', 'valeur', 'visiteurs', 'visites', 'pages_vues', 'rebonds', 'duree_s'],
    rows.map((r) => [
      isoDay(Number(r.start) / DAY_S),
      DIM_NAMES[Number(r.dim)] ?? '',
      spelled(Number(r.dim), Number(r.value), r.text),
      Number(r.visitors),
      Number(r.visits),
      Number(r.pageviews),
      Number(r.bounces),
      Number(r.duration),
    ]),
  )
}
