// Activity log retention (GDPR data minimisation): entries older than ACTIVITY_RETENTION_DAYS
// (default 365) are deleted at start-up and then once a day while the process runs.
import { purgeActivityOlderThan } from '../repositories/activity.server.ts'
import { retention } from '../core/retention.server.ts'

/** `purge` deletes the expired entries once (returns how many went, never throws); `start` is the start-up hook (purge now, then daily). */
export const activityRetention = retention({
  purge: (days) => purgeActivityOlderThan(days),
  days: (env) => env.ACTIVITY_RETENTION_DAYS,
  purged: "Journal d'activité : entrées expirées supprimées",
  failed: "Journal d'activité : la purge a échoué",
})
