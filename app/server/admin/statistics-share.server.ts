// The statistics tab's share-link actions (ADR 096): make a new secret link (its address is
// answered once, never stored in clear) or revoke it; each is an activity entry of the admin.
// The key itself never reaches the activity log nor any log line.
import { STATS_SHARE_PARAM, STATS_SHARE_PATH } from '#app/domain/statistics-share.ts'
import { recordActivity } from '../activity/activity.server.ts'
import { createShareKey, revokeShareKey } from '../analytics/share.server.ts'
import type { SessionUser } from '../auth/session.server.ts'

export async function shareAction(
  request: Request,
  admin: Pick<SessionUser, 'id' | 'name' | 'email'>,
  intent: 'share-create' | 'share-revoke',
): Promise<{ shareUrl?: string; shareRevoked?: boolean }> {
  const actor = { id: admin.id, name: admin.name, email: admin.email }
  if (intent === 'share-revoke') {
    await revokeShareKey()
    await recordActivity(request, {
      actor,
      action: 'update',
      resourceType: 'settings',
      resourceName: 'Statistiques',
      details: 'Lien de partage des statistiques révoqué',
    })
    return { shareRevoked: true }
  }
  const key = await createShareKey()
  await recordActivity(request, {
    actor,
    action: 'update',
    resourceType: 'settings',
    resourceName: 'Statistiques',
    details: 'Lien de partage des statistiques créé',
  })
  const url = new URL(STATS_SHARE_PATH, request.url)
  url.searchParams.set(STATS_SHARE_PARAM, key)
  return { shareUrl: url.href }
}
