// Shipped demo images become library items with responsive files.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseImageUrl } from '#app/domain/media-file.ts'
import { makeMediaItem, makeProject } from '#app/server/demo/factories.server.ts'
import { createMediaItem, getMediaItem, listMedia } from '#app/server/repositories/media.server.ts'
import { createProject, getProject } from '#app/server/repositories/projects.server.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { importDemoImages } from './demo-import.server.ts'
import { LocalDiskStorage } from './storage.server.ts'

useTestDatabase()
const root = mkdtempSync(path.join(tmpdir(), 'vitrine-demo-import-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('importDemoImages', () => {
  it('moves a gallery image and a project cover into the library and repoints the project', async () => {
    const storage = new LocalDiskStorage(path.join(root, 'media'))
    const gallery = await createMediaItem(
      makeMediaItem({ url: '/demo/gallery/confluence.webp', alt: 'La Confluence' }),
    )
    const project = await createProject(
      makeProject({
        title: 'Budget clair',
        thumbnail: '/demo/projects/budget-clair-cover.webp',
        images: [],
      }),
    )
    expect(await importDemoImages(storage, path.resolve('public'))).toBe(2)

    const moved = await getMediaItem(gallery.id)
    expect(moved).toMatchObject({ alt: 'La Confluence', file: { mime: 'image/webp' } })
    expect(parseImageUrl(moved!.url)).toMatchObject({ width: 1200, height: 800 })
    const cover = (await getProject(project.id))!.thumbnail
    expect(parseImageUrl(cover)).toBeDefined()
    expect(existsSync(path.join(storage.root, cover.replace('/media/', '')))).toBe(true)
    const coverItem = (await listMedia()).find((m) => m.url === cover)
    // Named after what it illustrates (the gallery shows it), not after its file.
    expect(coverItem).toMatchObject({
      title: 'Budget clair',
      alt: 'Illustration : Budget clair',
      category: 'image',
    })
    // A second run finds nothing left to import.
    expect(await importDemoImages(storage, path.resolve('public'))).toBe(0)
  })

  it("repoints a project's image list (its gallery strip) at library files", async () => {
    const storage = new LocalDiskStorage(path.join(root, 'media-strip'))
    const project = await createProject(
      makeProject({
        title: 'Atelier Santé',
        thumbnail: '/demo/projects/atelier-sante-1.webp',
        images: ['/demo/projects/atelier-sante-1.webp', '/demo/projects/atelier-sante-2.webp'],
      }),
    )
    expect(await importDemoImages(storage, path.resolve('public'))).toBe(2)
    const saved = (await getProject(project.id))!
    expect(saved.images).toHaveLength(2)
    for (const image of saved.images) {
      expect(parseImageUrl(image), image).toBeDefined()
      expect(existsSync(path.join(storage.root, image.replace('/media/', '')))).toBe(true)
    }
    // The cover and the first image are one file, so one library item.
    expect(saved.images[0]).toBe(saved.thumbnail)
    const items = (await listMedia()).filter((m) => saved.images.includes(m.url))
    expect(items.map((m) => m.alt).sort()).toEqual([
      'Illustration : Atelier Santé',
      'Illustration : Atelier Santé',
    ])
  })
})
