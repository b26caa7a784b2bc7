// Writing the activity log from a request (contract: docs/dev/contracts.md). Derives the
// visitor's UserInfo, looks up the location when configured, stores the entry. Never
// throws: a failure to log must not fail the action that is being logged.
import type { ActivityAction, ActivityLog, ResourceType } from '#app/domain/types.ts'
import { lookupLocation } from './geo.server.ts'
import { log } from '../core/log.server.ts'
import { addActivity } from '../repositories/activity.server.ts'
import { deriveUserInfo } from './user-info.server.ts'
import { anonymousEntryAllowed } from './anonymous-activity.server.ts'

export interface ActivityActor {
  id: string
  name?: string | null
  email?: string | null
}

export interface RecordActivityInput {
  /** Who acted; null or absent → 'anonymous' (failed logins). */
  actor?: ActivityActor | null
  action: ActivityAction
  resourceType: ResourceType
  resourceId?: string
  resourceName?: string
  details?: string
  /** What the browser reported about itself: language, screenResolution, timezone, referrer. */
  clientInfo?: unknown
}

export const ANONYMOUS_USER_ID = 'anonymous'

/** An entry about a user's own account, done by that user. */
export function recordOwnAccountActivity(
  request: Request,
  user: { id: string; name: string; email: string },
  action: ActivityAction,
  details: string,
): Promise<ActivityLog | undefined> {
  return recordActivity(request, {
    actor: { id: user.id, name: user.name, email: user.email },
    action,
    resourceType: 'user',
    resourceId: user.id,
    resourceName: user.email,
    details,
  })
}

export async function recordActivity(
  request: Request,
  input: RecordActivityInput,
): Promise<ActivityLog | undefined> {
  // Anonymous entries are bounded per address and in total (ADR 023).
  const kind = `${input.action}|${input.resourceType}|${input.resourceName ?? ''}`
  if (!input.actor && !(await anonymousEntryAllowed(request, kind))) return undefined
  try {
    const userInfo = deriveUserInfo(request, { clientInfo: input.clientInfo })
    userInfo.location = await lookupLocation(userInfo.ip)
    const actor = input.actor
    return await addActivity({
      userId: actor?.id || ANONYMOUS_USER_ID,
      userName: actor
        ? actor.name?.trim() || actor.email?.trim() || 'Unknown User'
        : ANONYMOUS_USER_ID,
      action: input.action,
      resourceType: input.resourceType,
      ...(input.resourceId ? { resourceId: input.resourceId } : {}),
      ...(input.resourceName ? { resourceName: input.resourceName } : {}),
      details: input.details ?? '',
      userInfo,
    })
  } catch (error) {
    log.error('Activity entry could not be recorded', {
      action: input.action,
      resourceType: input.resourceType,
      error: error instanceof Error ? error.message : String(error),
    })
    return undefined
  }
}
