// Storage of the statistics (ADRs 072, 073): the daily salt, the dictionary of strings, the
// batching writer that takes events off the request path, the settings and the retention purge.
import { createHmac, randomBytes, randomInt } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import {
  DEFAULT_STATS_SETTINGS,
  DIM,
  EVENT_KIND,
  StatsSettingsSchema,
  type StatsSettings,
} from '#app/domain/analytics.ts'
import { cachedRead } from '../cache/generation.server.ts'
import { getDatabaseHandle, getDb } from '../db/client.server.ts'
import { dialectOf } from '../db/dialect.server.ts'
import type { Database } from '../db/schema.server.ts'
import { readDocument, writeDocument } from '../db/documents.server.ts'
import { parseJson } from '../db/util.server.ts'
import { getEnv } from '../core/env.server.ts'
import { log } from '../core/log.server.ts'
import { getCache } from '../cache/caches.server.ts'
import { vitalsPathIds } from './vitals.server.ts'
import { deleteFilterMonthsBefore } from './filter-month.server.ts'
import { deleteFilterRollupsBefore } from './filter-rollup.server.ts'
import { deleteVisits, firstVisitId } from './visits.server.ts'
import { UTC_ZONE, zoneOf, type Zone } from './zone.server.ts'

const DAY_S = 86_400

/** Unix day number (UTC) of a time in milliseconds. */
export function dayOf(ms: number): number {
  return Math.floor(ms / 1000 / DAY_S)
}

// ---------------------------------------------------------------------------------------------
// Salt: random, one per UTC day, dropped when the day ends, so nobody (the owner included) can
// recompute an earlier day's hashes or link two days. It never sits where a backup, an export
// or `db:copy` would take it (ADR 084): on SQLite (one process) it lives in this process's
// memory only; a restart mid-day starts a new one. On PostgreSQL the app servers must share
// it, so it is the `analytics_salt` row of the day, which `db:copy` skips and which the
// day-end timer deletes even on a day without events.

let saltCache: { day: number; key: Buffer } | undefined

/** Forget the cached salt (tests, a database switch). */
export function resetSaltCache(): void {
  saltCache = undefined
  // Hashes of another salt, or of another database's events.
  lastWritten.clear()
}

/** The day whose salt this process holds, if any (tests and figures). */
export function heldSaltDay(): number | undefined {
  return saltCache?.day
}

/** The salt of `day`, created when missing; every earlier day's salt is deleted. */
export async function saltOf(day: number, db: Kysely<Database> = getDb()): Promise<Buffer> {
  if (saltCache?.day === day) return saltCache.key
  if (dialectOf(db) === 'sqlite') {
    saltCache = { day, key: randomBytes(32) }
    return saltCache.key
  }
  await db
    .insertInto('analytics_salt')
    .values({ day, salt: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute()
  // Several app servers may race: whichever row exists is the day's salt.
  const row = await db
    .selectFrom('analytics_salt')
    .select('salt')
    .where('day', '=', day)
    .executeTakeFirstOrThrow()
  await db.deleteFrom('analytics_salt').where('day', '<', day).execute()
  saltCache = { day, key: Buffer.from(row.salt, 'base64') }
  return saltCache.key
}

/**
 * Drops every salt of a day before `now`'s (the background timer's work, ADR 084): the held
 * one and the stored rows. On SQLite no row should exist; any left by an older version goes.
 */
export async function expireSalts(now = Date.now(), db: Kysely<Database> = getDb()): Promise<void> {
  const today = dayOf(now)
  if (saltCache && saltCache.day < today) saltCache = undefined
  let query = db.deleteFrom('analytics_salt')
  if (dialectOf(db) === 'postgres') query = query.where('day', '<', today)
  await query.execute()
}

/**
 * The visitor of the day: a keyed hash (HMAC-SHA-256, key = the day's salt) of the site, the
 * address and the user agent, cut to 31 bits: 4 bytes in SQLite instead of 6 for 48 bits (ADR
 * 118). Two of a day's N visitors share a hash in N² / 2^32 pairs a day on average: 0.02 at
 * 10,000 visitors, whose visits are then counted as one visitor's. The address itself is never
 * stored.
 */
export function visitorHash(salt: Buffer, site: string, ip: string, userAgent: string): number {
  const digest = createHmac('sha256', salt).update(`${site}\n${ip}\n${userAgent}`).digest()
  return digest.readUInt32BE(0) >>> 1
}

// ---------------------------------------------------------------------------------------------
// Dictionary: strings stored once, referenced by integer ids.

export const DICT = {
  path: 1,
  referrer: 2,
  source: 3,
  medium: 4,
  campaign: 5,
  browser: 6,
  os: 7,
  target: 8,
  /** A click goal's name (ADR 103). */
  goal: 9,
} as const
export type DictKind = (typeof DICT)[keyof typeof DICT]

const DICT_CACHE_MAX = 20_000
const dictCache = getCache<string, number>('analytics-dictionary', { max: DICT_CACHE_MAX })

/** What a new value past the hour's cap is stored as (ADR 084). */
export const OTHER_VALUE = '(autre)'

/** The flood bounds of ADR 084 (STATS_INGEST_PER_MINUTE, STATS_NEW_VALUES_PER_HOUR). */
export interface IngestLimits {
  perMinute: number
  newValuesPerHour: number
}

let limits: IngestLimits | undefined

function ingestLimits(): IngestLimits {
  if (!limits) {
    const env = getEnv()
    limits = {
      perMinute: env.STATS_INGEST_PER_MINUTE,
      newValuesPerHour: env.STATS_NEW_VALUES_PER_HOUR,
    }
  }
  return limits
}

/** Other bounds than the environment's (tests, benchmarks); undefined: the environment's. */
export function setIngestLimits(next: IngestLimits | undefined): void {
  limits = next
}

/** New dictionary values this process may still add this hour (ADR 084). */
let newValues: { hour: number; left: number } | undefined

/** Takes up to `wanted` of the hour's new values; returns how many were granted. */
export function takeNewValues(wanted: number, now = Date.now()): number {
  const hour = Math.floor(now / 3_600_000)
  if (newValues?.hour !== hour) newValues = { hour, left: ingestLimits().newValuesPerHour }
  const granted = Math.min(wanted, newValues.left)
  newValues.left -= granted
  return granted
}

/** Forgets the hour's count of new values (tests). */
export function resetNewValueBudget(): void {
  newValues = undefined
}

const dictKey = (kind: DictKind, value: string) => `${kind}\u0000${value}`

/**
 * Ids of the given (kind, value) pairs, inserting the new ones. With `capNew` (events from
 * visitors), at most the hour's budget of new values is added; the others get the id of
 * their kind's « (autre) » (ADR 084): junk cannot grow the dictionary without bound.
 */
export async function dictIds(
  db: Kysely<Database>,
  wanted: { kind: DictKind; value: string }[],
  options: { capNew?: boolean; now?: number } = {},
): Promise<Map<string, number>> {
  const out = new Map<string, number>()
  const missing = new Map<string, { kind: DictKind; value: string }>()
  for (const w of wanted) {
    const key = dictKey(w.kind, w.value)
    const id = dictCache.get(key)
    if (id !== undefined) out.set(key, id)
    else missing.set(key, w)
  }
  if (missing.size === 0) return out
  const remember = (row: { id: number | bigint; kind: number; value: string }) => {
    const key = dictKey(row.kind as DictKind, row.value)
    out.set(key, Number(row.id))
    dictCache.set(key, Number(row.id))
  }
  const select = (chunk: { kind: DictKind; value: string }[]) =>
    db
      .selectFrom('analytics_dict')
      .select(['id', 'kind', 'value'])
      .where((eb) =>
        eb.or(chunk.map((p) => eb.and([eb('kind', '=', p.kind), eb('value', '=', p.value)]))),
      )
      .execute()
  const pairs = [...missing.values()]
  for (let i = 0; i < pairs.length; i += 200) {
    let chunk = pairs.slice(i, i + 200)
    const over: { kind: DictKind; value: string }[] = []
    if (options.capNew) {
      for (const row of await select(chunk)) remember(row)
      const fresh = chunk.filter((p) => !out.has(dictKey(p.kind, p.value)))
      const granted = takeNewValues(fresh.length, options.now)
      over.push(...fresh.slice(granted))
      chunk = fresh.slice(0, granted)
      for (const kind of new Set(over.map((p) => p.kind)))
        if (!out.has(dictKey(kind, OTHER_VALUE))) chunk.push({ kind, value: OTHER_VALUE })
    }
    if (chunk.length === 0) continue
    await db
      .insertInto('analytics_dict')
      .values(chunk)
      .onConflict((oc) => oc.columns(['kind', 'value']).doNothing())
      .execute()
    for (const row of await select(chunk)) remember(row)
    for (const p of over) {
      const other = out.get(dictKey(p.kind, OTHER_VALUE))
      if (other !== undefined) out.set(dictKey(p.kind, p.value), other)
    }
  }
  return out
}

/**
 * Seconds of events read per slice by the dictionary purge: at most 18,000 events under the
 * ingest budget (1,200 a minute), a few milliseconds of SQLite each.
 */
const PURGE_SLICE_S = 900

/** The event columns and rollup dimensions that hold dictionary ids. */
const DICT_COLUMNS = ['path', 'ref', 'src', 'med', 'camp', 'browser', 'os'] as const
const DICT_DIMS = [1, 2, 3, 4, 5, 6, 9, 10, 12] // page, entry, referrer, UTM ×3, browser, os, exit

/**
 * Deletes the dictionary values no event and no rollup uses any more (ADR 084), so that junk
 * sent once goes with its events at the retention's end. Events are read in slices of time (the
 * server keeps answering on SQLite, whose reads block the thread); values used by an event
 * written meanwhile are kept by the last check, inside the deleting transaction. Returns how
 * many went.
 */
export async function purgeUnusedDictionary(
  now = Date.now(),
  db: Kysely<Database> = getDb(),
): Promise<number> {
  const since = Math.floor(now / 1000) - 3600
  const used = new Set<number>()
  const add = (row: Record<string, unknown>) => {
    for (const column of DICT_COLUMNS) {
      const value = row[column]
      if (value !== null && value !== undefined) used.add(Number(value))
    }
  }
  // A range of `t` at a time: the events' own order on SQLite (ADR 122), an index on PostgreSQL.
  const bounds = await db
    .selectFrom('analytics_event')
    .select((eb) => [eb.fn.min('t').as('first'), eb.fn.max('t').as('last')])
    .executeTakeFirst()
  if (bounds?.first !== null && bounds?.first !== undefined)
    for (let from = Number(bounds.first); from <= Number(bounds.last); from += PURGE_SLICE_S) {
      for (const row of await db
        .selectFrom('analytics_event')
        .select([...DICT_COLUMNS])
        .where('t', '>=', from)
        .where('t', '<', from + PURGE_SLICE_S)
        .execute())
        add(row)
      await new Promise((resolve) => setImmediate(resolve))
    }
  const rollups = await db
    .selectFrom('analytics_rollup')
    .select('value')
    .distinct()
    .where('dim', 'in', DICT_DIMS)
    .execute()
  for (const row of rollups) used.add(Number(row.value))
  // Click goals' names, kept by their counts (ADR 103): the goal value is the id × 16 + kind.
  const goals = await db
    .selectFrom('analytics_rollup')
    .select('value')
    .distinct()
    .where('dim', '=', DIM.goal)
    .where('value', '>=', 16)
    .execute()
  for (const row of goals) used.add(Math.floor(Number(row.value) / 16))
  // Pages named only by Core Web Vitals measures (ADR 096).
  for (const id of await vitalsPathIds(db)) used.add(id)
  const candidates = (await db.selectFrom('analytics_dict').select('id').execute())
    .map((row) => Number(row.id))
    .filter((id) => !used.has(id))
  if (candidates.length === 0) return 0
  return db.transaction().execute(async (trx) => {
    // Events of the last hour, read again under the write: one may use a value just now.
    for (const row of await trx
      .selectFrom('analytics_event')
      .select([...DICT_COLUMNS])
      .where('t', '>=', since)
      .execute())
      add(row)
    const gone = candidates.filter((id) => !used.has(id))
    let removed = 0
    for (let i = 0; i < gone.length; i += 500) {
      const result = await trx
        .deleteFrom('analytics_dict')
        .where('id', 'in', gone.slice(i, i + 500))
        .executeTakeFirst()
      removed += Number(result.numDeletedRows)
    }
    // Cached ids may name deleted rows: forgotten before another batch is written.
    dictCache.clear()
    return removed
  })
}

// ---------------------------------------------------------------------------------------------
// Events waiting to be written: a bounded queue flushed in batches, never on the request path.

/** An event as the collector made it: strings still to encode. */
export interface PendingEvent {
  t: number
  v: number
  kind: number
  path: string
  referrer: string | null
  source: string | null
  medium: string | null
  campaign: string | null
  country: number | null
  device: number | null
  browser: string | null
  os: string | null
}

/** Beyond this many waiting events, new ones are dropped (a burst costs no memory). */
export const MAX_QUEUE = 50_000
const FLUSH_EVERY_MS = 1000
const BATCH = 1000

let queue: PendingEvent[] = []
let timer: ReturnType<typeof setTimeout> | undefined
let flushing: Promise<void> = Promise.resolve()
let unregister: (() => void) | undefined
let dropped = 0

/** Queue an event; false when the queue is full (dropped). Returns at once. */
export function enqueueEvent(event: PendingEvent): boolean {
  if (queue.length >= MAX_QUEUE) {
    dropped += 1
    return false
  }
  queue.push(event)
  armWriter()
  return true
}

function armWriter(): void {
  if (!timer) {
    timer = setTimeout(() => void flushEvents(), FLUSH_EVERY_MS)
    timer.unref()
  }
  // Stopped, and flushed, by the database's close() (ADR 063).
  unregister ??= getDatabaseHandle()?.beforeClose(stopWriter)
}

// Site-wide ingest budget (ADR 084): past STATS_INGEST_PER_MINUTE events in a minute, whatever
// their addresses, events are answered like the others but not stored; how many is counted per
// hour (analytics_state `ignored:<hour start>`) for the dashboard's notice. Per process: on
// PostgreSQL each app server has its own budget, and no shared row becomes a hot spot.

let ingest: { minute: number; count: number } | undefined
const ignored = new Map<number, number>()

/** Counts one event against the minute's budget; false when it is over (not to be stored). */
export function takeIngestSlot(now = Date.now()): boolean {
  const minute = Math.floor(now / 60_000)
  if (ingest?.minute !== minute) ingest = { minute, count: 0 }
  ingest.count += 1
  return ingest.count <= ingestLimits().perMinute
}

/** Forgets the minute's count and the ignored events not yet written (tests). */
export function resetIngestBudget(): void {
  ingest = undefined
  ignored.clear()
}

/** Notes an event left out by the budget; written with the next batch. */
export function noteIgnored(now = Date.now()): void {
  const hour = Math.floor(now / 3_600_000) * 3600
  ignored.set(hour, (ignored.get(hour) ?? 0) + 1)
  armWriter()
}

const IGNORED_PREFIX = 'ignored:'

async function writeIgnored(db: Kysely<Database>): Promise<void> {
  const counts = [...ignored]
  ignored.clear()
  for (const [hour, count] of counts) {
    // Added in SQL: several app servers may write the same hour.
    await db
      .insertInto('analytics_state')
      .values({ key: `${IGNORED_PREFIX}${hour}`, value: String(count) })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          value: sql<string>`cast(cast(analytics_state.value as integer) + ${count} as text)`,
        }),
      )
      .execute()
  }
  if (counts.length)
    log.warn('Statistiques : afflux anormal, événements ignorés', {
      count: counts.reduce((sum, [, n]) => sum + n, 0),
    })
}

/**
 * Events the budget left out between two days (`YYYY-MM-DD`, both included) of the site's
 * calendar; `utc` turns its local midnights into Unix seconds (ADR 095).
 */
export async function ignoredEvents(
  from: string,
  to: string,
  utc: (local: number) => number = (local) => local,
  db: Kysely<Database> = getDb(),
): Promise<number> {
  const start = utc(Date.parse(`${from}T00:00:00Z`) / 1000)
  const end = utc(Date.parse(`${to}T00:00:00Z`) / 1000 + DAY_S)
  const rows = await db
    .selectFrom('analytics_state')
    .select(['key', 'value'])
    .where('key', 'like', `${IGNORED_PREFIX}%`)
    .execute()
  let total = 0
  for (const row of rows) {
    const hour = Number(row.key.slice(IGNORED_PREFIX.length))
    if (hour >= start && hour < end) total += Number(row.value) || 0
  }
  return total
}

/** Write what is queued now (also the timer's job); resolves once written. */
export function flushEvents(db?: Kysely<Database>): Promise<void> {
  if (timer) clearTimeout(timer)
  timer = undefined
  const run = flushing.then(async () => {
    while (queue.length > 0) {
      const batch = queue.slice(0, BATCH)
      queue = queue.slice(batch.length)
      try {
        await writeEvents(db ?? getDb(), batch)
      } catch (error) {
        // An outage loses this batch, never the page (ADR 069); the log says how many.
        log.warn('Statistiques : événements perdus', {
          count: batch.length,
          error: error instanceof Error ? error.message : String(error),
        })
      }
    }
    if (ignored.size > 0) {
      try {
        await writeIgnored(db ?? getDb())
      } catch (error) {
        log.warn('Statistiques : compte des événements ignorés perdu', {
          error: error instanceof Error ? error.message : String(error),
        })
      }
    }
    if (dropped > 0) {
      log.warn('Statistiques : file pleine, événements ignorés', { count: dropped })
      dropped = 0
    }
  })
  flushing = run
  return run
}

async function stopWriter(): Promise<void> {
  unregister = undefined
  await flushEvents()
}

/** What an event's `ref` names: a referrer, an outbound link's host or a click goal's name. */
const refKind = (kind: number): DictKind =>
  kind === EVENT_KIND.outbound ? DICT.target : kind === EVENT_KIND.goal ? DICT.goal : DICT.referrer

// A visit's dimensions once (ADR 118): the rollup takes a visit's referrer, UTM values,
// country, device, browser and system from its first event (`toVisits`), so an event that
// continues a visit this process wrote the start of stores them as nulls (no bytes in SQLite).
// It continues it when the same visitor's last event written here is at most VISIT_GAP_S
// before it, strictly (an equal time could sort first), on the same local day (the rollup
// cuts visits at local midnights), and that last event is still stored. Anything else (another
// app server, a restart, a lost batch, deleted events) writes them whole, which is always
// right.

/** A gap this long starts a new visit (the rollup's VISIT_GAP_S). */
const VISIT_GAP_S = 30 * 60
/** Each visitor's last event written by this process: its time and local day. */
const lastWritten = new Map<number, LastWritten>()
/** Past this many visitors, those not seen for VISIT_GAP_S are forgotten. */
const LAST_WRITTEN_SWEEP = 5_000

async function siteZone(): Promise<Zone> {
  try {
    return zoneOf((await getStatsSettings()).timeZone)
  } catch {
    return UTC_ZONE
  }
}

/** Ids for a clash (ADR 122): above the numbered ones, below 2^23 (3 bytes in SQLite). */
const CLASH_ID_FROM = 65_536
const CLASH_IDS = 2 ** 23 - CLASH_ID_FROM

interface LastWritten {
  t: number
  /** The local day of `t`. */
  day: number
  /** The next free id among the visitor's events of second `t` (SQLite's key, ADR 122). */
  next: number
}

/** Whether an event at `t` continues the visit of the visitor's `last` event (ADR 118). */
const continuesVisit = (t: number, day: number, last: LastWritten | undefined) =>
  last !== undefined && t > last.t && t - last.t <= VISIT_GAP_S && day === last.day

/**
 * Forgets the batch's visitors whose last event written here is no longer stored (deleted
 * meanwhile: by hand, by a test): their next event starts a visit whole. One look-up by
 * time per batch (the events' key on SQLite, ADR 122; an index on PostgreSQL).
 */
async function forgetDeleted(db: Kysely<Database>, batch: PendingEvent[]): Promise<void> {
  const remembered = [...new Set(batch.map((e) => e.v))]
    .map((v) => [v, lastWritten.get(v)] as const)
    .filter((pair): pair is readonly [number, LastWritten] => pair[1] !== undefined)
  for (let i = 0; i < remembered.length; i += 400) {
    const chunk = remembered.slice(i, i + 400)
    const found = await db
      .selectFrom('analytics_event')
      .select(['v', 't'])
      .where('t', 'in', [...new Set(chunk.map(([, last]) => last.t))])
      .where(
        'v',
        'in',
        chunk.map(([v]) => v),
      )
      .execute()
    const stored = new Set(found.map((row) => `${Number(row.v)}:${Number(row.t)}`))
    for (const [v, last] of chunk) if (!stored.has(`${v}:${last.t}`)) lastWritten.delete(v)
  }
}

/** Encode and insert a batch in one transaction. */
export async function writeEvents(db: Kysely<Database>, batch: PendingEvent[]): Promise<void> {
  const zone = await siteZone()
  await forgetDeleted(db, batch)
  // Decided against the visitors' events written before and earlier in the batch; remembered
  // once the batch is stored (a lost batch leaves no visit to continue).
  const seen = new Map<number, LastWritten>()
  const events = batch.map((e) => {
    const last = seen.get(e.v) ?? lastWritten.get(e.v)
    const day = Math.floor(zone.local(e.t) / DAY_S)
    const continued = continuesVisit(e.t, day, last)
    if (!last || e.t >= last.t) seen.set(e.v, { t: e.t, day, next: 0 })
    if (!continued) return e
    return {
      ...e,
      // A page view's referrer is its visit's; another event's ref is its own (ADR 103).
      referrer: e.kind === EVENT_KIND.pageview ? null : e.referrer,
      source: null,
      medium: null,
      campaign: null,
      country: null,
      device: null,
      browser: null,
      os: null,
    }
  })
  const wanted: { kind: DictKind; value: string }[] = []
  const add = (kind: DictKind, value: string | null) => {
    if (value !== null) wanted.push({ kind, value })
  }
  for (const e of events) {
    add(DICT.path, e.path)
    add(refKind(e.kind), e.referrer)
    add(DICT.source, e.source)
    add(DICT.medium, e.medium)
    add(DICT.campaign, e.campaign)
    add(DICT.browser, e.browser)
    add(DICT.os, e.os)
  }
  // An event is keyed by (t, v, id) (ADR 122): a visitor's events of one second are numbered
  // 0, 1… (SQLite stores 0 in no byte), from where this process left that second.
  const next = new Map<string, number>()
  const idOf = (t: number, v: number) => {
    const key = `${v}:${t}`
    const last = lastWritten.get(v)
    const n = next.get(key) ?? (last?.t === t ? last.next : 0)
    next.set(key, n + 1)
    return n
  }
  await db.transaction().execute(async (trx) => {
    const ids = await dictIds(trx, wanted, {
      capNew: true,
      now: events[0]?.t ? events[0].t * 1000 : undefined,
    })
    const id = (kind: DictKind, value: string | null) =>
      value === null ? null : (ids.get(dictKey(kind, value)) ?? null)
    const rows = events.map((e) => ({
      id: idOf(e.t, e.v),
      t: e.t,
      v: e.v,
      kind: e.kind,
      path: id(DICT.path, e.path) ?? 0,
      ref: id(refKind(e.kind), e.referrer),
      src: id(DICT.source, e.source),
      med: id(DICT.medium, e.medium),
      camp: id(DICT.campaign, e.campaign),
      country: e.country,
      device: e.device,
      browser: id(DICT.browser, e.browser),
      os: id(DICT.os, e.os),
    }))
    // 13 columns × 70 rows stays under SQLite's bound on parameters. An event whose key is
    // taken (another process wrote that visitor's second, or an earlier second came late)
    // takes a random id above the numbered ones instead: no batch fails on it (ADR 122).
    for (let i = 0; i < rows.length; i += 70) {
      const chunk = rows.slice(i, i + 70)
      const stored = await trx
        .insertInto('analytics_event')
        .values(chunk)
        .onConflict((oc) => oc.doNothing())
        .returning(['t', 'v', 'id'])
        .execute()
      if (stored.length === chunk.length) continue
      const got = new Set(stored.map((r) => `${r.t}:${r.v}:${r.id}`))
      const clashed = chunk
        .filter((r) => !got.has(`${r.t}:${r.v}:${r.id}`))
        .map((r) => ({ ...r, id: CLASH_ID_FROM + randomInt(CLASH_IDS) }))
      await trx
        .insertInto('analytics_event')
        .values(clashed)
        .onConflict((oc) => oc.doNothing())
        .execute()
    }
  })
  for (const [v, last] of seen)
    lastWritten.set(v, { ...last, next: next.get(`${v}:${last.t}`) ?? 0 })
  if (lastWritten.size > LAST_WRITTEN_SWEEP) {
    const newest = Math.max(...[...seen.values()].map((l) => l.t))
    for (const [v, last] of lastWritten) if (newest - last.t > VISIT_GAP_S) lastWritten.delete(v)
  }
}

// ---------------------------------------------------------------------------------------------
// State (analytics_state) and settings.

export async function readState(
  key: string,
  db: Kysely<Database> = getDb(),
): Promise<string | undefined> {
  const row = await db
    .selectFrom('analytics_state')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst()
  return row?.value
}

export async function writeState(
  key: string,
  value: string,
  db: Kysely<Database> = getDb(),
): Promise<void> {
  await db
    .insertInto('analytics_state')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute()
}

// The statistics settings are a settings document (key 'statistics' of the settings table, like
// 'mail'), so saving them is a content write: the legal page that describes them is rendered
// again, other app servers hear of it, and they are read through the generation cache like the
// site settings (ADR 080). Settings saved before that, in analytics_state, are still read.
const STATS_SETTINGS_ID = 'statistics'

async function readStatsSettings(db: Kysely<Database>): Promise<StatsSettings> {
  const stored =
    (await readDocument('settings', STATS_SETTINGS_ID, db)) ??
    parseJson<unknown>(await readState('settings', db), undefined)
  // Nothing stored, or an unreadable row, counts as the defaults.
  const parsed = StatsSettingsSchema.safeParse(stored)
  return parsed.success ? parsed.data : DEFAULT_STATS_SETTINGS
}

const cachedStatsSettings = cachedRead('statistics-settings', () => readStatsSettings(getDb()))

/** Read on every event: once per content generation, or straight from `db` when given. */
export function getStatsSettings(db?: Kysely<Database>): Promise<StatsSettings> {
  return db ? readStatsSettings(db) : cachedStatsSettings()
}

export async function saveStatsSettings(
  value: StatsSettings,
  db: Kysely<Database> = getDb(),
): Promise<void> {
  await writeDocument('settings', STATS_SETTINGS_ID, value, db)
}

// ---------------------------------------------------------------------------------------------
// Retention: raw events older than the setting (25 months by default) go; rollups stay.

/** Days from the purge's edge looked at visit by visit (`purgeVisitsBefore`). */
const VISIT_EDGE_DAYS = 3

/**
 * Deletes the visit rows (ADR 103) of visits that started before `before`, with their pages.
 * A visit's id is its local day's: days two before `before`'s UTC day are wholly older (a time
 * zone is at most 14 hours off), the two at the edge are looked at visit by visit.
 */
async function purgeVisitsBefore(db: Kysely<Database>, before: number): Promise<void> {
  const edge = Math.floor(before / DAY_S) - 1
  await deleteVisits(db, 0, edge)
  // The rollups under a filter go with the visit rows they stand for (ADR 112), and a month's
  // as soon as one of its days may lose visits (ADR 128).
  await deleteFilterRollupsBefore(db, edge)
  await deleteFilterMonthsBefore(db, edge + VISIT_EDGE_DAYS)
  const ids = (
    await db
      .selectFrom('analytics_visit')
      .select('id')
      .where('id', '>=', firstVisitId(edge))
      .where('id', '<', firstVisitId(edge + VISIT_EDGE_DAYS))
      .where('t', '<', before)
      .execute()
  ).map((row) => Number(row.id))
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500)
    await db.deleteFrom('analytics_visit_page').where('visit', 'in', chunk).execute()
    await db.deleteFrom('analytics_visit').where('id', 'in', chunk).execute()
  }
}

/** The purge's cut-off in Unix seconds: events before it go. */
function retentionCutoff(months: number, now: number): number {
  const cutoff = new Date(now)
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months)
  return Math.floor(cutoff.getTime() / 1000)
}

/** The first day whose visit rows the purge at `now` leaves whole (ADR 128). */
export function keptFromDay(months: number, now = Date.now()): number {
  return Math.floor(retentionCutoff(months, now) / DAY_S) - 1 + VISIT_EDGE_DAYS
}

/** Deletes raw events older than `months` months; returns how many went. */
export async function purgeEventsOlderThan(
  months: number,
  now = Date.now(),
  db: Kysely<Database> = getDb(),
): Promise<number> {
  const before = retentionCutoff(months, now)
  const result = await db.deleteFrom('analytics_event').where('t', '<', before).executeTakeFirst()
  await purgeVisitsBefore(db, before)
  // The counts of ignored events (ADR 084) go with the events of their time.
  const old = await db
    .selectFrom('analytics_state')
    .select('key')
    .where('key', 'like', `${IGNORED_PREFIX}%`)
    .execute()
  const expired = old
    .map((row) => row.key)
    .filter((key) => Number(key.slice(IGNORED_PREFIX.length)) < before)
  if (expired.length) await db.deleteFrom('analytics_state').where('key', 'in', expired).execute()
  return Number(result.numDeletedRows)
}
