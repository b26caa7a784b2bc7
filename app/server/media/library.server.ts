// One way into the media library for every upload (ADR 093): the hub's uploader, a content
// field, the imports and the demo images. A file the library already holds, by the SHA-256
// of its bytes, is that item: no second row, no second processing, and the caller is told.
import type { MediaCategory, MediaItem } from '#app/domain/types.ts'
import {
  createUploadedMedia,
  findMediaByHash,
  removeUnusedFiles,
} from '#app/server/repositories/media.server.ts'
import { storeUniqueUpload, type MediaLimitsMb } from './pipeline.server.ts'
import type { MediaStorage } from './storage.server.ts'

export interface LibraryUpload {
  item: MediaItem
  /** The library held this file already: `item` is that entry, unchanged. */
  duplicate: boolean
}

/** Reads `source` into the library, or finds it there. Throws UploadError in French. */
export async function addToLibrary(
  source: AsyncIterable<Uint8Array>,
  opts: {
    storage: MediaStorage
    limitsMb: MediaLimitsMb
    fileName: string
    allowed?: MediaCategory[]
    inGallery?: boolean
  },
): Promise<LibraryUpload> {
  const { storage } = opts
  const outcome = await storeUniqueUpload(source, opts, async (contentHash) => {
    const item = await findMediaByHash(contentHash)
    // An entry whose file went missing from the storage is stored again (the same keys,
    // the file is content-addressed) rather than handed back broken.
    if (item?.file && (await storage.stat(item.file.storageKey))) return item
    return undefined
  })
  if (outcome.duplicate) return { item: outcome.duplicate, duplicate: true }
  const { stored } = outcome
  try {
    return await createUploadedMedia(stored, opts.fileName, { inGallery: opts.inGallery })
  } catch (error) {
    // No row, no file: a failed insert takes the new files away again.
    await removeUnusedFiles(storage, [stored.storageKey, ...stored.variants])
    throw error
  }
}
