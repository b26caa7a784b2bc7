// Active sessions (ADR 025): each user lists their open sessions (device, address,
// last use) and ends any of them; an admin ends every session of a user. "Last use" is
// written at most once a minute per session, so browsing costs no write per request.
import { getDb } from '../db/client.server.ts'
import { describeDevice } from '../http/user-agent.server.ts'
import { nowIso } from '../db/util.server.ts'
import { getCache } from '../cache/caches.server.ts'
import { hasTwoFactor } from './two-factor.server.ts'

/** A session is "used" again in the table after this long. */
export const LAST_SEEN_RESOLUTION_MS = 60_000
/** Sessions whose last write time is remembered (one more costs at most one extra write). */
const MAX_TRACKED = 10_000
const lastWrites = getCache<string, number>('session-last-writes', { max: MAX_TRACKED })

/** Records that the session was used now, from this address (throttled). */
export async function touchSession(
  sessionId: string,
  userId: string,
  ip: string,
  nowMs = Date.now(),
): Promise<void> {
  const previous = lastWrites.get(sessionId)
  if (previous !== undefined && nowMs - previous < LAST_SEEN_RESOLUTION_MS) return
  lastWrites.set(sessionId, nowMs)
  const at = new Date(nowMs).toISOString()
  await getDb()
    .insertInto('session_state')
    .values({ sessionId, userId, secondFactorAt: null, lastSeenAt: at, lastIp: ip })
    .onConflict((oc) => oc.column('sessionId').doUpdateSet({ lastSeenAt: at, lastIp: ip }))
    .execute()
}

export interface ActiveSession {
  id: string
  device: string
  address: string
  createdAt: string
  lastUsedAt: string
  current: boolean
  /** Signed in, but the second factor was not proven (yet) on this session. */
  unverified: boolean
}

/** The user's sessions that have not expired, the most recently used first. */
export async function listActiveSessions(
  userId: string,
  currentSessionId: string | null,
): Promise<ActiveSession[]> {
  const rows = await getDb()
    .selectFrom('session')
    .leftJoin('session_state', 'session_state.sessionId', 'session.id')
    .select([
      'session.id',
      'session.userAgent',
      'session.ipAddress',
      'session.createdAt',
      'session.updatedAt',
      'session_state.lastSeenAt',
      'session_state.lastIp',
      'session_state.secondFactorAt',
    ])
    .where('session.userId', '=', userId)
    .where('session.expiresAt', '>', nowIso())
    .execute()
  const twoFactor = await hasTwoFactor(userId)
  return rows
    .map((row) => ({
      id: row.id,
      device: describeDevice(row.userAgent),
      address: row.lastIp || row.ipAddress || 'Adresse inconnue',
      createdAt: row.createdAt,
      lastUsedAt: row.lastSeenAt ?? row.updatedAt,
      current: row.id === currentSessionId,
      unverified: twoFactor && !row.secondFactorAt,
    }))
    .sort((a, b) =>
      a.current !== b.current ? (a.current ? -1 : 1) : b.lastUsedAt.localeCompare(a.lastUsedAt),
    )
}

/** Ends one session of the user; false when it is not theirs (or already over). */
export async function endSession(userId: string, sessionId: string): Promise<boolean> {
  const result = await getDb()
    .deleteFrom('session')
    .where('id', '=', sessionId)
    .where('userId', '=', userId)
    .executeTakeFirst()
  lastWrites.delete(sessionId)
  return Number(result.numDeletedRows) === 1
}

/** Ends every session of the user (but `keep`, if given); returns how many ended. */
export async function endAllSessions(userId: string, keep?: string): Promise<number> {
  let query = getDb().deleteFrom('session').where('userId', '=', userId)
  if (keep) query = query.where('id', '!=', keep)
  const result = await query.executeTakeFirst()
  return Number(result.numDeletedRows)
}
