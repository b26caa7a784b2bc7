// GET /api/media?kind=image|video|document: the library as JSON for the admin's picker
// ('Choisir dans la médiathèque'). Admins only.
import { methodNotAllowed } from '#app/server/http/method-not-allowed.server.ts'
import type { Route } from './+types/media-list'
import { MEDIA_CATEGORIES, type MediaCategory } from '#app/domain/types.ts'
import { uploadingAdmin } from '#app/server/media/uploads.server.ts'
import { listMedia } from '#app/server/repositories/media.server.ts'

export async function loader({ request }: Route.LoaderArgs) {
  if (!(await uploadingAdmin(request))) {
    return Response.json({ error: 'Accès refusé.' }, { status: 403 })
  }
  const kind = new URL(request.url).searchParams.get('kind')
  const category = (MEDIA_CATEGORIES as readonly string[]).includes(kind ?? '')
    ? (kind as MediaCategory)
    : undefined
  const items = await listMedia({ category })
  return Response.json(
    {
      items: items.map((item) => ({
        id: item.id,
        url: item.url,
        title: item.title,
        alt: item.alt,
        decorative: item.decorative,
        category: item.category,
      })),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

/** No form posts here: a French 405 (ADR 024). */
export const action = methodNotAllowed
