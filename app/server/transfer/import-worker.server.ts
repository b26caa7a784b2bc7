// The import worker's entry (ADR 083), in one of three roles. A reader reads the file named in
// workerData (then each file sent to it) with the format's reader and posts each item to the
// main thread, at most IMPORT_WINDOW of them ahead of the main thread's 'ack's (ADR 102): the
// reader works while the main thread writes, and items never pile up in memory. A renderer
// (workerData `{ role: 'render' }`) turns the Markdown the main thread sends into HTML, so the
// posts a reader hands off are rendered on the other core, never on the main thread (ADR 117).
// A reader always has a render worker beside it and hands it every post: it never loads the
// renderer itself (ADR 121). The command (workerData `{ role: 'command' }`) runs a whole
// import for `npm run import`: the database and the batches in a thread whose heap is bounded,
// the reader and the render worker its own (ADR 124).
// The heap of each is bounded by the main thread's resourceLimits: a file that needs more
// ends the worker, never the server.
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import type { CommandJob } from './import-command.server.ts'
import { readToEnd } from './parse.server.ts'
import {
  IMPORT_WINDOW,
  type Emit,
  type ImportMessage,
  type ParseJob,
  type RenderReply,
  type RenderRequest,
} from './source.server.ts'

if (!parentPort) throw new Error('import-worker must run in a worker thread')
const port = parentPort

/** How much lower than the server's main thread this thread runs (a nice value, ADR 121). */
const IMPORT_WORKER_NICE = 10

const { role, givesWay } = workerData as { role?: string; givesWay?: boolean }

// On a busy machine the main thread, which answers requests, waited for a core behind the
// import's own threads: on Linux a thread has its own priority, and this one gives way to it.
// On a quiet machine nothing changes (ADR 121). The command's thread does what the server's
// main thread does in an admin import, at the process's priority (ADR 124), and so does its
// render worker: on a busy machine a lower one left the writing thread waiting for each post's
// HTML (ADR 129).
try {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop())
  const yields = role === 'render' ? givesWay !== false : role !== 'command'
  if (yields && Number.isInteger(tid) && tid !== process.pid) setPriority(tid, IMPORT_WORKER_NICE)
} catch {
  // Not Linux: the thread keeps the process's priority.
}

/** Renders what the main thread sends, in order received; answers each by its id. */
async function serveRenders(): Promise<void> {
  const { renderMarkdown } = await import('#app/server/content/markdown.server.ts')
  port.on('message', (request: RenderRequest) => {
    renderMarkdown(request.markdown).then(
      ({ html }) => port.postMessage({ id: request.id, html } satisfies RenderReply),
      () => port.postMessage({ id: request.id } satisfies RenderReply),
    )
  })
}

let unacknowledged = 0
let acknowledged: (() => void) | undefined
port.on('message', (message: unknown) => {
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
// The render worker renders every post while this thread reads and converts the following.
// Rendering some here when it was busy cost more than it gave: this thread then held both
// turndown's DOM and the renderer, and its collector ran twice as long (ADR 121).
emit.handOff = true

/** Reads one file and tells how it ended, once the main thread has taken every item. */
async function run(job: ParseJob): Promise<void> {
  const end = await readToEnd(job, emit)
  await settled(0)
  port.postMessage(end)
}

if (role === 'render') void serveRenders()
else if (role === 'command') {
  // Loaded here only: a reader or a renderer never holds the database's modules.
  const { runImportCommand } = await import('./import-command.server.ts')
  await runImportCommand(port, workerData as CommandJob)
} else {
  // The first file comes with the worker; later ones as messages, when the main thread
  // reuses it while it is idle (ADR 102).
  let jobs = run(workerData as ParseJob)
  port.on('message', (message: unknown) => {
    if (typeof message === 'object' && message !== null && 'file' in message)
      jobs = jobs.then(() => run(message as ParseJob))
  })
}
