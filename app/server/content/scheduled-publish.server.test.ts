// A scheduled post's publish date bumps the content generation at that time (ADRs 020, 026),
// so the page cache and the read caches cannot keep a list that predates it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { contentGeneration } from '../cache/generation.server.ts'
import { createBlogPost } from '../repositories/blog.server.ts'
import { saveTranslation } from '../repositories/translations.server.ts'
import {
  nextScheduledPublishAt,
  scheduledPublishingArmed,
  startScheduledPublishing,
} from './scheduled-publish.server.ts'
import { makeBlogPost } from '../demo/factories.server.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { getDb, setDatabase } from '../db/client.server.ts'
import { log } from '../core/log.server.ts'

/** Armed at 10:00 for a post due at 10:05: nothing at 10:04, a new generation just after 10:05. */
async function expectBumpAfterFiveMinutes() {
  const stop = startScheduledPublishing()
  await scheduledPublishingArmed()
  const before = contentGeneration()
  await vi.advanceTimersByTimeAsync(4 * 60_000)
  expect(contentGeneration()).toBe(before)
  await vi.advanceTimersByTimeAsync(60_000 + 10)
  expect(contentGeneration()).toBeGreaterThan(before)
  await stop()
}

describe('scheduled publishing', () => {
  const database = useTestDatabase()
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }))
  afterEach(() => vi.useRealTimers())

  it('finds the earliest future publish date of a post that is not a draft', async () => {
    const now = new Date('2030-01-01T10:00:00.000Z')
    vi.setSystemTime(now)
    await createBlogPost(
      makeBlogPost({ status: 'published', publishedAt: '2030-01-03T10:00:00.000Z' }),
    )
    await createBlogPost(
      makeBlogPost({ status: 'published', publishedAt: '2030-01-02T10:00:00.000Z' }),
    )
    await createBlogPost(makeBlogPost({ status: 'draft', publishedAt: '2030-01-01T11:00:00.000Z' }))
    await createBlogPost(
      makeBlogPost({ status: 'published', publishedAt: '2029-12-31T10:00:00.000Z' }),
    )
    expect((await nextScheduledPublishAt(now))?.toISOString()).toBe('2030-01-02T10:00:00.000Z')
  })

  it('bumps the content generation when the publish time comes', async () => {
    vi.setSystemTime(new Date('2030-01-01T10:00:00.000Z'))
    await createBlogPost(
      makeBlogPost({ status: 'published', publishedAt: '2030-01-01T10:05:00.000Z' }),
    )
    await expectBumpAfterFiveMinutes()
  })

  // ADR 077: a post's English version scheduled on its own drops the cached pages at its time.
  it('bumps the content generation when a scheduled English version’s time comes', async () => {
    vi.setSystemTime(new Date('2030-01-01T10:00:00.000Z'))
    const post = await createBlogPost(
      makeBlogPost({ status: 'published', publishedAt: '2029-01-01T10:00:00.000Z' }),
    )
    await saveTranslation('post', post.id, 'en', {
      title: 'English',
      content: 'Body',
      status: 'published',
      publishedAt: '2030-01-01T10:05:00.000Z',
    })
    await expectBumpAfterFiveMinutes()
  })

  // A timer outliving its database fired into the next one (the next test's, or nothing at
  // shutdown) and its re-arming read met a destroyed driver.
  it('stops with its database: the armed timer never fires after close, no read meets it closed', async () => {
    vi.setSystemTime(new Date('2030-01-01T10:00:00.000Z'))
    await createBlogPost(
      makeBlogPost({ status: 'published', publishedAt: '2030-01-01T10:05:00.000Z' }),
    )
    const warn = vi.spyOn(log, 'warn')
    startScheduledPublishing()
    await scheduledPublishingArmed()
    // A write right before the teardown: its re-arming read is still in flight at close.
    await createBlogPost(makeBlogPost({ status: 'draft' }))
    // What the test teardown (and the server's shutdown, through closeDatabase) does.
    setDatabase(undefined)
    await database.current.close()
    const closedAt = contentGeneration()
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(contentGeneration()).toBe(closedAt)
    expect(warn).not.toHaveBeenCalled()
    warn.mockRestore()
  })

  // ADR 033: with several app servers each one arms its own timer; "fires once" holds because
  // the publish time has no side effect to repeat: nothing is written, only caches drop.
  it('writes nothing at the publish time (no side effect for several servers to repeat)', async () => {
    vi.setSystemTime(new Date('2030-01-01T10:00:00.000Z'))
    await createBlogPost(
      makeBlogPost({ status: 'published', publishedAt: '2030-01-01T10:05:00.000Z' }),
    )
    const snapshot = async () => {
      const db = getDb()
      const tables = ['blog_posts', 'activity_logs', 'outbox', 'messages'] as const
      const out: Record<string, unknown> = {}
      for (const table of tables) out[table] = await db.selectFrom(table).selectAll().execute()
      return out
    }
    const stop = startScheduledPublishing()
    await scheduledPublishingArmed()
    const before = await snapshot()
    const generation = contentGeneration()
    await vi.advanceTimersByTimeAsync(5 * 60_000 + 10)
    expect(contentGeneration()).toBeGreaterThan(generation)
    expect(await snapshot()).toEqual(before)
    await stop()
  })
})
