// What the outbox worker and the newsletter sender share (ADR 104): one background Poller over
// their `drain`, and one pooled SMTP transport of `concurrency` connections, made at the first
// send (nodemailer is loaded only where mail goes out, ADR 030) and closed when stopped.
import type { Transporter } from 'nodemailer'
import { Poller } from '../core/poller.server.ts'

export interface PolledSenderOptions {
  /** The SMTP server's URL (SMTP_URL). */
  url: string
  /** Parallel sends, and as many pooled SMTP connections. */
  concurrency: number
  pollMs: number
  /** More of nodemailer's URL options (`maxMessages`). */
  transportParams?: Record<string, string>
}

export abstract class PolledSender {
  protected readonly concurrency: number
  protected readonly poller: Poller
  private transport: Promise<Transporter> | undefined
  private readonly transportUrl: string

  constructor(options: PolledSenderOptions) {
    this.concurrency = options.concurrency
    const url = new URL(options.url)
    url.searchParams.set('pool', 'true')
    url.searchParams.set('maxConnections', String(options.concurrency))
    for (const [name, value] of Object.entries(options.transportParams ?? {}))
      url.searchParams.set(name, value)
    this.transportUrl = url.toString()
    this.poller = new Poller(() => this.drain(), options.pollMs)
  }

  /** One pass over what is due; resolves with how many rows it handled. */
  protected abstract drain(): Promise<number>

  protected transporter(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(({ createTransport }) =>
      createTransport(this.transportUrl),
    )
    return this.transport
  }

  /** Sends everything due now; resolves with how many rows it handled. */
  runOnce(): Promise<number> {
    return this.poller.runOnce()
  }

  /** Polls in the background; `kick` sends at once. The timer never keeps the process up. */
  start(): void {
    this.poller.start()
  }

  kick(): void {
    this.poller.kick()
  }

  /** Waits for the pass in flight, then closes the transport's connections. */
  async stop(): Promise<void> {
    await this.poller.stop()
    const transport = await this.transport
    this.transport = undefined
    transport?.close()
  }
}
