// One entry for every import (ADR 066): the format is told from the file's first bytes (a zip,
// XML, JSON, Markdown) or from a folder, then the matching reader runs. Every refusal of the
// whole file is an ImportRefused with a French message, thrown before anything is written.
// The reader runs in a worker thread with a bounded heap (ADR 083): parsing a hostile file
// never blocks the server's event loop, and a file that needs too much memory ends the
// worker only. The worker hands items over one at a time; this thread writes each one.
import { existsSync } from 'node:fs'
import { open, stat } from 'node:fs/promises'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { log } from '#app/server/core/log.server.ts'
import { folderMedia, isMarkdownZip, zipMedia } from './markdown-files.server.ts'
import { isMediumZip } from './medium.server.ts'
import {
  createContext,
  ImportRefused,
  importMedia,
  importPage,
  importPost,
  progress,
  type ImportContext,
  type ImportOptions,
  type LocalMedia,
  recordAddress,
} from './pipeline.server.ts'
import { nextSteps, type ImportReportData } from './report.server.ts'
import type { ImportMessage, ParseJob, WorkerEnd } from './source.server.ts'
import {
  importVitrineRow,
  isVitrineZip,
  vitrineTarget,
  type VitrineTarget,
} from './vitrine.server.ts'
import { openZip, type OpenZip } from './zip.server.ts'

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

/**
 * The worker's heap, bounded so that any import up to the upload limit adds at most about
 * 300 MB to the server's resident memory (ADR 083).
 */
export const IMPORT_WORKER_LIMITS = {
  maxOldGenerationSizeMb: 192,
  maxYoungGenerationSizeMb: 16,
  stackSizeMb: 4,
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

/**
 * The worker's script: the TypeScript source beside this module (development, tests, the
 * command line), or `import-worker.js` that scripts/build-server-entry.ts writes into build/
 * (the production bundle, wherever the bundler put this module's code).
 */
export function importWorkerUrl(): URL {
  const here = import.meta.url
  if (here.endsWith('.ts')) return new URL('./import-worker.server.ts', here)
  for (const candidate of ['./import-worker.js', '../import-worker.js', '../../import-worker.js']) {
    const url = new URL(candidate, here)
    if (existsSync(url)) return url
  }
  throw new Error('build/import-worker.js is missing: run npm run build')
}

interface Target {
  job: ParseJob
  label: string
  zip?: OpenZip
  vitrine?: VitrineTarget
  localMedia?: (from: string) => LocalMedia
}

async function targetOf(file: string): Promise<Target> {
  const format = await detectFormat(file)
  switch (format) {
    case 'wordpress':
      return { job: { file, format }, label: 'WordPress (WXR)' }
    case 'ghost':
      return { job: { file, format }, label: 'Ghost (JSON)' }
    case 'markdown-folder':
      return {
        job: { file, format },
        label: 'Markdown (dossier)',
        localMedia: (from) => folderMedia(file, from),
      }
    case 'markdown-file': {
      const dir = path.dirname(file)
      return {
        job: { file: dir, format: 'markdown-folder', only: path.basename(file) },
        label: 'Markdown (dossier)',
        localMedia: (from) => folderMedia(dir, from),
      }
    }
    case 'zip': {
      const zip = await openZip(file)
      try {
        if (isVitrineZip(zip))
          return {
            job: { file, format: 'vitrine' },
            label: 'Vitrine (.zip)',
            zip,
            vitrine: await vitrineTarget(zip),
          }
        if (isMediumZip(zip))
          return { job: { file, format: 'medium' }, label: 'Medium (.zip)', zip }
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

/** One item from the worker, written; never throws. */
async function apply(ctx: ImportContext, target: Target, message: ImportMessage): Promise<void> {
  const { report } = ctx
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
      await importMedia(ctx, message.url)
      progress(ctx)
      return
    case 'row':
      if (target.vitrine) await importVitrineRow(ctx, target.vitrine, message.table, message.row)
      return
    case 'count':
      if (message.by !== 0) report.count(message.kind, message.outcome, message.by)
      if (message.step) progress(ctx)
      return
    case 'note':
      report.note(message.text)
      return
    case 'address':
      await recordAddress(ctx, message.oldPath, message.target)
      return
    case 'fail':
      report.fail(message.kind, message.item, message.reason)
      if (message.step) progress(ctx)
      return
    case 'step':
      progress(ctx)
  }
}

/** Runs the reader in a worker; resolves with how it ended. */
function runWorker(ctx: ImportContext, target: Target): Promise<WorkerEnd> {
  return new Promise((resolve) => {
    const worker = new Worker(importWorkerUrl(), {
      workerData: target.job,
      resourceLimits: IMPORT_WORKER_LIMITS,
    })
    let end: WorkerEnd | undefined
    let queue = Promise.resolve()
    worker.on('message', (message: ImportMessage | WorkerEnd) => {
      if (message.type === 'done' || message.type === 'refused' || message.type === 'error') {
        end = message
        return
      }
      queue = queue
        .then(() => apply(ctx, target, message))
        .catch((error: unknown) => {
          log.error('Import item failed', {
            error: error instanceof Error ? error.stack : String(error),
          })
          ctx.report.fail('content', 'Élément', 'erreur inattendue (voir le journal du serveur)')
        })
        .then(() => worker.postMessage('ack'))
    })
    worker.on('error', (error: Error & { code?: string }) => {
      end ??=
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { type: 'refused', message: IMPORT_REFUSALS.memory }
          : { type: 'error', message: error.stack ?? error.message }
    })
    worker.on('exit', () => {
      void queue.then(() => resolve(end ?? { type: 'error', message: 'import worker exited' }))
    })
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
