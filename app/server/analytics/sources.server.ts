// Where the dashboard's rows come from (ADRs 072, 073, 103): the rollups for an unfiltered view,
// or the period's visit rows (and its last days' raw events) counted under the URL's filters.
import type { Kysely } from 'kysely'
import {
  CHANNELS,
  DEVICES,
  DIM,
  DIMENSIONS,
  encodeCountry,
  EVENT_KIND,
  goalValue,
  GOALS,
  type DimName,
  type StatsQuery,
} from '#app/domain/analytics.ts'
import type { AnalyticsRollupTable, Database } from '../db/schema.server.ts'
import { DAY_S, type Range } from './periods.server.ts'
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
import { assignChannels } from './channels.server.ts'
import { countFromFilterMonths, isMonthlyFilter } from './filter-month.server.ts'
import { countFromFilterRollups, isRolledUpFilter } from './filter-rollup.server.ts'
import { DAILY_CHART_DAYS } from './series.server.ts'
import { countFromVisits, totalFromVisits } from './visits.server.ts'
import { DICT, type DictKind } from './store.server.ts'
import type { Zone } from './zone.server.ts'

export type Row = AnalyticsRollupTable

/** Where rows come from: the rollups, or a filtered count of raw events. */
export interface Source {
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

/**
 * The range's visits counted under the filters (ADR 103): the visit rows for the days the
 * rollup has written, the raw events (same code as the rollups) for yesterday and today, whose
 * visit rows may lag the last minutes' events, and for a single day (its chart has hours).
 */
async function filteredSource(
  db: Kysely<Database>,
  range: Range,
  filters: VisitFilter[],
  zone: Zone,
  totalOnly: boolean,
): Promise<Source> {
  const recent = Math.floor(zone.local(Math.floor(Date.now() / 1000)) / DAY_S) - 1
  // Never past the range's end: a previous period that ends before yesterday is read from its
  // visit rows alone, not up to yesterday (the current period's days counted in it).
  const rawFrom =
    range.from === range.to ? range.from : Math.min(range.to + 1, Math.max(range.from, recent))
  // Only the total asked for (a previous period): summed by the database (ADR 109).
  const fromVisits = totalOnly ? totalFromVisits : countFromVisits
  // A single filter over a period charted per month (or its total alone): its whole months'
  // rows where they are built (ADR 128); a month's row stands for all of its days.
  const monthly =
    isMonthlyFilter(filters) && (totalOnly || range.to - range.from + 1 > DAILY_CHART_DAYS)
  const rows: Row[] =
    rawFrom <= range.from
      ? []
      : monthly
        ? await countFromFilterMonths(db, range.from, rawFrom - 1, filters[0]!, totalOnly)
        : // A single filter on a visit-level dimension: its rollups where it was broad (ADR 112).
          isRolledUpFilter(filters)
          ? await countFromFilterRollups(db, range.from, rawFrom - 1, filters[0]!, totalOnly)
          : await fromVisits(db, range.from, rawFrom - 1, filters)
  for (let day = rawFrom; day <= range.to; day++) {
    const map: CountMap = new Map()
    const visits = toVisits(await dayEvents(db, day, filters, zone))
    await assignChannels(db, visits)
    countVisits(visits, map, filters, zone)
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
  exit: DICT.path,
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
  if (key === 'channel') {
    const index = CHANNELS.indexOf(value as (typeof CHANNELS)[number])
    return index > 0 ? index : null
  }
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
  if (query.goal !== undefined) {
    // A built-in goal's event kind, or an owner's page goal as -(the page's id) (ADR 095).
    const builtIn = GOALS.find((g) => g.key === query.goal)
    const path = query.goal.startsWith('page:') ? query.goal.slice(5) : undefined
    const id = path === undefined ? null : await storedValue(db, 'page', path)
    // A click goal: its name's id × 16 + its kind (ADR 103).
    const click = query.goal.startsWith('clic:')
      ? await db
          .selectFrom('analytics_dict')
          .select('id')
          .where('kind', '=', DICT.goal)
          .where('value', '=', query.goal.slice(5))
          .executeTakeFirst()
      : undefined
    if (builtIn) filters.push({ dim: DIM.goal, value: builtIn.kind })
    else if (id !== null && id > 0) filters.push({ dim: DIM.goal, value: -id })
    else if (click)
      filters.push({ dim: DIM.goal, value: goalValue(EVENT_KIND.goal, Number(click.id)) })
    else impossible = true
  }
  return { filters, impossible }
}

/**
 * Where a period's rows come from. `totalOnly`: only its total will be read (under filters, a
 * previous period's total is counted alone).
 */
export async function sourceFor(
  db: Kysely<Database>,
  query: StatsQuery,
  range: Range,
  zone: Zone,
  { totalOnly = false } = {},
): Promise<Source | null> {
  const { filters, impossible } = await filtersOf(db, query)
  if (impossible) return null
  return filters.length ? filteredSource(db, range, filters, zone, totalOnly) : rollupSource(db)
}

export const EMPTY: Source = {
  sum: async () => [],
  series: async () => [],
}
