// The newsletter's tables (ADR 085): subscribers with their proof of consent, issues (one per
// post and language that went out) and their send rows. Tokens are stored only as SHA-256
// hashes: the confirmation token is random; the unsubscribe token is an HMAC of the
// subscriber's id and salt under the site's secret, so each e-mail can carry it while the
// database alone never reveals it.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import {
  CONFIRM_RESEND_MS,
  CONFIRM_TTL_MS,
  SUBSCRIBER_SOURCES,
  SUBSCRIBER_STATUSES,
  type IssueProgress,
  type SubscribeData,
  type Subscriber,
  type SubscriberSource,
  type SubscriberStatus,
} from '#app/domain/newsletter.ts'
import type { Locale } from '#app/domain/i18n/locale.ts'
import type { RestoredSubscriber } from '#app/domain/newsletter-import.ts'
import { getDb } from '../db/client.server.ts'
import { dialectOf } from '../db/dialect.server.ts'
import type {
  Database,
  NewsletterSendsTable,
  NewsletterSubscribersTable,
} from '../db/schema.server.ts'
import { createId } from '../db/util.server.ts'
import { getEnv } from '../core/env.server.ts'

export type SubscriberRow = Selectable<NewsletterSubscribersTable>
export type SendRow = Selectable<NewsletterSendsTable>

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

const newToken = () => randomBytes(32).toString('base64url')

/** The subscriber's unsubscribe token: recomputed for each e-mail, stored only hashed. */
export function unsubscribeToken(
  row: Pick<SubscriberRow, 'id' | 'unsubscribeSalt'>,
  secret: string = getEnv().BETTER_AUTH_SECRET,
): string {
  return createHmac('sha256', secret)
    .update(`newsletter-unsubscribe:${row.id}:${row.unsubscribeSalt}`)
    .digest('base64url')
}

/** Whether `value` looks like one of our tokens (43 base64url characters): others are not looked up. */
export function isTokenShaped(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value)
}

function toSubscriber(row: SubscriberRow): Subscriber {
  return {
    id: row.id,
    email: row.email,
    locale: row.locale === 'en' ? 'en' : 'fr',
    status: (SUBSCRIBER_STATUSES as readonly string[]).includes(row.status)
      ? (row.status as SubscriberStatus)
      : 'pending',
    source: (SUBSCRIBER_SOURCES as readonly string[]).includes(row.source)
      ? (row.source as SubscriberSource)
      : 'csv',
    consentAt: row.consentAt,
    consentPage: row.consentPage,
    consentText: row.consentText,
    consentIp: row.consentIp,
    confirmedAt: row.confirmedAt,
    unsubscribedAt: row.unsubscribedAt,
    createdAt: row.createdAt,
  }
}

export interface SubscriptionRequest {
  /** The client address already truncated as the activity log does (ADR 085). */
  consentIp: string
  consentText: string
  now?: Date
}

/** What the caller e-mails, inside the same transaction, when a confirmation is due. */
export type QueueConfirmation = (
  trx: Transaction<Database>,
  confirmation: { email: string; locale: Locale; token: string; expiresAt: string },
) => Promise<unknown>

/**
 * A subscription request. The caller answers the same whatever happens here (no
 * enumeration). A confirmed address stays as it is; any other gets a fresh single-use
 * confirmation token and, at most once per CONFIRM_RESEND_MS, a confirmation e-mail.
 * Returns whether an e-mail was queued (for tests; never shown).
 */
export async function requestSubscription(
  data: SubscribeData,
  request: SubscriptionRequest,
  queue: QueueConfirmation,
  db: Kysely<Database> = getDb(),
): Promise<{ queued: boolean }> {
  const now = request.now ?? new Date()
  const at = now.toISOString()
  const token = newToken()
  const expiresAt = new Date(now.getTime() + CONFIRM_TTL_MS).toISOString()
  const consent = {
    locale: data.locale,
    consentAt: at,
    consentPage: data.page,
    consentText: request.consentText,
    consentIp: request.consentIp,
    source: 'form',
  }
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('newsletter_subscribers')
      .select(['id', 'status', 'confirmSentAt'])
      .where('email', '=', data.email)
      .executeTakeFirst()
    if (existing?.status === 'confirmed') return { queued: false }
    const tooSoon =
      !!existing?.confirmSentAt &&
      Date.parse(existing.confirmSentAt) > now.getTime() - CONFIRM_RESEND_MS
    if (tooSoon) return { queued: false }
    if (existing) {
      await trx
        .updateTable('newsletter_subscribers')
        .set({
          ...consent,
          status: 'pending',
          confirmTokenHash: hashToken(token),
          confirmExpiresAt: expiresAt,
          confirmSentAt: at,
          updatedAt: at,
        })
        .where('id', '=', existing.id)
        .execute()
    } else {
      const id = createId()
      const salt = newToken()
      await trx
        .insertInto('newsletter_subscribers')
        .values({
          id,
          email: data.email,
          ...consent,
          status: 'pending',
          confirmTokenHash: hashToken(token),
          confirmExpiresAt: expiresAt,
          confirmSentAt: at,
          unsubscribeSalt: salt,
          unsubscribeTokenHash: hashToken(unsubscribeToken({ id, unsubscribeSalt: salt })),
          confirmedAt: null,
          unsubscribedAt: null,
          rejectedReason: null,
          createdAt: at,
          updatedAt: at,
        })
        // Two requests at once for one new address: the second changes nothing.
        .onConflict((oc) => oc.column('email').doNothing())
        .execute()
    }
    await queue(trx, { email: data.email, locale: data.locale, token, expiresAt })
    return { queued: true }
  })
}

/** The confirmation link: single use, valid CONFIRM_TTL_MS; undefined when not (any more). */
export async function confirmSubscription(
  token: unknown,
  now = new Date(),
  db: Kysely<Database> = getDb(),
): Promise<Subscriber | undefined> {
  if (!isTokenShaped(token)) return undefined
  const at = now.toISOString()
  const row = await db
    .updateTable('newsletter_subscribers')
    .set({
      status: 'confirmed',
      confirmedAt: at,
      confirmTokenHash: null,
      confirmExpiresAt: null,
      updatedAt: at,
    })
    .where('confirmTokenHash', '=', hashToken(token))
    .where('confirmExpiresAt', '>', at)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst()
  return row ? toSubscriber(row) : undefined
}

async function byUnsubscribeToken(
  token: unknown,
  db: Kysely<Database>,
): Promise<SubscriberRow | undefined> {
  if (!isTokenShaped(token)) return undefined
  const row = await db
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .where('unsubscribeTokenHash', '=', hashToken(token))
    .executeTakeFirst()
  if (!row) return undefined
  // The hash matched; compare the recomputed token too (a rotated secret invalidates links).
  const expected = Buffer.from(unsubscribeToken(row))
  const given = Buffer.from(token)
  return expected.length === given.length && timingSafeEqual(expected, given) ? row : undefined
}

export async function subscriberByUnsubscribeToken(
  token: unknown,
  db: Kysely<Database> = getDb(),
): Promise<Subscriber | undefined> {
  const row = await byUnsubscribeToken(token, db)
  return row ? toSubscriber(row) : undefined
}

/** One-click unsubscribe (RFC 8058): idempotent; pending sends to this address are dropped. */
export async function unsubscribeByToken(
  token: unknown,
  now = new Date(),
  db: Kysely<Database> = getDb(),
): Promise<Subscriber | undefined> {
  const row = await byUnsubscribeToken(token, db)
  if (!row) return undefined
  const at = now.toISOString()
  await db.transaction().execute(async (trx) => {
    if (row.status !== 'unsubscribed')
      await trx
        .updateTable('newsletter_subscribers')
        .set({ status: 'unsubscribed', unsubscribedAt: at, confirmTokenHash: null, updatedAt: at })
        .where('id', '=', row.id)
        .execute()
    await trx
      .updateTable('newsletter_sends')
      .set({ status: 'cancelled' })
      .where('subscriberId', '=', row.id)
      .where('status', '=', 'pending')
      .execute()
  })
  return toSubscriber({ ...row, status: 'unsubscribed', unsubscribedAt: row.unsubscribedAt ?? at })
}

/**
 * Resubscribing from the unsubscribe page: the token proves the mailbox (it came in one of
 * our e-mails), so the address is confirmed again without a second round trip. A rejected
 * address stays rejected (its server refused our mail).
 */
export async function resubscribeByToken(
  token: unknown,
  now = new Date(),
  db: Kysely<Database> = getDb(),
): Promise<Subscriber | undefined> {
  const row = await byUnsubscribeToken(token, db)
  if (!row || row.status === 'rejected') return undefined
  const at = now.toISOString()
  await db
    .updateTable('newsletter_subscribers')
    .set({ status: 'confirmed', confirmedAt: at, unsubscribedAt: null, updatedAt: at })
    .where('id', '=', row.id)
    .execute()
  return toSubscriber({ ...row, status: 'confirmed', confirmedAt: at, unsubscribedAt: null })
}

export async function countConfirmed(
  locale: Locale,
  db: Kysely<Database> = getDb(),
): Promise<number> {
  const row = await db
    .selectFrom('newsletter_subscribers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'confirmed')
    .where('locale', '=', locale)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * A post became public in `locale`: one send row per confirmed subscriber of that language,
 * written by one INSERT … SELECT under the (post, language, subscriber) key, after the issue
 * row whose primary key lets this happen once per post and language. Returns undefined when
 * the issue already exists (an edit, a second publication, a second process).
 */
export async function createIssue(
  postId: string,
  locale: Locale,
  now = new Date(),
  db: Kysely<Database> = getDb(),
): Promise<{ total: number } | undefined> {
  const at = now.toISOString()
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('newsletter_issues')
      .values({ postId, locale, total: 0, createdAt: at })
      .onConflict((oc) => oc.columns(['postId', 'locale']).doNothing())
      .executeTakeFirst()
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return undefined
    const text = (value: string) => sql<string>`cast(${value} as text)`
    const result = await trx
      .insertInto('newsletter_sends')
      .columns(['id', 'postId', 'locale', 'subscriberId', 'status', 'attempts', 'createdAt'])
      .expression((eb) =>
        eb
          .selectFrom('newsletter_subscribers')
          .select([
            sql<string>`cast(${`${postId}:${locale}:`} as text) || id`.as('id'),
            text(postId).as('postId'),
            text(locale).as('locale'),
            'id as subscriberId',
            text('pending').as('status'),
            sql<number>`0`.as('attempts'),
            text(at).as('createdAt'),
          ])
          .where('status', '=', 'confirmed')
          .where('locale', '=', locale),
      )
      .onConflict((oc) => oc.columns(['postId', 'locale', 'subscriberId']).doNothing())
      .executeTakeFirst()
    const total = Number(result.numInsertedOrUpdatedRows ?? 0)
    await trx
      .updateTable('newsletter_issues')
      .set({ total })
      .where('postId', '=', postId)
      .where('locale', '=', locale)
      .execute()
    return { total }
  })
}

/** Claims up to `limit` pending sends for `leaseMs` (several processes may send). */
export async function claimSends(
  limit: number,
  now = new Date(),
  leaseMs = 2 * 60_000,
  db: Kysely<Database> = getDb(),
): Promise<SendRow[]> {
  const at = now.toISOString()
  const candidates = db
    .selectFrom('newsletter_sends')
    .select('id')
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<=', at)]))
    .orderBy('createdAt')
    .orderBy('id')
    .limit(limit)
  // A CTE, not `IN (subquery)`: PostgreSQL may re-run a LIMIT … SKIP LOCKED subquery inside an
  // UPDATE and claim more rows than asked.
  const postgres = dialectOf(db) === 'postgres'
  return db
    .with('due', () => (postgres ? candidates.forUpdate().skipLocked() : candidates))
    .updateTable('newsletter_sends')
    .set({
      leaseUntil: new Date(now.getTime() + leaseMs).toISOString(),
      attempts: sql<number>`attempts + 1`,
    })
    .where('id', 'in', (eb) => eb.selectFrom('due').select('due.id'))
    .where('status', '=', 'pending')
    .returningAll()
    .execute()
}

/** Sends the SMTP server accepted, marked in one statement (one commit, ADR 104). */
export async function markSendsSent(
  ids: readonly string[],
  now = new Date(),
  db: Kysely<Database> = getDb(),
): Promise<void> {
  if (ids.length === 0) return
  await db
    .updateTable('newsletter_sends')
    .set({ status: 'sent', sentAt: now.toISOString(), leaseUntil: null, lastError: null })
    .where('id', 'in', ids)
    .execute()
}

/** A 5xx at RCPT: the address is « rejetée » and nothing more is sent to it. */
export async function markSendRejected(
  send: Pick<SendRow, 'id' | 'subscriberId'>,
  error: string,
  now = new Date(),
  db: Kysely<Database> = getDb(),
): Promise<void> {
  const at = now.toISOString()
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('newsletter_sends')
      .set({ status: 'rejected', leaseUntil: null, lastError: error.slice(0, 500) })
      .where('id', '=', send.id)
      .execute()
    await trx
      .updateTable('newsletter_subscribers')
      .set({ status: 'rejected', rejectedReason: error.slice(0, 500), updatedAt: at })
      .where('id', '=', send.subscriberId)
      .execute()
    await trx
      .updateTable('newsletter_sends')
      .set({ status: 'cancelled' })
      .where('subscriberId', '=', send.subscriberId)
      .where('status', '=', 'pending')
      .execute()
  })
}

export async function issueProgress(
  postId: string,
  locale: Locale,
  db: Kysely<Database> = getDb(),
): Promise<IssueProgress | undefined> {
  const issue = await db
    .selectFrom('newsletter_issues')
    .select('total')
    .where('postId', '=', postId)
    .where('locale', '=', locale)
    .executeTakeFirst()
  if (!issue) return undefined
  const rows = await db
    .selectFrom('newsletter_sends')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('postId', '=', postId)
    .where('locale', '=', locale)
    .groupBy('status')
    .execute()
  const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0)
  return { total: Number(issue.total), sent: count('sent'), rejected: count('rejected') }
}

export async function listSubscribers(
  filter: { q?: string; status?: SubscriberStatus; locale?: Locale } = {},
  db: Kysely<Database> = getDb(),
): Promise<Subscriber[]> {
  let query = db.selectFrom('newsletter_subscribers').selectAll()
  if (filter.status) query = query.where('status', '=', filter.status)
  if (filter.locale) query = query.where('locale', '=', filter.locale)
  const q = filter.q?.trim().toLowerCase()
  // A searched % or _ only widens the owner's own search.
  if (q) query = query.where('email', 'like', `%${q}%`)
  const rows = await query.orderBy('createdAt', 'desc').orderBy('id').limit(500).execute()
  return rows.map(toSubscriber)
}

/** Deletes the subscriber and their send rows (their personal data). */
export async function deleteSubscriber(
  id: string,
  db: Kysely<Database> = getDb(),
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('newsletter_sends').where('subscriberId', '=', id).execute()
    const result = await trx
      .deleteFrom('newsletter_subscribers')
      .where('id', '=', id)
      .executeTakeFirst()
    return Number(result.numDeletedRows) > 0
  })
}

/**
 * The owner's « Envoyer aux abonnés » for a post in `locale` (ADR 097), saved with the post
 * while it is not yet public in that language. An issue already sent is never undone.
 */
export async function savePlan(
  postId: string,
  locale: Locale,
  send: boolean,
  now = new Date(),
  db: Kysely<Database> = getDb(),
): Promise<void> {
  const values = { send: send ? 1 : 0, updatedAt: now.toISOString() }
  await db
    .insertInto('newsletter_plans')
    .values({ postId, locale, ...values })
    .onConflict((oc) => oc.columns(['postId', 'locale']).doUpdateSet(values))
    .execute()
}

export async function getPlan(
  postId: string,
  locale: Locale,
  db: Kysely<Database> = getDb(),
): Promise<boolean | undefined> {
  const row = await db
    .selectFrom('newsletter_plans')
    .select('send')
    .where('postId', '=', postId)
    .where('locale', '=', locale)
    .executeTakeFirst()
  return row ? Number(row.send) === 1 : undefined
}

/** Plans to send that have no issue yet, with the French post's visibility columns. */
export async function pendingPlans(
  now = new Date(),
  db: Kysely<Database> = getDb(),
): Promise<{ postId: string; locale: Locale }[]> {
  const rows = await db
    .selectFrom('newsletter_plans as p')
    .innerJoin('blog_posts as b', 'b.id', 'p.postId')
    .leftJoin('newsletter_issues as i', (join) =>
      join.onRef('i.postId', '=', 'p.postId').onRef('i.locale', '=', 'p.locale'),
    )
    .select(['p.postId', 'p.locale'])
    .where('p.send', '=', 1)
    .where('i.postId', 'is', null)
    // The French post's own rule (blog.server.ts): the English version needs it public too.
    .where('b.status', '!=', 'draft')
    .where('b.publishedAt', '<=', now.toISOString())
    .execute()
  return rows.map((r) => ({ postId: r.postId, locale: r.locale === 'en' ? 'en' : 'fr' }))
}

/** Subscribers of the sends claimed, by id (address, language, token salt). */
export async function subscribersByIds(
  ids: readonly string[],
  db: Kysely<Database> = getDb(),
): Promise<Map<string, Pick<SubscriberRow, 'id' | 'email' | 'status' | 'unsubscribeSalt'>>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('newsletter_subscribers')
    .select(['id', 'email', 'status', 'unsubscribeSalt'])
    .where('id', 'in', [...new Set(ids)])
    .execute()
  return new Map(rows.map((r) => [r.id, r]))
}

/** A temporary failure: the send waits `delayMs`, or fails once its attempts are used up. */
export async function markSendRetry(
  send: Pick<SendRow, 'id' | 'attempts'>,
  error: string,
  delayMs: number,
  maxAttempts: number,
  now = new Date(),
  db: Kysely<Database> = getDb(),
): Promise<void> {
  const failed = send.attempts >= maxAttempts
  await db
    .updateTable('newsletter_sends')
    .set({
      status: failed ? 'failed' : 'pending',
      leaseUntil: failed ? null : new Date(now.getTime() + delayMs).toISOString(),
      lastError: error.slice(0, 500),
    })
    .where('id', '=', send.id)
    .execute()
}

/** A send that may not go (its subscriber left, or its post is gone): never sent. */
export async function cancelSend(id: string, db: Kysely<Database> = getDb()): Promise<void> {
  await db
    .updateTable('newsletter_sends')
    .set({ status: 'cancelled', leaseUntil: null })
    .where('id', '=', id)
    .execute()
}

export interface ImportedSubscriber {
  email: string
  locale: Locale
  /** Confirmed only when the file says so (ADR 097); otherwise pending, never mailed a post. */
  confirmed: boolean
  /** The consent date the file gives, else the import's time. */
  consentAt?: string
  /** A row of Vitrine's own export: its status and proof kept as they were (ADR 104). */
  restored?: RestoredSubscriber
}

/**
 * Adds subscribers from an imported file (or a benchmark), in batches, with the source as
 * proof of consent. An address already known is left as it is. Returns how many were added.
 */
export async function importSubscribers(
  rows: readonly ImportedSubscriber[],
  source: SubscriberSource,
  now = new Date(),
  db: Kysely<Database> = getDb(),
): Promise<number> {
  const at = now.toISOString()
  let added = 0
  const BATCH = 200
  for (let i = 0; i < rows.length; i += BATCH) {
    const values = rows.slice(i, i + BATCH).map((row) => {
      const id = createId()
      const salt = newToken()
      return {
        id,
        email: row.email,
        locale: row.locale,
        status: row.restored?.status ?? (row.confirmed ? 'confirmed' : 'pending'),
        source: row.restored?.source ?? source,
        consentAt: row.consentAt ?? at,
        consentPage: row.restored ? row.restored.consentPage : null,
        consentText: row.restored ? row.restored.consentText : `Importé (${source})`,
        consentIp: row.restored ? row.restored.consentIp : null,
        confirmTokenHash: null,
        confirmExpiresAt: null,
        confirmSentAt: null,
        unsubscribeSalt: salt,
        unsubscribeTokenHash: hashToken(unsubscribeToken({ id, unsubscribeSalt: salt })),
        confirmedAt: row.restored
          ? row.restored.confirmedAt
          : row.confirmed
            ? (row.consentAt ?? at)
            : null,
        unsubscribedAt: row.restored ? row.restored.unsubscribedAt : null,
        rejectedReason: null,
        createdAt: at,
        updatedAt: at,
      }
    })
    const result = await db
      .insertInto('newsletter_subscribers')
      .values(values)
      .onConflict((oc) => oc.column('email').doNothing())
      .executeTakeFirst()
    added += Number(result.numInsertedOrUpdatedRows ?? 0)
  }
  return added
}

/** How many subscribers per status (the tab's counts). */
export async function subscriberCounts(
  db: Kysely<Database> = getDb(),
): Promise<Record<SubscriberStatus, number>> {
  const rows = await db
    .selectFrom('newsletter_subscribers')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute()
  const out = { pending: 0, confirmed: 0, unsubscribed: 0, rejected: 0 }
  for (const row of rows) if (row.status in out) out[row.status as SubscriberStatus] = Number(row.n)
  return out
}

/** New subscribers per month (by consent date), the last `months` months, oldest first. */
export async function subscriberGrowth(
  months = 12,
  now = new Date(),
  db: Kysely<Database> = getDb(),
): Promise<{ month: string; added: number }[]> {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1))
  const month = sql<string>`substr(${sql.ref('consentAt')}, 1, 7)`
  const rows = await db
    .selectFrom('newsletter_subscribers')
    .select([month.as('month'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('consentAt', '>=', start.toISOString())
    .groupBy(month)
    .execute()
  const byMonth = new Map(rows.map((r) => [r.month, Number(r.n)]))
  return Array.from({ length: months }, (_, i) => {
    const d = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + i, 1))
    const key = d.toISOString().slice(0, 7)
    return { month: key, added: byMonth.get(key) ?? 0 }
  })
}

export async function getSubscriber(
  id: string,
  db: Kysely<Database> = getDb(),
): Promise<Subscriber | undefined> {
  const row = await db
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()
  return row ? toSubscriber(row) : undefined
}

/** Every subscriber, oldest first (the CSV export). */
export async function allSubscribers(db: Kysely<Database> = getDb()): Promise<Subscriber[]> {
  const rows = await db
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .orderBy('createdAt')
    .orderBy('id')
    .execute()
  return rows.map(toSubscriber)
}

/** The latest issues with their progress (the tab's « 1 234 / 5 000 envoyés, 3 rejetées »). */
export async function recentIssues(
  limit = 5,
  db: Kysely<Database> = getDb(),
): Promise<{ postId: string; title: string; locale: Locale; progress: IssueProgress }[]> {
  const issues = await db
    .selectFrom('newsletter_issues as i')
    .leftJoin('blog_posts as b', 'b.id', 'i.postId')
    .select(['i.postId', 'i.locale', 'b.title'])
    .orderBy('i.createdAt', 'desc')
    .limit(limit)
    .execute()
  const out = []
  for (const issue of issues) {
    const locale: Locale = issue.locale === 'en' ? 'en' : 'fr'
    const progress = await issueProgress(issue.postId, locale, db)
    if (progress) out.push({ postId: issue.postId, title: issue.title ?? '', locale, progress })
  }
  return out
}
