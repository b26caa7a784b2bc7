// POST MEDIA_UPLOAD_PATH?name=<file name>: the body is the file itself, streamed to disk
// (ADR 017); `&target=cv` stores the CV privately instead (ADR 018). Admins
// only, checked before any body byte is read; the type comes from the bytes; limits per
// type from MEDIA_MAX_*_MB; `&kind=image|video|document` takes that kind only. Answers
// JSON: { item } (201), { item, duplicate: true } (200) when the library holds the file
// already (ADR 093), or { error }.
import type { Route } from './+types/media-upload'
import { recordActivity } from '#app/server/activity/activity.server.ts'
import {
  receiveIntoLibrary,
  receiveUpload,
  refusalFor,
  uploadFileName,
  postOnly,
  postingAdmin,
  uploadRefusal,
} from '#app/server/media/uploads.server.ts'
import { CV_FILE_PATH } from '#app/domain/cv.ts'
import { UPLOAD_ERRORS } from '#app/domain/media-file.ts'
import { MEDIA_CATEGORIES } from '#app/domain/types.ts'
import type { SessionUser } from '#app/server/auth/session.server.ts'
import { privateStore } from '#app/server/media/stores.server.ts'
import { setCvFile } from '#app/server/repositories/cv.server.ts'

export const loader = postOnly

export async function action({ request }: Route.ActionArgs) {
  const admin = await postingAdmin(request)
  if (admin instanceof Response) return admin
  const name = uploadFileName(request)
  const params = new URL(request.url).searchParams
  if (params.get('target') === 'cv') return receiveCv(request, admin)
  // `&kind=image`: a field that takes one kind (an avatar, a thumbnail) gets nothing else,
  // not even into the library.
  const kind = params.get('kind')
  const allowed = kind === null ? undefined : MEDIA_CATEGORIES.find((c) => c === kind)
  if (kind !== null && !allowed) return uploadRefusal(UPLOAD_ERRORS.unknownType, 400)
  try {
    // `&gallery=1` from the media tab's uploader; a content field's upload stays out of it.
    const { item, duplicate } = await receiveIntoLibrary(request, {
      fileName: name,
      allowed: allowed && [allowed],
      inGallery: params.get('gallery') === '1',
    })
    // The same bytes again: the library's entry, unchanged, and nothing to log (ADR 093).
    if (duplicate)
      return Response.json(
        { item, duplicate: true },
        { status: 200, headers: { 'Cache-Control': 'no-store' } },
      )
    await recordActivity(request, {
      actor: admin,
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

/** ?target=cv: the CV (a PDF or an image) into private storage, never the public library. */
async function receiveCv(request: Request, admin: SessionUser) {
  const storage = privateStore()
  try {
    const stored = await receiveUpload(request, storage, ['document', 'image'])
    // The CV is shown whole: responsive variants would only be more private copies.
    for (const key of stored.variants) await storage.remove(key)
    const previous = await setCvFile({ key: stored.storageKey, mime: stored.mime })
    if (previous) await storage.remove(previous)
    await recordActivity(request, {
      actor: admin,
      action: 'update',
      resourceType: 'cv',
      resourceId: 'main',
      resourceName: 'CV',
      details: `Fichier du CV téléversé (${stored.mime})`,
    })
    return Response.json({ cv: { url: CV_FILE_PATH } }, { status: 201 })
  } catch (error) {
    return refusalFor(error)
  }
}
