// The S3 store (ADR 068) against a real S3 API server (s3rver over HTTP): the same contract
// as the local disk, the upload pipeline into it, and the start-up check's French refusals.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startS3, type TestS3 } from '../../../tests/fixtures/s3.ts'
import { storeUpload } from './pipeline.server.ts'
import { checkBucket, publicRedirect, S3Storage, type S3Settings } from './s3-storage.server.ts'
import { serveStored } from './serve.server.ts'

let s3: TestS3
let settings: S3Settings
let temp: string

beforeAll(async () => {
  s3 = await startS3()
  settings = s3.settings
  temp = mkdtempSync(path.join(tmpdir(), 'vitrine-s3-temp-'))
})
afterAll(async () => {
  await s3.close()
  rmSync(temp, { recursive: true, force: true })
})

const KEY = 'a'.repeat(32) + '.pdf'

async function keysOf(store: S3Storage): Promise<string[]> {
  const keys: string[] = []
  for await (const key of store.keys()) keys.push(key)
  return keys
}

describe('S3Storage', () => {
  it('commits a temporary file as an object, reads it whole or by range, removes it', async () => {
    const store = new S3Storage(settings, 'private/', temp)
    const file = await store.tempPath()
    expect(path.dirname(file)).toBe(temp)
    writeFileSync(file, '0123456789')
    await store.commit(file, KEY)
    expect(readdirSync(temp)).toEqual([])
    expect(await store.stat(KEY)).toMatchObject({ size: 10 })
    expect(await text(store.read(KEY))).toBe('0123456789')
    expect(await text(store.read(KEY, { start: 2, end: 4 }))).toBe('234')
    expect(await keysOf(store)).toEqual([KEY])
    // The public prefix does not see the private object.
    expect(await new S3Storage(settings, 'media/', temp).stat(KEY)).toBeUndefined()
    await store.remove(KEY)
    expect(await store.stat(KEY)).toBeUndefined()
    expect(await store.stat('../escape')).toBeUndefined()
  })

  it('sends a file larger than one part as a multipart upload', async () => {
    const store = new S3Storage(settings, 'media/', temp)
    const file = await store.tempPath()
    const big = Buffer.alloc(12 * 1024 * 1024 + 5, 7)
    writeFileSync(file, big)
    const key = 'b'.repeat(32) + '.mp4'
    await store.commit(file, key)
    expect(await store.stat(key)).toMatchObject({ size: big.length })
    const tail = await text(store.read(key, { start: big.length - 3, end: big.length - 1 }))
    expect(tail).toBe('\x07\x07\x07')
    expect(readdirSync(temp)).toEqual([])
    await store.remove(key)
  })

  it('serves an object with the same headers and ranges as the local disk', async () => {
    const store = new S3Storage(settings, 'media/', temp)
    const file = await store.tempPath()
    writeFileSync(file, 'abcdefghij')
    await store.commit(file, KEY)
    const whole = await serveStored(new Request('http://x/media/' + KEY), store, KEY, {
      immutable: true,
    })
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-length')).toBe('10')
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await whole.text()).toBe('abcdefghij')
    const part = await serveStored(
      new Request('http://x/media/' + KEY, { headers: { range: 'bytes=3-5' } }),
      store,
      KEY,
      { immutable: true },
    )
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe('bytes 3-5/10')
    expect(await part.text()).toBe('def')
    // With S3_PUBLIC_URL, the public address instead; never for the private prefix.
    const cdn = { ...settings, publicUrl: 'https://medias.exemple.fr/' }
    const redirect = publicRedirect(new S3Storage(cdn, 'media/'), KEY)
    expect(redirect?.status).toBe(301)
    expect(redirect?.headers.get('location')).toBe(`https://medias.exemple.fr/media/${KEY}`)
    expect(publicRedirect(new S3Storage(cdn, 'private/'), KEY)).toBeUndefined()
    await store.remove(KEY)
  })

  it('takes an image upload: the original and every variant in the bucket, no file left', async () => {
    const store = new S3Storage(settings, 'media/', temp)
    const photo = await sharp({
      create: { width: 700, height: 400, channels: 3, background: '#39c' },
    })
      .jpeg()
      .toBuffer()
    const stored = await storeUpload(Readable.from([photo]), {
      storage: store,
      limitsMb: { image: 5, video: 5, document: 5 },
    })
    const keys = await keysOf(store)
    expect(keys.sort()).toEqual([stored.storageKey, ...stored.variants].sort())
    expect(stored.variants.length).toBeGreaterThan(2)
    expect(readdirSync(temp)).toEqual([])
    for (const key of keys) await store.remove(key)
    expect(await keysOf(store)).toEqual([])
  })
})

describe('checkBucket', () => {
  it('accepts the right bucket and keys, and leaves nothing in it', async () => {
    await checkBucket(settings)
    expect(await keysOf(new S3Storage(settings, 'private/'))).toEqual([])
  })

  it('refuses a wrong key, a missing bucket or an unreachable service in French', async () => {
    // s3rver knows its key ids but does not verify V4 signatures: a wrong secret is the
    // same SignatureDoesNotMatch/403 answer on a real service, worded by the same branch.
    await expect(checkBucket({ ...settings, accessKeyId: 'NOBODY' })).rejects.toThrow(
      /l'accès au compartiment S3 « vitrine ».* est refusé : vérifiez S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY/,
    )
    await expect(checkBucket({ ...settings, bucket: 'absent' })).rejects.toThrow(
      /le compartiment S3 « absent » n'existe pas/,
    )
    await expect(checkBucket({ ...settings, endpoint: 'http://127.0.0.1:9' })).rejects.toThrow(
      /est injoignable \(ECONNREFUSED\)/,
    )
  })
})
