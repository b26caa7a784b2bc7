// Glue between the HTTP upload route and the pipeline: limits from the environment, the
// admin check before a single body byte is read, JSON answers in French (ADR 017).
import { UPLOAD_ERRORS } from '#app/domain/media-file.ts'
import type { MediaCategory } from '#app/domain/types.ts'
import { getSessionUser, type SessionUser } from '#app/server/auth/session.server.ts'
import { getEnv } from '#app/server/core/env.server.ts'
import { log } from '#app/server/core/log.server.ts'
import {
  storeUpload,
  UploadError,
  type MediaLimitsMb,
  type StoredMedia,
} from './pipeline.server.ts'
import { addToLibrary, type LibraryUpload } from './library.server.ts'
import type { MediaStorage } from './storage.server.ts'
import { publicStore } from './stores.server.ts'
import {
  isStorageUnavailable,
  logStorageUnavailable,
  STORAGE_RETRY_AFTER_SECONDS,
  STORAGE_UNAVAILABLE_MESSAGE,
} from './storage-availability.server.ts'

export function mediaLimits(): MediaLimitsMb {
  const env = getEnv()
  return {
    image: env.MEDIA_MAX_IMAGE_MB,
    video: env.MEDIA_MAX_VIDEO_MB,
    document: env.MEDIA_MAX_PDF_MB,
  }
}

export function libraryStorage(): MediaStorage {
  return publicStore()
}

/**
 * A JSON refusal. The unread rest of the body is dropped once it is out (server/request-
 * guard.ts, drainUnreadBody): the browser, still sending, then reads this French answer.
 */
export function uploadRefusal(message: string, status: number): Response {
  return Response.json({ error: message }, { status, headers: { 'Cache-Control': 'no-store' } })
}

/** The signed-in active admin, or undefined (never a redirect: the caller is a script). */
export async function uploadingAdmin(request: Request): Promise<SessionUser | undefined> {
  const user = await getSessionUser(request)
  return user && user.role === 'admin' && user.status === 'active' ? user : undefined
}

/** The answer to any method but POST: an upload endpoint only receives. */
export function postOnly(): Response {
  return new Response('Méthode non autorisée', { status: 405, headers: { Allow: 'POST' } })
}

/** The admin posting an upload, or the answer that ends it: not a POST, or not an admin. */
export async function postingAdmin(request: Request): Promise<SessionUser | Response> {
  if (request.method !== 'POST') return postOnly()
  return (await uploadingAdmin(request)) ?? uploadRefusal(UPLOAD_ERRORS.notAllowed, 403)
}

/** The file name the browser sent (`?name=`), bounded; only used as a default title. */
export function uploadFileName(request: Request): string {
  const name = new URL(request.url).searchParams.get('name') ?? ''
  return name.replace(/[\p{Cc}]/gu, '').slice(0, 255)
}

/** The request's body as the pipeline reads it; an absent body is refused in French. */
function uploadBody(request: Request): AsyncIterable<Uint8Array> {
  if (!request.body) throw new UploadError(UPLOAD_ERRORS.empty)
  // Read without cancelling the body when a refusal stops the reading: a cancel destroys the
  // request under a client still sending, which would never read the refusal; the Express
  // layer drains the rest once the answer is out (ADR 057).
  return request.body.values({ preventCancel: true })
}

/** Streams the request body through the pipeline; UploadError carries the French refusal. */
export async function receiveUpload(
  request: Request,
  storage: MediaStorage,
  allowed?: MediaCategory[],
): Promise<StoredMedia> {
  return storeUpload(uploadBody(request), { storage, limitsMb: mediaLimits(), allowed })
}

/** Streams the request body into the library, or finds the file there already (ADR 093). */
export async function receiveIntoLibrary(
  request: Request,
  opts: { fileName: string; allowed?: MediaCategory[]; inGallery?: boolean },
): Promise<LibraryUpload> {
  return addToLibrary(uploadBody(request), {
    ...opts,
    storage: libraryStorage(),
    limitsMb: mediaLimits(),
  })
}

export function refusalFor(error: unknown): Response {
  if (error instanceof UploadError) return uploadRefusal(error.message, error.status)
  // The storage unreachable: a French 503 with Retry-After, one log line (ADR 084).
  if (isStorageUnavailable(error)) {
    logStorageUnavailable(error)
    return Response.json(
      { error: STORAGE_UNAVAILABLE_MESSAGE },
      {
        status: 503,
        headers: {
          'Cache-Control': 'no-store',
          'Retry-After': String(STORAGE_RETRY_AFTER_SECONDS),
        },
      },
    )
  }
  log.error('Upload failed', { error: String(error) })
  return uploadRefusal("Le fichier n'a pas pu être enregistré. Réessayez.", 500)
}
