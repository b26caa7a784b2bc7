// One entry for every import (ADR 066): the format is told from the file's first bytes (a zip,
// XML, JSON, Markdown) or from a folder, then the matching reader runs. Every refusal of the
// whole file is an ImportRefused with a French message, thrown before anything is written.
// The reader runs in a worker thread with a bounded heap (ADR 083): parsing a hostile file
// never blocks the server's event loop, and a file that needs too much memory ends the
// worker only. The worker converts and renders each item and hands them over in order, a
// few ahead at most; this thread prepares each one and writes them in batches (ADR 102).
import { open, stat } from 'node:fs/promises'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { log } from '#app/server/core/log.server.ts'
import { syncCommits } from '#app/server/db/client.server.ts'
import {
  createContext,
  ImportRefused,
  importPage,
  importPost,
  progress,
  queueMedia,
  type ImportContext,
  type ImportOptions,
  type LocalMedia,
  recordAddress,
  type SourcePost,
} from './pipeline.server.ts'
import { nextSteps, type ImportReportData } from './report.server.ts'
import {
  savedBody,
  type ImportMessage,
  type ParseJob,
  type RenderReply,
  type RenderRequest,
  type WorkerEnd,
} from './source.server.ts'
import type { OpenZip } from './zip.server.ts'
import { InlineReader } from './inline-reader.server.ts'
import { IMPORT_WORKER_LIMITS, importWorkerUrl } from './import-worker-url.server.ts'

export { ImportRefused } from './pipeline.server.ts'

export const IMPORT_REFUSALS = {
  missing: (file: string) => `Fichier introuvable : ${file}`,
  empty: 'Le fichier est vide. Rien n’a été importé.',
  unknown:
    'Format non reconnu : importez un export WordPress (.xml), Ghost (.json), Medium (.zip), un dossier ou un .zip de fichiers Markdown, ou un export Vitrine (.zip). Rien n’a été importé.',
  unknownZip:
    'Cette archive ne contient ni export Vitrine, ni articles Medium, ni fichiers Markdown. Rien n’a été importé.',
  memory:
    'Ce fichier demande plus de mémoire que l’import n’en dispose pour être lu. Rien n’a été importé.',
  crashed: 'La lecture du fichier a échoué (voir le journal du serveur). Rien n’a été importé.',
  stopped: 'import interrompu : la suite du fichier n’a pas pu être lue',
}

export type ImportFormat = 'wordpress' | 'ghost' | 'zip' | 'markdown-file' | 'markdown-folder'

/** The format of a file, from its first bytes (and its name for a lone Markdown file). */
export async function detectFormat(file: string): Promise<ImportFormat> {
  const info = await stat(file).catch(() => undefined)
  if (!info) throw new ImportRefused(IMPORT_REFUSALS.missing(file))
  if (info.isDirectory()) return 'markdown-folder'
  if (info.size === 0) throw new ImportRefused(IMPORT_REFUSALS.empty)
  const handle = await open(file, 'r')
  const head = Buffer.alloc(512)
  try {
    await handle.read(head, 0, 512, 0)
  } finally {
    await handle.close()
  }
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return 'zip'
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
  if (/\.(md|markdown|mdx)$/i.test(file)) return 'markdown-file'
  if (text.startsWith('<')) return 'wordpress'
  if (text.startsWith('{') || text.startsWith('[')) return 'ghost'
  throw new ImportRefused(IMPORT_REFUSALS.unknown)
}

interface Target {
  job: ParseJob
  label: string
  zip?: OpenZip
  /** Writes one row of a Vitrine export (its own schemas, ADR 066). */
  writeRow?: (ctx: ImportContext, table: string, row: unknown) => Promise<void>
  localMedia?: (from: string) => LocalMedia
}

// The helpers of the folder, zip and Vitrine formats are loaded with their format: a WordPress
// or Ghost import never loads YAML, turndown's DOM or the Vitrine schemas (ADR 111, ADR 124).
async function targetOf(file: string): Promise<Target> {
  const format = await detectFormat(file)
  switch (format) {
    case 'wordpress':
      return { job: { file, format }, label: 'WordPress (WXR)' }
    case 'ghost':
      return { job: { file, format }, label: 'Ghost (JSON)' }
    case 'markdown-folder': {
      const { folderMedia } = await import('./markdown-files.server.ts')
      return {
        job: { file, format },
        label: 'Markdown (dossier)',
        localMedia: (from) => folderMedia(file, from),
      }
    }
    case 'markdown-file': {
      const { folderMedia } = await import('./markdown-files.server.ts')
      const dir = path.dirname(file)
      return {
        job: { file: dir, format: 'markdown-folder', only: path.basename(file) },
        label: 'Markdown (dossier)',
        localMedia: (from) => folderMedia(dir, from),
      }
    }
    case 'zip': {
      const { openZip } = await import('./zip.server.ts')
      const zip = await openZip(file)
      try {
        const vitrine = await import('./vitrine.server.ts')
        if (vitrine.isVitrineZip(zip)) {
          const rows = await vitrine.vitrineTarget(zip)
          return {
            job: { file, format: 'vitrine' },
            label: 'Vitrine (.zip)',
            zip,
            writeRow: (ctx, table, row) => vitrine.importVitrineRow(ctx, rows, table, row),
          }
        }
        const { isMediumZip } = await import('./medium.server.ts')
        if (isMediumZip(zip))
          return { job: { file, format: 'medium' }, label: 'Medium (.zip)', zip }
        const { isMarkdownZip, zipMedia } = await import('./markdown-files.server.ts')
        if (isMarkdownZip(zip))
          return {
            job: { file, format: 'markdown-zip' },
            label: 'Markdown (.zip)',
            zip,
            localMedia: (from) => zipMedia(zip, from),
          }
      } catch (error) {
        zip.close()
        throw error
      }
      zip.close()
      throw new ImportRefused(IMPORT_REFUSALS.unknownZip)
    }
  }
}

/**
 * One item from the worker, prepared and queued for its batch (ADR 102); what only counts
 * is queued too, so the report keeps the items' order. Never throws.
 */
async function apply(ctx: ImportContext, target: Target, message: ImportMessage): Promise<void> {
  const { report, batch } = ctx
  switch (message.type) {
    case 'post':
      // A former site's page becomes one of the owner's pages (ADR 090).
      if (message.post.page)
        return importPage(
          ctx,
          message.post,
          message.post.localFrom ? target.localMedia?.(message.post.localFrom) : undefined,
        )
      return importPost(
        ctx,
        message.post,
        message.post.localFrom ? target.localMedia?.(message.post.localFrom) : undefined,
      )
    case 'media':
      return queueMedia(ctx, message.url)
    case 'row':
      // Vitrine's own export writes each row itself, after what is waiting.
      await batch.flush()
      if (target.writeRow) await target.writeRow(ctx, message.table, message.row)
      return
    case 'count':
      return batch.add({
        settle: () => {
          if (message.by !== 0) report.count(message.kind, message.outcome, message.by)
          if (message.step) progress(ctx)
        },
      })
    case 'note':
      return batch.add({ settle: () => report.note(message.text) })
    case 'address':
      return recordAddress(ctx, message.oldPath, message.target)
    case 'fail':
      return batch.add({
        settle: () => {
          report.fail(message.kind, message.item, message.reason)
          if (message.step) progress(ctx)
        },
      })
    case 'step':
      return batch.add({ settle: () => progress(ctx) })
  }
}

/** How long a worker that finished its file waits for the next one before it ends (ms). */
const WORKER_IDLE_MS = 30_000

/**
 * The import's render worker (ADR 117): the Markdown of the posts a reader hands off, rendered
 * on the other core, so the main thread renders nothing and keeps answering requests. A
 * render it cannot give (the worker ended) resolves undefined: the repository then renders.
 */
class RenderWorker {
  readonly worker: Worker
  private next = 0
  private ended = false
  private readonly pending = new Map<number, (html: string | undefined) => void>()

  /**
   * `givesWay`: the thread runs below the process's priority, behind the server's main thread
   * (ADR 121). The command's has no server to give way to: it keeps the process's (ADR 129).
   */
  constructor(givesWay: boolean) {
    this.worker = new Worker(importWorkerUrl(), {
      workerData: { role: 'render', givesWay },
      resourceLimits: IMPORT_WORKER_LIMITS,
    })
    this.worker.on('message', (reply: RenderReply) => {
      const resolve = this.pending.get(reply.id)
      this.pending.delete(reply.id)
      resolve?.(reply.html)
    })
    this.worker.on('error', (error: Error) => {
      log.error('Import render worker failed', { error: error.stack ?? error.message })
    })
    this.worker.on('exit', () => {
      this.ended = true
      for (const resolve of this.pending.values()) resolve(undefined)
      this.pending.clear()
    })
  }

  get usable(): boolean {
    return !this.ended
  }

  render(markdown: string): Promise<string | undefined> {
    if (this.ended) return Promise.resolve(undefined)
    return new Promise((resolve) => {
      const id = this.next++
      this.pending.set(id, resolve)
      this.worker.postMessage({ id, markdown } satisfies RenderRequest)
    })
  }
}

/** The reader: a worker, or the same messages from this thread (InlineReader, ADR 124). */
type Reader = Worker | InlineReader

interface Workers {
  reader: Reader
  renderer: RenderWorker
}

/**
 * Workers that finished a file cleanly, kept a little while: the next import reuses them and
 * their loaded modules (about a second of start-up, ADR 102). They never hold the process.
 */
let idle: (Workers & { timer: NodeJS.Timeout }) | undefined

function takeWorkers(job: ParseJob, inline: boolean): Workers {
  // The command's thread reads the file itself: it is a worker whose heap is bounded, and one
  // isolate fewer is about 40 MB less (ADR 124).
  if (inline) return { reader: new InlineReader(job), renderer: new RenderWorker(false) }
  const kept = idle
  if (kept) {
    idle = undefined
    clearTimeout(kept.timer)
    kept.reader.ref()
    kept.renderer.worker.ref()
    kept.reader.postMessage(job)
    return kept
  }
  const reader = new Worker(importWorkerUrl(), {
    workerData: job,
    resourceLimits: IMPORT_WORKER_LIMITS,
  })
  // An idle worker that fails or ends is simply not reused; a run's own listeners report it.
  reader.on('error', () => undefined)
  reader.on('exit', () => {
    if (idle?.reader !== reader) return
    clearTimeout(idle.timer)
    void idle.renderer.worker.terminate()
    idle = undefined
  })
  // The reader hands every post to it, unrendered (ADR 121).
  return { reader, renderer: new RenderWorker(true) }
}

function endWorkers(workers: Workers): void {
  void workers.reader.terminate()
  void workers.renderer.worker.terminate()
}

function keepIdle(workers: Workers): void {
  if (idle || !workers.renderer.usable || workers.reader instanceof InlineReader)
    return endWorkers(workers)
  workers.reader.unref()
  workers.renderer.worker.unref()
  const timer = setTimeout(() => {
    if (idle?.reader === workers.reader) idle = undefined
    endWorkers(workers)
  }, WORKER_IDLE_MS)
  timer.unref()
  idle = { ...workers, timer }
}

/** `post` rendered by the render worker, as it will be saved (ADR 117). Never rejects. */
async function renderedAside(renderer: RenderWorker, post: SourcePost): Promise<void> {
  const markdown = savedBody(post)
  const html = await renderer.render(markdown)
  if (html !== undefined) post.rendered = { markdown, html }
}

/** Runs the reader in a worker; resolves with how it ended, once every item is written. */
function runWorker(ctx: ImportContext, target: Target): Promise<WorkerEnd> {
  return new Promise((resolve) => {
    const workers = takeWorkers(target.job, ctx.options.readInThread === true)
    const { reader: worker, renderer } = workers
    ctx.render = (markdown) => renderer.render(markdown)
    let end: WorkerEnd | undefined
    let finished = false
    let queue = Promise.resolve()
    // What is still waiting for its batch is written: what came in stays, even when the
    // reader stopped half-way.
    const finish = (reusable: boolean) => {
      if (finished) return
      finished = true
      worker.off('message', onMessage)
      worker.off('error', onError)
      worker.off('exit', onExit)
      void queue
        .then(() => ctx.batch.flush())
        // The batches committed without waiting for their fsync: one for all (ADR 117).
        .then(() => syncCommits())
        .catch((error: unknown) => {
          log.error('Import batch failed', {
            error: error instanceof Error ? error.stack : String(error),
          })
        })
        .then(() => {
          if (reusable) keepIdle(workers)
          else void renderer.worker.terminate()
          resolve(end ?? { type: 'error', message: 'import worker exited' })
        })
    }
    const onMessage = (message: ImportMessage | WorkerEnd) => {
      if (message.type === 'done' || message.type === 'refused' || message.type === 'error') {
        end = message
        // A reader that failed unexpectedly leaves its worker in an unknown state: it ends.
        if (message.type === 'error') void worker.terminate()
        finish(message.type !== 'error')
        return
      }
      // A post handed off unrendered goes to the render worker as soon as it arrives: it
      // renders while the items before it are prepared and written (ADR 117).
      const rendered =
        message.type === 'post' && !message.post.rendered
          ? renderedAside(renderer, message.post)
          : undefined
      queue = queue
        // One item per turn of the event loop: database queries answer synchronously on
        // SQLite, so the queued items would otherwise be prepared in one go (ADR 102).
        .then(() => new Promise((resolve) => setImmediate(resolve)))
        .then(() => rendered)
        .then(() => apply(ctx, target, message))
        .catch((error: unknown) => {
          log.error('Import item failed', {
            error: error instanceof Error ? error.stack : String(error),
          })
          ctx.report.fail('content', 'Élément', 'erreur inattendue (voir le journal du serveur)')
        })
        .then(() => worker.postMessage('ack'))
    }
    const onError = (error: Error & { code?: string }) => {
      end ??=
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { type: 'refused', message: IMPORT_REFUSALS.memory }
          : { type: 'error', message: error.stack ?? error.message }
    }
    const onExit = () => finish(false)
    worker.on('message', onMessage)
    worker.on('error', onError)
    worker.on('exit', onExit)
  })
}

function finish(ctx: ImportContext): ImportReportData {
  const steps = nextSteps(ctx.report.data, ctx.redirects)
  if (steps.length > 0) ctx.report.data.nextSteps = steps
  return ctx.report.data
}

/** Imports a file or folder of any supported format; returns the report's data. */
export async function importFile(
  file: string,
  options: ImportOptions = {},
): Promise<ImportReportData> {
  const target = await targetOf(file)
  try {
    const ctx = createContext(target.label, options)
    const end = await runWorker(ctx, target)
    if (end.type === 'done') return finish(ctx)
    if (end.type === 'error') log.error('Import reader failed', { error: end.message })
    const message = end.type === 'refused' ? end.message : IMPORT_REFUSALS.crashed
    const { counts, notes } = ctx.report.data
    // Nothing handed over yet: the whole file is refused. Otherwise the report says where
    // the import stopped, and what came in stays.
    if (Object.keys(counts).length === 0 && notes.length === 0) throw new ImportRefused(message)
    ctx.report.fail(
      'content',
      'Fichier',
      `${IMPORT_REFUSALS.stopped} (${message.replace(/ Rien n’a été importé\.$/, '')})`,
    )
    return finish(ctx)
  } finally {
    target.zip?.close()
  }
}
