// POST /api/media/upload?name=<file name>: the body is the file itself, streamed to disk
// (issue 10, ADR 017). Admins only, checked before any body byte is read; the type comes
// from the bytes; limits per type from MEDIA_MAX_*_MB. Answers JSON: { item } or { error }.
import type { Route } from './+types/media-upload'
import { recordActivity } from '#app/server/activity.server.ts'
import {
  libraryStorage,
  receiveUpload,
  refusalFor,
  uploadFileName,
  uploadingAdmin,
  uploadRefusal,
} from '#app/server/media/uploads.server.ts'
import { UPLOAD_ERRORS } from '#app/domain/media-file.ts'
import { createUploadedMedia, removeUnusedFiles } from '#app/server/repositories/media.server.ts'

export function loader() {
  return new Response('Méthode non autorisée', { status: 405, headers: { Allow: 'POST' } })
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return loader()
  const admin = await uploadingAdmin(request)
  if (!admin) return uploadRefusal(UPLOAD_ERRORS.notAllowed, 403)
  const name = uploadFileName(request)
  try {
    const storage = libraryStorage()
    const stored = await receiveUpload(request, storage)
    const item = await createUploadedMedia(stored, name).catch(async (error: unknown) => {
      // No row, no file: a failed insert takes the new files away again.
      await removeUnusedFiles(storage, [stored.storageKey, ...stored.variants])
      throw error
    })
    await recordActivity(request, {
      actor: { id: admin.id, name: admin.name, email: admin.email },
      action: 'create',
      resourceType: 'media',
      resourceId: item.id,
      resourceName: item.title,
      details: `Fichier téléversé : ${name || item.title}`,
    })
    return Response.json({ item }, { status: 201, headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    return refusalFor(error)
  }
}
