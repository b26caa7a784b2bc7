// Activity log (entries and their visitor information). Filters and newest-first keyset
// paging run on the (column, timestamp, id) indexes so the tab stays fast at 10 M rows
// (ADR 098).
import { sql, type Selectable, type SelectQueryBuilder } from 'kysely'
import {
  ACTIVITY_ACTION_LABELS,
  ACTIVITY_COUNT_CAP,
  ACTIVITY_CURSOR_MAX_LENGTH,
  ACTIVITY_PAGE_SIZE,
  DEFAULT_USER_INFO,
  RESOURCE_TYPE_LABELS,
  type ActivityAction,
  type ResourceType,
} from '#app/domain/activity.ts'
import type { ActivityLog, UserInfo } from '#app/domain/types.ts'
import { MAX_LENGTH } from '#app/domain/common.ts'
import { isLabelKey } from '#app/domain/labels.ts'
import { getDb } from '#app/server/db/client.server.ts'
import type { ActivityLogsTable, Database } from '#app/server/db/schema.server.ts'
import { createId, nowIso, parseJson, toJson } from '#app/server/db/util.server.ts'
import { ValidationError } from '#app/server/http/errors.server.ts'
import { normalisePaging } from './messages.server.ts'

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
  /** The page of entries older than this one (the « Plus anciennes » link). */
  after?: ActivityCursor
  /** The page of entries newer than this one (the « Plus récentes » link); `after` wins. */
  before?: ActivityCursor
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
  if (!isLabelKey(ACTIVITY_ACTION_LABELS, entry.action))
    throw new ValidationError({ action: 'Action inconnue' })
  if (!isLabelKey(RESOURCE_TYPE_LABELS, entry.resourceType))
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

/** Where a page starts: the entry just before (or after) it in the log's order (ADR 098). */
export interface ActivityCursor {
  timestamp: string
  id: string
}

/** One page of the log, newest first, with a bounded count of the matching entries. */
export interface ActivityPage {
  items: ActivityLog[]
  /** Matching entries, counted up to ACTIVITY_COUNT_CAP (`capped`: there are more). */
  count: number
  capped: boolean
  pageSize: number
  /** Opens the page of newer entries; absent on the first page. */
  newer?: string
  /** Opens the page of older entries; absent on the last page. */
  older?: string
}

/** A cursor as it travels in the URL: opaque, URL-safe. */
export function encodeActivityCursor(entry: ActivityCursor): string {
  return Buffer.from(JSON.stringify([entry.timestamp, entry.id])).toString('base64url')
}

/** The cursor in `value`, or undefined when it is not one (a hand-edited URL). */
export function decodeActivityCursor(value: string | undefined): ActivityCursor | undefined {
  if (!value || value.length > ACTIVITY_CURSOR_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(value))
    return undefined
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'))
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      parsed.every((v) => typeof v === 'string' && v.length > 0 && v.length <= MAX_LENGTH.short)
    )
      return { timestamp: parsed[0] as string, id: parsed[1] as string }
  } catch {
    // Not base64url JSON: not a cursor of ours.
  }
  return undefined
}

type ActivityQuery<O> = SelectQueryBuilder<Database, 'activity_logs', O>

/**
 * The filters as WHERE terms. Page views are left out with a literal `<> 'access'`, the very
 * term of the partial index that serves the default view (a bound parameter would not let
 * SQLite use it; migration 032, ADR 098).
 */
function filtered<O>(query: ActivityQuery<O>, filters: ActivityFilters): ActivityQuery<O> {
  let q = query
  if (filters.action) q = q.where('action', '=', filters.action)
  else if (filters.pageViews === false) q = q.where('action', '<>', sql.lit('access'))
  if (filters.resourceType) q = q.where('resourceType', '=', filters.resourceType)
  if (filters.userId) q = q.where('userId', '=', filters.userId)
  return q
}

/** Entries strictly older (`<`) or newer (`>`) than `cursor` in (timestamp, id) order. */
function beyond<O>(query: ActivityQuery<O>, op: '<' | '>', cursor: ActivityCursor) {
  return query.where((eb) =>
    eb(eb.refTuple('timestamp', 'id'), op, eb.tuple(cursor.timestamp, cursor.id)),
  )
}

/**
 * Newest first (timestamp desc, id desc), filtered by action, resource type and user, one
 * page at a time from a cursor (keyset pagination: each page is an index seek, however deep,
 * and rows written meanwhile neither repeat nor skip an entry across a page boundary). The
 * count stops at ACTIVITY_COUNT_CAP + 1 rows so that it costs the same at 10 M entries as at
 * 1,000 (ADR 098).
 */
export async function listActivity(filters: ActivityFilters = {}): Promise<ActivityPage> {
  const db = getDb()
  const { pageSize } = normalisePaging(1, filters.pageSize, ACTIVITY_PAGE_SIZE)
  const base = filtered(db.selectFrom('activity_logs'), filters)
  const page = async (): Promise<{ rows: Selectable<ActivityLogsTable>[]; more: boolean }> => {
    let query = base.select(COLUMNS)
    const backwards = !filters.after && !!filters.before
    if (filters.after) query = beyond(query, '<', filters.after)
    else if (filters.before) query = beyond(query, '>', filters.before)
    const order = backwards ? 'asc' : 'desc'
    const rows = await query
      .orderBy('timestamp', order)
      .orderBy('id', order)
      .limit(pageSize + 1)
      .execute()
    const more = rows.length > pageSize
    const shown = rows.slice(0, pageSize)
    return { rows: backwards ? shown.reverse() : shown, more }
  }
  // Ordered like a page, so that both databases seek the page's index from the cursor (an
  // unordered probe may be planned as a scan from the table's start).
  const exists = async (op: '<' | '>', cursor: ActivityCursor) => {
    const order = op === '<' ? 'desc' : 'asc'
    const row = await beyond(base.select('id'), op, cursor)
      .orderBy('timestamp', order)
      .orderBy('id', order)
      .limit(1)
      .executeTakeFirst()
    return !!row
  }
  // Counted in the page's order: the planner then takes the page's index, where the matching
  // rows are contiguous (unordered, SQLite may pick the action index and step over every page
  // view before the first match).
  const capped = db
    .selectFrom(
      base
        .select(sql.lit(1).as('one'))
        .orderBy('timestamp', 'desc')
        .orderBy('id', 'desc')
        .limit(ACTIVITY_COUNT_CAP + 1)
        .as('matching'),
    )
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow()

  const [{ rows, more }, counted] = await Promise.all([page(), capped])
  // Fewer than a page newer than the cursor: that is the first page, shown whole.
  if (!filters.after && filters.before && !more)
    return listActivity({ ...filters, before: undefined })
  const first = rows[0]
  const last = rows.at(-1)
  let newer: string | undefined
  let older: string | undefined
  if (filters.after) {
    if (first) newer = (await exists('>', first)) ? encodeActivityCursor(first) : undefined
    else newer = encodeActivityCursor(filters.after)
    if (more && last) older = encodeActivityCursor(last)
  } else if (filters.before) {
    if (first) newer = encodeActivityCursor(first)
    if (last && (await exists('<', last))) older = encodeActivityCursor(last)
  } else if (more && last) older = encodeActivityCursor(last)

  const names = await currentNames(rows.map((r) => r.userId))
  // One name per user: sign-ins are stored under the e-mail, other
  // actions under the name; the log shows the account's current name for both.
  const items = rows.map((row) => {
    const entry = toEntry(row)
    const name = names.get(row.userId)
    return name ? { ...entry, userName: name } : entry
  })
  const n = Number(counted.n)
  return {
    items,
    count: Math.min(n, ACTIVITY_COUNT_CAP),
    capped: n > ACTIVITY_COUNT_CAP,
    pageSize,
    ...(newer ? { newer } : {}),
    ...(older ? { older } : {}),
  }
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
