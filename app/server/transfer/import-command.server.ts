// `npm run import` runs the whole import in a worker thread (ADR 124): the database, the
// batches and the reports live there, and the reading of the file too; the render worker is
// that worker's own.
// The command's main thread only starts it and prints what it answers. A worker's heap is
// bounded by Node's `resourceLimits` (a documented option of `Worker`); the main thread's is
// sized by V8 for the machine's memory (64 MB of young generation on 24 GB, old-generation
// garbage allowed to grow fourfold), which no public means changes without a process-wide
// V8 flag (ADR 121). The server's admin import is unchanged: it writes on the server's main
// thread, its one database connection.
// The main side loads nothing but this module: Kysely, Zod and the repositories are imported
// by the worker, when it runs the command.
import { Worker, type MessagePort } from 'node:worker_threads'
import diagnostics from 'node:diagnostics_channel'
import v8 from 'node:v8'
import type { ImportReportData } from './report.server.ts'
import { importWorkerUrl } from './import-worker-url.server.ts'

/**
 * The command worker's heap. Its young generation as the reader worker's (16 MB, ADR 083);
 * its old generation holds the modules (about 40 MB live at the peak of a 5,000-post import),
 * the file's reading (bounded as in the reader worker, ADR 083) and the items waiting for their
 * batch (at most 200 writes, ADR 102). Measured in ADR 124.
 */
export const IMPORT_COMMAND_LIMITS = {
  maxOldGenerationSizeMb: 512,
  maxYoungGenerationSizeMb: 16,
  stackSizeMb: 4,
}

export interface CommandJob {
  role: 'command'
  file: string
  fetchMedia: boolean
  /** The database to write into; the environment's (DATA_DIR, DATABASE_URL) when unset. */
  dataDir?: string
  databaseUrl?: string
}

/** How the command ended: the report, a refusal of the whole file, or an error. */
export type CommandOutcome =
  | { type: 'report'; report: ImportReportData }
  | { type: 'refused'; message: string }
  | { type: 'error'; message: string }

type CommandMessage = CommandOutcome | { type: 'progress'; done: number }

/** One thread's heap: its total size and what was used (bytes). */
export interface HeapFigures {
  thread: string
  total: number
  used: number
}

function heapOf(thread: string, stats: { total_heap_size: number; used_heap_size: number }) {
  return { thread, total: stats.total_heap_size, used: stats.used_heap_size }
}

export interface CommandWorker {
  worker: Worker
  outcome: Promise<CommandOutcome>
  /** The heaps of the command worker and of the workers it started (the bench's `--memory`). */
  heaps(): Promise<HeapFigures[]>
}

/** Starts the import of `file` in a worker (ADR 124); `outcome` settles once it has ended. */
export function startImportCommand(
  job: Omit<CommandJob, 'role'>,
  onProgress?: (done: number) => void,
): CommandWorker {
  const worker = new Worker(importWorkerUrl(), {
    workerData: { role: 'command', ...job } satisfies CommandJob,
    resourceLimits: IMPORT_COMMAND_LIMITS,
  })
  let answered: CommandOutcome | undefined
  let failure: string | undefined
  const heapReplies: ((heaps: HeapFigures[]) => void)[] = []
  worker.on('message', (message: CommandMessage | { type: 'heaps'; heaps: HeapFigures[] }) => {
    if (message.type === 'progress') onProgress?.(message.done)
    else if (message.type === 'heaps') heapReplies.shift()?.(message.heaps)
    else answered = message
  })
  worker.on('error', (error: Error & { code?: string }) => {
    failure =
      error.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? 'l’import a demandé plus de mémoire que la commande n’en dispose ; ce qui a été écrit reste, relancez l’import pour la suite'
        : error.message
  })
  const outcome = new Promise<CommandOutcome>((resolve) => {
    worker.on('exit', () => {
      for (const reply of heapReplies.splice(0)) reply([])
      resolve(
        answered ?? { type: 'error', message: failure ?? 'le processus d’import s’est arrêté' },
      )
    })
  })
  return {
    worker,
    outcome,
    heaps: () =>
      new Promise((resolve) => {
        heapReplies.push(resolve)
        worker.postMessage('heaps')
      }),
  }
}

/**
 * The worker's side: opens the database, imports, and answers how it went. The port is closed
 * at the end, so the worker ends with its event loop (its own workers are unreferenced).
 */
export async function runImportCommand(port: MessagePort, job: CommandJob): Promise<void> {
  // The workers this one starts, for the bench's figures.
  const started: Worker[] = []
  const onWorker = (message: unknown) => started.push((message as { worker: Worker }).worker)
  diagnostics.subscribe('worker_threads', onWorker)
  const onHeaps = (message: unknown) => {
    if (message !== 'heaps') return
    void Promise.all(
      started.map((worker, i) =>
        worker.getHeapStatistics().then(
          (stats) => heapOf(`fil ${i + 1}`, stats),
          () => heapOf(`fil ${i + 1}`, { total_heap_size: 0, used_heap_size: 0 }),
        ),
      ),
    ).then((heaps) =>
      port.postMessage({
        type: 'heaps',
        heaps: [heapOf('écriture', v8.getHeapStatistics()), ...heaps],
      }),
    )
  }
  port.on('message', onHeaps)
  const answer = (message: CommandMessage) => port.postMessage(message)
  const { closeDatabase, initDatabase } = await import('#app/server/db/client.server.ts')
  try {
    const { importFile, ImportRefused } = await import('./import.server.ts')
    try {
      let dataDir = job.dataDir
      let databaseUrl = job.databaseUrl
      if (dataDir === undefined) {
        const { getEnv } = await import('#app/server/core/env.server.ts')
        const env = getEnv()
        dataDir = env.DATA_DIR
        databaseUrl = env.DATABASE_URL
      }
      await initDatabase(dataDir, databaseUrl)
      const report = await importFile(job.file, {
        fetchMedia: job.fetchMedia,
        // The file is read here too: one isolate fewer (ADR 124).
        readInThread: true,
        onProgress: (done) => answer({ type: 'progress', done }),
      })
      answer({ type: 'report', report })
    } catch (error) {
      answer(
        error instanceof ImportRefused
          ? { type: 'refused', message: error.message }
          : { type: 'error', message: error instanceof Error ? error.message : String(error) },
      )
    } finally {
      await closeDatabase()
    }
  } finally {
    // The S3 client's kept-alive sockets would hold the worker open (ADR 068).
    const { closeS3Clients } = await import('#app/server/media/s3-storage.server.ts')
    await closeS3Clients()
    diagnostics.unsubscribe('worker_threads', onWorker)
    port.off('message', onHeaps)
    port.close()
  }
}
