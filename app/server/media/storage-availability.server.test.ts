// Storage down is an outage, not a bug (ADR 084): a disk whose root is a file and an S3
// endpoint on a closed port are recognised, an upload says so instead of « image illisible »,
// and a route answers a French 503 with Retry-After.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { freePort } from '../../../scripts/lib/free-port.ts'
import { testS3Settings } from '../../../tests/fixtures/s3.ts'
import { useTempDirs } from '../db/db-test-support.ts'
import { storeUpload, UploadError } from './pipeline.server.ts'
import { S3Storage } from './s3-storage.server.ts'
import {
  isStorageUnavailable,
  STORAGE_UNAVAILABLE_MESSAGE,
  withStorage,
} from './storage-availability.server.ts'
import { LocalDiskStorage } from './storage.server.ts'
import { refusalFor } from './uploads.server.ts'

const tempDir = useTempDirs()
const LIMITS = { image: 20, video: 200, document: 10 } as const
const KEY = '0123456789abcdef0123456789abcdef.png'

/** A disk store whose root is a file: every read and write of it fails (even as root). */
function brokenDisk(): LocalDiskStorage {
  const file = path.join(tempDir('vitrine-storage-'), 'not-a-folder')
  writeFileSync(file, 'x')
  return new LocalDiskStorage(file)
}

async function png(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: '#36c' } })
    .png()
    .toBuffer()
}

describe('storage availability', () => {
  it('tells an unusable storage from a missing file or a refusal', () => {
    const code = (c: string) => Object.assign(new Error('x'), { code: c })
    for (const c of ['EACCES', 'ENOSPC', 'EIO', 'ENOTDIR', 'EROFS', 'ECONNREFUSED'])
      expect(isStorageUnavailable(code(c)), c).toBe(true)
    expect(isStorageUnavailable(code('ENOENT'))).toBe(false)
    const sdk = (name: string, status: number) =>
      Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } })
    expect(isStorageUnavailable(sdk('InternalError', 500))).toBe(true)
    expect(isStorageUnavailable(sdk('Unknown', 503))).toBe(true)
    expect(isStorageUnavailable(sdk('AccessDenied', 403))).toBe(false)
    expect(isStorageUnavailable(sdk('NotFound', 404))).toBe(false)
    expect(isStorageUnavailable(new Error('x', { cause: code('EIO') }))).toBe(true)
    expect(isStorageUnavailable(new UploadError('Image illisible'))).toBe(false)
  })

  it('a disk root that is a file is an outage; a root not made yet is only "not found"', async () => {
    const error = await brokenDisk()
      .stat(KEY)
      .catch((e: unknown) => e)
    expect(isStorageUnavailable(error)).toBe(true)
    const fresh = new LocalDiskStorage(path.join(tempDir('vitrine-storage-'), 'media'))
    expect(await fresh.stat(KEY)).toBeUndefined()
  })

  it('an upload to a broken disk is a French 503 with Retry-After, not « image illisible »', async () => {
    const image = await png()
    const error = await storeUpload(Readable.from([image]), {
      storage: brokenDisk(),
      limitsMb: LIMITS,
    }).catch((e: unknown) => e)
    expect(error).not.toBeInstanceOf(UploadError)
    const answer = refusalFor(error)
    expect(answer.status).toBe(503)
    expect(answer.headers.get('retry-after')).toBeTruthy()
    expect(await answer.json()).toEqual({ error: STORAGE_UNAVAILABLE_MESSAGE })
  })

  it('an S3 endpoint on a closed port: reads and uploads answer 503', async () => {
    const port = await freePort()
    const bucket = new S3Storage(
      testS3Settings(`http://127.0.0.1:${port}`),
      'private/',
      tempDir('vitrine-s3-temp-'),
    )
    const request = new Request('http://site.test/cv/fichier')
    const answer = await withStorage(request, async () => {
      await bucket.stat(KEY)
      return new Response('servi')
    })
    expect(answer.status).toBe(503)
    expect(answer.headers.get('retry-after')).toBeTruthy()
    expect(await answer.text()).toBe(STORAGE_UNAVAILABLE_MESSAGE)
    const upload = await storeUpload(Readable.from([await png()]), {
      storage: bucket,
      limitsMb: LIMITS,
    }).catch((e: unknown) => e)
    expect(refusalFor(upload).status).toBe(503)
    // Any other failure goes on as it was.
    await expect(withStorage(request, () => Promise.reject(new Error('a bug')))).rejects.toThrow(
      'a bug',
    )
  })
})
