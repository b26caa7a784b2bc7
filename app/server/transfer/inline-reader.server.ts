// The reader in the thread that writes (ADR 124): for `npm run import`, whose writing thread
// is itself a worker with a bounded heap, the file is read there rather than in a third
// isolate. It speaks as the reader worker does (ADR 102): the items as 'message' events, at
// most IMPORT_WINDOW ahead of the 'ack's, then how the reading ended.
import { EventEmitter } from 'node:events'
import { readToEnd } from './parse.server.ts'
import { IMPORT_WINDOW, type Emit, type ImportMessage, type ParseJob } from './source.server.ts'

export class InlineReader extends EventEmitter {
  private unacknowledged = 0
  private acknowledged: (() => void) | undefined
  private stopped = false

  constructor(job: ParseJob) {
    super()
    setImmediate(() => void this.run(job))
  }

  postMessage(message: unknown): void {
    if (message !== 'ack') return
    this.unacknowledged--
    const resolve = this.acknowledged
    this.acknowledged = undefined
    resolve?.()
  }

  terminate(): Promise<number> {
    if (!this.stopped) {
      this.stopped = true
      this.emit('exit', 1)
    }
    return Promise.resolve(1)
  }

  ref(): void {}

  unref(): void {}

  private async settled(count: number): Promise<void> {
    while (this.unacknowledged > count)
      await new Promise<void>((resolve) => {
        this.acknowledged = resolve
      })
  }

  private async run(job: ParseJob): Promise<void> {
    const emit: Emit = async (message: ImportMessage) => {
      await this.settled(IMPORT_WINDOW - 1)
      // Stopped: the reading waits here for good, and nothing else is handed over.
      if (this.stopped) await new Promise(() => undefined)
      this.unacknowledged++
      this.emit('message', message)
    }
    // The render worker renders every post, as beside the reader worker (ADR 121).
    emit.handOff = true
    const end = await readToEnd(job, emit)
    await this.settled(0)
    if (!this.stopped) this.emit('message', end)
  }
}
