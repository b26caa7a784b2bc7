// Admin › Users actions of ADR 025: end every session of a user; reset a user's two-factor
// sign-in (lost phone and recovery codes), which also ends their sessions.
import { recordActivity } from '../activity/activity.server.ts'
import { getDb } from '../db/client.server.ts'
import { redirectWithToast } from '../http/toast.server.ts'
import { endAllSessions } from './active-sessions.server.ts'
import { disableTwoFactor } from './two-factor.server.ts'
import type { SessionUser } from './session.server.ts'

/** Ids among `userIds` whose two-factor sign-in is on. */
export async function usersWithTwoFactor(userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return []
  const rows = await getDb()
    .selectFrom('two_factor')
    .select('userId')
    .where('userId', 'in', userIds)
    .where('enabledAt', 'is not', null)
    .execute()
  return rows.map((r) => r.userId)
}

export async function adminSecurityAction(
  request: Request,
  admin: SessionUser,
  intent: 'end-sessions' | 'reset-2fa',
  target: { id: string; email: string },
) {
  const ended = await endAllSessions(target.id)
  if (intent === 'reset-2fa') await disableTwoFactor(target.id)
  await recordActivity(request, {
    actor: admin,
    action: 'update',
    resourceType: 'user',
    resourceId: target.id,
    resourceName: target.email,
    details:
      intent === 'reset-2fa'
        ? `Double authentification réinitialisée, sessions terminées (${ended})`
        : `Toutes les sessions terminées (${ended})`,
  })
  return redirectWithToast('/admin/users', {
    kind: 'success',
    message:
      intent === 'reset-2fa'
        ? `Double authentification réinitialisée pour ${target.email}.`
        : `Sessions de ${target.email} terminées (${ended}).`,
  })
}
