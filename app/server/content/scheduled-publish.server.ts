// Scheduled posts (ADR 020) meet the page cache and the read caches (ADR 026, ADR 027):
// a post dated in the future becomes public at its time through a content-generation bump,
// so no cached list, RSS feed or sitemap outlives its publish date and no restart is needed.
// A post's English version scheduled on its own (ADR 077) counts the same way.
import { getDatabaseHandle, getDb } from '../db/client.server.ts'
import { nextEnglishPublishAt } from '../repositories/translations.server.ts'
import {
  cancelScheduledContentChange,
  onContentGeneration,
  scheduleContentChange,
} from '../cache/generation.server.ts'
import { log } from '../core/log.server.ts'

/**
 * The earliest publish date still ahead of a post that is not a draft, or of a post's English
 * version that is not a draft, if any.
 */
export async function nextScheduledPublishAt(now: Date = new Date()): Promise<Date | undefined> {
  const [french, english] = await Promise.all([nextFrenchPublishAt(now), nextEnglishPublishAt(now)])
  if (!french || !english) return french ?? english
  return french <= english ? french : english
}

async function nextFrenchPublishAt(now: Date): Promise<Date | undefined> {
  const row = await getDb()
    .selectFrom('blog_posts')
    .select('publishedAt')
    .where('status', '!=', 'draft')
    .where('publishedAt', '>', now.toISOString())
    .orderBy('publishedAt', 'asc')
    .limit(1)
    .executeTakeFirst()
  return row?.publishedAt ? new Date(row.publishedAt) : undefined
}

async function arm(): Promise<void> {
  // Closing the database bumps the generation too: nothing to arm then.
  const handle = getDatabaseHandle()
  if (!handle) return
  try {
    const next = await nextScheduledPublishAt()
    // A date read from a database that was replaced meanwhile is not this one's to arm.
    if (next && getDatabaseHandle() === handle) scheduleContentChange(next)
  } catch (error) {
    log.warn('scheduled publishing: next date unreadable', { error: String(error) })
  }
}

let unsubscribe: (() => void) | undefined
let unregister: (() => void) | undefined
let arming: Promise<void> = Promise.resolve()

/** Starts a read of the next date; `arming` waits for it and for every earlier one. */
function rearm(): void {
  const earlier = arming
  const latest = arm()
  arming = Promise.all([earlier, latest]).then(() => undefined)
}

/** Resolves once every arming started so far (a read of the next date) is done. */
export function scheduledPublishingArmed(): Promise<void> {
  return arming
}

/**
 * Stops listening, drops the armed timer and waits for a read in flight: run by the database's
 * `close()` before it closes, so no timer outlives it and no read meets a closed database.
 */
async function stopScheduledPublishing(): Promise<void> {
  unsubscribe?.()
  unsubscribe = undefined
  unregister?.()
  unregister = undefined
  // After the reads in flight: one of them may have armed a timer meanwhile.
  await arming
  cancelScheduledContentChange()
}

/**
 * Start-up hook: arm the timer now and again after every content write or bump, until the
 * database closes. Returns the function that stops it (tests).
 */
export function startScheduledPublishing(): () => Promise<void> {
  unsubscribe?.()
  unregister?.()
  unsubscribe = onContentGeneration(rearm)
  unregister = getDatabaseHandle()?.beforeClose(stopScheduledPublishing)
  rearm()
  return stopScheduledPublishing
}
