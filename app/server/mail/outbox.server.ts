// The outbox (ADR 019): an e-mail is a row written in the same transaction as the action
// that causes it (reply saved ⇔ e-mail queued), then sent by the worker. A row is claimed
// with a lease by one atomic UPDATE, so several processes may run workers; a crash after the
// SMTP server accepted but before the row was marked re-sends it with the same Message-ID.
// On PostgreSQL the claim picks its row `FOR UPDATE SKIP LOCKED` (ADR 033): N workers on N
// app servers claim different rows at once instead of queueing behind one row lock.
import { randomBytes } from 'node:crypto'
import { sql, type Kysely, type Selectable } from 'kysely'
import {
  OUTBOX_KIND_LABELS,
  OUTBOX_STATUS_LABELS,
  type OutboxEntry,
  type OutboxKind,
  type OutboxStatus,
  type ReplyDelivery,
} from '#app/domain/mail.ts'
import { labelKeyOr } from '#app/domain/labels.ts'
import { getDb } from '../db/client.server.ts'
import { dialectOf } from '../db/dialect.server.ts'
import type { Database, OutboxTable } from '../db/schema.server.ts'
import { createId, nowIso, parseJson, toJson } from '../db/util.server.ts'
import { headerText } from './config.server.ts'
import { newestFirstPage } from '../repositories/messages.server.ts'

export type OutboxRow = Selectable<OutboxTable>

/** Temporary failures are retried this many times in all before the row is failed. */
export const MAX_ATTEMPTS = 10
export const RETRY_BASE_MS = 30_000
export const RETRY_MAX_MS = 60 * 60_000
/** How long a claimed row belongs to its worker before another may take it. */
export const LEASE_MS = 2 * 60_000

export interface NewEmail {
  kind: OutboxKind
  to: { address: string; name?: string }
  replyTo?: string
  subject: string
  html: string
  text: string
  relatedMessageId?: string
  /** Not sent after this moment (a reset link that would arrive dead). */
  expiresAt?: string
  /** Not sent before this moment (a digest gathers messages until then). */
  notBefore?: string
}

/** The host part of Message-IDs: the site's own name. */
let messageIdHost = 'vitrine.localhost'
export function setMessageIdHost(publicUrl: string) {
  if (URL.canParse(publicUrl)) messageIdHost = new URL(publicUrl).hostname || messageIdHost
}

/**
 * Writes an e-mail into the outbox with `db` — pass the transaction of the causing write.
 * `configured` false stores it as 'unconfigured': nothing is faked, it waits.
 */
export async function enqueueEmail(
  db: Kysely<Database>,
  email: NewEmail,
  options: { configured: boolean; now?: Date },
): Promise<OutboxRow> {
  const now = (options.now ?? new Date()).toISOString()
  const id = createId()
  const row: OutboxRow = {
    id,
    messageId: `<${id}.${randomBytes(6).toString('hex')}@${messageIdHost}>`,
    kind: email.kind,
    toAddress: headerText(email.to.address),
    toName: email.to.name ? headerText(email.to.name) || null : null,
    replyTo: email.replyTo ? headerText(email.replyTo) : null,
    subject: headerText(email.subject),
    html: email.html,
    text: email.text,
    status: options.configured ? 'queued' : 'unconfigured',
    attempts: 0,
    nextAttemptAt: email.notBefore ?? now,
    leaseUntil: null,
    lastError: null,
    sentAt: null,
    expiresAt: email.expiresAt ?? null,
    relatedMessageId: email.relatedMessageId ?? null,
    createdAt: now,
  }
  await db.insertInto('outbox').values(row).execute()
  return row
}

/** Claims the next due row (status queued, due, lease free) for `leaseMs`; one winner. */
export async function claimNext(
  now: Date,
  leaseMs = LEASE_MS,
  db: Kysely<Database> = getDb(),
): Promise<OutboxRow | undefined> {
  const at = now.toISOString()
  const candidate = db
    .selectFrom('outbox')
    .select('id')
    .where('status', '=', 'queued')
    .where('nextAttemptAt', '<=', at)
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<=', at)]))
    .orderBy('nextAttemptAt')
    .limit(1)
  // PostgreSQL: a row another worker is claiming right now is skipped, not waited for (the
  // lease still covers the time the e-mail is being sent, and a crash meanwhile).
  const due = dialectOf(db) === 'postgres' ? candidate.forUpdate().skipLocked() : candidate
  return db
    .updateTable('outbox')
    .set({
      leaseUntil: new Date(now.getTime() + leaseMs).toISOString(),
      attempts: sql<number>`attempts + 1`,
    })
    .where('id', '=', due)
    .where('status', '=', 'queued')
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<=', at)]))
    .returningAll()
    .executeTakeFirst()
}

/** Accepted by the SMTP server: sent, and a reply's sentAt becomes that moment. */
export async function markSent(
  row: OutboxRow,
  now: Date,
  db: Kysely<Database> = getDb(),
): Promise<void> {
  const sentAt = now.toISOString()
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('outbox')
      .set({ status: 'sent', sentAt, leaseUntil: null, lastError: null })
      .where('id', '=', row.id)
      .execute()
    if (row.kind === 'reply' && row.relatedMessageId) {
      const message = await trx
        .selectFrom('messages')
        .select('reply')
        .where('id', '=', row.relatedMessageId)
        .executeTakeFirst()
      const reply = parseJson<{ content: string } | null>(message?.reply, null)
      if (reply)
        await trx
          .updateTable('messages')
          .set({ reply: toJson({ ...reply, sentAt }) })
          .where('id', '=', row.relatedMessageId)
          .execute()
    }
  })
}

/** Exponential backoff: 30 s, 1 min, 2 min… capped at one hour. */
export function retryDelayMs(attempts: number, baseMs = RETRY_BASE_MS): number {
  return Math.min(RETRY_MAX_MS, baseMs * 2 ** Math.max(0, attempts - 1))
}

/** A temporary failure: retried later, or failed once the attempts are used up. */
export async function markRetry(
  row: OutboxRow,
  error: string,
  now: Date,
  baseMs = RETRY_BASE_MS,
  db: Kysely<Database> = getDb(),
): Promise<void> {
  if (row.attempts >= MAX_ATTEMPTS) {
    await markFailed(row, `Abandon après ${row.attempts} tentatives : ${error}`, db)
    return
  }
  await db
    .updateTable('outbox')
    .set({
      leaseUntil: null,
      lastError: error,
      nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts, baseMs)).toISOString(),
    })
    .where('id', '=', row.id)
    .execute()
}

/** A permanent failure (5xx, expired link): kept with the server's answer. */
export async function markFailed(
  row: Pick<OutboxRow, 'id'>,
  error: string,
  db: Kysely<Database> = getDb(),
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ status: 'failed', leaseUntil: null, lastError: error })
    .where('id', '=', row.id)
    .execute()
}

/**
 * 'Réessayer': a failed or unconfigured row, or one waiting after a failed attempt, goes
 * back to the queue, due now (a row a worker holds right now is left alone).
 */
export async function retryEmail(id: string, configured: boolean): Promise<boolean> {
  const at = nowIso()
  const result = await getDb()
    .updateTable('outbox')
    .set({
      status: configured ? 'queued' : 'unconfigured',
      nextAttemptAt: at,
      leaseUntil: null,
      attempts: 0,
    })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['failed', 'unconfigured']),
        eb.and([
          eb('status', '=', 'queued'),
          eb('attempts', '>', 0),
          eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<=', at)]),
        ]),
      ]),
    )
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Once e-mail is configured, what waited as 'unconfigured' is queued (expired rows fail). */
export async function queueUnconfigured(now: Date): Promise<number> {
  const at = now.toISOString()
  await getDb()
    .updateTable('outbox')
    .set({ status: 'failed', lastError: 'Lien expiré avant que l’envoi soit configuré' })
    .where('status', '=', 'unconfigured')
    .where('expiresAt', '<=', at)
    .execute()
  // Due now, except what is due later: a digest keeps its hour.
  const result = await getDb()
    .updateTable('outbox')
    .set((eb) => ({
      status: 'queued',
      nextAttemptAt: eb
        .case()
        .when('nextAttemptAt', '>', at)
        .then(eb.ref('nextAttemptAt'))
        .else(at)
        .end(),
    }))
    .where('status', '=', 'unconfigured')
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/**
 * At start-up (often a new configuration, or the mail server back) waiting retries are due
 * at once instead of after their backoff; a row still leased by another process keeps it.
 * A digest keeps its hour.
 */
export async function retryWaitingNow(now: Date): Promise<number> {
  const at = now.toISOString()
  const result = await getDb()
    .updateTable('outbox')
    .set({ nextAttemptAt: at })
    .where('status', '=', 'queued')
    .where('attempts', '>', 0)
    .where('nextAttemptAt', '>', at)
    .where('kind', '!=', 'digest')
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<=', at)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/**
 * Deletes the e-mails finished (sent or given up) and written more than `days` days ago
 * (OUTBOX_RETENTION_DAYS, ADR 054): their bodies hold what the site sent people (replies
 * quoting a visitor's message, links of accounts). Queued ones are never deleted, nor a failed
 * reply whose message is still kept (it can be sent again from Messages).
 */
export async function purgeOutboxOlderThan(days: number, now: Date = new Date()): Promise<number> {
  if (!Number.isFinite(days) || days < 0) throw new RangeError('days must be a positive number')
  const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString()
  const result = await getDb()
    .deleteFrom('outbox')
    .where('status', 'in', ['sent', 'failed'])
    .where('createdAt', '<', cutoff)
    // A reply given up stays while its message does: Messages says it failed and offers to
    // send it again, where an absent row would read "Envoyée le" (ADR 054).
    .where((eb) =>
      eb.not(
        eb.and([
          eb('status', '=', 'failed'),
          eb('kind', '=', 'reply'),
          eb.exists(
            eb
              .selectFrom('messages')
              .select('messages.id')
              .whereRef('messages.id', '=', 'outbox.relatedMessageId'),
          ),
        ]),
      ),
    )
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

const parseStatus = (status: string): OutboxStatus =>
  labelKeyOr(OUTBOX_STATUS_LABELS, status, 'queued')

function toEntry(row: OutboxRow): OutboxEntry {
  return {
    id: row.id,
    kind: labelKeyOr(OUTBOX_KIND_LABELS, row.kind, 'test'),
    to: row.toName ? `${row.toName} <${row.toAddress}>` : row.toAddress,
    subject: row.subject,
    status: parseStatus(row.status),
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt,
    lastError: row.lastError,
    sentAt: row.sentAt,
    createdAt: row.createdAt,
    relatedMessageId: row.relatedMessageId,
  }
}

export async function getOutboxRow(id: string): Promise<OutboxRow | undefined> {
  return getDb().selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Newest first, one page at a time (the admin's outbox list). */
export async function listOutbox(
  options: { page?: number; pageSize?: number } = {},
): Promise<{ items: OutboxEntry[]; total: number; page: number; pageSize: number }> {
  const pageSize = Math.min(100, Math.max(1, Math.trunc(options.pageSize ?? 20)))
  const total = Number(
    (
      await getDb()
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
  const { rows, page } = await newestFirstPage(
    getDb().selectFrom('outbox').selectAll(),
    'createdAt',
    {
      wanted: Math.trunc(options.page ?? 1) || 1,
      total,
      pageSize,
    },
  )
  return { items: rows.map(toEntry), total, page, pageSize }
}

/** The latest reply e-mail of each of these messages (the inbox's delivery line). */
export async function replyDeliveries(
  messageIds: readonly string[],
): Promise<Record<string, ReplyDelivery>> {
  if (messageIds.length === 0) return {}
  const rows = await getDb()
    .selectFrom('outbox')
    .select([
      'id',
      'status',
      'sentAt',
      'lastError',
      'attempts',
      'nextAttemptAt',
      'relatedMessageId',
      'createdAt',
    ])
    .where('kind', '=', 'reply')
    .where('relatedMessageId', 'in', messageIds)
    .orderBy('createdAt')
    .execute()
  const out: Record<string, ReplyDelivery> = {}
  for (const row of rows) {
    if (!row.relatedMessageId) continue
    out[row.relatedMessageId] = {
      outboxId: row.id,
      status: parseStatus(row.status),
      sentAt: row.sentAt,
      lastError: row.lastError,
      attempts: row.attempts,
      nextAttemptAt: row.nextAttemptAt,
    }
  }
  return out
}
