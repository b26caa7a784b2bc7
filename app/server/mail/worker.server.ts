// The outbox worker (ADR 019): runs inside the server process, claims due rows one at a time
// (a lease, so several processes are safe), sends them with nodemailer, and records the
// outcome. Temporary failures (connection refused, time-out, 4xx) back off exponentially;
// permanent ones (5xx) fail with the server's answer (smtp-errors.server.ts). Polls every few
// seconds and is kicked right after an e-mail is queued in this process (the shared poller,
// ADR 104).
import type { Kysely } from 'kysely'
import { getDatabaseHandle, getDb } from '../db/client.server.ts'
import type { Database } from '../db/schema.server.ts'
import { getSiteSettings } from '../repositories/settings.server.ts'
import type { Env } from '../core/env.server.ts'
import { log } from '../core/log.server.ts'
import { configureMail, mailConfigFromEnv, type MailConfig } from './config.server.ts'
import {
  claimNext,
  LEASE_MS,
  markFailed,
  markRetry,
  markSent,
  queueUnconfigured,
  RETRY_BASE_MS,
  retryWaitingNow,
  setMessageIdHost,
  type OutboxRow,
} from './outbox.server.ts'
import { PolledSender } from './polled-sender.server.ts'
import { classifySmtpError } from './smtp-errors.server.ts'

export interface WorkerOptions {
  config: MailConfig
  /** Parallel sends (and pooled SMTP connections). */
  concurrency?: number
  pollMs?: number
  leaseMs?: number
  retryBaseMs?: number
  now?: () => Date
  /** The database (default: the process's); tests run two workers on two pools. */
  db?: () => Kysely<Database>
}

export class MailWorker extends PolledSender {
  readonly config: MailConfig
  private readonly leaseMs: number
  private readonly retryBaseMs: number
  private readonly now: () => Date
  private readonly db: () => Kysely<Database>

  constructor(options: WorkerOptions) {
    super({
      url: options.config.url,
      concurrency: options.concurrency ?? 2,
      pollMs: options.pollMs ?? 5_000,
    })
    this.config = options.config
    this.leaseMs = options.leaseMs ?? LEASE_MS
    this.retryBaseMs = options.retryBaseMs ?? RETRY_BASE_MS
    this.now = options.now ?? (() => new Date())
    this.db = options.db ?? getDb
  }

  protected async drain(): Promise<number> {
    let handled = 0
    try {
      const from = await this.from()
      const lanes = Array.from({ length: this.concurrency }, async () => {
        while (!this.poller.stopped) {
          const row = await claimNext(this.now(), this.leaseMs, this.db())
          if (!row) return
          await this.deliver(row, from)
          handled++
        }
      })
      await Promise.all(lanes)
    } catch (error) {
      log.error("E-mails : la file d'envoi n'a pas pu être traitée", {
        error: error instanceof Error ? error.message : String(error),
      })
    }
    return handled
  }

  private async from(): Promise<{ name: string; address: string }> {
    const { from } = this.config
    if (from.name) return { name: from.name, address: from.address }
    const settings = await getSiteSettings()
    return { name: settings.siteName, address: from.address }
  }

  private async deliver(row: OutboxRow, from: { name: string; address: string }) {
    const now = this.now()
    if (row.expiresAt && Date.parse(row.expiresAt) <= now.getTime()) {
      await markFailed(row, 'Lien expiré avant l’envoi', this.db())
      return
    }
    try {
      const transport = await this.transporter()
      await transport.sendMail({
        messageId: row.messageId,
        from,
        to: row.toName ? { name: row.toName, address: row.toAddress } : row.toAddress,
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
        subject: row.subject,
        text: row.text,
        html: row.html,
        // When it leaves, not when it was written: a digest or a retried e-mail is not filed hours back.
        date: now,
        // Any header value reaching here was already stripped of CR/LF (headerText).
        disableFileAccess: true,
        disableUrlAccess: true,
      })
      await markSent(row, this.now(), this.db())
    } catch (error) {
      const { outcome, message } = classifySmtpError(error)
      const permanent = outcome !== 'retry'
      if (permanent) await markFailed(row, message, this.db())
      else await markRetry(row, message, this.now(), this.retryBaseMs, this.db())
      log.warn('E-mail non envoyé', { id: row.id, attempts: row.attempts, permanent, message })
    }
  }
}

let current: MailWorker | undefined
let unregister: (() => void) | undefined

/** Start-up hook: with SMTP_URL set, queue what waited unconfigured and start sending. */
export async function startMailWorker(env: Env): Promise<void> {
  setMessageIdHost(env.PUBLIC_URL)
  await stopMailWorker()
  const config = mailConfigFromEnv(env)
  configureMail(config)
  if (!config) {
    log.info(
      "E-mails : envoi non configuré (SMTP_URL absent), les e-mails attendent dans la file d'envoi",
    )
    return
  }
  const waiting = (await queueUnconfigured(new Date())) + (await retryWaitingNow(new Date()))
  if (waiting > 0) log.info("E-mails : en attente remis dans la file d'envoi", { waiting })
  current = new MailWorker({ config })
  current.start()
  // Stopped by the database's close(), before it closes: no poll meets a closed database.
  unregister = getDatabaseHandle()?.beforeClose(stopMailWorker)
}

export async function stopMailWorker(): Promise<void> {
  const worker = current
  current = undefined
  unregister?.()
  unregister = undefined
  await worker?.stop()
}

/** After queueing an e-mail in this process: send it now rather than at the next poll. */
export function kickMailWorker(): void {
  current?.kick()
}
