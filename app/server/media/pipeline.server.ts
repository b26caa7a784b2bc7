// The upload pipeline (ADR 017): stream the bytes to a temporary file while
// hashing and counting them, decide the type from the first bytes (file-type), refuse early,
// then make the stored files (sharp variants for images) and rename them into place.
// Whatever fails, nothing is left behind: the temporary files go, and only files this
// upload created are removed.
import { createHash } from 'node:crypto'
import { open, rm } from 'node:fs/promises'
import type { Metadata, Sharp } from 'sharp'
import {
  ACCEPTED_TYPES,
  UPLOAD_ERRORS,
  VARIANT_FORMATS,
  formatWidths,
  mediaUrl,
  variantKey,
  variantWidths,
} from '#app/domain/media-file.ts'
import type { MediaCategory } from '#app/domain/types.ts'
import { loadSharp } from './sharp.server.ts'
import { isReadableVideo } from './video-check.server.ts'
import type { MediaStorage } from './storage.server.ts'
import { isStorageUnavailable } from './storage-availability.server.ts'

/** A refusal the user can read (French), with the HTTP status to answer. */
export class UploadError extends Error {
  readonly status: number
  constructor(message: string, status = 400) {
    super(message)
    this.status = status
  }
}

export type MediaLimitsMb = Record<MediaCategory, number>

export interface StoredMedia {
  /** SHA-256 of the bytes as uploaded, 64 hex digits: the library's identity of a file (ADR 093). */
  contentHash: string
  category: MediaCategory
  /** The type sniffed from the uploaded bytes. */
  mime: string
  size: number
  /** The stored file the item's URL points at. */
  storageKey: string
  url: string
  width: number | null
  height: number | null
  placeholder: string
  /** Every other stored file of this item (variants), for deletion and backups. */
  variants: string[]
}

const SNIFF_BYTES = 4100
/** The largest stored copy of an image: more than any page shows, far less than a 24 Mpx photo. */
const MAX_STORED_WIDTH = 2560

// sharp and file-type are loaded at the first upload (ADR 030); sharp.server.ts configures
// sharp for bounded memory (no libvips cache, one thread per image).

// One image at a time through sharp: bounds memory and leaves CPU for the site.
let imageQueue: Promise<unknown> = Promise.resolve()
function serialised<T>(task: () => Promise<T>): Promise<T> {
  const run = imageQueue.then(task, task)
  imageQueue = run.catch(() => undefined)
  return run
}

function looksLikeSvg(head: Buffer): boolean {
  const text = head.toString('utf8', 0, Math.min(head.length, 1024)).toLowerCase()
  return text.includes('<svg') || (text.trimStart().startsWith('<?xml') && text.includes('svg'))
}

interface UploadOptions {
  storage: MediaStorage
  limitsMb: MediaLimitsMb
  allowed?: MediaCategory[]
}

/**
 * Reads `source` to the end into storage. `allowed` narrows the accepted categories (the CV
 * takes a PDF or an image). Throws UploadError with a French message on any refusal.
 */
export async function storeUpload(
  source: AsyncIterable<Uint8Array>,
  opts: UploadOptions,
): Promise<StoredMedia> {
  const outcome = await receive(source, opts, async () => undefined)
  if (!outcome.stored) throw new Error('No duplicate lookup, yet a duplicate')
  return outcome.stored
}

/**
 * As storeUpload, but once the bytes are read and hashed, `duplicateOf` is asked for what the
 * library already holds with that hash: when it answers, nothing is processed nor stored and
 * that answer comes back (ADR 093). An image is not decoded twice for nothing.
 */
export async function storeUniqueUpload<D>(
  source: AsyncIterable<Uint8Array>,
  opts: UploadOptions,
  duplicateOf: (contentHash: string) => Promise<D | undefined>,
): Promise<{ stored: StoredMedia; duplicate?: undefined } | { stored?: undefined; duplicate: D }> {
  return receive(source, opts, duplicateOf)
}

async function receive<D>(
  source: AsyncIterable<Uint8Array>,
  opts: UploadOptions,
  duplicateOf: (contentHash: string) => Promise<D | undefined>,
): Promise<{ stored: StoredMedia; duplicate?: undefined } | { stored?: undefined; duplicate: D }> {
  const { storage } = opts
  const temp = await storage.tempPath()
  const out = await open(temp, 'w')
  let closed = false
  const created: string[] = []
  try {
    const hash = createHash('sha256')
    let size = 0
    let head: Buffer[] = []
    let headSize = 0
    let type: { mime: string; category: MediaCategory; ext: string } | undefined
    let maxBytes = Infinity

    const decide = async (bytes: Buffer) => {
      if (bytes.length === 0) throw new UploadError(UPLOAD_ERRORS.empty)
      const { fileTypeFromBuffer } = await import('file-type')
      const sniffed = await fileTypeFromBuffer(bytes)
      const accepted = sniffed ? ACCEPTED_TYPES[sniffed.mime] : undefined
      if (!sniffed || !accepted) {
        throw new UploadError(
          looksLikeSvg(bytes) ? UPLOAD_ERRORS.svg : UPLOAD_ERRORS.unknownType,
          415,
        )
      }
      if (opts.allowed && !opts.allowed.includes(accepted.category)) {
        throw new UploadError(UPLOAD_ERRORS.wrongKind(opts.allowed), 415)
      }
      type = { mime: sniffed.mime, ...accepted }
      maxBytes = opts.limitsMb[accepted.category] * 1024 * 1024
    }

    const write = async (chunk: Buffer) => {
      await out.write(chunk)
    }

    try {
      for await (const piece of source) {
        const chunk = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength)
        size += chunk.length
        hash.update(chunk)
        if (!type) {
          head.push(chunk)
          headSize += chunk.length
          if (headSize < SNIFF_BYTES) continue
          const first = Buffer.concat(head)
          head = []
          await decide(first)
          await write(first)
        } else {
          await write(chunk)
        }
        if (size > maxBytes && type) {
          throw new UploadError(
            UPLOAD_ERRORS.tooLarge(type.category, opts.limitsMb[type.category]),
            413,
          )
        }
      }
    } catch (error) {
      // A storage outage (a full disk…) is no interrupted upload: the route answers 503 (ADR 084).
      if (error instanceof UploadError || isStorageUnavailable(error)) throw error
      // The client went away or the stream broke: an interrupted upload.
      throw new UploadError(UPLOAD_ERRORS.interrupted)
    }
    if (!type) {
      const first = Buffer.concat(head)
      await decide(first)
      await write(first)
    }
    if (size > maxBytes && type) {
      throw new UploadError(
        UPLOAD_ERRORS.tooLarge(type.category, opts.limitsMb[type.category]),
        413,
      )
    }
    await out.close()
    closed = true
    const found = type as unknown as { mime: string; category: MediaCategory; ext: string }
    const contentHash = hash.digest('hex')
    const duplicate = await duplicateOf(contentHash)
    if (duplicate !== undefined) return { duplicate }
    const id = contentHash.slice(0, 32)

    const commit = async (from: string, key: string) => {
      const existed = (await storage.stat(key)) !== undefined
      await storage.commit(from, key)
      if (!existed) created.push(key)
    }

    if (found.category === 'video' && !(await isReadableVideo(temp, found.mime, size)))
      throw new UploadError(UPLOAD_ERRORS.unreadableVideo, 415)

    if (found.category !== 'image' || found.mime === 'image/gif') {
      const key = `${id}.${found.ext}`
      let width: number | null = null
      let height: number | null = null
      if (found.mime === 'image/gif') {
        const sharp = await loadSharp()
        const meta = await sharp(temp)
          .metadata()
          .catch(() => undefined)
        if (!meta?.width || !meta.height) throw new UploadError(UPLOAD_ERRORS.unreadableImage)
        width = meta.width
        height = meta.height
      }
      await commit(temp, key)
      const stored: StoredMedia = {
        contentHash,
        category: found.category,
        mime: found.mime,
        size,
        storageKey: key,
        url: mediaUrl(key),
        width,
        height,
        placeholder: '',
        variants: [],
      }
      return { stored }
    }

    return await serialised(async () => {
      const image = await processImage(temp, id, found.mime, storage, commit)
      await rm(temp, { force: true })
      const stored: StoredMedia = {
        contentHash,
        category: found.category,
        mime: found.mime,
        size,
        ...image,
      }
      return { stored }
    })
  } catch (error) {
    for (const key of created) await storage.remove(key).catch(() => undefined)
    throw error
  } finally {
    if (!closed) await out.close().catch(() => undefined)
    await rm(temp, { force: true })
  }
}

async function processImage(
  source: string,
  id: string,
  mime: string,
  storage: MediaStorage,
  commit: (temp: string, key: string) => Promise<void>,
) {
  const sharp = await loadSharp()
  let meta: Metadata
  try {
    meta = await sharp(source).metadata()
  } catch {
    throw new UploadError(UPLOAD_ERRORS.unreadableImage)
  }
  if (!meta.width || !meta.height) throw new UploadError(UPLOAD_ERRORS.unreadableImage)
  // EXIF orientations 5-8 swap the sides once applied.
  const swap = (meta.orientation ?? 1) >= 5
  const width = swap ? meta.height : meta.width
  const height = swap ? meta.width : meta.height
  const fallback: 'png' | 'jpg' = mime === 'image/png' || meta.hasAlpha ? 'png' : 'jpg'
  const encode = (img: Sharp, ext: string) =>
    ext === 'avif'
      ? img.avif({ quality: 40, effort: 2 })
      : ext === 'webp'
        ? img.webp({ quality: 75 })
        : ext === 'png'
          ? img.png({ compressionLevel: 8 })
          : img.jpeg({ quality: 80 })
  const temps: string[] = []
  try {
    // The stored copy: upright, without metadata (no GPS position leaves the server), at
    // most MAX_STORED_WIDTH wide (JPEG shrink-on-load keeps a 24 Mpx decode small).
    const mainWidth = Math.min(width, MAX_STORED_WIDTH)
    const mainHeight = Math.max(1, Math.round((height * mainWidth) / width))
    const mainKey = `${id}-${mainWidth}x${mainHeight}.${fallback}`
    const main = await storage.tempPath()
    temps.push(main)
    await encode(
      sharp(source, { failOn: 'error' })
        .rotate()
        .resize({ width: mainWidth, height: mainHeight, fit: 'fill' }),
      fallback,
    ).toFile(main)

    // Decode once at the largest variant width; every smaller one is made from it.
    const widths = variantWidths(width)
    const largest = widths[widths.length - 1] ?? width
    const { data, info } = await sharp(source)
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true })
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } }
    const variantKeys: string[] = []
    const pending: Array<[string, string]> = []
    for (const w of widths) {
      for (const ext of [...VARIANT_FORMATS, fallback]) {
        if (!formatWidths(width, ext).includes(w)) continue
        const file = await storage.tempPath()
        temps.push(file)
        await encode(sharp(data, raw).resize({ width: w }), ext).toFile(file)
        const key = variantKey(id, w, ext)
        pending.push([file, key])
        variantKeys.push(key)
      }
    }
    const tiny = await sharp(data, raw).resize({ width: 16 }).webp({ quality: 40 }).toBuffer()
    for (const [file, key] of pending) await commit(file, key)
    await commit(main, mainKey)
    return {
      storageKey: mainKey,
      url: mediaUrl(mainKey),
      width,
      height,
      placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
      variants: variantKeys,
    }
  } catch (error) {
    // Storage that cannot be written is an outage, not an unreadable image (ADR 084).
    if (error instanceof UploadError || isStorageUnavailable(error)) throw error
    throw new UploadError(UPLOAD_ERRORS.unreadableImage)
  } finally {
    for (const file of temps) await rm(file, { force: true })
  }
}
