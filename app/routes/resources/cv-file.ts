// GET /cv/fichier: the uploaded CV shown on /cv (preview), from the same private file as
// the download, under the same rules (ADR 018). Not counted as a download.
import { methodNotAllowed } from '#app/server/http/method-not-allowed.server.ts'
import { withStorage } from '#app/server/media/storage-availability.server.ts'
import type { Route } from './+types/cv-file'
import { getSessionUser } from '#app/server/auth/session.server.ts'
import { serveCvFile } from '#app/server/media/cv-file.server.ts'
import { getCv } from '#app/server/repositories/cv.server.ts'
import { getSiteSettings } from '#app/server/repositories/settings.server.ts'

export async function loader({ request }: Route.LoaderArgs) {
  const cv = await getCv()
  if (!cv?.file) {
    return new Response('CV introuvable', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    })
  }
  const [user, settings] = await Promise.all([getSessionUser(request), getSiteSettings()])
  // Storage down: a French 503 with Retry-After, not a 500 (ADR 084).
  const file = cv.file
  return withStorage(request, () =>
    serveCvFile(request, { ...cv, file }, user, { download: false, siteName: settings.siteName }),
  )
}

/** No form posts here: a French 405 (ADR 024). */
export const action = methodNotAllowed
