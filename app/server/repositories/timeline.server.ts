// Timeline items (the about page's timeline and the hub's timeline tab).
import type { Kysely } from 'kysely'
import { TimelineSchema, type TimelineInput } from '#app/domain/timeline.ts'
import type { TimelineItem, TimelineType } from '#app/domain/types.ts'
import { cachedReadByKey } from '#app/server/cache/generation.server.ts'
import { getDb } from '#app/server/db/client.server.ts'
import type { Database, TimelineTable } from '#app/server/db/schema.server.ts'
import { createId, parseJson, toJson } from '#app/server/db/util.server.ts'
import { parseOrThrow } from '#app/server/http/errors.server.ts'
import { deleteById, firstRow, mergePatch, updateExisting } from './collection.server.ts'

const COLUMNS = [
  'id',
  'title',
  'organization',
  'startDate',
  'endDate',
  'description',
  'tags',
  'type',
] as const

/** A row holds the item's own fields (it is read by COLUMNS), the tags as JSON text. */
function toTimelineItem(row: TimelineTable): TimelineItem {
  return { ...row, tags: parseJson<string[]>(row.tags, []), type: row.type as TimelineType }
}

async function findItem(db: Kysely<Database>, id: string): Promise<TimelineItem | undefined> {
  return firstRow(db.selectFrom('timeline').select(COLUMNS).where('id', '=', id), toTimelineItem)
}

/** Entries, most recent start first (YYYY-MM sorts as text); optionally one type only. */
/** The timeline (of one type, or all): read once per content generation and type (ADR 039). */
export const listTimeline: (type?: TimelineType) => Promise<TimelineItem[]> = cachedReadByKey(
  'timeline',
  (type: TimelineType | undefined) => readTimeline(type),
)

async function readTimeline(type: TimelineType | undefined): Promise<TimelineItem[]> {
  let query = getDb()
    .selectFrom('timeline')
    .select(COLUMNS)
    .orderBy('startDate', 'desc')
    .orderBy('endDate', 'desc')
    .orderBy('title', 'asc')
    .orderBy('id', 'asc')
  if (type !== undefined) query = query.where('type', '=', type)
  const rows = await query.execute()
  return rows.map(toTimelineItem)
}

export async function getTimelineItem(id: string): Promise<TimelineItem | undefined> {
  return findItem(getDb(), id)
}

/** Validates then inserts. Throws ValidationError. */
export async function createTimelineItem(input: TimelineInput): Promise<TimelineItem> {
  const fields = parseOrThrow(TimelineSchema, input)
  const row: TimelineTable = { id: createId(), ...fields, tags: toJson(fields.tags) }
  await getDb().insertInto('timeline').values(row).execute()
  return toTimelineItem(row)
}

/** Partial update: untouched fields kept. Missing id → undefined. */
export async function updateTimelineItem(
  id: string,
  patch: TimelineInput,
): Promise<TimelineItem | undefined> {
  return updateExisting(getDb(), findItem, id, async (trx, current) => {
    const { id: _currentId, ...values } = current
    const fields = parseOrThrow(TimelineSchema, mergePatch(values, patch))
    const changes: Omit<TimelineTable, 'id'> = { ...fields, tags: toJson(fields.tags) }
    await trx.updateTable('timeline').set(changes).where('id', '=', id).execute()
    return toTimelineItem({ id, ...changes })
  })
}

export async function deleteTimelineItem(id: string): Promise<boolean> {
  return deleteById(getDb(), 'timeline', id)
}
