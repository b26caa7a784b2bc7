// POST MEDIA_ALT_PATH (id, alt, decorative): an image chosen for a field gets its text
// alternative where pages read it, in the library (ADRs 017, 093). Admins only; the library's
// own rule (an alt, or decorative) decides; answers JSON { item } or { error } in French.
import type { Route } from './+types/media-alt'
import { recordActivity } from '#app/server/activity/activity.server.ts'
import { ValidationError } from '#app/server/http/errors.server.ts'
import { readFormData } from '#app/server/http/request-body.server.ts'
import { postOnly, postingAdmin, uploadRefusal } from '#app/server/media/uploads.server.ts'
import { getMediaItem, updateMediaItem } from '#app/server/repositories/media.server.ts'

export const loader = postOnly

export async function action({ request }: Route.ActionArgs) {
  const admin = await postingAdmin(request)
  if (admin instanceof Response) return admin
  const form = await readFormData(request)
  const id = String(form.get('id') ?? '')
  const current = id ? await getMediaItem(id) : undefined
  if (!current || current.category !== 'image')
    return uploadRefusal('Cette image n’est plus dans la médiathèque.', 404)
  const decorative = form.get('decorative') === 'on'
  try {
    const item = await updateMediaItem(id, {
      alt: decorative ? '' : String(form.get('alt') ?? ''),
      decorative,
    })
    if (!item) return uploadRefusal('Cette image n’est plus dans la médiathèque.', 404)
    await recordActivity(request, {
      actor: admin,
      action: 'update',
      resourceType: 'media',
      resourceId: item.id,
      resourceName: item.title,
      details: decorative ? 'Image marquée décorative' : 'Texte alternatif renseigné',
    })
    return Response.json(
      { item: { id: item.id, alt: item.alt, decorative: item.decorative } },
      { headers: { 'Cache-Control': 'no-store' } },
    )
  } catch (error) {
    if (error instanceof ValidationError)
      return uploadRefusal(Object.values(error.fieldErrors)[0] ?? 'Données invalides', 400)
    throw error
  }
}
