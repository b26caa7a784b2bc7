// The statistics' background work (ADR 072), started after migration and stopped by the
// database's close() (ADR 063): the rollups brought up to date every few minutes, raw events
// purged past the retention setting once a day, the day's salt dropped when the day ends
// (ADR 084), and the optional weekly summary e-mail.
import type { Kysely } from 'kysely'
import { StatsQuerySchema } from '#app/domain/analytics.ts'
import { getDatabaseHandle, getDb } from '../db/client.server.ts'
import type { Database } from '../db/schema.server.ts'
import { log } from '../core/log.server.ts'
import { queueStatsSummary } from '../mail/mail.server.ts'
import { buildReport } from './report.server.ts'
import { buildFilterMonths } from './filter-month.server.ts'
import { refreshRollups } from './rollup.server.ts'
import {
  expireSalts,
  flushEvents,
  getStatsSettings,
  purgeEventsOlderThan,
  purgeUnusedDictionary,
  readState,
  writeState,
} from './store.server.ts'
import { flushVitals, purgeVitalsOlderThan } from './vitals.server.ts'
import { sendMonthlySummary } from './monthly.server.ts'

const ROLLUP_EVERY_MS = 5 * 60_000
/**
 * Monthly rows under a filter are built a little at a time (ADR 128): at most FILTER_MONTH_MS of
 * work each FILTER_MONTH_EVERY_MS, a few percent of a core until every month is built.
 */
const FILTER_MONTH_EVERY_MS = 60_000
const FILTER_MONTH_MS = 2_000
const PURGE_EVERY_MS = 24 * 60 * 60_000
/** The day's salt is gone within this long after the day ends, events or not (ADR 084). */
const SALT_CHECK_EVERY_MS = 60_000
const WEEK_S = 7 * 86_400

/** Purges raw events past the retention setting; never throws (logged). */
export async function purgeExpiredEvents(
  now = Date.now(),
  db: Kysely<Database> = getDb(),
): Promise<number> {
  try {
    const { retentionMonths } = await getStatsSettings(db)
    const removed = await purgeEventsOlderThan(retentionMonths, now, db)
    // Page speed measures go at the same cut-off (ADR 096).
    await purgeVitalsOlderThan(retentionMonths, now, db)
    if (removed > 0)
      log.info('Statistiques : événements expirés supprimés', { removed, retentionMonths })
    return removed
  } catch (error) {
    log.error('Statistiques : la purge a échoué', {
      error: error instanceof Error ? error.message : String(error),
    })
    return 0
  }
}

/**
 * Deletes the dictionary values no event or rollup uses any more (ADR 084); never throws
 * (logged). Run after the events' purge, in the background.
 */
export async function purgeDictionary(
  now = Date.now(),
  db: Kysely<Database> = getDb(),
): Promise<number> {
  try {
    const removed = await purgeUnusedDictionary(now, db)
    if (removed > 0) log.info('Statistiques : valeurs inutilisées supprimées', { removed })
    return removed
  } catch (error) {
    log.error('Statistiques : la purge du dictionnaire a échoué', {
      error: error instanceof Error ? error.message : String(error),
    })
    return 0
  }
}

const int = (n: number) => n.toLocaleString('fr-FR')

/** Queues the weekly summary when it is on and a week has passed since the last one. */
export async function sendWeeklySummary(
  now = Date.now(),
  db: Kysely<Database> = getDb(),
): Promise<boolean> {
  const settings = await getStatsSettings(db)
  if (!settings.weeklyEmail) return false
  const last = Number(await readState('weeklyEmailAt', db))
  const nowS = Math.floor(now / 1000)
  if (Number.isFinite(last) && last > 0 && nowS - last < WEEK_S) return false
  // Claimed first: two app servers never both send it.
  await writeState('weeklyEmailAt', String(nowS), db)
  await refreshRollups(now, db)
  const report = await buildReport(StatsQuerySchema.parse({ period: '7d' }), now, db)
  const top = report.panels.page.slice(0, 3).map((p) => p.title ?? p.label)
  const lines = [
    `${int(report.totals.visitors)} visiteurs (semaine précédente : ${int(report.previous.visitors)})`,
    `${int(report.totals.pageviews)} pages vues`,
    ...report.goals.map((g) => `${g.label} : ${int(g.visitors)}`),
    ...(top.length ? [`Pages les plus lues : ${top.join(', ')}`] : []),
  ]
  await queueStatsSummary(db, lines, new Date(now))
  return true
}

let timers: ReturnType<typeof setInterval>[] = []
let unregister: (() => void) | undefined
let running: Promise<unknown> = Promise.resolve()

function every(ms: number, work: () => Promise<unknown>) {
  const timer = setInterval(() => {
    running = running.then(work).catch((error: unknown) =>
      log.warn('Statistiques : tâche de fond en échec', {
        error: error instanceof Error ? error.message : String(error),
      }),
    )
  }, ms)
  timer.unref()
  timers.push(timer)
}

/** Start-up hook: purge now, then the timers. */
export async function startStatistics(): Promise<void> {
  await stopStatistics()
  await purgeExpiredEvents()
  await expireSalts()
  every(SALT_CHECK_EVERY_MS, () => expireSalts())
  every(ROLLUP_EVERY_MS, async () => {
    await refreshRollups()
    await sendWeeklySummary()
    await sendMonthlySummary()
  })
  every(FILTER_MONTH_EVERY_MS, () =>
    buildFilterMonths(Date.now(), getDb(), { budgetMs: FILTER_MONTH_MS }),
  )
  every(PURGE_EVERY_MS, async () => {
    await purgeExpiredEvents()
    await purgeDictionary()
  })
  unregister = getDatabaseHandle()?.beforeClose(stopStatistics)
  // Not awaited: a large event table is read in slices while the site starts answering.
  running = running.then(() => purgeDictionary())
}

/** Stops the timers, waits for work in flight and writes the queued events. */
export async function stopStatistics(): Promise<void> {
  for (const timer of timers) clearInterval(timer)
  timers = []
  unregister?.()
  unregister = undefined
  await running
  await flushEvents()
  await flushVitals()
}
