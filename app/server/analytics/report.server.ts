// The dashboard's figures (ADR 072): totals, series, every panel and the goals of a period,
// compared with the period before. The pieces live beside it: periods, sources (rollups or
// filtered raw events), labels and titles, series, realtime.
import type { Kysely } from 'kysely'
import {
  clickGoalKey,
  DIM,
  DIMENSIONS,
  EVENT_KIND,
  GOALS,
  pageGoalKey,
  type DimName,
  type GoalRow,
  type PanelRow,
  type Report,
  type StatsQuery,
} from '#app/domain/analytics.ts'
import { getDb } from '../db/client.server.ts'
import type { Database } from '../db/schema.server.ts'
import { labelRows, pageTitles } from './labels.server.ts'
import { DAY_S, isoDay, periodRange, type Range } from './periods.server.ts'
import { realtimeDetail, realtimeVisitors } from './realtime.server.ts'
import { rollupAge } from './rollup.server.ts'
import { buildSeries, totalsOf } from './series.server.ts'
import { EMPTY, sourceFor, type Row } from './sources.server.ts'
import { DICT, getStatsSettings } from './store.server.ts'
import { zoneOf, type Zone } from './zone.server.ts'

/** The site's time zone for the statistics (ADR 095). */
export async function statsZone(db: Kysely<Database> = getDb()): Promise<Zone> {
  return zoneOf((await getStatsSettings(db)).timeZone)
}

export const PANEL_ROWS = 10
/** Rows of a panel opened with « Voir plus » (ADR 095). */
const MORE_ROWS = 100

/** One panel's rows (the dashboard's first rows, or up to `limit` for a CSV export). */
export async function panelRows(
  key: DimName,
  query: StatsQuery,
  now = Date.now(),
  limit = PANEL_ROWS,
  db: Kysely<Database> = getDb(),
): Promise<PanelRow[]> {
  const zone = await statsZone(db)
  const { current } = periodRange(query.period, now, query, zone)
  const source = await sourceFor(db, query, current, zone)
  if (!source) return []
  const rows = await source.sum(1, DIM[key], current.from * DAY_S, (current.to + 1) * DAY_S, limit)
  return labelRows(db, key, rows, pageTitles)
}

/**
 * The click goals (ADR 103): those counted in the period, under their names, and those set in
 * the settings but not reached yet.
 */
async function clickGoals(
  db: Kysely<Database>,
  goalRows: Row[],
  rate: (visitors: number) => number,
): Promise<GoalRow[]> {
  const counted = goalRows.filter((r) => r.value % 16 === EVENT_KIND.goal && r.value >= 16)
  const names = new Map(
    counted.length
      ? (
          await db
            .selectFrom('analytics_dict')
            .select(['id', 'value'])
            .where('kind', '=', DICT.goal)
            .where(
              'id',
              'in',
              counted.map((r) => Math.floor(r.value / 16)),
            )
            .execute()
        ).map((r) => [Number(r.id), r.value])
      : [],
  )
  const rows = new Map<string, GoalRow>()
  for (const r of counted) {
    const name = names.get(Math.floor(r.value / 16))
    if (name === undefined) continue
    rows.set(name, {
      key: clickGoalKey(name),
      label: name,
      visitors: r.visitors,
      events: r.pageviews,
      rate: rate(r.visitors),
    })
  }
  for (const { name } of (await getStatsSettings(db)).clickGoals)
    if (!rows.has(name))
      rows.set(name, { key: clickGoalKey(name), label: name, visitors: 0, events: 0, rate: 0 })
  return [...rows.values()].sort(
    (a, b) => b.visitors - a.visitors || a.label.localeCompare(b.label),
  )
}

/** Everything the dashboard shows for a query. */
export async function buildReport(
  query: StatsQuery,
  now = Date.now(),
  db: Kysely<Database> = getDb(),
): Promise<Report> {
  const zone = await statsZone(db)
  const { current, previous } = periodRange(query.period, now, query, zone)
  const span = (r: Range) => [r.from * DAY_S, (r.to + 1) * DAY_S] as const
  const [cFrom, cTo] = span(current)
  const [pFrom, pTo] = span(previous)
  const source = (await sourceFor(db, query, current, zone)) ?? EMPTY
  const filtered = query.goal !== undefined || DIMENSIONS.some((d) => query[d.key] !== undefined)
  const previousSource = (await sourceFor(db, query, previous, zone, { totalOnly: true })) ?? EMPTY
  let titles: Promise<Map<string, string>> | undefined
  const lazyTitles = () => (titles ??= pageTitles())
  // The pieces at once: on PostgreSQL each query takes a connection of the pool, so the
  // panels' reads overlap; SQLite answers them one after the other as before.
  const [[total], [previousTotal], seriesRows, panelList, goalRows] = await Promise.all([
    source.sum(1, DIM.total, cFrom, cTo, 1),
    previousSource.sum(1, DIM.total, pFrom, pTo, 1),
    source.series(current.from === current.to ? 0 : 1, cFrom, cTo),
    Promise.all(
      DIMENSIONS.map(async (d) =>
        labelRows(
          db,
          d.key,
          await source.sum(
            1,
            DIM[d.key],
            cFrom,
            cTo,
            query.more === d.key ? MORE_ROWS : PANEL_ROWS,
          ),
          lazyTitles,
        ),
      ),
    ),
    source.sum(1, DIM.goal, cFrom, cTo, 1000),
  ])
  const totals = totalsOf(total)
  const panels = Object.fromEntries(DIMENSIONS.map((d, i) => [d.key, panelList[i]!])) as Record<
    DimName,
    PanelRow[]
  >
  const rate = (visitors: number) =>
    totals.visitors ? Math.round((visitors / totals.visitors) * 1000) / 10 : 0
  const goals: GoalRow[] = GOALS.map((g) => {
    const r = goalRows.find((x) => x.value === g.kind)
    const visitors = r?.visitors ?? 0
    return { key: g.key, label: g.label, visitors, events: r?.pageviews ?? 0, rate: rate(visitors) }
  })
  // The owner's page goals (ADR 095): the visitors and views of their page.
  const pageGoals = (await getStatsSettings(db)).goals
  if (pageGoals.length) {
    const ids = new Map(
      (
        await db
          .selectFrom('analytics_dict')
          .select(['id', 'value'])
          .where('kind', '=', DICT.path)
          .where(
            'value',
            'in',
            pageGoals.map((g) => g.path),
          )
          .execute()
      ).map((r) => [r.value, Number(r.id)]),
    )
    const pageRows = await source.sum(1, DIM.page, cFrom, cTo, 100_000)
    for (const g of pageGoals) {
      const r = pageRows.find((x) => x.value === ids.get(g.path))
      const visitors = r?.visitors ?? 0
      goals.push({
        key: pageGoalKey(g.path),
        label: g.name,
        visitors,
        events: r?.pageviews ?? 0,
        rate: rate(visitors),
      })
    }
  }
  goals.push(...(await clickGoals(db, goalRows, rate)))
  return {
    range: { from: isoDay(current.from), to: isoDay(current.to) },
    previousRange: { from: isoDay(previous.from), to: isoDay(previous.to) },
    totals,
    previous: totalsOf(previousTotal),
    series: buildSeries(seriesRows, current),
    panels,
    goals,
    realtime: await realtimeVisitors(now, db),
    live: await realtimeDetail(now, db),
    updatedAgo: filtered ? null : Math.max(0, Math.round(await rollupAge(now, db))),
    filters: [
      ...DIMENSIONS.filter((d) => query[d.key] !== undefined).map((d) => ({
        key: d.key,
        label: d.label,
        value: query[d.key]!,
      })),
      ...(query.goal === undefined
        ? []
        : [
            {
              key: 'goal' as const,
              label: 'Objectif',
              value: goals.find((g) => g.key === query.goal)?.label ?? query.goal,
            },
          ]),
    ],
  }
}
