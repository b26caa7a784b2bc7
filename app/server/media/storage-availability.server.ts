// The file storage being unreachable is an outage, not a bug (ADR 084, as ADR 069 says for
// the database): the disk refusing (permissions, full, input/output error, its root gone or
// not a folder) or the S3 endpoint unreachable or failing (network errors, 5xx). What fails so
// answers a French 503 with Retry-After instead of a 500, a misleading French refusal (« image
// illisible ») or nothing in the log; the log gets one line, at most once a minute.
import { log } from '../core/log.server.ts'
import { NETWORK_ERROR_CODES, serviceUnavailableResponse } from '../http/unavailable.server.ts'

export const STORAGE_RETRY_AFTER_SECONDS = 30

export const STORAGE_UNAVAILABLE_MESSAGE =
  'Les fichiers du site sont momentanément indisponibles : le stockage ne répond pas. Réessayez dans quelques instants.'

/** The storage's root is missing (a disk's folder gone): thrown where a file would be "not found". */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'StorageUnavailableError'
  }
}

/** Disk errors that say the storage itself is unusable, not that one file is missing. */
const DISK_CODES = new Set(['EACCES', 'EPERM', 'ENOSPC', 'EIO', 'EROFS', 'ENOTDIR', 'EDQUOT'])
/** Network errors on the way to an S3 endpoint, an aborted connection included. */
const NET_CODES = new Set([...NETWORK_ERROR_CODES, 'ECONNABORTED'])
/** @aws-sdk error names of a service that is there but not answering. */
const S3_NAMES = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'ServiceUnavailable',
  'InternalError',
  'SlowDown',
])

/** Whether `error` says the storage is unavailable (walks `cause` and aggregate errors). */
export function isStorageUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false
  if (error instanceof StorageUnavailableError) return true
  const e = error as {
    code?: unknown
    name?: unknown
    $metadata?: { httpStatusCode?: number }
    cause?: unknown
    errors?: unknown
  }
  if (typeof e.code === 'string' && (DISK_CODES.has(e.code) || NET_CODES.has(e.code))) return true
  if (typeof e.name === 'string' && S3_NAMES.has(e.name)) return true
  // The SDK's answer from a failing service (a 5xx), not a refusal of ours (a 4xx).
  const status = e.$metadata?.httpStatusCode
  if (typeof status === 'number' && status >= 500) return true
  if (Array.isArray(e.errors) && e.errors.some((x) => isStorageUnavailable(x, depth + 1)))
    return true
  return e.cause !== error && isStorageUnavailable(e.cause, depth + 1)
}

const LOG_EVERY_MS = 60_000
let lastLogged = 0
let unlogged = 0

/** One log line for a storage failure; the next ones within a minute are only counted. */
export function logStorageUnavailable(error: unknown, now = Date.now()): void {
  if (now - lastLogged < LOG_EVERY_MS) {
    unlogged += 1
    return
  }
  log.error('Stockage des fichiers indisponible : réponse 503 aux demandes de fichiers', {
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    ...(unlogged ? { sameSinceLastLine: unlogged } : {}),
  })
  lastLogged = now
  unlogged = 0
}

/**
 * The French 503: JSON for the API and scripts that ask for it, an HTML page for a browser,
 * plain text otherwise; never cached, with Retry-After.
 */
export function storageUnavailableResponse(request: Request): Response {
  return serviceUnavailableResponse(request, {
    title: 'Fichiers momentanément indisponibles',
    message: STORAGE_UNAVAILABLE_MESSAGE,
    retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS,
  })
}

/**
 * Runs a route's storage work: a storage outage becomes the French 503 (logged once a
 * minute); any other error goes on as it was.
 */
export async function withStorage(
  request: Request,
  work: () => Promise<Response>,
): Promise<Response> {
  try {
    return await work()
  } catch (error) {
    if (!isStorageUnavailable(error)) throw error
    logStorageUnavailable(error)
    return storageUnavailableResponse(request)
  }
}
