// Data kept for a limited time (GDPR): each kind of record is purged at start-up and then once
// a day while the process runs, by a retention of its own (the activity log, the e-mail
// outbox). A purge that fails is logged and tried again the next day; it never stops start-up.
import { getDatabaseHandle } from '../db/client.server.ts'
import type { Env } from './env.server.ts'
import { log } from './log.server.ts'

const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000

export interface RetentionKind {
  /** Deletes what is older than `days` days; returns how many records went. */
  purge(days: number): Promise<number>
  /** The number of days, from the configuration. */
  days(env: Env): number
  /** Log lines (French, as every log line). */
  purged: string
  failed: string
}

/**
 * A kind's purge (once; never throws, logged) and its start-up hook (purge now, then daily;
 * the timer does not keep the process alive).
 */
export function retention(kind: RetentionKind) {
  let timer: ReturnType<typeof setInterval> | undefined
  let unregister: (() => void) | undefined
  let purging: Promise<unknown> = Promise.resolve()
  const purge = (days: number): Promise<number> => {
    const run = (async () => {
      try {
        const removed = await kind.purge(days)
        if (removed > 0) log.info(kind.purged, { removed, days })
        return removed
      } catch (error) {
        log.error(kind.failed, { error: error instanceof Error ? error.message : String(error) })
        return 0
      }
    })()
    purging = run
    return run
  }
  /** Clears the daily timer and waits for a purge in flight (the database closes next). */
  const stop = async (): Promise<void> => {
    if (timer) clearInterval(timer)
    timer = undefined
    unregister?.()
    unregister = undefined
    await purging
  }
  const start = async (env: Env): Promise<void> => {
    const days = kind.days(env)
    await purge(days)
    await stop()
    timer = setInterval(() => void purge(days), RETENTION_INTERVAL_MS)
    timer.unref()
    // Stopped by the database's close(), before it closes.
    unregister = getDatabaseHandle()?.beforeClose(stop)
  }
  return { purge, start, stop }
}
