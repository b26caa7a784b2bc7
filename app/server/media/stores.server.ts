// Which media storage this process uses (ADRs 017, 033, 068): an S3-compatible bucket when
// S3_BUCKET is set, otherwise MEDIA_DIR on the local disk (one directory several servers may
// share). The public library and the private CV are two separate stores in either case.
import { getEnv, StartupError, type Env } from '#app/server/core/env.server.ts'
import { S3Storage, checkBucket, type S3Prefix, type S3Settings } from './s3-storage.server.ts'
import { mediaStorage, privateStorage, type MediaStorage } from './storage.server.ts'

/** The bucket's settings, or undefined when the media live on the local disk. */
export function s3Settings(env: Env = getEnv()): S3Settings | undefined {
  if (!env.S3_BUCKET) return undefined
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    // The SDK needs one; S3-compatible services mostly ignore it (R2 expects "auto").
    region: env.S3_REGION ?? 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    publicUrl: env.S3_PUBLIC_URL,
  }
}

const buckets = new Map<string, S3Storage>()

function bucketStore(settings: S3Settings, prefix: S3Prefix): S3Storage {
  const id = `${JSON.stringify(settings)}|${prefix}`
  let store = buckets.get(id)
  if (!store) {
    store = new S3Storage(settings, prefix)
    buckets.set(id, store)
  }
  return store
}

/** The public media library. */
export function publicStore(env: Env = getEnv()): MediaStorage {
  const s3 = s3Settings(env)
  return s3 ? bucketStore(s3, 'media/') : mediaStorage(env.MEDIA_DIR)
}

/** Files only guarded routes serve (the CV, ADR 018): never under a public prefix. */
export function privateStore(env: Env = getEnv()): MediaStorage {
  const s3 = s3Settings(env)
  return s3 ? bucketStore(s3, 'private/') : privateStorage(env.MEDIA_DIR)
}

/** Where the media are, for the start-up log. */
export function describeMediaStore(env: Env = getEnv()): string {
  const s3 = s3Settings(env)
  return s3
    ? `compartiment S3 « ${s3.bucket} »${s3.endpoint ? ` sur ${s3.endpoint}` : ''}`
    : env.MEDIA_DIR
}

/**
 * Start-up: with S3_BUCKET, the bucket must answer and take a write with these keys, or the
 * server does not start, saying in French what to fix.
 */
export async function checkMediaStore(env: Env = getEnv()): Promise<void> {
  const s3 = s3Settings(env)
  if (!s3) return
  try {
    await checkBucket(s3)
  } catch (error) {
    const reason = (error as Error).message
    throw new StartupError(reason.charAt(0).toUpperCase() + reason.slice(1), { cause: error })
  }
}
