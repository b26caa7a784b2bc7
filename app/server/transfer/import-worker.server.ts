// The import worker's entry (ADR 083): reads the file named in workerData with the format's
// reader and posts each item to the main thread, waiting for its 'ack' before the next, so
// items never pile up in memory. The worker's heap is bounded by the main thread's
// resourceLimits: a file that needs more ends the worker, never the server.
import { parentPort, workerData } from 'node:worker_threads'
import { parseFile } from './parse.server.ts'
import {
  ImportRefused,
  type ImportMessage,
  type ParseJob,
  type WorkerEnd,
} from './source.server.ts'

const port = parentPort
if (!port) throw new Error('import-worker must run in a worker thread')

let acknowledged: (() => void) | undefined
port.on('message', (message: unknown) => {
  if (message !== 'ack') return
  const resolve = acknowledged
  acknowledged = undefined
  resolve?.()
})

const emit = (message: ImportMessage) =>
  new Promise<void>((resolve) => {
    acknowledged = resolve
    port.postMessage(message)
  })

let end: WorkerEnd
try {
  await parseFile(workerData as ParseJob, emit)
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
port.postMessage(end)
port.close()
