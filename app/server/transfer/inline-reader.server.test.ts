// The command's reader in its own thread (ADR 124) hands over what the reader worker does:
// the same report and the same rows, in the same order.
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db/client.server.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { importFile } from './import.server.ts'

useTestDatabase()

async function imported(file: string, readInThread: boolean) {
  const report = await importFile(file, { fetchMedia: false, readInThread })
  const db = getDb()
  const posts = await db
    .selectFrom('blog_posts')
    .select(['slug', 'title', 'content', 'contentHtml', 'excerpt', 'category', 'status'])
    .orderBy('slug')
    .execute()
  const pages = await db
    .selectFrom('pages')
    .select(['slug', 'title', 'content', 'status'])
    .orderBy('slug')
    .execute()
  const sources = await db
    .selectFrom('import_source')
    .select(['sourceKey', 'kind', 'oldPath', 'targetUrl'])
    .orderBy('sourceKey')
    .execute()
  await db.deleteFrom('import_source').execute()
  await db.deleteFrom('blog_posts').execute()
  await db.deleteFrom('pages').execute()
  return { report, posts, pages, sources }
}

describe('reading in the writing thread', { timeout: 60_000 }, () => {
  it('imports a WordPress export as the reader worker does', async () => {
    const file = path.resolve('tests/fixtures/import/wordpress-classic.xml')
    // Read in this thread first: each import then starts its own render worker.
    const inThread = await imported(file, true)
    const inWorker = await imported(file, false)
    expect(inThread.posts.length).toBeGreaterThan(0)
    expect(inThread).toEqual(inWorker)
  })

  it('refuses an unreadable file whole, as the reader worker does', async () => {
    const file = path.resolve('tests/fixtures/import/wordpress-classic.xml')
    await expect(importFile(`${file}.absent`, { readInThread: true })).rejects.toThrow(
      'Fichier introuvable',
    )
  })
})
