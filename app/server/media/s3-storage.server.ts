// Media files in an S3-compatible bucket (ADR 068), behind the same interface as the local
// disk (ADR 017): the public library under `media/`, the private CV under `private/`. Uploads
// are written to a temporary file in the OS temp dir (the pipeline hashes, sniffs and resizes
// it there), then sent with the SDK's multipart upload and deleted; reads stream the object,
// one byte range at a time. The SDK (~25 MB of heap) is imported at the first S3 call only,
// so a site on local disk never loads it (ADR 030).
import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PassThrough, type Readable } from 'node:stream'
import type { S3Client } from '@aws-sdk/client-s3'
import { contentTypeOf } from './serve.server.ts'
import { isStorageKey, type MediaStorage, type StoredObject } from './storage.server.ts'

export interface S3Settings {
  bucket: string
  /** https://s3.fr-par.scw.cloud, https://<account>.r2.cloudflarestorage.com; unset on AWS. */
  endpoint?: string
  region: string
  accessKeyId?: string
  secretAccessKey?: string
  forcePathStyle: boolean
  /** Where the bucket's `media/` objects are public (a CDN, a public bucket), if anywhere. */
  publicUrl?: string
}

/** The two prefixes: only `media/` may ever be made public (README, "Production"). */
export type S3Prefix = 'media/' | 'private/'

/**
 * One part in memory per upload at a time (5 MiB, the S3 minimum), two in flight: a 200 MB
 * video costs ~10 MB of buffers while it is sent, never its size.
 */
const PART_SIZE = 5 * 1024 * 1024
const QUEUE_SIZE = 2

const clients = new Map<string, Promise<S3Client>>()

/** One client per configuration for the whole process (its sockets are reused). */
export function s3Client(settings: S3Settings): Promise<S3Client> {
  const id = JSON.stringify(settings)
  let client = clients.get(id)
  if (!client) {
    client = import('@aws-sdk/client-s3').then(
      ({ S3Client }) =>
        new S3Client({
          region: settings.region,
          endpoint: settings.endpoint,
          forcePathStyle: settings.forcePathStyle,
          credentials:
            settings.accessKeyId && settings.secretAccessKey
              ? {
                  accessKeyId: settings.accessKeyId,
                  secretAccessKey: settings.secretAccessKey,
                }
              : undefined,
          // Checksums only where S3 requires them: several S3-compatible services (and the
          // test server) refuse the SDK's default CRC32 trailers on streamed bodies.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
          maxAttempts: 3,
        }),
    )
    clients.set(id, client)
  }
  return client
}

/** Closes every client's sockets (a command-line script ends with it). */
export async function closeS3Clients(): Promise<void> {
  const all = [...clients.values()]
  clients.clear()
  for (const client of all) (await client).destroy()
}

function errorName(error: unknown): string {
  const e = error as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } }
  return e?.name ?? e?.Code ?? ''
}

function isMissing(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode
  return status === 404 || ['NotFound', 'NoSuchKey'].includes(errorName(error))
}

export class S3Storage implements MediaStorage {
  readonly settings: S3Settings
  readonly prefix: S3Prefix
  /** Where uploads wait while they are hashed and resized: the OS temp dir. */
  readonly tempDir: string
  constructor(settings: S3Settings, prefix: S3Prefix, tempDir = tmpdir()) {
    this.settings = settings
    this.prefix = prefix
    this.tempDir = tempDir
  }

  /** The object key of a storage key; refuses anything we did not generate. */
  objectKey(key: string): string {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`)
    return this.prefix + key
  }

  async tempPath(): Promise<string> {
    return path.join(this.tempDir, `vitrine-${randomBytes(12).toString('hex')}`)
  }

  /** Sends the finished temporary file, then deletes it (nothing stays on the local disk). */
  async commit(temp: string, key: string): Promise<void> {
    const objectKey = this.objectKey(key)
    const [client, { Upload }] = await Promise.all([
      s3Client(this.settings),
      import('@aws-sdk/lib-storage'),
    ])
    const body = createReadStream(temp)
    try {
      await new Upload({
        client,
        params: {
          Bucket: this.settings.bucket,
          Key: objectKey,
          Body: body,
          ContentType: contentTypeOf(key),
        },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
      }).done()
    } finally {
      body.destroy()
    }
    await rm(temp, { force: true })
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    if (!isStorageKey(key)) return undefined
    const [client, { HeadObjectCommand }] = await Promise.all([
      s3Client(this.settings),
      import('@aws-sdk/client-s3'),
    ])
    try {
      const head = await client.send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
      )
      return { size: head.ContentLength ?? 0, mtime: head.LastModified ?? new Date(0) }
    } catch (error) {
      if (isMissing(error)) return undefined
      throw error
    }
  }

  /** The object's bytes (one range), streamed as they arrive: never held whole in memory. */
  read(key: string, range?: { start: number; end: number }): Readable {
    const out = new PassThrough()
    const objectKey = this.objectKey(key)
    void (async () => {
      const [client, { GetObjectCommand }] = await Promise.all([
        s3Client(this.settings),
        import('@aws-sdk/client-s3'),
      ])
      const answer = await client.send(
        new GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: objectKey,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      )
      const body = answer.Body as Readable | undefined
      if (!body) return out.end()
      // The reader went away (a closed tab, a seek): stop downloading too.
      out.once('close', () => body.destroy())
      body.once('error', (error) => out.destroy(error))
      body.pipe(out)
    })().catch((error: unknown) => out.destroy(error as Error))
    return out
  }

  async remove(key: string): Promise<void> {
    const [client, { DeleteObjectCommand }] = await Promise.all([
      s3Client(this.settings),
      import('@aws-sdk/client-s3'),
    ])
    await client.send(
      new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
    )
  }

  /** Every storage key under this prefix (backups, media:copy). */
  async *keys(): AsyncGenerator<string> {
    const [client, { ListObjectsV2Command }] = await Promise.all([
      s3Client(this.settings),
      import('@aws-sdk/client-s3'),
    ])
    let token: string | undefined
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: this.settings.bucket,
          Prefix: this.prefix,
          ContinuationToken: token,
        }),
      )
      for (const item of page.Contents ?? []) {
        const key = item.Key?.slice(this.prefix.length) ?? ''
        if (isStorageKey(key)) yield key
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
  }

  /** Where a public object is served from when S3_PUBLIC_URL is set (the `media/` prefix). */
  publicUrl(key: string): string | undefined {
    const base = this.settings.publicUrl
    if (!base || this.prefix !== 'media/') return undefined
    return `${base.replace(/\/+$/, '')}/${this.objectKey(key)}`
  }
}

/**
 * Start-up check: the bucket answers and takes a write and a delete with these keys. Throws
 * a French sentence naming what to fix (the caller stops the start with it).
 */
export async function checkBucket(settings: S3Settings): Promise<void> {
  const where = settings.endpoint ? ` sur ${settings.endpoint}` : ''
  const client = await s3Client(settings)
  const { HeadBucketCommand, PutObjectCommand, DeleteObjectCommand } =
    await import('@aws-sdk/client-s3')
  const probe = `private/.vitrine-check-${randomBytes(6).toString('hex')}`
  try {
    await client.send(new HeadBucketCommand({ Bucket: settings.bucket }))
    await client.send(
      new PutObjectCommand({ Bucket: settings.bucket, Key: probe, Body: 'vitrine' }),
    )
    await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: probe }))
  } catch (error) {
    throw new Error(describeS3Failure(error, settings.bucket, where), { cause: error })
  }
}

/** A French reason for a failed S3 call (start-up check, media:copy). */
export function describeS3Failure(error: unknown, bucket: string, where = ''): string {
  const name = errorName(error)
  const status = (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode
  const code = (error as NodeJS.ErrnoException)?.code ?? ''
  if (name === 'NoSuchBucket' || (name === 'NotFound' && status === 404) || status === 404)
    return `le compartiment S3 « ${bucket} » n'existe pas${where} : vérifiez S3_BUCKET (et S3_ENDPOINT, S3_REGION).`
  if (
    [
      'InvalidAccessKeyId',
      'SignatureDoesNotMatch',
      'AccessDenied',
      'Forbidden',
      'CredentialsProviderError',
    ].includes(name) ||
    status === 403 ||
    status === 401
  )
    return `l'accès au compartiment S3 « ${bucket} »${where} est refusé : vérifiez S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY, et que cette clé peut lire, écrire et supprimer dans ce compartiment.`
  if (['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET'].includes(code))
    return `le service S3${where || ` (S3_ENDPOINT)`} est injoignable (${code}) : vérifiez S3_ENDPOINT et le réseau.`
  const message = error instanceof Error ? error.message : String(error)
  return `le compartiment S3 « ${bucket} »${where} ne répond pas comme attendu (${name || 'erreur'} : ${message}).`
}

export function isS3Storage(storage: MediaStorage): storage is S3Storage {
  return storage instanceof S3Storage
}

/**
 * With S3_PUBLIC_URL, the public library's files are fetched from there: the old address
 * answers a permanent, cacheable redirect (content-addressed keys never change).
 */
export function publicRedirect(storage: MediaStorage, key: string): Response | undefined {
  if (!isS3Storage(storage) || !isStorageKey(key)) return undefined
  const location = storage.publicUrl(key)
  if (!location) return undefined
  return new Response(null, {
    status: 301,
    headers: { Location: location, 'Cache-Control': 'public, max-age=31536000, immutable' },
  })
}
