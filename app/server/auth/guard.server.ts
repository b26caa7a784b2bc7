// Access rules: one helper guards every admin loader and action.
import { redirect } from 'react-router'
import { recordActivity } from '../activity/activity.server.ts'
import { safeReturnPath, withReturnPath } from '#app/domain/return-path.ts'
import { ENROL_PATH, SECOND_FACTOR_PATH } from '#app/domain/two-factor.ts'
import { getPendingSecondFactor, getSessionUser, type SessionUser } from './session.server.ts'
import { mustEnrolTwoFactor } from './two-factor.server.ts'

/** Where a request without a complete session signs in: the second-factor step if its
 * session only waits for that (ADR 025), /login otherwise. */
async function signInPath(request: Request): Promise<string> {
  return (await getPendingSecondFactor(request)) ? SECOND_FACTOR_PATH : '/login'
}

/** The signed-in, active user, or a redirect to /login. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request)
  if (!user) throw redirect(await signInPath(request))
  return user
}

/**
 * An active admin, or a redirect: /login when signed out, / otherwise. Every check writes an
 * `access` or `access_denied` activity entry.
 */
export function requireAdmin(request: Request): Promise<SessionUser> {
  // The layout and the tab loaders of one page load share the Request: one check, one entry.
  let check = checks.get(request)
  if (!check) {
    check = checkAdmin(request)
    checks.set(request, check)
  }
  return check
}

const checks = new WeakMap<Request, Promise<SessionUser>>()

/** The page's own query (`?id=…`), without React Router's data-request parameters. */
function pageSearch(url: string): string {
  const params = new URL(url).searchParams
  params.delete('_routes')
  params.delete('index')
  const query = params.toString()
  return query ? `?${query}` : ''
}

async function checkAdmin(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request)
  // Client navigations fetch `/admin/x.data` (React Router single fetch): log the page path.
  const path = new URL(request.url).pathname.replace(/\.data$/, '').replace(/\/_root$/, '/')
  const what = `${request.method.toUpperCase()} ${path}`
  // The page asked for, to come back to after signing in (a link in an alert e-mail).
  // (Not the hub's front page: a sign-in goes there anyway.)
  const asked =
    request.method === 'GET' ? safeReturnPath(path + pageSearch(request.url)) : undefined
  const back = asked === '/admin' ? undefined : asked
  if (!user && (await getPendingSecondFactor(request)))
    throw redirect(withReturnPath(SECOND_FACTOR_PATH, back))
  if (!user || user.role !== 'admin' || user.status !== 'active') {
    await recordActivity(request, {
      actor: user ? { id: user.id, name: user.name, email: user.email } : null,
      action: 'access_denied',
      resourceType: 'admin',
      resourceName: path,
      details: user
        ? `Accès refusé à l'administration (rôle ${user.role}) : ${what}`
        : `Accès refusé à l'administration (non connecté) : ${what}`,
    })
    throw redirect(user ? '/' : withReturnPath('/login', back))
  }
  // Two-factor sign-in required for admins and not set up yet: enrol first (ADR 025).
  if (await mustEnrolTwoFactor(user)) throw redirect(`${ENROL_PATH}?obligatoire=1`)
  await recordActivity(request, {
    actor: { id: user.id, name: user.name, email: user.email },
    action: 'access',
    resourceType: 'admin',
    resourceName: path,
    details: `Accès à l'administration : ${what}`,
  })
  return user
}
