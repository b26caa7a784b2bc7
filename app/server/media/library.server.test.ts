// One library entry per file (ADR 093): the same bytes uploaded twice give the first entry
// back, on the local disk and on a real S3 API server (s3rver), and nothing is stored twice.
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db/client.server.ts'
import { countMedia, getMediaItem } from '#app/server/repositories/media.server.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { startS3, type TestS3 } from '../../../tests/fixtures/s3.ts'
import { addToLibrary } from './library.server.ts'
import { S3Storage } from './s3-storage.server.ts'
import { LocalDiskStorage, type MediaStorage } from './storage.server.ts'

useTestDatabase()
const LIMITS = { image: 5, video: 5, document: 5 }
let root: string
let s3: TestS3

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'vitrine-library-'))
  s3 = await startS3()
})
afterAll(async () => {
  await s3.close()
  rmSync(root, { recursive: true, force: true })
})

async function* once(bytes: Buffer) {
  yield bytes
}

async function keysOf(storage: MediaStorage): Promise<string[]> {
  const keys: string[] = []
  for await (const key of storage.keys()) keys.push(key)
  return keys
}

const photo = (background: string) =>
  sharp({ create: { width: 900, height: 500, channels: 3, background } })
    .jpeg()
    .toBuffer()

const upload = (storage: MediaStorage, bytes: Buffer, fileName: string) =>
  addToLibrary(once(bytes), { storage, limitsMb: LIMITS, fileName })

const stores: Array<[string, () => MediaStorage]> = [
  ['the local disk', () => new LocalDiskStorage(path.join(root, `disk-${Math.random()}`))],
  ['S3', () => new S3Storage(s3.settings, 'media/', root)],
]

describe.each(stores)('addToLibrary on %s', (_name, makeStorage) => {
  it('keeps one entry for the same bytes uploaded twice, under any name', async () => {
    const storage = makeStorage()
    const bytes = await photo('#3a6')
    const first = await upload(storage, bytes, 'projet-lune.jpg')
    expect(first.duplicate).toBe(false)
    expect(first.item.title).toBe('projet-lune')
    const keys = await keysOf(storage)

    const again = await upload(storage, bytes, 'projet-lune (1).jpg')
    expect(again).toMatchObject({
      duplicate: true,
      item: { id: first.item.id, url: first.item.url },
    })
    expect(await countMedia()).toBe(1)
    expect(await keysOf(storage)).toEqual(keys)

    // Other bytes are another entry.
    const other = await upload(storage, await photo('#a36'), 'projet-lune.jpg')
    expect(other.duplicate).toBe(false)
    expect(await countMedia()).toBe(2)
  })

  it('stores the whole SHA-256 of the uploaded bytes', async () => {
    const storage = makeStorage()
    const bytes = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
    const { item } = await upload(storage, bytes, 'devis.pdf')
    const row = await getDb()
      .selectFrom('media')
      .select(['contentHash', 'storageKey'])
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow()
    expect(row.contentHash).toBe(createHash('sha256').update(bytes).digest('hex'))
    expect(row.storageKey.startsWith(row.contentHash.slice(0, 32))).toBe(true)
  })
})

describe('addToLibrary and entries made before hashes were stored', () => {
  it('finds an entry whose hash is its storage key’s first 32 digits (migration 027)', async () => {
    const storage = new LocalDiskStorage(path.join(root, 'legacy'))
    const bytes = await photo('#36a')
    const { item } = await upload(storage, bytes, 'ancien.jpg')
    // As the migration leaves an entry uploaded before it.
    await getDb()
      .updateTable('media')
      .set({ contentHash: item.file!.storageKey.slice(0, 32) })
      .where('id', '=', item.id)
      .execute()
    const again = await upload(storage, bytes, 'ancien.jpg')
    expect(again).toMatchObject({ duplicate: true, item: { id: item.id } })
    expect(await countMedia()).toBe(1)
  })

  it('stores the file again for an entry whose file went missing, and keeps that entry', async () => {
    const storage = new LocalDiskStorage(path.join(root, 'missing'))
    const bytes = await photo('#6a3')
    const { item } = await upload(storage, bytes, 'perdu.jpg')
    for (const key of await keysOf(storage)) await storage.remove(key)
    const again = await upload(storage, bytes, 'perdu.jpg')
    expect(again.item.id).toBe(item.id)
    expect(await countMedia()).toBe(1)
    expect(await storage.stat(item.file!.storageKey)).toBeDefined()
    expect((await getMediaItem(item.id))?.url).toBe(item.url)
  })
})
