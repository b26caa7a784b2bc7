// The signed-in user of a request, read from the Better Auth database session (contract:
// docs/dev/contracts.md). A user whose status is no longer 'active' has no session: their
// open sessions are refused (and deleted) on the next request, so a blocked user is out at once.
import { USER_ROLES, USER_STATUSES, type UserRole, type UserStatus } from '#app/domain/types.ts'
import { getClientIp } from '../http/client-ip.server.ts'
import { getDb } from '../db/client.server.ts'
import { touchSession } from './active-sessions.server.ts'
import { getAuth } from './auth.server.ts'
import { isSecondFactorPending } from './two-factor.server.ts'

export interface SessionUser {
  id: string
  email: string
  name: string
  image: string | null
  role: UserRole
  status: UserStatus
}

const asRole = (value: unknown): UserRole =>
  USER_ROLES.includes(value as UserRole) ? (value as UserRole) : 'viewer'
const asStatus = (value: unknown): UserStatus =>
  USER_STATUSES.includes(value as UserStatus) ? (value as UserStatus) : 'inactive'

/** The database session a request signs in with. */
export interface CurrentSession {
  user: SessionUser
  session: { id: string; createdAt: Date }
}

const cache = new WeakMap<Request, Promise<CurrentSession | null>>()
/** Sessions still waiting for their second factor (ADR 025), per request. */
const pendingSecondFactor = new WeakMap<Request, CurrentSession>()

/** The session of a request that signed in but has not proven its second factor yet. */
export async function getPendingSecondFactor(request: Request): Promise<CurrentSession | null> {
  await getCurrentSession(request)
  return pendingSecondFactor.get(request) ?? null
}

/** The request's user and session, or null (memoised per request). */
export function getCurrentSession(request: Request): Promise<CurrentSession | null> {
  let pending = cache.get(request)
  if (!pending) {
    pending = readCurrentSession(request).then(async (current) => {
      if (!current) return null
      // A session is complete only once it proved the second factor, whatever the
      // sign-in that created it (ADR 025); until then the user is not signed in.
      if (await isSecondFactorPending(current.user.id, current.session.id)) {
        pendingSecondFactor.set(request, current)
        return null
      }
      await touchSession(current.session.id, current.user.id, getClientIp(request))
      return current
    })
    cache.set(request, pending)
  }
  return pending
}

/** The request's user with role and status as stored now, or null (memoised per request). */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  return (await getCurrentSession(request))?.user ?? null
}

/**
 * Better Auth's session cookie (`__Secure-` prefixed over https). Without it Better Auth finds
 * no session, so the request is anonymous without loading Better Auth at all (ADR 037): a
 * visitor with only a consent or device cookie costs no auth code.
 */
const SESSION_COOKIE = /(?:^|;)\s*(?:__Secure-)?better-auth\.session_token=/

export function hasSessionCookie(request: Request): boolean {
  return SESSION_COOKIE.test(request.headers.get('cookie') ?? '')
}

async function readCurrentSession(request: Request): Promise<CurrentSession | null> {
  if (!hasSessionCookie(request)) return null
  const session = await (
    await getAuth()
  ).api.getSession({
    headers: request.headers,
    query: { disableCookieCache: true },
  })
  if (!session) return null
  // Role and status are read fresh from the table: a block or a role change counts now.
  const row = await getDb()
    .selectFrom('user')
    .select(['id', 'email', 'name', 'image', 'role', 'status'])
    .where('id', '=', session.user.id)
    .executeTakeFirst()
  if (!row) return null
  const user: SessionUser = {
    id: row.id,
    email: row.email,
    name: row.name,
    image: row.image,
    role: asRole(row.role),
    status: asStatus(row.status),
  }
  if (user.status !== 'active') {
    await getDb().deleteFrom('session').where('userId', '=', user.id).execute()
    return null
  }
  return {
    user,
    session: { id: session.session.id, createdAt: new Date(session.session.createdAt) },
  }
}
