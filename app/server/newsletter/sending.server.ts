// Sending the newsletter (ADR 097). The dispatcher turns each plan to send (« Envoyer aux
// abonnés » ticked) whose post is now public in its language into an issue: one send row per
// confirmed subscriber under the (post, language, subscriber) key, in one transaction, after
// the issue row whose primary key makes it happen once (ADR 085). It runs at start-up, after
// every content write or generation bump (a scheduled post's time, ADR 077) and on a slow
// tick (another app server's write). The sender claims send rows in batches with a lease,
// sends them through a pooled SMTP transport at the owner's rate and marks the accepted ones
// sent a few milliseconds later, together (ADR 104): after a crash, only what was never marked
// goes again, with the same Message-ID.
import type { Kysely } from 'kysely'
import type { SendMailOptions } from 'nodemailer'
import { DEFAULT_NEWSLETTER_SETTINGS, NewsletterSettingsSchema } from '#app/domain/newsletter.ts'
import type { Locale } from '#app/domain/i18n/locale.ts'
import { isPublishedInEnglish } from '#app/domain/translation.ts'
import { onContentGeneration } from '../cache/generation.server.ts'
import { getEnv, type Env } from '../core/env.server.ts'
import { log } from '../core/log.server.ts'
import { getDatabaseHandle, getDb } from '../db/client.server.ts'
import { settingsDocument } from '../db/documents.server.ts'
import type { Database } from '../db/schema.server.ts'
import { parseJson } from '../db/util.server.ts'
import { activeMailConfig, headerText, type MailConfig } from '../mail/config.server.ts'
import { MAX_ATTEMPTS, retryDelayMs } from '../mail/outbox.server.ts'
import { PolledSender } from '../mail/polled-sender.server.ts'
import { classifySmtpError } from '../mail/smtp-errors.server.ts'
import {
  cancelSend,
  claimSends,
  createIssue,
  markSendRejected,
  markSendRetry,
  markSendsSent,
  pendingPlans,
  subscribersByIds,
  unsubscribeToken,
  type SendRow,
} from '../repositories/newsletter.server.ts'
import { storedTranslation } from '../repositories/translations.server.ts'
import { renderIssueEmail, type IssueEmail } from './email.server.ts'

const NEWSLETTER_SETTINGS = settingsDocument(
  'newsletter',
  NewsletterSettingsSchema,
  DEFAULT_NEWSLETTER_SETTINGS,
)
export const getNewsletterSettings = NEWSLETTER_SETTINGS.read
export const saveNewsletterSettings = NEWSLETTER_SETTINGS.save

/** Whether the post is public in `locale` now (the French rule, then the English one). */
export async function isPublicIn(
  postId: string,
  locale: Locale,
  now = new Date(),
  db: Kysely<Database> = getDb(),
): Promise<boolean> {
  const post = await db
    .selectFrom('blog_posts')
    .select(['status', 'publishedAt'])
    .where('id', '=', postId)
    .executeTakeFirst()
  if (!post?.publishedAt || post.status === 'draft' || post.publishedAt > now.toISOString())
    return false
  if (locale === 'fr') return true
  const english = await storedTranslation(db, 'post', postId, 'en')
  return isPublishedInEnglish('post', english?.data, now)
}

/** Creates the issues now due; returns how many send rows they wrote. */
export async function dispatchDueIssues(
  now = new Date(),
  db: Kysely<Database> = getDb(),
): Promise<number> {
  let queued = 0
  for (const plan of await pendingPlans(now, db)) {
    if (!(await isPublicIn(plan.postId, plan.locale, now, db))) continue
    const issue = await createIssue(plan.postId, plan.locale, now, db)
    if (issue) {
      queued += issue.total
      log.info('Lettre : envoi préparé', { postId: plan.postId, locale: plan.locale, ...issue })
    }
  }
  return queued
}

export interface SenderOptions {
  config: MailConfig
  /** Parallel SMTP connections (nodemailer's pool, every message on a kept connection). */
  concurrency?: number
  /** Rows claimed at once; their lease covers sending them at the slowest rate. */
  batch?: number
  /** Longest wait before accepted rows are marked sent, in one write (ADR 104). */
  flushMs?: number
  leaseMs?: number
  pollMs?: number
  db?: () => Kysely<Database>
  /** The rate, when not the settings' (benchmarks). */
  ratePerMinute?: number
}

/** Lease of a claimed batch: the time it takes at the rate, three times over, at least 30 s. */
function leaseFor(batch: number, ratePerMinute: number): number {
  return Math.max(30_000, Math.ceil((batch / ratePerMinute) * 60_000 * 3))
}

/**
 * The sends the SMTP server accepted, marked sent together (ADR 104): one UPDATE, so one
 * commit and one fsync, per `flushMs` or per `MARK_BATCH` rows instead of one per e-mail.
 * A row is added only after its 250; a crash between that answer and the write is the one
 * window in which an e-mail may go twice (after the lease, with the same Message-ID), and it
 * lasts at most `flushMs` plus one write.
 */
class SentMarks {
  private ids: string[] = []
  private timer: ReturnType<typeof setTimeout> | undefined
  private writing: Promise<void> = Promise.resolve()
  private readonly db: Kysely<Database>
  private readonly flushMs: number

  constructor(db: Kysely<Database>, flushMs: number) {
    this.db = db
    this.flushMs = flushMs
  }

  add(id: string): void {
    this.ids.push(id)
    if (this.ids.length >= MARK_BATCH) void this.flush().catch(() => {})
    else this.timer ??= setTimeout(() => void this.flush().catch(() => {}), this.flushMs)
  }

  /** Writes what is waiting; resolves once every acceptance so far is written. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    const ids = this.ids
    this.ids = []
    this.writing = this.writing.then(async () => {
      if (ids.length === 0) return
      try {
        await markSendsSent(ids, new Date(), this.db)
      } catch (error) {
        // Kept for the next write; unwritten, they go again after their lease.
        this.ids.unshift(...ids)
        log.warn('Lettre : envois acceptés pas encore notés', { count: ids.length })
        throw error
      }
    })
    const written = this.writing
    this.writing = written.catch(() => {})
    return written
  }
}

/** Accepted rows written in one statement at most (a bound on the IN list). */
const MARK_BATCH = 200

export class NewsletterSender extends PolledSender {
  private readonly options: SenderOptions
  private readonly db: () => Kysely<Database>
  private readonly batch: number
  private readonly flushMs: number
  /** The next moment a message may leave (the rate, shared by the connections). */
  private nextSlot = 0
  private readonly host: string

  constructor(options: SenderOptions) {
    // Every message on a kept connection of the pool (lanes ask for it at once).
    super({
      url: options.config.url,
      concurrency: options.concurrency ?? 4,
      pollMs: options.pollMs ?? 10_000,
      transportParams: { maxMessages: 'Infinity' },
    })
    this.options = options
    this.db = options.db ?? getDb
    this.batch = options.batch ?? 50
    this.flushMs = options.flushMs ?? 50
    this.host = URL.canParse(getEnv().PUBLIC_URL)
      ? new URL(getEnv().PUBLIC_URL).hostname || 'vitrine.localhost'
      : 'vitrine.localhost'
  }

  /** Waits for the next slot of the rate (mails per minute). */
  private async slot(ratePerMinute: number): Promise<void> {
    const gap = 60_000 / ratePerMinute
    const now = Date.now()
    const at = Math.max(now, this.nextSlot)
    this.nextSlot = at + gap
    if (at > now) await new Promise((r) => setTimeout(r, at - now))
  }

  protected async drain(): Promise<number> {
    let handled = 0
    const emails = new Map<string, Promise<IssueEmail | undefined>>()
    const db = this.db()
    const marks = new SentMarks(db, this.flushMs)
    try {
      const rate = this.options.ratePerMinute ?? (await getNewsletterSettings(db)).ratePerMinute
      const from = this.options.config.from.name
        ? this.options.config.from
        : {
            address: this.options.config.from.address,
            name: (await renderSiteName(db)) ?? this.options.config.from.address,
          }
      while (!this.poller.stopped) {
        const lease = this.options.leaseMs ?? leaseFor(this.batch, rate)
        // One statement claims the whole batch (ADR 104).
        const rows = await claimSends(this.batch, new Date(), lease, db)
        if (rows.length === 0) break
        const subscribers = await subscribersByIds(
          rows.map((r) => r.subscriberId),
          db,
        )
        let next = 0
        const lanes = Array.from({ length: this.concurrency }, async () => {
          while (!this.poller.stopped && next < rows.length) {
            const row = rows[next++]!
            const key = `${row.postId}\u0000${row.locale}`
            // Rendered once per post and language; only the unsubscribe address differs.
            if (!emails.has(key))
              emails.set(key, renderIssueEmail(db, row.postId, row.locale === 'en' ? 'en' : 'fr'))
            const email = await emails.get(key)!
            const subscriber = subscribers.get(row.subscriberId)
            if (!email || !subscriber || subscriber.status !== 'confirmed') {
              await cancelSend(row.id, db)
              continue
            }
            await this.slot(rate)
            await this.deliver(db, row, email, subscriber, from, marks)
            handled++
          }
        })
        await Promise.all(lanes)
        // Every acceptance of the batch is written before the next claim.
        await marks.flush()
      }
    } catch (error) {
      log.error("Lettre : l'envoi n'a pas pu être poursuivi", {
        error: error instanceof Error ? error.message : String(error),
      })
    } finally {
      await marks.flush().catch(() => {})
    }
    return handled
  }

  private async deliver(
    db: Kysely<Database>,
    row: SendRow,
    email: IssueEmail,
    subscriber: { id: string; email: string; unsubscribeSalt: string },
    from: { address: string; name?: string },
    marks: SentMarks,
  ): Promise<void> {
    const locale = row.locale === 'en' ? 'en' : 'fr'
    const origin = getEnv().PUBLIC_URL
    // The token travels in the e-mail only; it is never logged (ADR 085).
    const unsubscribe = `${origin}${locale === 'en' ? '/en' : ''}/desabonnement?token=${unsubscribeToken(subscriber)}`
    const message: SendMailOptions = {
      // One Message-ID per (post, language, subscriber): a copy sent again after a crash
      // between the server's acceptance and our mark is the same message to the receiver.
      messageId: `<nl.${row.id.replace(/[^A-Za-z0-9.-]/g, '.')}@${this.host}>`,
      from,
      to: headerText(subscriber.email),
      subject: headerText(email.subject),
      html: email.html.split(email.placeholder).join(unsubscribe),
      text: email.text.split(email.placeholder).join(unsubscribe),
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'Content-Language': locale,
      },
      date: new Date(),
      disableFileAccess: true,
      disableUrlAccess: true,
    }
    let accepted = false
    try {
      await (await this.transporter()).sendMail(message)
      accepted = true
    } catch (error) {
      const { outcome, message: reason } = classifySmtpError(error)
      if (outcome === 'rejected') await markSendRejected(row, reason, new Date(), db)
      else if (outcome === 'failed') await markSendRetry(row, reason, 0, 0, new Date(), db)
      else
        await markSendRetry(row, reason, retryDelayMs(row.attempts), MAX_ATTEMPTS, new Date(), db)
      log.warn('Lettre : e-mail non envoyé', { id: row.id, outcome, reason })
    }
    // Marked only once the server accepted it, with the others of the next few milliseconds.
    if (accepted) marks.add(row.id)
  }
}

async function renderSiteName(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db
    .selectFrom('settings')
    .select('data')
    .where('id', '=', 'main')
    .executeTakeFirst()
  const name = parseJson<{ siteName?: unknown }>(row?.data, {}).siteName
  return typeof name === 'string' && name ? name : undefined
}

let sender: NewsletterSender | undefined
let tick: ReturnType<typeof setInterval> | undefined
let unlisten: (() => void) | undefined
let unregister: (() => void) | undefined
let dispatching: Promise<void> = Promise.resolve()

/** Runs the dispatcher once more after the one in flight, then kicks the sender. */
export function dispatchSoon(): Promise<void> {
  dispatching = dispatching.then(async () => {
    if (!getDatabaseHandle()) return
    try {
      if ((await dispatchDueIssues()) > 0) sender?.kick()
    } catch (error) {
      log.warn('Lettre : envois à préparer illisibles', { error: String(error) })
    }
  })
  return dispatching
}

/** How often every process looks for due issues without being told (another server's save). */
const TICK_MS = 30_000

/** Start-up hook: the dispatcher always; the sender when SMTP_URL is set (ADR 097). */
export async function startNewsletter(_env: Env): Promise<void> {
  await stopNewsletter()
  const config = activeMailConfig()
  if (config) {
    sender = new NewsletterSender({ config })
    sender.start()
  }
  unlisten = onContentGeneration(() => void dispatchSoon())
  tick = setInterval(() => void dispatchSoon(), TICK_MS)
  tick.unref()
  unregister = getDatabaseHandle()?.beforeClose(stopNewsletter)
  await dispatchSoon()
}

async function stopNewsletter(): Promise<void> {
  unlisten?.()
  unlisten = undefined
  unregister?.()
  unregister = undefined
  if (tick) clearInterval(tick)
  tick = undefined
  await dispatching
  const current = sender
  sender = undefined
  await current?.stop()
}
