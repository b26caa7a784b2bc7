// On the first start that loads the demo content, its gallery images,
// project covers and blog thumbnails go through the upload pipeline into the library, and
// the content points at the library's responsive files. In the background, one image at a
// time, so the site answers at once (ADR 017).
import { createReadStream, existsSync } from 'node:fs'
import path from 'node:path'
import { getDb } from '#app/server/db/client.server.ts'
import { parseJson, toJson } from '#app/server/db/util.server.ts'
import { envField } from '#app/server/core/env.server.ts'
import { log } from '#app/server/core/log.server.ts'
import { createUploadedMedia } from '#app/server/repositories/media.server.ts'
import { storeUpload, type StoredMedia } from './pipeline.server.ts'
import { mediaLimits } from './uploads.server.ts'
import type { MediaStorage } from './storage.server.ts'

const DEMO_IMAGE = /^\/demo\/[\w/-]+\.(webp|jpe?g|png)$/

/** Where the shipped files are: public/ in a checkout, build/client in a built app. */
export function publicDir(): string {
  const source = path.resolve('public')
  return existsSync(source) ? source : path.resolve(envField('BUILD_DIR'), 'client')
}

function fileColumns(stored: StoredMedia) {
  return {
    url: stored.url,
    storageKey: stored.storageKey,
    mime: stored.mime,
    size: stored.size,
    width: stored.width,
    height: stored.height,
    placeholder: stored.placeholder,
    variants: toJson(stored.variants),
    contentHash: stored.contentHash,
  }
}

/** Imports the demo images; returns how many became library files. */
export async function importDemoImages(storage: MediaStorage, root = publicDir()): Promise<number> {
  const db = getDb()
  const gallery = await db
    .selectFrom('media')
    .select(['id', 'url'])
    .where('category', '=', 'image')
    .where('storageKey', '=', '')
    .execute()
  const projects = (
    await db.selectFrom('projects').select(['id', 'title', 'thumbnail', 'images']).execute()
  ).map((p) => ({ ...p, images: parseJson<string[]>(p.images, []) }))
  const posts = await db.selectFrom('blog_posts').select(['id', 'title', 'thumbnail']).execute()
  const urls = new Set(
    [
      ...gallery.map((g) => g.url),
      ...projects.flatMap((p) => [p.thumbnail, ...p.images]),
      ...posts.map((p) => p.thumbnail),
    ].filter((url) => DEMO_IMAGE.test(url)),
  )
  let imported = 0
  for (const url of urls) {
    const file = path.join(root, url)
    if (!existsSync(file)) continue
    const stored = await storeUpload(createReadStream(file), {
      storage,
      limitsMb: mediaLimits(),
      allowed: ['image'],
    })
    const rows = gallery.filter((g) => g.url === url)
    for (const row of rows) {
      await db.updateTable('media').set(fileColumns(stored)).where('id', '=', row.id).execute()
    }
    if (rows.length === 0) {
      const owner =
        projects.find((p) => p.thumbnail === url || p.images.includes(url))?.title ??
        posts.find((p) => p.thumbnail === url)?.title
      const { item, duplicate } = await createUploadedMedia(stored, path.basename(url))
      // Named after what it illustrates, as an owner would: not "atelier-sante-cover". Two
      // demo addresses of one file share the entry the first one named (ADR 093).
      const title = owner ?? item.title
      if (!duplicate)
        await db
          .updateTable('media')
          .set({
            title: title.slice(0, 200),
            alt: owner ? `Illustration : ${owner}` : item.title,
            tags: toJson(['Démo']),
          })
          .where('id', '=', item.id)
          .execute()
    }
    for (const table of ['projects', 'blog_posts'] as const)
      await db
        .updateTable(table)
        .set({ thumbnail: stored.url })
        .where('thumbnail', '=', url)
        .execute()
    // A project's own image list (its gallery strip) points at the library files too, so the
    // strip and the viewer get responsive variants instead of the shipped originals.
    for (const project of projects) {
      if (!project.images.includes(url)) continue
      project.images = project.images.map((image) => (image === url ? stored.url : image))
      await db
        .updateTable('projects')
        .set({ images: toJson(project.images) })
        .where('id', '=', project.id)
        .execute()
    }
    imported++
  }
  return imported
}

/** Runs the import without holding up the start; a failure is logged, never fatal. */
export function importDemoImagesInBackground(storage: MediaStorage): Promise<void> {
  return importDemoImages(storage)
    .then((count) => {
      if (count > 0) log.info(`${count} images de démonstration ajoutées à la médiathèque.`)
    })
    .catch((error: unknown) => {
      log.error("L'import des images de démonstration a échoué", { error: String(error) })
    })
}
