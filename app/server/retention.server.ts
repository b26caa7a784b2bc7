// Data kept for a limited time (GDPR): each kind of record is purged at start-up and then once
// a day while the process runs, by a `Retention` of its own (the activity log, the e-mail
// outbox). A purge that fails is logged and tried again the next day; it never stops start-up.
import { log } from './log.server.ts'

export const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000

export interface Retention {
  /** Deletes what expired; returns how many records went. */
  purge(): Promise<number>
  /** Log lines (French, as every log line). */
  purged: string
  failed: string
}

/** Runs one purge; never throws (logged). */
export async function purgeExpired(retention: Retention, days: number): Promise<number> {
  try {
    const removed = await retention.purge()
    if (removed > 0) log.info(retention.purged, { removed, days })
    return removed
  } catch (error) {
    log.error(retention.failed, {
      error: error instanceof Error ? error.message : String(error),
    })
    return 0
  }
}

/** Purges now, then daily until `stop` (the timer does not keep the process alive). */
export function dailyRetention(retention: () => Retention, days: () => number) {
  let timer: ReturnType<typeof setInterval> | undefined
  const stop = () => {
    if (timer) clearInterval(timer)
    timer = undefined
  }
  const start = async () => {
    await purgeExpired(retention(), days())
    stop()
    timer = setInterval(() => void purgeExpired(retention(), days()), RETENTION_INTERVAL_MS)
    timer.unref()
  }
  return { start, stop }
}
