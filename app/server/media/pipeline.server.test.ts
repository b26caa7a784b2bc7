// The upload pipeline on real files made by sharp, into a real temporary folder.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { parseImageUrl, UPLOAD_ERRORS, variantWidths } from '#app/domain/media-file.ts'
import { storeUpload, UploadError } from './pipeline.server.ts'
import { parseRange } from './serve.server.ts'
import { useDiskStorage } from './media-test-support.ts'
import { isStorageKey } from './storage.server.ts'

const LIMITS = { image: 1, video: 2, document: 1 }
const disk = useDiskStorage('vitrine-media-')

async function* chunks(bytes: Buffer, size = 1000) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size)
}

const store = (bytes: Buffer) =>
  storeUpload(chunks(bytes), { storage: disk.storage, limitsMb: LIMITS })

/** What is on disk, temporary folder included. */
function filesOnDisk(): string[] {
  const dir = disk.storage.root
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
}

async function refusal(bytes: Buffer | AsyncIterable<Uint8Array>): Promise<UploadError> {
  const source = Buffer.isBuffer(bytes) ? chunks(bytes) : bytes
  const error = await storeUpload(source, { storage: disk.storage, limitsMb: LIMITS }).catch(
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(UploadError)
  return error as UploadError
}

/** A plain picture of that size and colour, to encode as the test needs. */
const canvas = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })

const GPS_IFD_TAG = Buffer.from([0x25, 0x88])

describe('storeUpload', () => {
  it('strips EXIF (GPS) from a phone photo, keeps its orientation, makes variants', async () => {
    const photo = await canvas(1000, 600, '#c33')
      .jpeg()
      .withExif({
        IFD0: { Make: 'Phone' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 45/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer()
    expect((await sharp(photo).metadata()).exif?.includes(GPS_IFD_TAG)).toBe(true)

    const stored = await store(photo)
    expect(stored).toMatchObject({
      category: 'image',
      mime: 'image/jpeg',
      width: 600,
      height: 1000,
    })
    expect(parseImageUrl(stored.url)).toMatchObject({ width: 600, height: 1000, fallback: 'jpg' })
    expect(stored.placeholder).toMatch(/^data:image\/webp;base64,/)
    expect(stored.variants).toHaveLength(variantWidths(600).length * 3)
    for (const key of [stored.storageKey, ...stored.variants]) {
      const meta = await sharp(path.join(disk.storage.root, key)).metadata()
      expect(meta.exif, key).toBeUndefined()
      expect(meta.orientation ?? 1).toBe(1)
    }
    const main = await sharp(path.join(disk.storage.root, stored.storageKey)).metadata()
    expect([main.width, main.height]).toEqual([600, 1000])
    // Only the stored files remain: no temporary file.
    expect(filesOnDisk().sort()).toEqual([stored.storageKey, ...stored.variants].sort())
  })

  it('keeps at most 2560 px of a large photo, with variants up to 1920 px (AVIF to 1280)', async () => {
    const big = await canvas(3000, 1500, '#888').jpeg().toBuffer()
    const stored = await store(big)
    expect(stored).toMatchObject({ width: 3000, height: 1500 })
    expect(parseImageUrl(stored.url)).toMatchObject({ width: 2560, height: 1280 })
    const meta = await sharp(path.join(disk.storage.root, stored.storageKey)).metadata()
    expect([meta.width, meta.height]).toEqual([2560, 1280])
    const hash = stored.storageKey.slice(0, 32)
    expect(stored.variants).toContain(`${hash}-w1920.webp`)
    expect(stored.variants).toContain(`${hash}-w1280.avif`)
    // AVIF stops at 1280 px (memory and CPU, AVIF_MAX_WIDTH).
    expect(stored.variants).not.toContain(`${hash}-w1920.avif`)
  })

  it('stores a PNG as a PNG whatever its name', async () => {
    const png = await canvas(20, 10, '#3c3').png().toBuffer()
    const stored = await store(png)
    expect(stored.mime).toBe('image/png')
    expect(stored.storageKey).toMatch(/-20x10\.png$/)
  })

  it('refuses HTML, SVG, an empty file and anything over the limit, leaving nothing', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')
    expect((await refusal(html)).message).toBe(UPLOAD_ERRORS.unknownType)
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    )
    expect((await refusal(svg)).message).toBe(UPLOAD_ERRORS.svg)
    expect((await refusal(Buffer.alloc(0))).message).toBe(UPLOAD_ERRORS.empty)

    const big = Buffer.concat([
      await canvas(8, 8, '#000').png().toBuffer(),
      Buffer.alloc(1024 * 1024 + 10),
    ])
    const tooLarge = await refusal(big)
    expect(tooLarge.status).toBe(413)
    expect(tooLarge.message).toBe(UPLOAD_ERRORS.tooLarge('image', 1))
    expect(filesOnDisk()).toEqual([])
  })

  it('leaves nothing behind when the upload is interrupted', async () => {
    async function* broken() {
      yield Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5000)])
      throw new Error('aborted')
    }
    expect((await refusal(broken())).message).toBe(UPLOAD_ERRORS.interrupted)
    expect(filesOnDisk()).toEqual([])
  })

  it('refuses a kind the target does not take, naming what it takes', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')
    const onlyImages = await storeUpload(chunks(pdf), {
      storage: disk.storage,
      limitsMb: LIMITS,
      allowed: ['image'],
    }).catch((e: unknown) => e)
    expect(onlyImages).toMatchObject({ message: UPLOAD_ERRORS.wrongKind(['image']), status: 415 })
    const webm = Buffer.from('1a45dfa3a34286810142f7810142f2810442f381084282847765626d', 'hex')
    const cv = await storeUpload(chunks(Buffer.concat([webm, Buffer.alloc(5000)])), {
      storage: disk.storage,
      limitsMb: LIMITS,
      allowed: ['document', 'image'],
    }).catch((e: unknown) => e)
    expect(cv).toMatchObject({ message: 'Ce champ attend un fichier de type PDF ou image.' })
  })

  it('refuses a video whose header is followed by junk (it would never play)', async () => {
    const ftyp = Buffer.from(
      '0000001c667479706973736f6d0000020069736f6d69736f32617663316d703431',
      'hex',
    )
    const fake = await refusal(Buffer.concat([ftyp, Buffer.alloc(20_000, 7)]))
    expect(fake).toMatchObject({ message: UPLOAD_ERRORS.unreadableVideo, status: 415 })
  })

  it('keeps a PDF as it is, under its content hash', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')
    const stored = await store(pdf)
    expect(stored).toMatchObject({ category: 'document', mime: 'application/pdf', variants: [] })
    expect(stored.storageKey).toMatch(/^[0-9a-f]{32}\.pdf$/)
    expect((await store(pdf)).storageKey).toBe(stored.storageKey)
  })
})

describe('parseRange', () => {
  it('reads single byte ranges and refuses unsatisfiable ones', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 })
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 })
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 })
    expect(parseRange('bytes=0-5000', 1000)).toEqual({ start: 0, end: 999 })
    expect(parseRange('bytes=1000-', 1000)).toBeNull()
    expect(parseRange('bytes=5-1', 1000)).toBeNull()
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeUndefined()
    expect(parseRange('items=0-1', 1000)).toBeUndefined()
  })
})

describe('isStorageKey', () => {
  it('accepts only names the pipeline makes (no path, no traversal)', () => {
    expect(isStorageKey('0123456789abcdef0123456789abcdef-w320.avif')).toBe(true)
    expect(isStorageKey('0123456789abcdef0123456789abcdef.pdf')).toBe(true)
    expect(isStorageKey('../vitrine.db')).toBe(false)
    expect(isStorageKey('0123456789abcdef0123456789abcdef/../../vitrine.db')).toBe(false)
    expect(isStorageKey('0123456789abcdef0123456789abcdef..x')).toBe(false)
    expect(isStorageKey('auth-secret')).toBe(false)
  })
})
