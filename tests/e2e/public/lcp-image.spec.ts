// The first image of /projects, of a project and of the gallery is a phone's largest paint
// (ADR 114): preloaded from <head> with the <picture>'s first source, high priority, eager,
// decoded with its frame; the next ones stay lazy.
import { createReadStream } from 'node:fs'
import path from 'node:path'
import { DEFAULT_MEDIA_LIMITS_MB } from '#app/domain/media-file.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { addToLibrary } from '#app/server/media/library.server.ts'
import { mediaStorage } from '#app/server/media/storage.server.ts'
import { createMediaItem } from '#app/server/repositories/media.server.ts'
import { createProject } from '#app/server/repositories/projects.server.ts'
import { makeMediaItem, makeProject } from '#app/server/demo/factories.server.ts'
import { test, expect } from '../../fixtures/test.ts'
import { servedWith, visit } from './helpers.ts'

test('the first image of /projects, a project and the gallery is preloaded, high priority and not lazy', async ({
  page,
  server,
  db: _db,
}) => {
  // A library image (its variants made by the upload pipeline), as the owner's uploads are.
  const { item } = await addToLibrary(
    createReadStream(path.resolve('public/demo/gallery/traboules.webp')),
    {
      storage: mediaStorage(server.dataDir),
      limitsMb: DEFAULT_MEDIA_LIMITS_MB,
      fileName: 'traboules.webp',
    },
  )
  const stamp = Date.now()
  // A tag of their own lists these two alone on /projects (other tests' projects keep their
  // places); the newest period first. The lowest order comes first in the gallery.
  const tag = `lcp-${stamp}`
  const project = await createProject(
    makeProject({
      title: `Grande image ${stamp}`,
      thumbnail: item.url,
      tags: [tag],
      startDate: '2024-02',
    }),
  )
  await createProject(makeProject({ title: `Image suivante ${stamp}`, tags: [tag] }))
  // The gallery lists by order, then oldest first: items other tests of this worker made with
  // order 0 would come before this one, so they move one place down.
  await getDb().updateTable('media').set({ order: 1 }).where('order', '<=', 0).execute()
  await createMediaItem(makeMediaItem({ url: item.url, title: `Première ${stamp}`, order: 0 }))

  const pages = [
    { path: `/projects?tag=${tag}`, text: `Grande image ${stamp}` },
    { path: `/projects/${project.id}`, text: `Grande image ${stamp}` },
    { path: '/gallery', text: `Première ${stamp}` },
  ]
  for (const { path: pagePath, text } of pages) {
    await servedWith(page, pagePath, text)
    await visit(page, pagePath)
    const first = page.locator('main picture').first()
    const img = first.locator('img')
    await expect(img).toHaveAttribute('loading', 'eager')
    await expect(img).toHaveAttribute('fetchpriority', 'high')
    await expect(img).not.toHaveAttribute('decoding', 'async')
    const sourceSet = await first.locator('source').first().getAttribute('srcset')
    expect(sourceSet).toContain(`/media/`)
    // One preload of an image in <head>: the <picture>'s first source, type, sizes and all.
    const preloads = await page.evaluate(() =>
      [...document.head.querySelectorAll('link[rel="preload"][as="image"][imagesrcset]')].map(
        (link) => ({
          srcset: link.getAttribute('imagesrcset'),
          sizes: link.getAttribute('imagesizes'),
          type: link.getAttribute('type'),
          priority: link.getAttribute('fetchpriority'),
        }),
      ),
    )
    const source = first.locator('source').first()
    expect(preloads).toEqual([
      {
        srcset: sourceSet,
        sizes: await source.getAttribute('sizes'),
        type: await source.getAttribute('type'),
        priority: 'high',
      },
    ])
    // The browser shows the file it preloaded: one download, not two.
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete)).toBe(true)
    const shown = await img.evaluate((el: HTMLImageElement) => new URL(el.currentSrc).pathname)
    expect(sourceSet).toContain(shown)
    const downloads = await page.evaluate(
      (file) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname === file).length,
      shown,
    )
    expect(downloads).toBe(1)
  }
  // On the project, the blurred backdrop and the thumbnail strip leave the bandwidth to it.
  await visit(page, `/projects/${project.id}`)
  const backdrop = page.locator('article header img').first()
  await expect(backdrop).toHaveAttribute('fetchpriority', 'low')
  // Nor is it preloaded from the head (React preloads the first images unless they are low).
  const backdropFile = await backdrop.getAttribute('src')
  const projectHead = await page.evaluate(() => document.head.innerHTML)
  expect(projectHead).not.toContain(`href="${backdropFile}"`)
  const strip = page.getByRole('list', { name: 'Miniatures' }).locator('img')
  expect(await strip.count()).toBeGreaterThan(1)
  for (const thumbnail of await strip.all())
    await expect(thumbnail).toHaveAttribute('fetchpriority', 'low')
  // The second card of the list is still lazy and not preloaded.
  await visit(page, `/projects?tag=${tag}`)
  const second = page.locator('main article img').nth(1)
  await expect(second).toHaveAttribute('loading', 'lazy')
  await expect(second).not.toHaveAttribute('fetchpriority', 'high')
})
