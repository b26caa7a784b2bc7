// Core Web Vitals from real visitors (ADR 096): the 'vitals' event the script sends once per
// page load when the page is hidden or left, written in batches off the request path like the
// events (ADR 073), purged with them, and summed per page and per device class at the 75th
// percentile with Google's thresholds.
import type { Kysely } from 'kysely'
import { DEVICES, type StatsEvent, type StatsQuery } from '#app/domain/analytics.ts'
import { screenClass } from '#app/domain/analytics-beacon.ts'
import {
  VITALS,
  rateVital,
  type VitalKey,
  type VitalSummary,
  type VitalsReport,
  type VitalsRow,
  type VitalsValues,
} from '#app/domain/web-vitals.ts'
import { getDatabaseHandle, getDb } from '../db/client.server.ts'
import type { Database } from '../db/schema.server.ts'
import { log } from '../core/log.server.ts'
import { DAY_S, periodRange } from './periods.server.ts'
import { DICT, dictIds } from './store.server.ts'

/** A measured page load, strings still to encode. */
export interface PendingVitals {
  t: number
  path: string
  device: number | null
  lcp: number | null
  inp: number | null
  cls: number | null
  ttfb: number | null
}

const DEVICE_OF_SCREEN = { desktop: 1, mobile: 2, tablet: 3 } as const

/** The row of a valid 'vitals' event: milliseconds as integers, CLS in thousandths. */
export function toPendingVitals(
  metrics: VitalsValues,
  page: { path: string },
  event: Pick<StatsEvent, 'w'>,
  agentDevice: number | null,
  now = Date.now(),
): PendingVitals {
  const ms = (v: number | undefined) => (v === undefined ? null : Math.round(v))
  return {
    t: Math.floor(now / 1000),
    path: page.path,
    device: agentDevice ?? (event.w === undefined ? null : DEVICE_OF_SCREEN[screenClass(event.w)]),
    lcp: ms(metrics.lcp),
    inp: ms(metrics.inp),
    cls: metrics.cls === undefined ? null : Math.round(metrics.cls * 1000),
    ttfb: ms(metrics.ttfb),
  }
}

// A bounded queue flushed every second, stopped and flushed by the database's close()
// (ADR 063), as the events' writer (ADR 073): a page load never waits on the database.
const MAX_QUEUE = 20_000
const BATCH = 1000
let queue: PendingVitals[] = []
let timer: ReturnType<typeof setTimeout> | undefined
let flushing: Promise<void> = Promise.resolve()
let unregister: (() => void) | undefined

/** Queues a measure; false when the queue is full (dropped). */
export function enqueueVitals(row: PendingVitals): boolean {
  if (queue.length >= MAX_QUEUE) return false
  queue.push(row)
  if (!timer) {
    timer = setTimeout(() => void flushVitals(), 1000)
    timer.unref()
  }
  unregister ??= getDatabaseHandle()?.beforeClose(async () => {
    unregister = undefined
    await flushVitals()
  })
  return true
}

/** Writes what is queued; resolves once written. An outage loses the batch, never a page. */
export function flushVitals(db?: Kysely<Database>): Promise<void> {
  if (timer) clearTimeout(timer)
  timer = undefined
  const run = flushing.then(async () => {
    while (queue.length > 0) {
      const batch = queue.slice(0, BATCH)
      queue = queue.slice(batch.length)
      try {
        await writeVitals(db ?? getDb(), batch)
      } catch (error) {
        log.warn('Statistiques : mesures de performance perdues', {
          count: batch.length,
          error: error instanceof Error ? error.message : String(error),
        })
      }
    }
  })
  flushing = run
  return run
}

async function writeVitals(db: Kysely<Database>, batch: PendingVitals[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The page's id in the dictionary, under the same hourly cap on new values (ADR 084).
    const ids = await dictIds(
      trx,
      batch.map((row) => ({ kind: DICT.path, value: row.path })),
      { capNew: true, now: batch[0]!.t * 1000 },
    )
    const rows = batch.map(({ path, ...rest }) => ({
      ...rest,
      path: ids.get(`${DICT.path}\u0000${path}`) ?? 0,
    }))
    // 7 columns × 100 rows stays under SQLite's bound on parameters.
    for (let i = 0; i < rows.length; i += 100)
      await trx
        .insertInto('analytics_vitals')
        .values(rows.slice(i, i + 100))
        .execute()
  })
}

/** Deletes measures older than the events' retention (the same cut-off, ADR 072). */
export async function purgeVitalsOlderThan(
  months: number,
  now = Date.now(),
  db: Kysely<Database> = getDb(),
): Promise<number> {
  const cutoff = new Date(now)
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months)
  const result = await db
    .deleteFrom('analytics_vitals')
    .where('t', '<', Math.floor(cutoff.getTime() / 1000))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Page ids the measures still name (kept by the dictionary's purge, ADR 084). */
export async function vitalsPathIds(db: Kysely<Database>): Promise<number[]> {
  const rows = await db.selectFrom('analytics_vitals').select('path').distinct().execute()
  return rows.map((row) => Number(row.path))
}

/** Measures read for one dashboard at most (the period's latest): a bounded read. */
export const VITALS_READ_LIMIT = 100_000
const PAGE_ROWS = 10

type Measure = Record<VitalKey, number | null> & { path: number; device: number | null }

function summarise(key: VitalKey, measures: Measure[]): VitalSummary {
  const values = measures
    .map((m) => m[key])
    .filter((v): v is number => v !== null)
    .map((v) => (key === 'cls' ? v / 1000 : v))
    .sort((a, b) => a - b)
  const count = values.length
  if (count === 0) return { count, p75: null, good: 0, needsImprovement: 0, poor: 0 }
  // Nearest rank, as CrUX reads its 75th percentile.
  const p75 = values[Math.max(0, Math.ceil(count * 0.75) - 1)]!
  const tally = { good: 0, 'needs-improvement': 0, poor: 0 }
  for (const v of values) tally[rateVital(key, v)] += 1
  const pct = (n: number) => Math.round((n / count) * 100)
  return {
    count,
    p75,
    good: pct(tally.good),
    needsImprovement: pct(tally['needs-improvement']),
    poor: pct(tally.poor),
  }
}

function group(value: string, label: string, measures: Measure[]): VitalsRow {
  const metrics = {} as Record<VitalKey, VitalSummary>
  for (const v of VITALS) metrics[v.key] = summarise(v.key, measures)
  return { value, label, loads: measures.length, metrics }
}

/**
 * The panel « Performances ressenties » of a period: every page load, per device class and
 * per page (the 10 most measured), under the page and device filters of the URL.
 */
export async function buildVitalsReport(
  query: StatsQuery,
  titles: () => Promise<Map<string, string>>,
  now = Date.now(),
  db: Kysely<Database> = getDb(),
): Promise<VitalsReport> {
  const { current } = periodRange(query.period, now, query)
  let select = db
    .selectFrom('analytics_vitals')
    .select(['path', 'device', 'lcp', 'inp', 'cls', 'ttfb'])
    .where('t', '>=', current.from * DAY_S)
    .where('t', '<', (current.to + 1) * DAY_S)
  let impossible = false
  if (query.page !== undefined) {
    const row = await db
      .selectFrom('analytics_dict')
      .select('id')
      .where('kind', '=', DICT.path)
      .where('value', '=', query.page)
      .executeTakeFirst()
    if (row) select = select.where('path', '=', Number(row.id))
    else impossible = true
  }
  if (query.device !== undefined) {
    const index = DEVICES.indexOf(query.device as (typeof DEVICES)[number])
    if (index > 0) select = select.where('device', '=', index)
    else impossible = true
  }
  const rows = impossible
    ? []
    : await select.orderBy('t', 'desc').limit(VITALS_READ_LIMIT).execute()
  const measures: Measure[] = rows.map((r) => ({
    path: Number(r.path),
    device: r.device === null ? null : Number(r.device),
    lcp: r.lcp === null ? null : Number(r.lcp),
    inp: r.inp === null ? null : Number(r.inp),
    cls: r.cls === null ? null : Number(r.cls),
    ttfb: r.ttfb === null ? null : Number(r.ttfb),
  }))
  const byDevice = new Map<number, Measure[]>()
  const byPath = new Map<number, Measure[]>()
  for (const m of measures) {
    if (m.device) {
      const list = byDevice.get(m.device)
      if (list) list.push(m)
      else byDevice.set(m.device, [m])
    }
    const list = byPath.get(m.path)
    if (list) list.push(m)
    else byPath.set(m.path, [m])
  }
  const devices = [...byDevice]
    .sort(([a], [b]) => a - b)
    .map(([device, list]) => group(DEVICES[device] ?? '', DEVICES[device] ?? 'Inconnu', list))
  const top = [...byPath].sort(([, a], [, b]) => b.length - a.length).slice(0, PAGE_ROWS)
  const names = new Map<number, string>()
  if (top.length) {
    const found = await db
      .selectFrom('analytics_dict')
      .select(['id', 'value'])
      .where(
        'id',
        'in',
        top.map(([id]) => id),
      )
      .execute()
    for (const f of found) names.set(Number(f.id), f.value)
  }
  const named = top.length ? await titles() : new Map<string, string>()
  const pages = top.map(([id, list]) => {
    const path = names.get(id) ?? '(aucun)'
    const row = group(path, path, list)
    const title = named.get(path)
    if (title) row.title = title
    return row
  })
  return { all: group('', 'Tous les chargements', measures), devices, pages }
}
