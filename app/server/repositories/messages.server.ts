// Contact messages and their states (new, read, replied, archived). Server-side pagination on the
// (status, createdAt, id) and (createdAt, id) indexes keeps the list fast at 100,000 rows.
import type { Locale } from '#app/domain/i18n/locale.ts'
import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely'
import { ContactSchema } from '#app/domain/contact.ts'
import { MESSAGES_PAGE_SIZE, ReplySchema } from '#app/domain/message.ts'
import {
  MESSAGE_STATUSES,
  type Message,
  type MessageReply,
  type MessageStatus,
} from '#app/domain/types.ts'
import { getDb } from '#app/server/db/client.server.ts'
import type { Database, MessagesTable } from '#app/server/db/schema.server.ts'
import { createId, nowIso, parseJson, toJson } from '#app/server/db/util.server.ts'
import { parseOrThrow } from '#app/server/http/errors.server.ts'
import { textSearchFilter } from '#app/server/db/search.server.ts'
import { firstRow } from './collection.server.ts'

export interface Page<T> {
  items: T[]
  total: number
  page: number
  pageSize: number
}

export const MAX_PAGE_SIZE = 200

/** Page and page size clamped to sane bounds; the page is clamped to the last one later. */
export function normalisePaging(
  page: number | undefined,
  pageSize: number | undefined,
  fallback: number,
) {
  const size = Math.min(
    MAX_PAGE_SIZE,
    Math.max(1, Number.isFinite(pageSize) ? Math.trunc(pageSize as number) : fallback),
  )
  const p = Math.max(1, Number.isFinite(page) ? Math.trunc(page as number) : 1)
  return { page: p, pageSize: size }
}

/**
 * One page of a hub list, newest first (`column` then id, descending): the wanted page clamped
 * to the last one of `total` rows (an empty list has page 1).
 */
export async function newestFirstPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  column: string,
  { wanted, total, pageSize }: { wanted: number; total: number; pageSize: number },
): Promise<{ rows: O[]; page: number }> {
  const page = Math.min(Math.max(1, wanted), Math.max(1, Math.ceil(total / pageSize)))
  const rows = await query
    .orderBy(sql.ref(column), 'desc')
    .orderBy(sql.ref('id'), 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute()
  return { rows: rows as O[], page }
}

const COLUMNS = [
  'id',
  'name',
  'email',
  'message',
  'status',
  'createdAt',
  'reply',
  'locale',
] as const

function toMessage(row: Selectable<MessagesTable>): Message {
  const status = (MESSAGE_STATUSES as readonly string[]).includes(row.status)
    ? (row.status as MessageStatus)
    : 'new'
  const reply = parseJson<MessageReply | null>(row.reply, null)
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    status,
    createdAt: row.createdAt,
    ...(reply ? { reply } : {}),
    ...(row.locale === 'en' ? { locale: 'en' as const } : {}),
  }
}

/** Runs inside the transaction of a write, with the written message (e-mail outbox, ADR 019). */
export type AfterMessageWrite = (trx: Kysely<Database>, message: Message) => Promise<unknown>

/** A visitor's message, created as 'new'. */
export async function createMessage(
  input: unknown,
  afterWrite?: AfterMessageWrite,
  locale: Locale = 'fr',
): Promise<Message> {
  const data = parseOrThrow(ContactSchema, input)
  const row = {
    id: createId(),
    name: data.name,
    email: data.email,
    message: data.message,
    status: 'new',
    createdAt: nowIso(),
    reply: null,
    locale,
  }
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto('messages').values(row).execute()
      await afterWrite?.(trx, toMessage(row))
    })
  return toMessage(row)
}

export async function getMessage(id: string): Promise<Message | undefined> {
  return firstRow(getDb().selectFrom('messages').select(COLUMNS).where('id', '=', id), toMessage)
}

/** Newest first (createdAt desc, id desc), one page at a time. */
export async function listMessages(
  options: {
    status?: MessageStatus | 'all'
    page?: number
    pageSize?: number
    /** Words found in the name, e-mail or text, accents and case ignored (ADR 099). */
    q?: string
    /** Newest first unless 'oldest'. */
    sort?: string
  } = {},
): Promise<Page<Message>> {
  const db = getDb()
  // 'all' is the first filter button: no status condition.
  const status = options.status === 'all' ? undefined : options.status
  const { pageSize, page: wanted } = normalisePaging(
    options.page,
    options.pageSize,
    MESSAGES_PAGE_SIZE,
  )
  let base = db.selectFrom('messages')
  if (status) base = base.where('status', '=', status)
  const search = textSearchFilter(['name', 'email', 'message'], options.q)
  if (search) base = base.where(search)
  const total = Number(
    (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
  )
  const query = base.select(COLUMNS)
  if (options.sort === 'oldest') {
    const page = Math.min(Math.max(1, wanted), Math.max(1, Math.ceil(total / pageSize)))
    const rows = await query
      .orderBy('createdAt', 'asc')
      .orderBy('id', 'asc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute()
    return { items: rows.map(toMessage), total, page, pageSize }
  }
  const { rows, page } = await newestFirstPage(query, 'createdAt', { wanted, total, pageSize })
  return { items: rows.map(toMessage), total, page, pageSize }
}

export type MessageCounts = Record<'all' | MessageStatus, number>

/** Counts per status in one query (the filter buttons of the messages tab). */
export async function countMessagesByStatus(): Promise<MessageCounts> {
  const rows = await getDb()
    .selectFrom('messages')
    .select(['status', sql<number>`count(*)`.as('n')])
    .groupBy('status')
    .execute()
  const counts: MessageCounts = { all: 0, new: 0, read: 0, replied: 0, archived: 0 }
  for (const row of rows) {
    const n = Number(row.n)
    counts.all += n
    if ((MESSAGE_STATUSES as readonly string[]).includes(row.status))
      counts[row.status as MessageStatus] += n
  }
  return counts
}

/** Unread ('new') messages: the count on the hub's 'Messages' tab. */
export async function countNewMessages(): Promise<number> {
  const row = await getDb()
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'new')
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Read only from 'new'; any other status stays as it is. */
export async function markMessageRead(id: string): Promise<Message | undefined> {
  await getDb()
    .updateTable('messages')
    .set({ status: 'read' })
    .where('id', '=', id)
    .where('status', '=', 'new')
    .execute()
  return getMessage(id)
}

/** Archived from any status. */
export async function archiveMessage(id: string): Promise<Message | undefined> {
  await getDb().updateTable('messages').set({ status: 'archived' }).where('id', '=', id).execute()
  return getMessage(id)
}

/**
 * Stores the reply {content, sentAt} and sets status 'replied' in the same write, so a
 * reply is never stored without its status (ADR 006).
 */
export async function replyToMessage(
  id: string,
  content: unknown,
  afterWrite?: AfterMessageWrite,
): Promise<Message | undefined> {
  const data = parseOrThrow(ReplySchema, { content })
  // sentAt becomes the SMTP acceptance time once the reply e-mail leaves (ADR 019).
  const reply: MessageReply = { content: data.content, sentAt: nowIso() }
  const updated = await getDb()
    .transaction()
    .execute(async (trx) => {
      const result = await trx
        .updateTable('messages')
        .set({ reply: toJson(reply), status: 'replied' })
        .where('id', '=', id)
        .executeTakeFirst()
      if (Number(result.numUpdatedRows) === 0) return false
      const row = await trx
        .selectFrom('messages')
        .select(COLUMNS)
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      await afterWrite?.(trx, toMessage(row))
      return true
    })
  if (!updated) return undefined
  return getMessage(id)
}

export async function deleteMessage(id: string): Promise<boolean> {
  const result = await getDb().deleteFrom('messages').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
