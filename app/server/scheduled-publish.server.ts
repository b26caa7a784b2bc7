// Scheduled posts (ADR 020) meet the page cache and the read caches (ADR 026, ADR 027):
// a post dated in the future becomes public at its time through a content-generation bump,
// so no cached list, RSS feed or sitemap outlives its publish date and no restart is needed.
import { getDatabaseHandle, getDb } from './db/client.server.ts'
import { onContentGeneration, scheduleContentChange } from './cache/generation.server.ts'
import { log } from './log.server.ts'

/** The earliest publish date still ahead of a post that is not a draft, if any. */
export async function nextScheduledPublishAt(now: Date = new Date()): Promise<Date | undefined> {
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
  if (!getDatabaseHandle()) return
  try {
    const next = await nextScheduledPublishAt()
    if (next) scheduleContentChange(next)
  } catch (error) {
    log.warn('scheduled publishing: next date unreadable', { error: String(error) })
  }
}

let unsubscribe: (() => void) | undefined
let arming: Promise<void> = Promise.resolve()

/** Resolves once the latest arming (a read of the next date) is done (tests). */
export function scheduledPublishingArmed(): Promise<void> {
  return arming
}

/**
 * Start-up hook: arm the timer now and again after every content write or bump. Returns the
 * function that stops listening (tests).
 */
export function startScheduledPublishing(): () => void {
  unsubscribe?.()
  const stop = onContentGeneration(() => {
    arming = arm()
  })
  unsubscribe = stop
  arming = arm()
  return stop
}
