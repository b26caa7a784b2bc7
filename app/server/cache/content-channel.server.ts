// Content-change notifications between app servers on one PostgreSQL (ADR 033). Every transaction that wrote content sends `pg_notify('vitrine_content', …)`
// before its COMMIT (db/dialect.server.ts), so PostgreSQL delivers it to every listening
// session when, and only if, the write commits. Each server keeps one dedicated connection
// listening on that channel and bumps its content generation on every notification from
// another server.
//
// - Echo: the payload is `<this process's token>:<sequence>`. The writing server waits (up
//   to ECHO_TIMEOUT_MS) until its own listener has received its own notification before the
//   write returns, so by the time it answers the request, PostgreSQL has dispatched the
//   notification to every listener.
// - Confirmation: the echo tells A that PostgreSQL queued the notification, not that B read
//   it; B's listening session may still be sending it when a request reaches B. So B confirms
//   before answering (`confirm`): one round trip on the listening connection, which PostgreSQL
//   answers only after sending it every notification committed before (ADR 078).
// - Fallback: while the listener is not connected (start-up, a dropped connection, a failed
//   heartbeat), `listening` is false and the generation probe makes every read miss the
//   caches (generation.server.ts): pages are rendered from the database, never stale. On
//   reconnection the generation is bumped once (notifications missed meanwhile).
import { randomBytes } from 'node:crypto'
import type pg from 'pg'
import { log } from '../core/log.server.ts'

export const CONTENT_CHANNEL = 'vitrine_content'
/** How long a write waits for its own notification to come back before answering anyway. */
export const ECHO_TIMEOUT_MS = 1_000

export interface ContentChannelOptions {
  /** A `select 1` on the listening connection this often; no answer within it = down. */
  heartbeatMs?: number
  /** First wait before reconnecting (doubles up to 10 s). */
  reconnectMs?: number
}

export class ContentChannel {
  /** Identifies this process's notifications in the payload. */
  readonly token = randomBytes(8).toString('hex')
  /** Changes on every (re)connection: the generation probe bumps on a change. */
  epoch = 0
  /** The last sequence of ours that came back (tests). */
  lastEcho = 0
  private seq = 0
  private client: pg.Client | undefined
  private connected = false
  private started = false
  private stopped = false
  private reconnectDelay: number
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined
  private heartbeat: ReturnType<typeof setInterval> | undefined
  private readonly waiters = new Map<number, () => void>()
  /** The confirming round trip on the wire, and the one queued after it. */
  private confirming: Promise<void> | undefined
  private nextConfirm: Promise<void> | undefined
  private readonly listeners = new Set<() => void>()
  private readonly url: string
  private readonly heartbeatMs: number
  private readonly reconnectMs: number

  constructor(url: string, options: ContentChannelOptions = {}) {
    this.url = url
    this.heartbeatMs = options.heartbeatMs ?? 5_000
    this.reconnectMs = options.reconnectMs ?? 500
    this.reconnectDelay = this.reconnectMs
  }

  /** True while the dedicated connection is listening (false: bypass the caches). */
  get listening(): boolean {
    return this.connected
  }

  /** Whether `start()` was called (this process follows other servers' writes). */
  get active(): boolean {
    return this.started && !this.stopped
  }

  /** The listening session's backend process id (tests cut it to simulate a failure). */
  get backendPid(): number | undefined {
    return (this.client as (pg.Client & { processID?: number }) | undefined)?.processID
  }

  /** Called (without arguments) when another server committed a content write. */
  onRemoteChange(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** The payload of the next notification of ours and its sequence number. */
  nextPayload(): { payload: string; seq: number } {
    this.seq += 1
    return { payload: `${this.token}:${this.seq}`, seq: this.seq }
  }

  /**
   * Resolves once our notification `seq` came back to our listener (true), or after
   * ECHO_TIMEOUT_MS or at once when not listening (false).
   */
  waitForEcho(seq: number, timeoutMs = ECHO_TIMEOUT_MS): Promise<boolean> {
    if (!this.connected) return Promise.resolve(false)
    if (this.lastEcho >= seq) return Promise.resolve(true)
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters.delete(seq)
        log.warn('Notification de contenu non revenue à temps', { seq })
        resolve(false)
      }, timeoutMs)
      timer.unref()
      this.waiters.set(seq, () => {
        clearTimeout(timer)
        resolve(true)
      })
    })
  }

  /**
   * Resolves once a round trip on the listening connection, sent after this call, came back
   * (or after ECHO_TIMEOUT_MS; at once when not listening: the caches are bypassed then). A
   * listening session that was signalled a notification sends it just after its current
   * command's transaction completes, before that command's answer (PostgreSQL's NOTIFY), so
   * every content write committed before this call (another server answered its save) has
   * bumped this process's generation by then. Calls made while one round trip is on the wire
   * share the next one.
   */
  confirm(): Promise<void> {
    if (!this.connected) return Promise.resolve()
    if (this.confirming === undefined) {
      this.confirming = this.roundTrip().finally(() => {
        this.confirming = undefined
      })
      return this.confirming
    }
    this.nextConfirm ??= this.confirming.then(() => {
      this.nextConfirm = undefined
      return this.confirm()
    })
    return this.nextConfirm
  }

  private async roundTrip(): Promise<void> {
    const client = this.client
    if (!client) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ECHO_TIMEOUT_MS)
      timer.unref()
    })
    const answered = client.query('select 1').then(
      () => undefined,
      () => undefined, // a lost connection: `lost` turns the caches off
    )
    await Promise.race([answered, timeout])
    clearTimeout(timer)
  }

  /** Connects and listens; throws when the first connection fails. */
  async start(): Promise<void> {
    this.started = true
    this.stopped = false
    await this.connect()
    this.heartbeat = setInterval(() => void this.beat(), this.heartbeatMs)
    this.heartbeat.unref()
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.connected = false
    clearInterval(this.heartbeat)
    clearTimeout(this.reconnectTimer)
    const client = this.client
    this.client = undefined
    for (const resolve of this.waiters.values()) resolve()
    this.waiters.clear()
    await client?.end().catch(() => undefined)
  }

  private async connect(): Promise<void> {
    // pg is loaded only with DATABASE_URL (ADR 037).
    const { default: pg } = await import('pg')
    const client = new pg.Client({ connectionString: this.url, keepAlive: true })
    client.on('notification', (message) => this.received(message.payload ?? ''))
    client.on('error', (error) => this.lost(client, error.message))
    client.on('end', () => this.lost(client, 'connexion fermée'))
    await client.connect()
    await client.query(`listen ${CONTENT_CHANNEL}`)
    if (this.stopped) {
      await client.end().catch(() => undefined)
      return
    }
    this.client = client
    this.connected = true
    this.epoch += 1
    this.reconnectDelay = this.reconnectMs
  }

  private received(payload: string): void {
    const [token, seq] = payload.split(':')
    if (token === this.token) {
      const n = Number(seq)
      if (n > this.lastEcho) this.lastEcho = n
      for (const [waiting, resolve] of this.waiters) {
        if (waiting <= n) {
          this.waiters.delete(waiting)
          resolve()
        }
      }
      return
    }
    for (const listener of this.listeners) listener()
  }

  private lost(client: pg.Client, reason: string): void {
    if (client !== this.client) return
    this.client = undefined
    this.connected = false
    this.epoch += 1
    client.end().catch(() => undefined)
    for (const resolve of this.waiters.values()) resolve()
    this.waiters.clear()
    if (this.stopped) return
    log.warn('Écoute des modifications de contenu interrompue : caches contournés', { reason })
    this.scheduleReconnect()
  }

  private scheduleReconnect(): void {
    clearTimeout(this.reconnectTimer)
    this.reconnectTimer = setTimeout(() => {
      this.connect()
        .then(() => {
          // Notifications sent while we were away are lost: count them as one change.
          if (this.connected) for (const listener of this.listeners) listener()
        })
        .catch(() => {
          this.reconnectDelay = Math.min(10_000, this.reconnectDelay * 2)
          if (!this.stopped) this.scheduleReconnect()
        })
    }, this.reconnectDelay)
    this.reconnectTimer.unref()
  }

  /** A connection that stopped answering (half-open TCP) counts as lost. */
  private async beat(): Promise<void> {
    const client = this.client
    if (!client || !this.connected) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.heartbeatMs)
      timer.unref()
    })
    const answer = await Promise.race([client.query('select 1').then(() => 'ok'), timeout]).catch(
      () => 'error',
    )
    clearTimeout(timer)
    if (answer !== 'ok') this.lost(client, `pas de réponse (${answer})`)
  }
}
