// Sign-out: write a `logout` entry (user name = e-mail, 'Unknown User'
// when missing), end the database session, clear the cookie, go home. POST only: a GET
// link cannot sign anyone out (CSRF).
import { redirect } from 'react-router'
import { recordActivity } from '#app/server/activity/activity.server.ts'
import { getAuth } from '#app/server/auth/auth.server.ts'
import { getSessionUser } from '#app/server/auth/session.server.ts'
import { log } from '#app/server/core/log.server.ts'
import type { Route } from './+types/logout'

export function loader() {
  return redirect('/')
}

export async function action({ request }: Route.ActionArgs) {
  const user = await getSessionUser(request)
  if (user) {
    await recordActivity(request, {
      actor: { id: user.id, name: user.email || 'Unknown User' },
      action: 'logout',
      resourceType: 'admin',
      details: 'Déconnexion',
    })
  }
  const headers = new Headers()
  try {
    const res = await (await getAuth()).api.signOut({ headers: request.headers, asResponse: true })
    for (const cookie of res.headers.getSetCookie()) headers.append('set-cookie', cookie)
  } catch (error) {
    // A logout failure is only logged: the visitor still goes home.
    log.error('Échec de la déconnexion', { error: String(error) })
  }
  return redirect('/', { headers })
}
