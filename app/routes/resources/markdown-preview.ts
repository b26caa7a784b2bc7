// Live preview of the Markdown editor (ADR 020): the very pipeline that renders the
// published page (markdown.server.ts), for active admins only. Not logged as an admin
// access on every keystroke: the session is checked without writing the activity log.
import type { Route } from './+types/markdown-preview'
import { MAX_LENGTH } from '#app/domain/common.ts'
import { getSessionUser } from '#app/server/auth/session.server.ts'
import { renderMarkdown } from '#app/server/content/markdown.server.ts'

export const PREVIEW_FORBIDDEN = 'Aperçu réservé aux administrateurs'
export const PREVIEW_TOO_LONG = `Texte trop long pour l’aperçu (${MAX_LENGTH.long} caractères maximum)`

const NO_STORE = { 'Cache-Control': 'no-store' }

export async function action({ request }: Route.ActionArgs) {
  const user = await getSessionUser(request)
  if (!user || user.role !== 'admin' || user.status !== 'active')
    return Response.json({ error: PREVIEW_FORBIDDEN }, { status: 403, headers: NO_STORE })
  let content: unknown
  try {
    content = (await request.formData()).get('content')
  } catch {
    content = null
  }
  if (typeof content !== 'string') content = ''
  const text = content as string
  if (text.length > MAX_LENGTH.long)
    return Response.json({ error: PREVIEW_TOO_LONG }, { status: 400, headers: NO_STORE })
  const { html, words } = await renderMarkdown(text.trim())
  return Response.json({ html, words }, { headers: NO_STORE })
}

export function loader() {
  return Response.json(
    { error: 'Méthode non autorisée' },
    { status: 405, headers: { Allow: 'POST' } },
  )
}
