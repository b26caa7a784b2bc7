// The content generation (ADR 026) on a real temporary database: bumped by content writes of
// this process (Kysely plugin, transactions) and of other connections (data_version), not by
// the activity log or visitors' messages; reads cached per generation.
import { DatabaseSync } from 'node:sqlite'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { openDatabase } from '#app/server/db/client.server.ts'
import {
  makeBlogPost,
  makeMediaItem,
  makeProject,
  makeSettings,
  makeTimelineItem,
} from '#app/server/demo/factories.server.ts'
import {
  createMediaItem,
  listMedia,
  updateMediaItem,
} from '#app/server/repositories/media.server.ts'
import {
  createTimelineItem,
  listTimeline,
  updateTimelineItem,
} from '#app/server/repositories/timeline.server.ts'
import { addActivity } from '#app/server/repositories/activity.server.ts'
import { createMessage } from '#app/server/repositories/messages.server.ts'
import {
  createBlogPost,
  getBlogPostPage,
  listBlogCategories,
  listBlogPosts,
  listBlogTags,
  updateBlogPost,
} from '#app/server/repositories/blog.server.ts'
import {
  createProject,
  getProject,
  getProjectContentHtml,
  listProjects,
  updateProject,
} from '#app/server/repositories/projects.server.ts'
import { getSiteSettings, updateSettings } from '#app/server/repositories/settings.server.ts'
import { TEST_POSTGRES, useTestDatabase } from '../../../tests/fixtures/db.ts'
import { isContentWrite } from './content-writes.server.ts'
import {
  bumpContentGeneration,
  cachedRead,
  cachedReadByKey,
  contentGeneration,
  contentGenerationThisTurn,
  externalChangesArriveAsEvents,
  requestArrived,
  cancelScheduledContentChange,
  scheduleContentChange,
  shareProbeBetweenRequests,
} from './generation.server.ts'

const database = useTestDatabase()

/** A commit through a plain connection, as another process (a CLI script) would make it. */
function writeSiteName(other: DatabaseSync, siteName: string) {
  other
    .prepare(`INSERT OR REPLACE INTO settings (id, data, "updatedAt") VALUES ('main', ?, NULL)`)
    .run(JSON.stringify(makeSettings({ siteName })))
}

describe('content generation', () => {
  it('moves on a content write, in a transaction too, and not on a read', async () => {
    const start = contentGeneration()
    await getSiteSettings()
    expect(contentGeneration()).toBe(start)
    await createProject(makeProject({ title: 'Projet compté' }))
    const afterInsert = contentGeneration()
    expect(afterInsert).toBeGreaterThan(start)
    await updateSettings(makeSettings({ siteName: 'Nouveau nom' }))
    expect(contentGeneration()).toBeGreaterThan(afterInsert)
  })

  it('does not move for the activity log or a visitor message', async () => {
    const start = contentGeneration()
    await addActivity({
      userId: '',
      userName: 'Visiteur',
      action: 'access',
      resourceType: 'admin',
      resourceId: '/',
      resourceName: 'Accueil',
      details: 'Page vue',
    })
    await createMessage({ name: 'Léa', email: 'lea@exemple.fr', message: 'Bonjour, un message.' })
    expect(contentGeneration()).toBe(start)
  })

  // SQLite only: PostgreSQL's cross-process signal is tested in the cluster tests (ADR 034).
  it.skipIf(TEST_POSTGRES)(
    'sees a commit made by another connection to the same file',
    async () => {
      // A synchronous probe (PRAGMA data_version): hits need not wait for the poll phase.
      expect(externalChangesArriveAsEvents()).toBe(false)
      const start = contentGeneration()
      const other = openDatabase(database.current.file)
      try {
        await other.db
          .insertInto('settings')
          .values({
            id: 'main',
            data: JSON.stringify(makeSettings({ siteName: 'Écrit ailleurs' })),
            updatedAt: null,
          })
          .execute()
        expect(contentGeneration()).toBeGreaterThan(start)
        expect((await getSiteSettings()).siteName).toBe('Écrit ailleurs')
      } finally {
        await other.close()
      }
    },
  )

  // ADR 035: the page cache's hits share one data_version probe per event-loop turn.
  it.skipIf(TEST_POSTGRES)(
    'shares the check of other connections within a turn, sees their commits the next turn',
    async () => {
      const nextTurn = () => new Promise((resolve) => setImmediate(resolve))
      // A plain connection, as another process (a CLI script) would open: no plugin of ours.
      const other = new DatabaseSync(database.current.file)
      const writeElsewhere = (siteName: string) => writeSiteName(other, siteName)
      try {
        await nextTurn()
        const start = contentGenerationThisTurn()
        writeElsewhere('Écrit ailleurs')
        // Committed after this turn's check: not seen by the turn's later hits (a request read
        // in this turn was already waiting when the turn began)…
        expect(contentGenerationThisTurn()).toBe(start)
        // …but by the next turn's first one.
        await nextTurn()
        const seen = contentGenerationThisTurn()
        expect(seen).toBeGreaterThan(start)
        expect((await getSiteSettings()).siteName).toBe('Écrit ailleurs')
        // A write of this process counts at once, in the same turn too.
        await createProject(makeProject({ title: 'Écrit ici' }))
        const written = contentGenerationThisTurn()
        expect(written).toBeGreaterThan(seen)
        // The exact check (every other caller) sees another connection's commit at once.
        writeElsewhere('Encore ailleurs')
        const exact = contentGeneration()
        expect(exact).toBeGreaterThan(written)
        expect(contentGenerationThisTurn()).toBe(exact)
      } finally {
        other.close()
      }
    },
  )

  // ADR 046: in the server, cached reads share one data_version probe between request arrivals.
  it.skipIf(TEST_POSTGRES)(
    'shares the probe of cached reads until the next request arrives, which sees any earlier commit',
    async () => {
      const other = new DatabaseSync(database.current.file)
      const writeElsewhere = (siteName: string) => writeSiteName(other, siteName)
      shareProbeBetweenRequests()
      try {
        requestArrived()
        writeElsewhere('Avant la requête')
        // A request sent after another process's commit: its first read probes and sees it.
        requestArrived()
        expect((await getSiteSettings()).siteName).toBe('Avant la requête')
        // Committed after this request's shared probe: its later reads keep one view…
        writeElsewhere('Pendant la requête')
        expect((await getSiteSettings()).siteName).toBe('Avant la requête')
        // …and the next request sees it, in the same event-loop turn too.
        requestArrived()
        expect((await getSiteSettings()).siteName).toBe('Pendant la requête')
        // Without a new request, the next turn probes again (background work, timers).
        writeElsewhere('Tour suivant')
        await new Promise((resolve) => setImmediate(resolve))
        await new Promise((resolve) => setImmediate(resolve))
        expect((await getSiteSettings()).siteName).toBe('Tour suivant')
        // A write of this process counts at once.
        await updateSettings({ siteName: 'Écrit ici' })
        expect((await getSiteSettings()).siteName).toBe('Écrit ici')
      } finally {
        shareProbeBetweenRequests(false)
        other.close()
      }
    },
  )

  // Outside the server (scripts, workers, tests), every cached read checks exactly.
  it.skipIf(TEST_POSTGRES)('checks exactly on every cached read by default', async () => {
    const other = new DatabaseSync(database.current.file)
    try {
      expect((await getSiteSettings()).siteName).not.toBe('Exact')
      writeSiteName(other, 'Exact')
      expect((await getSiteSettings()).siteName).toBe('Exact')
    } finally {
      other.close()
    }
  })

  it('gives the saved settings to the very next read', async () => {
    expect((await getSiteSettings()).siteName).not.toBe('Atelier')
    await updateSettings(makeSettings({ siteName: 'Atelier' }))
    expect((await getSiteSettings()).siteName).toBe('Atelier')
  })

  it('shares one frozen value per generation between callers', async () => {
    let reads = 0
    const read = cachedRead('test-shared', async () => ({ reads: ++reads, list: [1] }))
    const [a, b] = await Promise.all([read(), read()])
    expect(a).toBe(b)
    expect(reads).toBe(1)
    expect(Object.isFrozen(a.list)).toBe(true)
    bumpContentGeneration()
    expect((await read()).reads).toBe(2)
  })

  it('keeps one frozen value per key and generation, bounded in keys, failures not kept', async () => {
    const reads: string[] = []
    const read = cachedReadByKey(
      'test-keyed',
      async (key: string) => {
        reads.push(key)
        if (key === 'panne') throw new Error('lecture impossible')
        return { key, list: [reads.length] }
      },
      3,
    )
    const [a, b, c] = await Promise.all([read('a'), read('a'), read('b')])
    expect(a).toBe(b)
    expect(c.key).toBe('b')
    expect(reads).toEqual(['a', 'b'])
    expect(Object.isFrozen(a.list)).toBe(true)
    bumpContentGeneration()
    expect(await read('a')).not.toBe(a)
    expect(reads).toEqual(['a', 'b', 'a'])
    await expect(read('panne')).rejects.toThrow('lecture impossible')
    await expect(read('panne')).rejects.toThrow('lecture impossible')
    expect(reads.filter((key) => key === 'panne')).toHaveLength(2)
    for (const key of ['c', 'd', 'e', 'f', 'g']) await read(key)
    expect(read.size()).toBe(3)
    // The oldest key went first: 'e', 'f', 'g' are held, 'c' is read again.
    const before = reads.length
    await read('g')
    expect(reads.length).toBe(before)
    await read('c')
    expect(reads.length).toBe(before + 1)
  })

  it('shows a saved post or project on the very next public read', async () => {
    const post = await createBlogPost(makeBlogPost({ category: 'Produit', tags: ['Avant'] }))
    expect((await getBlogPostPage(post.slug))?.post.title).toBe(post.title)
    expect((await listBlogPosts({ category: 'Produit' })).map((p) => p.slug)).toContain(post.slug)
    expect(await listBlogTags()).toContain('Avant')
    await updateBlogPost(
      post.id,
      makeBlogPost({
        slug: post.slug,
        title: 'Titre modifié',
        content: 'Nouveau texte.',
        category: 'Atelier',
        tags: ['Après'],
      }),
    )
    const page = await getBlogPostPage(post.slug)
    expect(page?.post.title).toBe('Titre modifié')
    expect(page?.html).toContain('Nouveau texte.')
    expect((await listBlogPosts({ category: 'Produit' })).map((p) => p.slug)).not.toContain(
      post.slug,
    )
    expect((await listBlogPosts({ category: 'Atelier' })).map((p) => p.slug)).toContain(post.slug)
    expect(await listBlogCategories()).toContain('Atelier')
    expect(await listBlogTags()).toContain('Après')
    // A draft is gone from the public reads at once.
    await updateBlogPost(post.id, makeBlogPost({ slug: post.slug, status: 'draft' }))
    expect(await getBlogPostPage(post.slug)).toBeUndefined()

    const project = await createProject(makeProject({ content: 'Texte du projet.' }))
    expect((await getProject(project.id))?.title).toBe(project.title)
    expect(await getProjectContentHtml(project)).toContain('Texte du projet.')
    await updateProject(
      project.id,
      makeProject({ title: 'Projet renommé', content: 'Texte revu.' }),
    )
    const saved = await getProject(project.id)
    expect(saved?.title).toBe('Projet renommé')
    expect(await getProjectContentHtml(saved!)).toContain('Texte revu.')
    expect((await listProjects()).find((p) => p.id === project.id)?.title).toBe('Projet renommé')
  })

  it('shows a saved timeline item or gallery item on the very next public read', async () => {
    const item = await createTimelineItem(makeTimelineItem({ type: 'professional' }))
    expect((await listTimeline('professional')).map((i) => i.id)).toContain(item.id)
    expect((await listTimeline('personal')).map((i) => i.id)).not.toContain(item.id)
    await updateTimelineItem(item.id, makeTimelineItem({ title: 'Autre poste', type: 'personal' }))
    expect((await listTimeline('professional')).map((i) => i.id)).not.toContain(item.id)
    expect((await listTimeline('personal')).find((i) => i.id === item.id)?.title).toBe(
      'Autre poste',
    )

    const media = await createMediaItem(makeMediaItem())
    expect((await listMedia()).map((m) => m.id)).toContain(media.id)
    await updateMediaItem(media.id, makeMediaItem({ title: 'Nouveau titre' }))
    expect((await listMedia()).find((m) => m.id === media.id)?.title).toBe('Nouveau titre')
  })

  it('recognises writes by statement kind and table', () => {
    const db = database.current.db
    expect(
      isContentWrite(
        db
          .insertInto('projects')
          .values({} as never)
          .toOperationNode(),
      ),
    ).toBe(true)
    expect(isContentWrite(db.deleteFrom('session').toOperationNode())).toBe(false)
    expect(
      isContentWrite(db.updateTable('activity_logs').set({ details: 'x' }).toOperationNode()),
    ).toBe(false)
    expect(isContentWrite(db.selectFrom('projects').selectAll().toOperationNode())).toBe(false)
    // Bookkeeping of the mail outbox, revisions and sessions never empties the page cache.
    for (const table of [
      'outbox',
      'blog_revisions',
      'page_revisions',
      'session_state',
      'recovery_code',
    ] as const)
      expect(isContentWrite(db.deleteFrom(table).toOperationNode()), table).toBe(false)
    expect(isContentWrite(db.deleteFrom('media').toOperationNode())).toBe(true)
  })
})

describe('scheduled content', () => {
  afterEach(() => {
    cancelScheduledContentChange()
  })

  it('bumps at once for a time already past', () => {
    const start = contentGeneration()
    scheduleContentChange(new Date(Date.now() - 1000))
    expect(contentGeneration()).toBeGreaterThan(start)
  })

  it('bumps when a scheduled time comes', () => {
    // The clock is the test's: no race between the timer and a loaded machine.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    try {
      const start = contentGeneration()
      scheduleContentChange(Date.now() + 30)
      vi.advanceTimersByTime(29)
      expect(contentGeneration()).toBe(start)
      vi.advanceTimersByTime(1)
      expect(contentGeneration()).toBeGreaterThan(start)
    } finally {
      vi.useRealTimers()
    }
  })
})
