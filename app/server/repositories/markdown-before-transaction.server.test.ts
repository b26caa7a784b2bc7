// A save renders its Markdown before its write transaction (ADR 081): on SQLite the write
// lock (BEGIN IMMEDIATE) is then held for the writes only, never for a render.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getCache } from '#app/server/cache/caches.server.ts'
import { renderMarkdown } from '#app/server/content/markdown.server.ts'
import { makeBlogPost, makeProject } from '#app/server/demo/factories.server.ts'
import { onPostgres, useTestDatabase } from '../../../tests/fixtures/db.ts'
import { createBlogPost, getBlogPostPage, updateBlogPost } from './blog.server.ts'
import { createProject, getProjectContentHtml, updateProject } from './projects.server.ts'

const database = useTestDatabase()

/** Whether a transaction was open at each render (renders start with a set in their cache). */
let renderedInTransaction: boolean[] = []

beforeEach(() => {
  renderedInTransaction = []
  // The rendered-Markdown cache (ADR 081) is filled at the start of every render.
  const cache = getCache<string, Promise<unknown>>('rendered-markdown', { max: 200 })
  const set = cache.set.bind(cache)
  vi.spyOn(cache, 'set').mockImplementation((key, value, options) => {
    renderedInTransaction.push(database.current.sqlite.isTransaction)
    return set(key, value, options)
  })
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe.skipIf(onPostgres)('Markdown rendered before the write transaction', () => {
  it('creates and updates a project', async () => {
    const project = await createProject(makeProject({ content: 'Premier **jet**' }))
    await updateProject(project.id, { content: 'Second **jet**' })
    expect(renderedInTransaction).toEqual([false, false])
    expect(await getProjectContentHtml({ ...project, content: 'Second **jet**' })).toBe(
      (await renderMarkdown('Second **jet**')).html,
    )
  })

  it('creates and updates a post, a patch without text keeping its HTML', async () => {
    const post = await createBlogPost(makeBlogPost({ slug: 'avant', content: 'Un *texte*' }))
    await updateBlogPost(post.id, { content: 'Un autre *texte*' })
    await updateBlogPost(post.id, { title: 'Nouveau titre' })
    expect(renderedInTransaction).not.toContain(true)
    expect(renderedInTransaction.length).toBeGreaterThanOrEqual(2)
    const page = await getBlogPostPage('avant')
    expect(page?.post.title).toBe('Nouveau titre')
    expect(page?.html).toBe((await renderMarkdown('Un autre *texte*')).html)
  })
})
