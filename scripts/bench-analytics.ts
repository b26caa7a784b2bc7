// `npm run bench:analytics`: the built-in statistics at scale (ADRs 072, 073).
//   1. Generates page views over 12 months (default 10 M; `--events 1000000` for a quicker
//      run) with ~5 events per daily visitor and a realistic skew of pages and referrers,
//      straight into a fresh SQLite database, then builds the rollups.
//   2. Prints the bytes per raw event on SQLite (dbstat: table + index).
//   3. Times every dashboard panel for 30 days and 12 months (median of 3).
//   4. Starts the production server and measures events/s through the real HTTP endpoint,
//      with the public page's p99 at the same time, against a run without ingestion
//      (`--seconds` each, default 10): the page saturated by 10 connections, its p99 taken from
//      each response's own time (autocannon's percentiles are whole milliseconds, too coarse
//      for a page served in two). Not at a fixed rate: autocannon's rate sends each second's
//      quota at once at the start of the second, so the runs would measure two bursts meeting.
//   5. With `--postgres` (Debian's server, as the tests start it): the panel times again on
//      PostgreSQL with the same events (`--postgres-only`: without the SQLite phase).
//   6. With `--flood` (alone, ADR 084): 60 s (`--seconds`) of junk events (a new path, UTM
//      values and referrer each time) from 5,000 rotating addresses, half of them IPv6, at the
//      production server, with the public page measured meanwhile: prints how much the data
//      directory grew and the page's p99. Aims: ≤ 20 MB and p99 < 50 ms.
//   7. With `--db FILE`: the SQLite database is kept in FILE and generated only when missing
//      (pass the same `--events`), so the panels can be timed again after a change (migrations
//      run on it first).
//   8. After the rollups, the monthly rows under a filter are built at once (ADR 128; the
//      background builds them two seconds a minute) and their bytes printed; the filtered
//      dashboards, narrow values included (referrer, country, browser, UTM source, goal), print
//      their process CPU beside their wall time. On PostgreSQL they are timed again without the
//      monthly rows (the days' path alone), on the same events.
// Aims: ≥ 2,000 events/s with public p99 within ×1.5; every panel ≤ 150 ms at 10 M events on
// both databases; every filtered dashboard ≤ 500 ms at 30 days and ≤ 2 s at 12 months (ADR 103);
// ≤ 80 bytes per raw event on SQLite, visit rows included.
import { randomInt } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { sql } from 'kysely'
import {
  DEFAULT_STATS_SETTINGS,
  DIMENSIONS,
  StatsQuerySchema,
  type StatsQuery,
} from '../app/domain/analytics.ts'
import {
  migrateToLatest,
  openDatabase,
  openPostgres,
  setDatabase,
  type DatabaseHandle,
} from '../app/server/db/client.server.ts'
import { buildReport, panelRows } from '../app/server/analytics/report.server.ts'
import { realtimeVisitors } from '../app/server/analytics/realtime.server.ts'
import { EVENT_COLUMNS, refreshRollups } from '../app/server/analytics/rollup.server.ts'
import {
  buildFilterMonths,
  deleteAllFilterMonths,
} from '../app/server/analytics/filter-month.server.ts'
import { DICT, dictIds } from '../app/server/analytics/store.server.ts'
import { resetCaches } from '../app/server/cache/caches.server.ts'
import { zoneOf } from '../app/server/analytics/zone.server.ts'
import { spawnBenchServer, waitUntilSettled } from './lib/bench-server.ts'

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`)
  const value = i >= 0 ? Number(process.argv[i + 1]) : NaN
  return Number.isInteger(value) && value > 0 ? value : fallback
}
const EVENTS = option('events', 10_000_000)
const SECONDS = option('seconds', 10)
/** `--postgres-only`: the PostgreSQL phase without the SQLite one (a second run beside it). */
const POSTGRES_ONLY = process.argv.includes('--postgres-only')
const POSTGRES = POSTGRES_ONLY || process.argv.includes('--postgres')
const FLOOD = process.argv.includes('--flood')
/** `--db FILE`: the SQLite database kept there, generated only when missing (quicker reruns). */
const DB_FILE = (() => {
  const i = process.argv.indexOf('--db')
  return i >= 0 ? process.argv[i + 1] : undefined
})()
/** `--no-http`: the database phases only (no build, no server). */
const HTTP = !process.argv.includes('--no-http')
const DAY_S = 86_400

/** Index drawn with a Zipf-like skew (a few pages and referrers take most visits). */
function zipf(n: number, s = 1.1): () => number {
  const weights = Array.from({ length: n }, (_, i) => 1 / (i + 1) ** s)
  const total = weights.reduce((a, b) => a + b, 0)
  const cumulative: number[] = []
  let acc = 0
  for (const w of weights) cumulative.push((acc += w / total))
  return () => {
    const r = Math.random()
    let lo = 0
    let hi = n - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (cumulative[mid]! < r) lo = mid + 1
      else hi = mid
    }
    return lo
  }
}

const geometric = (p: number) => {
  let n = 0
  while (Math.random() > p && n < 20) n++
  return n
}

type Row = [number, number, number, number, ...(number | null)[]]

/** Generates `total` events (and their dictionary) through `insert`, in batches. */
async function generate(
  handle: DatabaseHandle,
  total: number,
  insert: (rows: Row[]) => Promise<void>,
): Promise<void> {
  const db = handle.db
  const paths = [
    '/',
    '/projects',
    '/blog',
    '/cv',
    '/contact',
    '/timeline',
    '/gallery',
    ...Array.from({ length: 120 }, (_, i) => `/projects/projet-${i}`),
    ...Array.from({ length: 180 }, (_, i) => `/blog/article-${i}`),
  ]
  const referrers = [
    'google.com',
    'linkedin.com',
    'github.com',
    'duckduckgo.com',
    'bing.com',
    'x.com',
    'news.ycombinator.com',
    'malt.fr',
    ...Array.from({ length: 60 }, (_, i) => `client-${i}.fr`),
  ]
  const sources = ['linkedin', 'newsletter', 'twitter', 'malt', 'github']
  const mediums = ['social', 'email', 'cpc', 'referral']
  const campaigns = Array.from({ length: 12 }, (_, i) => `campagne-${i}`)
  const browsers = ['Chrome', 'Safari', 'Firefox', 'Microsoft Edge', 'Samsung Internet', 'Opera']
  const systems = ['Windows', 'macOS', 'iOS', 'Android', 'Linux', 'Chrome OS']
  const wanted = [
    ...paths.map((value) => ({ kind: DICT.path, value })),
    ...referrers.map((value) => ({ kind: DICT.referrer, value })),
    ...sources.map((value) => ({ kind: DICT.source, value })),
    ...mediums.map((value) => ({ kind: DICT.medium, value })),
    ...campaigns.map((value) => ({ kind: DICT.campaign, value })),
    ...browsers.map((value) => ({ kind: DICT.browser, value })),
    ...systems.map((value) => ({ kind: DICT.os, value })),
  ]
  const ids = await dictIds(db, wanted)
  const id = (kind: number, value: string) => ids.get(`${kind}\u0000${value}`)!
  const pathIds = paths.map((p) => id(DICT.path, p))
  const refIds = referrers.map((r) => id(DICT.referrer, r))
  const pickPath = zipf(pathIds.length)
  const pickRef = zipf(refIds.length, 1.3)
  const countries = ['FR', 'FR', 'FR', 'FR', 'BE', 'CH', 'CA', 'US', 'DE', 'GB', 'ES', 'MA'].map(
    (c) => (c.charCodeAt(0) - 65) * 26 + (c.charCodeAt(1) - 65) + 1,
  )
  const today = Math.floor(Date.now() / 1000 / DAY_S)
  const zone = zoneOf(DEFAULT_STATS_SETTINGS.timeZone)
  let made = 0
  let batch: Row[] = []
  while (made < total) {
    // A visitor of one day (the salt is daily): one to three visits.
    const v = randomInt(2 ** 31 - 1) + 1
    const day = today - 364 + randomInt(365)
    const device = 1 + (Math.random() < 0.35 ? 1 : Math.random() < 0.1 ? 2 : 0)
    const browser = id(DICT.browser, browsers[zipf(browsers.length)()]!)
    const osId = id(DICT.os, systems[randomInt(systems.length)]!)
    const country = countries[randomInt(countries.length)]!
    let t = day * DAY_S + randomInt(DAY_S - 7200)
    const visits = 1 + (Math.random() < 0.25 ? 1 + geometric(0.6) : 0)
    for (let visit = 0; visit < visits && made < total; visit++) {
      const r = Math.random()
      const ref = r < 0.35 ? null : refIds[pickRef()]!
      const tagged = Math.random() < 0.12
      const src = tagged ? id(DICT.source, sources[randomInt(sources.length)]!) : null
      const med = tagged ? id(DICT.medium, mediums[randomInt(mediums.length)]!) : null
      const camp = tagged ? id(DICT.campaign, campaigns[randomInt(campaigns.length)]!) : null
      const pages = 1 + geometric(0.3)
      // The writer stores a visit's dimensions on its first event only, and again after a
      // local midnight (ADR 118).
      let dayOfLast = -1
      const row = (kind: number, path: number, ref: number | null): Row => {
        const local = Math.floor(zone.local(t) / DAY_S)
        const whole = local !== dayOfLast
        dayOfLast = local
        return whole
          ? [t, v, kind, path, ref, src, med, camp, country, device, browser, osId]
          : [t, v, kind, path, kind ? ref : null, null, null, null, null, null, null, null]
      }
      for (let p = 0; p < pages && made < total; p++) {
        batch.push(row(0, pathIds[pickPath()]!, ref))
        made++
        t += 10 + randomInt(240)
      }
      const goal = Math.random()
      if (made < total && goal < 0.06) {
        const kind = goal < 0.01 ? 1 : goal < 0.04 ? 2 : 3
        batch.push(row(kind, pathIds[0]!, null))
        made++
      }
      t += 1800 + randomInt(7200)
      if (t >= (day + 1) * DAY_S) break
    }
    if (batch.length >= 50_000) {
      await insert(batch)
      batch = []
      if (made % 1_000_000 < 50_000) process.stdout.write(`  ${(made / 1e6).toFixed(1)} M…\n`)
    }
  }
  if (batch.length) await insert(batch)
}

const COLUMNS = 't, v, kind, path, ref, src, med, camp, country, device, browser, os'

function sqliteInserter(handle: DatabaseHandle) {
  // The events are keyed by (t, v, id) (ADR 122). A generated visitor's events are seconds
  // apart, so each is its second's first (id 0) as the writer numbers them; two visitors drawing
  // the same hash in the same second take a random id instead, as the writer's clashes do.
  const statement = handle.sqlite.prepare(
    `insert into analytics_event (id, ${COLUMNS}) values (?,?,?,?,?,?,?,?,?,?,?,?,?)`,
  )
  return async (rows: Row[]) => {
    handle.sqlite.exec('BEGIN')
    for (const row of rows)
      try {
        statement.run(0, ...row)
      } catch {
        statement.run(65_536 + randomInt(2 ** 23 - 65_536), ...row)
      }
    handle.sqlite.exec('COMMIT')
  }
}

function postgresInserter(handle: DatabaseHandle) {
  return async (rows: Row[]) => {
    const keys = EVENT_COLUMNS
    for (let i = 0; i < rows.length; i += 2000) {
      await handle.db
        .insertInto('analytics_event')
        .values(
          rows
            .slice(i, i + 2000)
            .map((r) => Object.fromEntries(keys.map((k, j) => [k, r[j] ?? null])) as never),
        )
        .execute()
    }
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** Milliseconds of this process's CPU (user and system) since `from`. */
const cpuSince = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from)
  return (used.user + used.system) / 1000
}

/** Median wall time and median process CPU of 3 runs, ms. */
async function time(work: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const walls: number[] = []
  const cpus: number[] = []
  for (let i = 0; i < 3; i++) {
    const start = performance.now()
    const cpu = process.cpuUsage()
    await work()
    cpus.push(cpuSince(cpu))
    walls.push(performance.now() - start)
  }
  return { wall: median(walls), cpu: median(cpus) }
}

/** The filtered dashboards timed: broad and narrow values, a page, a UTM source and a goal. */
const FILTERED: [string, Partial<StatsQuery>][] = [
  ['source=linkedin', { source: 'linkedin' }],
  ['page (2nd post)', { page: '/blog/article-1' }],
  ['country=FR', { country: 'FR' }],
  ['goal=cv', { goal: 'cv' }],
  // Narrow values (6–9 % of the visits, ADR 125).
  ['referrer=linkedin.com', { referrer: 'linkedin.com' }],
  ['country=BE', { country: 'BE' }],
  ['browser=Opera', { browser: 'Opera' }],
]

/**
 * Every panel's time for 30 days and 12 months, then whole filtered dashboards (a filter reads
 * visit rows, ADR 103; ADR 112's and ADR 128's rollups under a filter). Returns the slowest
 * panel and the slowest filtered dashboard. `filteredOnly`: the filtered dashboards alone.
 */
async function panelTimes(
  label: string,
  { filteredOnly = false } = {},
): Promise<{ panel: number; filtered: number; filtered30: number; filtered12: number }> {
  let worst = 0
  const queries: [string, StatsQuery][] = [
    ['30d', StatsQuerySchema.parse({ period: '30d' })],
    ['12m', StatsQuerySchema.parse({ period: '12m' })],
  ]
  const byPeriod = [0, 0]
  const line = async (name: string, work: (q: StatsQuery) => Promise<unknown>) => {
    const ms: number[] = []
    for (const [, q] of queries) ms.push((await time(() => work(q))).wall)
    worst = Math.max(worst, ...ms)
    ms.forEach((m, i) => (byPeriod[i] = Math.max(byPeriod[i]!, m)))
    console.log(`  ${name.padEnd(26)} ${ms.map((m) => m.toFixed(1).padStart(9)).join(' ')}`)
  }
  let panel = 0
  if (!filteredOnly) {
    console.log(`\nPanels on ${label} (median of 3, ms):`)
    console.log('  panel                       30 days   12 months')
    for (const d of DIMENSIONS) await line(d.label, (q) => panelRows(d.key, q))
    await line('Realtime (5 min)', () => realtimeVisitors())
    await line('Whole dashboard (all)', (q) => buildReport(q))
    panel = worst
  }
  worst = 0
  byPeriod.fill(0)
  // Process CPU beside the wall time: on SQLite the work is the process's (the aims of
  // ADRs 125 and 128 are in CPU there); on PostgreSQL the server's work is in the wall time only.
  console.log(`\nFiltered dashboards on ${label} (median of 3, ms, wall / process CPU):`)
  console.log('  filter                        30 days (wall / CPU)   12 months (wall / CPU)')
  for (const [name, filter] of FILTERED) {
    const cells: string[] = []
    for (const [i, [, q]] of queries.entries()) {
      const { wall, cpu } = await time(() => buildReport({ ...q, ...filter }))
      worst = Math.max(worst, wall)
      byPeriod[i] = Math.max(byPeriod[i]!, wall)
      cells.push(`${wall.toFixed(1).padStart(9)} / ${cpu.toFixed(1).padStart(8)}`)
    }
    console.log(`  ${name.padEnd(26)} ${cells.join('    ')}`)
  }
  // Every figure is several times its quiet value on a busy machine: say how busy it was.
  const load = os.loadavg().map((l) => l.toFixed(1))
  console.log(`  machine load (1, 5, 15 min): ${load.join(', ')} on ${os.cpus().length} cores`)
  return { panel, filtered: worst, filtered30: byPeriod[0]!, filtered12: byPeriod[1]! }
}

/** Builds every month's rows under a filter at once (ADR 128) and says how long it took. */
async function buildMonths(label: string, db: DatabaseHandle['db']): Promise<void> {
  const start = performance.now()
  const cpu = process.cpuUsage()
  await buildFilterMonths(Date.now(), db, { budgetMs: Infinity })
  const rows = await db
    .selectFrom('analytics_filter_month')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  console.log(
    `${label}: monthly rows under a filter built in ${((performance.now() - start) / 1000).toFixed(1)} s wall, ${(cpuSince(cpu) / 1000).toFixed(1)} s process CPU (${Number(rows.n).toLocaleString('en')} rows)`,
  )
}

/**
 * Bytes per raw event of the events, the visit rows (ADR 103) and the rollups under a filter
 * (ADR 112), tables and indexes.
 */
function sqliteBytesPerEvent(
  handle: DatabaseHandle,
  events: number,
): { events: number; visits: number; filters: number; months: number; rollups: number } {
  const bytes = (names: string[]) =>
    (
      handle.sqlite
        .prepare(
          `select sum(pgsize) as bytes from dbstat where name in (${names.map(() => '?').join(', ')})`,
        )
        .get(...names) as { bytes: number }
    ).bytes / events
  return {
    // The index on `t` is gone since migration 041 (ADR 122).
    events: bytes(['analytics_event', 'analytics_event_t']),
    visits: bytes([
      'analytics_visit',
      'analytics_visit_page',
      'analytics_visit_page_page',
      // The UTM values' partial indexes (ADR 118).
      'analytics_visit_src',
      'analytics_visit_med',
      'analytics_visit_camp',
    ]),
    // The rollups under one filter (ADR 112) stand in for visit rows: counted with them.
    filters: bytes(['analytics_filter_rollup']),
    // Their monthly rows (ADR 128) too.
    months: bytes(['analytics_filter_month']),
    rollups: bytes(['analytics_rollup', 'sqlite_autoindex_analytics_rollup_1']),
  }
}

/** Bytes of every file under `dir` (the database, its WAL, media, secrets). */
function directoryBytes(dir: string): number {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue
    try {
      total += statSync(path.join(entry.parentPath, entry.name)).size
    } catch {
      // Gone meanwhile (a WAL checkpoint, a temporary file).
    }
  }
  return total
}

/** Random lower-case letters and digits. */
function junk(length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'
  let out = ''
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)]
  return out
}

/** The public page saturated by 10 connections for `seconds`: p99 from each response's time. */
async function pageP99(base: string, seconds: number): Promise<{ p99: number; perSecond: number }> {
  const times: number[] = []
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(
      { url: `${base}/`, connections: 10, duration: seconds },
      (error, done) => (error ? reject(error) : resolve(done)),
    )
    run.on('response', (_client, status, _bytes, ms) => {
      if (status === 200) times.push(ms)
    })
  })
  times.sort((a, b) => a - b)
  const p99 = times[Math.min(times.length - 1, Math.floor(times.length * 0.99))] ?? 0
  return { p99, perSecond: result.requests.average }
}

/** ADR 084's aim: a minute of junk from 5,000 addresses grows the data by ≤ 20 MB, p99 < 50 ms. */
async function floodPhase(): Promise<void> {
  const seconds = option('seconds', 60)
  console.log(`bench:analytics --flood — ${seconds} s of junk events from 5,000 addresses`)
  const server = await spawnBenchServer('analytics-flood', { TRUST_PROXY: 'true' })
  try {
    const deadline = Date.now() + 60_000
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${server.base}/healthz`)).ok) break
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 200))
    }
    await waitUntilSettled(server.child.pid)
    await autocannon({ url: `${server.base}/`, connections: 10, amount: 300 })
    const alone = await pageP99(server.base, 10)
    const before = directoryBytes(server.dataDir)
    let n = 0
    const flood = autocannon({
      url: `${server.base}/api/event`,
      connections: 20,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            n++
            const i = n % 5000
            // Half IPv4, half IPv6 with a rotating interface identifier.
            const ip =
              i % 2
                ? `10.${(i >> 8) & 255}.${i & 255}.${1 + (n % 200)}`
                : `2001:db8:${i.toString(16)}:1:${junk(4)}:${junk(4)}:${junk(4)}:${junk(4)}`.replace(
                    /[g-z]/g,
                    'a',
                  )
            const body = JSON.stringify({
              n: 'pageview',
              u: `${server.base}/${junk(400)}?utm_source=${junk(180)}&utm_medium=${junk(180)}&utm_campaign=${junk(180)}`,
              r: `https://${junk(60)}.example/`,
              w: 1280,
              z: 'Europe/Paris',
            })
            return {
              ...req,
              body,
              headers: {
                ...req.headers,
                'content-type': 'text/plain;charset=UTF-8',
                'user-agent':
                  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
                'x-forwarded-for': ip,
              },
            }
          },
        },
      ],
    })
    const [flooded, page] = await Promise.all([flood, pageP99(server.base, seconds)])
    // The writer flushes every second; then the WAL is what it is.
    await new Promise((r) => setTimeout(r, 3000))
    const after = directoryBytes(server.dataDir)
    const codes = flooded.statusCodeStats as Record<string, { count: number }>
    const { DatabaseSync } = await import('node:sqlite')
    const check = new DatabaseSync(path.join(server.dataDir, 'vitrine.db'), { readOnly: true })
    const count = (table: string) =>
      (check.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n
    const stored = count('analytics_event')
    const values = count('analytics_dict')
    check.close()
    const mb = (after - before) / 1024 / 1024
    const ms = (x: number) => x.toFixed(2)
    console.log(
      `  junk sent:                 ${flooded.requests.total.toLocaleString('en')} requests (${Math.round(flooded.requests.average)}/s); 204: ${codes['204']?.count ?? 0}, 429: ${codes['429']?.count ?? 0}, other: ${flooded.non2xx - (codes['429']?.count ?? 0)}`,
    )
    console.log(
      `  stored:                    ${stored.toLocaleString('en')} events, ${values.toLocaleString('en')} dictionary values`,
    )
    console.log(`  data directory growth:     ${mb.toFixed(2)} MB (aim ≤ 20 MB)`)
    console.log(
      `  public page alone:         p99 ${ms(alone.p99)} ms (${Math.round(alone.perSecond)} req/s)`,
    )
    console.log(
      `  public page during flood:  p99 ${ms(page.p99)} ms (${Math.round(page.perSecond)} req/s) (aim < 50 ms)`,
    )
    // Both figures are only meaningful on a quiet machine: say how busy this one was.
    console.log(
      `  machine load (1 min):      ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
    )
  } finally {
    server.child.kill('SIGTERM')
    await new Promise((r) => server.child.once('exit', r))
    rmSync(server.dataDir, { recursive: true, force: true })
  }
}

async function httpPhase(): Promise<void> {
  console.log(`\nHTTP (production server, ${SECONDS} s per run):`)
  const server = await spawnBenchServer('analytics', { TRUST_PROXY: 'true' })
  try {
    const deadline = Date.now() + 60_000
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${server.base}/healthz`)).ok) break
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 200))
    }
    await waitUntilSettled(server.child.pid)
    await autocannon({ url: `${server.base}/`, connections: 10, amount: 300 })
    // The public page's p99 from each response's own time, 10 connections as fast as the
    // server answers.
    const page = async () => {
      const times: number[] = []
      const result = await new Promise<autocannon.Result>((resolve, reject) => {
        const run = autocannon(
          {
            url: `${server.base}/`,
            connections: 10,
            duration: SECONDS,
          },
          (error, done) => (error ? reject(error) : resolve(done)),
        )
        run.on('response', (_client, status, _bytes, ms) => {
          if (status === 200) times.push(ms)
        })
      })
      times.sort((a, b) => a - b)
      const p99 = times[Math.min(times.length - 1, Math.floor(times.length * 0.99))] ?? 0
      return { p99, perSecond: result.requests.average }
    }
    const alone = await page()
    let n = 0
    const body = JSON.stringify({
      n: 'pageview',
      u: `${server.base}/blog?utm_source=bench`,
      r: 'https://www.linkedin.com/',
      w: 1280,
      z: 'Europe/Paris',
    })
    const ingest = (rate?: number) =>
      autocannon({
        url: `${server.base}/api/event`,
        connections: 20,
        duration: SECONDS,
        ...(rate ? { overallRate: rate } : {}),
        requests: [
          {
            method: 'POST',
            body,
            setupRequest: (req) => {
              n++
              // Many visitors, so the per-address limit does not bound the run.
              const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
              return {
                ...req,
                headers: {
                  ...req.headers,
                  'content-type': 'text/plain;charset=UTF-8',
                  'user-agent':
                    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
                  'x-forwarded-for': ip,
                },
              }
            },
          },
        ],
      })
    const accepted = (r: autocannon.Result) =>
      ((r.statusCodeStats as Record<string, { count: number }>)['204']?.count ?? 0) / SECONDS
    const max = await ingest()
    const [withIngest, steady] = await Promise.all([page(), ingest(2000)])
    const ratio = withIngest.p99 / alone.p99
    const ms = (x: number) => x.toFixed(2)
    console.log(
      `  ingestion alone (max):     ${Math.round(accepted(max))} events/s accepted (204), non-2xx ${max.non2xx} (aim ≥ 2000/s)`,
    )
    console.log(
      `  public page alone:         p99 ${ms(alone.p99)} ms (${Math.round(alone.perSecond)} req/s)`,
    )
    console.log(
      `  page + 2000 events/s:      p99 ${ms(withIngest.p99)} ms (${Math.round(withIngest.perSecond)} req/s), ×${ratio.toFixed(2)} (aim ≤ ×1.5); ${Math.round(accepted(steady))} events/s accepted`,
    )
    await new Promise((r) => setTimeout(r, 2500))
    const { DatabaseSync } = await import('node:sqlite')
    const check = new DatabaseSync(path.join(server.dataDir, 'vitrine.db'), { readOnly: true })
    const stored = check.prepare('select count(*) as n from analytics_event').get() as { n: number }
    check.close()
    console.log(`  events stored by the server: ${stored.n.toLocaleString('en')}`)
  } finally {
    server.child.kill('SIGTERM')
    await new Promise((r) => server.child.once('exit', r))
    rmSync(server.dataDir, { recursive: true, force: true })
  }
}

async function main() {
  if (FLOOD) {
    await floodPhase()
    return
  }
  console.log(`bench:analytics — ${EVENTS.toLocaleString('en')} events over 12 months`)
  if (!POSTGRES_ONLY) await sqlitePhase()
  if (POSTGRES) await postgresPhase()
  else console.log('\nPostgreSQL: not measured (add --postgres).')
  if (HTTP) await httpPhase()
}

async function sqlitePhase(): Promise<void> {
  const dir = DB_FILE ? undefined : mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-analytics-'))
  const file = DB_FILE ?? path.join(dir!, 'vitrine.db')
  const kept = DB_FILE !== undefined && existsSync(DB_FILE)
  const handle = openDatabase(file)
  await migrateToLatest(handle.db)
  setDatabase(handle)
  try {
    let start = performance.now()
    if (!kept) await generate(handle, EVENTS, sqliteInserter(handle))
    console.log(`SQLite: generated in ${((performance.now() - start) / 1000).toFixed(1)} s`)
    start = performance.now()
    await refreshRollups()
    const rollups = handle.sqlite.prepare('select count(*) as n from analytics_rollup').get() as {
      n: number
    }
    console.log(
      `SQLite: rollups built in ${((performance.now() - start) / 1000).toFixed(1)} s (${rollups.n.toLocaleString('en')} rows)`,
    )
    await buildMonths('SQLite', handle.db)
    const bytes = sqliteBytesPerEvent(handle, EVENTS)
    console.log(
      `SQLite: ${(bytes.events + bytes.visits + bytes.filters + bytes.months).toFixed(1)} bytes per raw event (events ${bytes.events.toFixed(1)} + visit rows ${bytes.visits.toFixed(1)} + rollups under a filter ${bytes.filters.toFixed(1)} daily, ${bytes.months.toFixed(2)} monthly, tables and indexes; aim ≤ 80); the hourly, daily and monthly rollups ${bytes.rollups.toFixed(1)} more`,
    )
    const worst = await panelTimes('SQLite')
    console.log(
      `SQLite: slowest panel ${worst.panel.toFixed(1)} ms (aim ≤ 150 ms); slowest filtered dashboard ${worst.filtered30.toFixed(1)} ms at 30 days (aim ≤ 500 ms), ${worst.filtered12.toFixed(1)} ms at 12 months (aim ≤ 2 s, ADR 103)`,
    )
  } finally {
    setDatabase(undefined)
    await handle.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  }
}

async function postgresPhase(): Promise<void> {
  const { startPostgres } = await import('../tests/setup/postgres.ts')
  const server = await startPostgres()
  const pg = (await import('pg')).default
  const admin = new pg.Client({ connectionString: server.url('postgres') })
  await admin.connect()
  await admin.query('create database bench_analytics')
  await admin.end()
  const handle = openPostgres(server.url('bench_analytics'), { max: 4 })
  try {
    await migrateToLatest(handle.db)
    setDatabase(handle)
    resetCaches()
    let start = performance.now()
    await generate(handle, EVENTS, postgresInserter(handle))
    console.log(`\nPostgreSQL: generated in ${((performance.now() - start) / 1000).toFixed(1)} s`)
    start = performance.now()
    await refreshRollups()
    await sql`analyze`.execute(handle.db)
    console.log(`PostgreSQL: rollups built in ${((performance.now() - start) / 1000).toFixed(1)} s`)
    await buildMonths('PostgreSQL', handle.db)
    await sql`analyze`.execute(handle.db)
    const worst = await panelTimes('PostgreSQL')
    console.log(
      `PostgreSQL: slowest panel ${worst.panel.toFixed(1)} ms (aim ≤ 150 ms); slowest filtered dashboard ${worst.filtered30.toFixed(1)} ms at 30 days (aim ≤ 500 ms), ${worst.filtered12.toFixed(1)} ms at 12 months (aim ≤ 2 s, ADR 103)`,
    )
    // The same dashboards from the days alone (the path before ADR 128), then with the months
    // again: the same events, one after the other.
    await deleteAllFilterMonths(handle.db)
    await panelTimes('PostgreSQL without the monthly rows', { filteredOnly: true })
    await buildMonths('PostgreSQL', handle.db)
    await panelTimes('PostgreSQL with the monthly rows again', { filteredOnly: true })
  } finally {
    setDatabase(undefined)
    await handle.close()
    server.stop()
  }
}

await main()
process.exit(0)
