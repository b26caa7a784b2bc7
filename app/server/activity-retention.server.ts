// Activity log retention (GDPR; issue 6): entries older than ACTIVITY_RETENTION_DAYS
// (default 365) are deleted at start-up and then once a day while the process runs.
import type { Env } from './env.server.ts'
import { log } from './log.server.ts'
import { purgeActivityOlderThan } from './repositories/activity.server.ts'

export const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000

let timer: ReturnType<typeof setInterval> | undefined

/** Deletes the expired entries once; returns how many went. Never throws (logged). */
export async function purgeExpiredActivity(days: number): Promise<number> {
  try {
    const removed = await purgeActivityOlderThan(days)
    if (removed > 0) log.info("Journal d'activité : entrées expirées supprimées", { removed, days })
    return removed
  } catch (error) {
    log.error("Journal d'activité : la purge a échoué", {
      error: error instanceof Error ? error.message : String(error),
    })
    return 0
  }
}

/** Start-up hook: purge now, then daily. The timer does not keep the process alive. */
export async function startActivityRetention(env: Env): Promise<void> {
  await purgeExpiredActivity(env.ACTIVITY_RETENTION_DAYS)
  stopActivityRetention()
  timer = setInterval(() => {
    void purgeExpiredActivity(env.ACTIVITY_RETENTION_DAYS)
  }, RETENTION_INTERVAL_MS)
  timer.unref()
}

export function stopActivityRetention(): void {
  if (timer) clearInterval(timer)
  timer = undefined
}
