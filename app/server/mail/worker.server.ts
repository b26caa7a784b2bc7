// The outbox worker (ADR 019): runs inside the server process, claims due rows one at a time
// (a lease, so several processes are safe), sends them with nodemailer, and records the
// outcome. Temporary failures (connection refused, time-out, 4xx) back off exponentially;
// permanent ones (5xx) fail with the server's answer. Polls every few seconds and is kicked
// right after an e-mail is queued in this process.
import type { Kysely } from 'kysely'
import type { Transporter } from 'nodemailer'
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

/**
 * Failures that never reached an SMTP answer, said in French for the admin (Messages,
 * Paramètres › E-mails), the technical text kept after it for diagnosis.
 */
const NETWORK_FAILURES: Array<[RegExp, string]> = [
  [/ECONNREFUSED/, 'Connexion refusée par le serveur d’envoi'],
  [/ENOTFOUND|EAI_AGAIN|\bEDNS\b/, 'Serveur d’envoi introuvable (adresse inconnue)'],
  [/ETIMEDOUT|\btimeout\b|timed out/i, 'Le serveur d’envoi ne répond pas (délai dépassé)'],
  [/ECONNRESET|EPIPE|socket hang up/i, 'Connexion interrompue par le serveur d’envoi'],
  [/\bEAUTH\b|Invalid login|authentication/i, 'Identifiants refusés par le serveur d’envoi'],
  [/\bETLS\b|certificate|self[- ]signed|SSL|TLS/i, 'Échec de la connexion chiffrée (TLS)'],
  [/ENETUNREACH|EHOSTUNREACH/, 'Serveur d’envoi injoignable (réseau)'],
]

/** What the SMTP server answered, or what kept it from answering, classified. */
export function classifySmtpError(error: unknown): { permanent: boolean; message: string } {
  const e = error as {
    responseCode?: unknown
    response?: unknown
    message?: unknown
    code?: unknown
  }
  const code = typeof e?.responseCode === 'number' ? e.responseCode : undefined
  const technical =
    typeof e?.response === 'string' && e.response
      ? e.response
      : typeof e?.message === 'string'
        ? e.message
        : String(error)
  // An SMTP answer ("550 Mailbox unavailable") is the server's own words: kept as they are.
  let message = technical
  if (code === undefined) {
    const text = `${typeof e?.code === 'string' ? e.code : ''} ${technical}`
    const french = NETWORK_FAILURES.find(([pattern]) => pattern.test(text))?.[1]
    message = french ? `${french} (${technical})` : `Échec de l’envoi (${technical})`
  }
  return { permanent: code !== undefined && code >= 500, message: message.slice(0, 1000) }
}

export class MailWorker {
  readonly config: MailConfig
  /** Created at the first send: nodemailer is loaded only where mail goes out (ADR 030). */
  private transport: Promise<Transporter> | undefined
  private readonly transportUrl: string
  private readonly concurrency: number
  private readonly pollMs: number
  private readonly leaseMs: number
  private readonly retryBaseMs: number
  private readonly now: () => Date
  private readonly db: () => Kysely<Database>
  private timer: ReturnType<typeof setTimeout> | undefined
  private running: Promise<number> | undefined
  private again = false
  private stopped = false

  constructor(options: WorkerOptions) {
    this.config = options.config
    this.concurrency = options.concurrency ?? 2
    this.pollMs = options.pollMs ?? 5_000
    this.leaseMs = options.leaseMs ?? LEASE_MS
    this.retryBaseMs = options.retryBaseMs ?? RETRY_BASE_MS
    this.now = options.now ?? (() => new Date())
    this.db = options.db ?? getDb
    const url = new URL(options.config.url)
    url.searchParams.set('pool', 'true')
    url.searchParams.set('maxConnections', String(this.concurrency))
    this.transportUrl = url.toString()
  }

  private transporter(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(({ createTransport }) =>
      createTransport(this.transportUrl),
    )
    return this.transport
  }

  /** Sends everything due now; resolves with how many rows it handled. */
  runOnce(): Promise<number> {
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = (async () => {
      let handled = 0
      try {
        const from = await this.from()
        const lanes = Array.from({ length: this.concurrency }, async () => {
          while (!this.stopped) {
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
      } finally {
        this.running = undefined
      }
      return handled
    })()
    return this.running
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
      const { permanent, message } = classifySmtpError(error)
      if (permanent) await markFailed(row, message, this.db())
      else await markRetry(row, message, this.now(), this.retryBaseMs, this.db())
      log.warn('E-mail non envoyé', { id: row.id, attempts: row.attempts, permanent, message })
    }
  }

  /** Polls in the background; `kick` sends at once. The timer never keeps the process up. */
  start(): void {
    this.stopped = false
    this.schedule(0)
  }

  kick(): void {
    if (this.stopped) return
    if (this.running) this.again = true
    else this.schedule(0)
  }

  private schedule(ms: number) {
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      this.timer = undefined
      void this.runOnce().then(() => {
        if (this.stopped) return
        const again = this.again
        this.again = false
        this.schedule(again ? 0 : this.pollMs)
      })
    }, ms)
    this.timer.unref()
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    await this.running
    const transport = await this.transport
    this.transport = undefined
    transport?.close()
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
