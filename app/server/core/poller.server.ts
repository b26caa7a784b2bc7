// The one background loop of the outbox worker and the newsletter sender (ADR 104): runs its
// work at once on `start`, then every `intervalMs`; `kick` runs it again as soon as the run in
// flight ends (a row queued meanwhile is not left for the next tick); one run at a time; the
// timer never keeps the process up; `stop` waits for the run in flight.
export class Poller {
  private timer: ReturnType<typeof setTimeout> | undefined
  private running: Promise<number> | undefined
  private again = false
  private halted = false
  /** One pass over what is due; resolves with how much it handled. */
  private readonly work: () => Promise<number>
  private readonly intervalMs: number

  constructor(work: () => Promise<number>, intervalMs: number) {
    this.work = work
    this.intervalMs = intervalMs
  }

  /** Whether `stop` was called: a pass in flight ends after the item it is on. */
  get stopped(): boolean {
    return this.halted
  }

  /** Runs a pass now, or joins the one in flight (and asks for another after it). */
  runOnce(): Promise<number> {
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = this.work().finally(() => {
      this.running = undefined
    })
    return this.running
  }

  start(): void {
    this.halted = false
    this.schedule(0)
  }

  kick(): void {
    if (this.halted) return
    if (this.running) this.again = true
    else this.schedule(0)
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      this.timer = undefined
      void this.runOnce().then(() => {
        if (this.halted) return
        const again = this.again
        this.again = false
        this.schedule(again ? 0 : this.intervalMs)
      })
    }, ms)
    this.timer.unref()
  }

  async stop(): Promise<void> {
    this.halted = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    await this.running
  }
}
