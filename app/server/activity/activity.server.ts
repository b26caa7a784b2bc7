// Writing the activity log from a request (contract: docs/dev/contracts.md). Derives the
// visitor's UserInfo, looks up the location when configured, stores the entry. Never
// throws: a failure to log must not fail the action that is being logged.
import { UNKNOWN, type ClientInfo } from '#app/domain/activity.ts'
import type { ActivityAction, ResourceType } from '#app/domain/activity.ts'
import type { ActivityLog, UserInfo } from '#app/domain/types.ts'
import { lookupLocation } from './geo.server.ts'
import { getCache } from '../cache/caches.server.ts'
import { log } from '../core/log.server.ts'
import { getClientIp } from '../http/client-ip.server.ts'
import { addActivity, rewriteActivity, type NewActivity } from '../repositories/activity.server.ts'
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

// One save, one row (ADR 081). A save used to write three: the access check of its POST, the
// action's own entry, and the access check of the page reloaded after it (then the beacon
// updated them). Now the action's entry takes over the row of its request's access check, the
// first admin page read by that user within FOLD_MS after it is part of the save, and entries
// are written with what the user's browser last reported, so the beacon finds nothing to fill.

/** The reload that follows a save comes within this delay. */
const FOLD_MS = 10_000
/** The access entry of each request, that the request's action entry takes over. */
const accessEntries = new WeakMap<
  Request,
  { userId: string; entry: Promise<ActivityLog | undefined> }
>()
/** Users who just saved: their next admin page read is the reload of that save. */
const justSaved = getCache<string, true>('activity-just-saved', { max: 1000, ttl: FOLD_MS })
/** What each user's browser last reported (the beacon), by device (address, browser, system). */
const reported = getCache<string, ClientInfo>('activity-client-info', {
  max: 1000,
  ttl: 60 * 60_000,
})

const deviceKey = (userId: string, info: Pick<UserInfo, 'ip' | 'browser' | 'os' | 'device'>) =>
  [userId, info.ip, info.browser, info.os, info.device].join('\u0000')

/** Keeps what a user's browser reported (the beacon) for the entries written after it. */
export function rememberClientInfo(
  userId: string,
  device: Pick<UserInfo, 'ip' | 'browser' | 'os' | 'device'>,
  info: ClientInfo,
): void {
  const key = deviceKey(userId, device)
  const known: ClientInfo = { ...reported.get(key) }
  for (const [field, value] of Object.entries(info) as [keyof ClientInfo, string | undefined][])
    if (value !== undefined) known[field] = value
  reported.set(key, known)
}

const isRead = (request: Request) => request.method === 'GET' || request.method === 'HEAD'
/** A save and its reload come from one browser. */
const saverKey = (userId: string, request: Request) =>
  [userId, getClientIp(request), request.headers.get('user-agent') ?? ''].join('\u0000')

export async function recordActivity(
  request: Request,
  input: RecordActivityInput,
): Promise<ActivityLog | undefined> {
  // Anonymous entries are bounded per address and in total (ADR 023).
  const kind = `${input.action}|${input.resourceType}|${input.resourceName ?? ''}`
  if (!input.actor && !(await anonymousEntryAllowed(request, kind))) return undefined
  const actor = input.actor
  if (actor && input.action === 'access' && isRead(request)) {
    const saver = saverKey(actor.id, request)
    // (`get`, not `delete` alone: an expired mark may still be held.)
    if (justSaved.get(saver)) {
      justSaved.delete(saver)
      return undefined
    }
  }
  const access = accessEntries.get(request)
  if (access) accessEntries.delete(request)
  const entry = writeEntry(request, input, async (fields) => {
    const accessEntry = actor && access?.userId === actor.id ? await access.entry : undefined
    if (!accessEntry) return addActivity(fields)
    if (!isRead(request)) justSaved.set(saverKey(actor!.id, request), true)
    return (await rewriteActivity(accessEntry.id, fields)) ?? addActivity(fields)
  })
  if (actor && input.action === 'access') accessEntries.set(request, { userId: actor.id, entry })
  return entry
}

async function writeEntry(
  request: Request,
  input: RecordActivityInput,
  write: (fields: NewActivity) => Promise<ActivityLog | undefined>,
): Promise<ActivityLog | undefined> {
  try {
    const userInfo = deriveUserInfo(request, { clientInfo: input.clientInfo })
    const actor = input.actor
    const known = actor ? reported.get(deviceKey(actor.id, userInfo)) : undefined
    for (const [key, value] of Object.entries(known ?? {}) as [keyof ClientInfo, string][])
      if (value !== undefined && userInfo[key] === UNKNOWN) userInfo[key] = value
    userInfo.location = await lookupLocation(userInfo.ip)
    return await write({
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
