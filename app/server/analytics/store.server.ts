// Storage of the statistics (ADRs 072, 073): the daily salt, the dictionary of strings, the
// batching writer that takes events off the request path, the settings and the retention purge.
import { createHmac, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import {
  DEFAULT_STATS_SETTINGS,
  StatsSettingsSchema,
  type StatsSettings,
} from '#app/domain/analytics.ts'
import { cachedRead } from '../cache/generation.server.ts'
import { getDatabaseHandle, getDb } from '../db/client.server.ts'
import type { Database } from '../db/schema.server.ts'
import { readDocument, writeDocument } from '../db/documents.server.ts'
import { parseJson } from '../db/util.server.ts'
import { log } from '../core/log.server.ts'
import { getCache } from '../cache/caches.server.ts'

const DAY_S = 86_400

/** Unix day number (UTC) of a time in milliseconds. */
export function dayOf(ms: number): number {
  return Math.floor(ms / 1000 / DAY_S)
}

// ---------------------------------------------------------------------------------------------
// Salt: random, one per UTC day; older days' salts are deleted as soon as a new day's exists,
// so nobody (the owner included) can recompute an earlier day's hashes or link two days.

let saltCache: { day: number; key: Buffer } | undefined

/** Forget the cached salt (tests, a database switch). */
export function resetSaltCache(): void {
  saltCache = undefined
}

/** The salt of `day`, created when missing; every earlier day's salt is deleted. */
export async function saltOf(day: number, db: Kysely<Database> = getDb()): Promise<Buffer> {
  if (saltCache?.day === day) return saltCache.key
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
 * The visitor of the day: a keyed hash (HMAC-SHA-256, key = the day's salt) of the site, the
 * address and the user agent, cut to 48 bits (exact in a JavaScript number, 6 bytes in SQLite).
 * The address itself is never stored.
 */
export function visitorHash(salt: Buffer, site: string, ip: string, userAgent: string): number {
  const digest = createHmac('sha256', salt).update(`${site}\n${ip}\n${userAgent}`).digest()
  return digest.readUIntBE(0, 6)
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
} as const
export type DictKind = (typeof DICT)[keyof typeof DICT]

const DICT_CACHE_MAX = 20_000
const dictCache = getCache<string, number>('analytics-dictionary', { max: DICT_CACHE_MAX })

/** Ids of the given (kind, value) pairs, inserting the new ones. */
export async function dictIds(
  db: Kysely<Database>,
  wanted: { kind: DictKind; value: string }[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>()
  const missing = new Map<string, { kind: DictKind; value: string }>()
  for (const w of wanted) {
    const key = `${w.kind}\u0000${w.value}`
    const id = dictCache.get(key)
    if (id !== undefined) out.set(key, id)
    else missing.set(key, w)
  }
  if (missing.size === 0) return out
  const pairs = [...missing.values()]
  for (let i = 0; i < pairs.length; i += 200) {
    const chunk = pairs.slice(i, i + 200)
    await db
      .insertInto('analytics_dict')
      .values(chunk)
      .onConflict((oc) => oc.columns(['kind', 'value']).doNothing())
      .execute()
    const rows = await db
      .selectFrom('analytics_dict')
      .select(['id', 'kind', 'value'])
      .where((eb) =>
        eb.or(chunk.map((p) => eb.and([eb('kind', '=', p.kind), eb('value', '=', p.value)]))),
      )
      .execute()
    for (const row of rows) {
      const key = `${row.kind}\u0000${row.value}`
      out.set(key, Number(row.id))
      dictCache.set(key, Number(row.id))
    }
  }
  return out
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
  if (!timer) {
    timer = setTimeout(() => void flushEvents(), FLUSH_EVERY_MS)
    timer.unref()
  }
  // Stopped, and flushed, by the database's close() (ADR 063).
  unregister ??= getDatabaseHandle()?.beforeClose(stopWriter)
  return true
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

/** Encode and insert a batch in one transaction. */
export async function writeEvents(db: Kysely<Database>, batch: PendingEvent[]): Promise<void> {
  const wanted: { kind: DictKind; value: string }[] = []
  const add = (kind: DictKind, value: string | null) => {
    if (value !== null) wanted.push({ kind, value })
  }
  for (const e of batch) {
    add(DICT.path, e.path)
    add(e.kind === 3 ? DICT.target : DICT.referrer, e.referrer)
    add(DICT.source, e.source)
    add(DICT.medium, e.medium)
    add(DICT.campaign, e.campaign)
    add(DICT.browser, e.browser)
    add(DICT.os, e.os)
  }
  await db.transaction().execute(async (trx) => {
    const ids = await dictIds(trx, wanted)
    const id = (kind: DictKind, value: string | null) =>
      value === null ? null : (ids.get(`${kind}\u0000${value}`) ?? null)
    const rows = batch.map((e) => ({
      t: e.t,
      v: e.v,
      kind: e.kind,
      path: id(DICT.path, e.path) ?? 0,
      ref: id(e.kind === 3 ? DICT.target : DICT.referrer, e.referrer),
      src: id(DICT.source, e.source),
      med: id(DICT.medium, e.medium),
      camp: id(DICT.campaign, e.campaign),
      country: e.country,
      device: e.device,
      browser: id(DICT.browser, e.browser),
      os: id(DICT.os, e.os),
    }))
    // 13 columns × 70 rows stays under SQLite's bound on parameters.
    for (let i = 0; i < rows.length; i += 70)
      await trx
        .insertInto('analytics_event')
        .values(rows.slice(i, i + 70))
        .execute()
  })
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

/** Deletes raw events older than `months` months; returns how many went. */
export async function purgeEventsOlderThan(
  months: number,
  now = Date.now(),
  db: Kysely<Database> = getDb(),
): Promise<number> {
  const cutoff = new Date(now)
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months)
  const result = await db
    .deleteFrom('analytics_event')
    .where('t', '<', Math.floor(cutoff.getTime() / 1000))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
