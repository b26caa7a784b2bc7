// The import worker's entry (ADR 083): reads the file named in workerData (then each file
// sent to it) with the format's reader and posts each item to the main thread, at most IMPORT_WINDOW of them ahead of the
// main thread's 'ack's (ADR 102): the reader works while the main thread writes, and items
// never pile up in memory. The worker's heap is bounded by the main thread's
// resourceLimits: a file that needs more ends the worker, never the server.
import { parentPort, workerData } from 'node:worker_threads'
import { parseFile } from './parse.server.ts'
import {
  IMPORT_WINDOW,
  ImportRefused,
  type Emit,
  type ImportMessage,
  type ParseJob,
  type WorkerEnd,
} from './source.server.ts'

if (!parentPort) throw new Error('import-worker must run in a worker thread')
const port = parentPort

let unacknowledged = 0
let acknowledged: (() => void) | undefined
/** Whether the main thread has loaded its renderer and may render posts (ADR 111). */
let mainRenders = false
port.on('message', (message: unknown) => {
  if (message === 'render') mainRenders = true
  if (message !== 'ack') return
  unacknowledged--
  const resolve = acknowledged
  acknowledged = undefined
  resolve?.()
})

/** Resolves once at most `count` messages wait for their 'ack'. */
async function settled(count: number): Promise<void> {
  while (unacknowledged > count)
    await new Promise<void>((resolve) => {
      acknowledged = resolve
    })
}

const emit: Emit = async (message: ImportMessage) => {
  await settled(IMPORT_WINDOW - 1)
  unacknowledged++
  port.postMessage(message)
}
// The main thread has taken every item sent: it would wait for the next one, so it renders
// that one itself while this thread reads and converts the following (ADR 111).
emit.handOff = () => mainRenders && unacknowledged === 0

/** Reads one file and tells how it ended, once the main thread has taken every item. */
async function run(job: ParseJob): Promise<void> {
  let end: WorkerEnd
  try {
    await parseFile(job, emit)
    end = { type: 'done' }
  } catch (error) {
    end =
      error instanceof ImportRefused
        ? { type: 'refused', message: error.message }
        : {
            type: 'error',
            message: error instanceof Error ? (error.stack ?? error.message) : String(error),
          }
  }
  await settled(0)
  port.postMessage(end)
}

// The first file comes with the worker; later ones as messages, when the main thread reuses
// it while it is idle (its renderer is then loaded once, ADR 102).
let jobs = run(workerData as ParseJob)
port.on('message', (message: unknown) => {
  if (typeof message === 'object' && message !== null && 'file' in message)
    jobs = jobs.then(() => run(message as ParseJob))
})
