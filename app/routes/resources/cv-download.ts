// GET /cv/telecharger: the CV file; a download requires a signed-in
// user only when requireAuth is on. Refused → back to /cv with the sign-in banner (works without
// JavaScript); allowed → a `download` activity entry when trackDownloads is on (signed in or
// anonymous), then the file.
import { redirect } from 'react-router'
import { withStorage } from '#app/server/media/storage-availability.server.ts'
import type { Route } from './+types/cv-download'
import { recordActivity } from '#app/server/activity/activity.server.ts'
import { getSessionUser } from '#app/server/auth/session.server.ts'
import { getClientIp } from '#app/server/http/client-ip.server.ts'
import { hit } from '#app/server/rate-limit/rate-limit.server.ts'
import { isUrl } from '#app/domain/common.ts'
import { getCv } from '#app/server/repositories/cv.server.ts'
import { methodNotAllowed } from '#app/server/http/method-not-allowed.server.ts'
import { CV_LOGIN_REQUIRED_PATH } from '#app/domain/cv.ts'
import { serveCvFile } from '#app/server/media/cv-file.server.ts'
import { CV_ACCESS_REFUSED_PATH, cvAccess } from '#app/server/auth/cv-access.server.ts'
import { getSiteSettings } from '#app/server/repositories/settings.server.ts'

export { CV_LOGIN_REQUIRED_PATH }
/** Download entries written for one anonymous address (the file is served regardless). */
const ANONYMOUS_LOG_LIMIT = { limit: 20, windowMs: 10 * 60_000 }

export async function loader({ request }: Route.LoaderArgs) {
  const cv = await getCv()
  // A URL stored before isUrl refused `/\host` paths must not redirect off-site (ADR 024).
  if (!cv?.url || !isUrl(cv.url)) return redirect('/cv')
  const user = await getSessionUser(request)
  // ADR 018: with a sign-in required, the owner also picks which accounts may download.
  const access = await cvAccess(cv.settings, user)
  if (access !== 'allowed') {
    const to = access === 'login' ? CV_LOGIN_REQUIRED_PATH : CV_ACCESS_REFUSED_PATH
    return redirect(to, { headers: { 'Cache-Control': 'no-store' } })
  }
  // Anonymous downloads count too (requireAuth off); one address cannot flood the log.
  const logged = user ? true : await hit(`cv-download:${getClientIp(request)}`, ANONYMOUS_LOG_LIMIT)
  if (cv.settings.trackDownloads && logged) {
    await recordActivity(request, {
      actor: user ? { id: user.id, name: user.name, email: user.email } : null,
      action: 'download',
      resourceType: 'cv',
      resourceName: 'CV',
      details: 'Téléchargement du CV',
    })
  }
  // An uploaded CV is streamed from private storage, watermarked when asked (ADR 018).
  if (cv.file) {
    const { siteName } = await getSiteSettings()
    // Storage down: a French 503 with Retry-After, not a 500 (ADR 084).
    const file = cv.file
    return withStorage(request, () =>
      serveCvFile(request, { ...cv, file }, user, { download: true, siteName }),
    )
  }
  return redirect(cv.url, { headers: { 'Cache-Control': 'no-store' } })
}

/** No form posts here: a French 405 (ADR 024). */
export const action = methodNotAllowed
