// Activity log (entries and their visitor information). Filters and newest-first paging
// run on the (column, timestamp, id) indexes so the tab stays fast at 1,000,000 rows.
import { sql, type Selectable } from 'kysely'
import { ACTIVITY_PAGE_SIZE, DEFAULT_USER_INFO } from '#app/domain/activity.ts'
import {
  ACTIVITY_ACTIONS,
  RESOURCE_TYPES,
  type ActivityAction,
  type ActivityLog,
  type ResourceType,
  type UserInfo,
} from '#app/domain/types.ts'
import { MAX_LENGTH } from '#app/domain/common.ts'
import { getDb } from '#app/server/db/client.server.ts'
import type { ActivityLogsTable } from '#app/server/db/schema.server.ts'
import { createId, nowIso, parseJson, toJson } from '#app/server/db/util.server.ts'
import { ValidationError } from '#app/server/http/errors.server.ts'
import { newestFirstPage, normalisePaging, type Page } from './messages.server.ts'

export type NewActivity = Omit<ActivityLog, 'id' | 'timestamp' | 'userInfo'> & {
  timestamp?: string
  userInfo?: Partial<UserInfo>
}

export interface ActivityFilters {
  action?: ActivityAction
  /** Page views (`access` entries) are left out unless asked for, or filtered on, so that actions stand out. */
  pageViews?: boolean
  resourceType?: ResourceType
  userId?: string
  page?: number
  pageSize?: number
}

const COLUMNS = [
  'id',
  'userId',
  'userName',
  'action',
  'resourceType',
  'resourceId',
  'resourceName',
  'timestamp',
  'details',
  'userInfo',
] as const

const clip = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value)

function toEntry(row: Selectable<ActivityLogsTable>): ActivityLog {
  const info = parseJson<Partial<UserInfo>>(row.userInfo, {})
  return {
    id: row.id,
    userId: row.userId,
    userName: row.userName,
    action: row.action as ActivityAction,
    resourceType: row.resourceType as ResourceType,
    ...(row.resourceId !== null ? { resourceId: row.resourceId } : {}),
    ...(row.resourceName !== null ? { resourceName: row.resourceName } : {}),
    timestamp: row.timestamp,
    details: row.details,
    userInfo: normaliseUserInfo(info),
  }
}

/** Every UserInfo field present; unknown ones are 'Unknown'. */
export function normaliseUserInfo(info: Partial<UserInfo> | undefined): UserInfo {
  return {
    ...DEFAULT_USER_INFO,
    ...info,
    location: { ...DEFAULT_USER_INFO.location, ...info?.location },
  }
}

function toRow(id: string, entry: NewActivity): ActivityLogsTable {
  if (!(ACTIVITY_ACTIONS as readonly string[]).includes(entry.action))
    throw new ValidationError({ action: 'Action inconnue' })
  if (!(RESOURCE_TYPES as readonly string[]).includes(entry.resourceType))
    throw new ValidationError({ resourceType: 'Type de ressource inconnu' })
  return {
    id,
    userId: clip(entry.userId || 'anonymous', MAX_LENGTH.short),
    userName: clip(entry.userName || 'Unknown User', MAX_LENGTH.short),
    action: entry.action,
    resourceType: entry.resourceType,
    resourceId: entry.resourceId ? clip(entry.resourceId, MAX_LENGTH.short) : null,
    resourceName: entry.resourceName ? clip(entry.resourceName, MAX_LENGTH.short) : null,
    timestamp: entry.timestamp ?? nowIso(),
    details: clip(entry.details ?? '', MAX_LENGTH.text),
    userInfo: toJson(normaliseUserInfo(entry.userInfo)),
  }
}

export async function addActivity(entry: NewActivity): Promise<ActivityLog> {
  const row = toRow(createId(), entry)
  await getDb().insertInto('activity_logs').values(row).execute()
  return toEntry(row)
}

/**
 * Makes entry `id` say `entry` instead (a request's action taking over the row of its access
 * check, ADR 081). Undefined when the row is gone (purged meanwhile).
 */
export async function rewriteActivity(
  id: string,
  entry: NewActivity,
): Promise<ActivityLog | undefined> {
  const { id: _, ...changes } = toRow(id, entry)
  const result = await getDb()
    .updateTable('activity_logs')
    .set(changes)
    .where('id', '=', id)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n ? toEntry({ id, ...changes }) : undefined
}

/**
 * Whether a user's sign-in through this session was already logged (the entry names the
 * session in resourceId). Seeks the (userId, timestamp, id) index from the session's start.
 */
export async function hasLoginEntryForSession(
  userId: string,
  sessionId: string,
  since: string,
): Promise<boolean> {
  const row = await getDb()
    .selectFrom('activity_logs')
    .select('id')
    .where('userId', '=', userId)
    .where('timestamp', '>=', since)
    .where('action', '=', 'login')
    .where('resourceId', '=', sessionId)
    .executeTakeFirst()
  return !!row
}

/** Newest first (timestamp desc, id desc), filtered by action, resource type and user. */
export async function listActivity(filters: ActivityFilters = {}): Promise<Page<ActivityLog>> {
  const db = getDb()
  const { pageSize, page: wanted } = normalisePaging(
    filters.page,
    filters.pageSize,
    ACTIVITY_PAGE_SIZE,
  )
  let count = db.selectFrom('activity_logs').select((eb) => eb.fn.countAll<number>().as('n'))
  let query = db.selectFrom('activity_logs').select(COLUMNS)
  if (filters.action) {
    count = count.where('action', '=', filters.action)
    query = query.where('action', '=', filters.action)
  } else if (filters.pageViews === false) {
    count = count.where('action', '!=', 'access')
    query = query.where('action', '!=', 'access')
  }
  if (filters.resourceType) {
    count = count.where('resourceType', '=', filters.resourceType)
    query = query.where('resourceType', '=', filters.resourceType)
  }
  if (filters.userId) {
    count = count.where('userId', '=', filters.userId)
    query = query.where('userId', '=', filters.userId)
  }
  const total = Number((await count.executeTakeFirstOrThrow()).n)
  const { rows, page } = await newestFirstPage(query, 'timestamp', { wanted, total, pageSize })
  const names = await currentNames(rows.map((r) => r.userId))
  // One name per user: sign-ins are stored under the e-mail, other
  // actions under the name; the log shows the account's current name for both.
  const items = rows.map((row) => {
    const entry = toEntry(row)
    const name = names.get(row.userId)
    return name ? { ...entry, userName: name } : entry
  })
  return { items, total, page, pageSize }
}

/** The current names of existing accounts among `ids` (deleted accounts keep the stored one). */
async function currentNames(ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)].filter((id) => id !== 'anonymous')
  if (unique.length === 0) return new Map()
  const rows = await getDb()
    .selectFrom('user')
    .select(['id', 'name', 'email'])
    .where('id', 'in', unique)
    .execute()
  return new Map(rows.map((r) => [r.id, r.name.trim() || r.email]))
}

export interface ActivityUser {
  userId: string
  userName: string
}

/**
 * Distinct authors of entries, for the user filter, each with the account's current name
 * (the latest logged name for deleted accounts). A skip
 * scan over the (userId, timestamp, id) index: one seek per user, not one read per row.
 * Quoted identifiers: PostgreSQL folds unquoted ones to lower case (ADR 028).
 */
export async function listActivityUsers(): Promise<ActivityUser[]> {
  const result = await sql<ActivityUser>`
    with recursive ids("userId") as (
      select min("userId") from activity_logs
      union all
      select (select min(a."userId") from activity_logs a where a."userId" > ids."userId")
      from ids where ids."userId" is not null
    )
    select ids."userId" as "userId",
      coalesce(
        (select nullif(trim(u.name), '') from "user" u where u.id = ids."userId"),
        (select l."userName" from activity_logs l where l."userId" = ids."userId"
          order by l."timestamp" desc, l.id desc limit 1)
      ) as "userName"
    from ids where ids."userId" is not null
  `.execute(getDb())
  return result.rows
    .map((r) => ({ userId: r.userId, userName: r.userName }))
    .sort((a, b) => a.userName.localeCompare(b.userName, 'fr'))
}

/** GDPR retention: deletes entries older than `days` days; returns how many went. */
export async function purgeActivityOlderThan(
  days: number,
  now: Date = new Date(),
): Promise<number> {
  if (!Number.isFinite(days) || days < 0) throw new RangeError('days must be a positive number')
  const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString()
  const result = await getDb()
    .deleteFrom('activity_logs')
    .where('timestamp', '<', cutoff)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
