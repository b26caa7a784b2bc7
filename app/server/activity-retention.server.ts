// Activity log retention (GDPR; issue 6): entries older than ACTIVITY_RETENTION_DAYS
// (default 365) are deleted at start-up and then once a day while the process runs.
import type { Env } from './env.server.ts'
import { purgeActivityOlderThan } from './repositories/activity.server.ts'
import { dailyRetention, purgeExpired, type Retention } from './retention.server.ts'

const activity = (days: number): Retention => ({
  purge: () => purgeActivityOlderThan(days),
  purged: "Journal d'activité : entrées expirées supprimées",
  failed: "Journal d'activité : la purge a échoué",
})

/** Deletes the expired entries once; returns how many went. Never throws (logged). */
export function purgeExpiredActivity(days: number): Promise<number> {
  return purgeExpired(activity(days), days)
}

let days = 365
const daily = dailyRetention(
  () => activity(days),
  () => days,
)

/** Start-up hook: purge now, then daily. The timer does not keep the process alive. */
export async function startActivityRetention(env: Env): Promise<void> {
  days = env.ACTIVITY_RETENTION_DAYS
  await daily.start()
}

export function stopActivityRetention(): void {
  daily.stop()
}
