// The hub's import (ADR 066): the request body is the file itself, streamed to a temporary file
// under DATA_DIR (never held in memory, never on a RAM-backed /tmp), bounded by IMPORT_MAX_MB,
// then imported; one import at a time per server.
import { createWriteStream } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { IMPORT_MAX_MB, TRANSFER_TEXTS, type ImportReportData } from '#app/domain/transfer.ts'
import { getEnv } from '#app/server/core/env.server.ts'
import type { RevisionAuthor } from '#app/server/repositories/blog-revisions.server.ts'
import { importFile } from './import.server.ts'
import { ImportRefused } from './pipeline.server.ts'

let running = false

/** The file's name as sent (`?name=`), reduced to a safe base name: only its extension matters. */
export function importFileName(request: Request): string {
  const name = new URL(request.url).searchParams.get('name') ?? ''
  const ext = /\.(xml|json|zip|md|markdown)$/i.exec(name)?.[0]?.toLowerCase() ?? ''
  return `import${ext}`
}

/** Streams the body to disk and imports it; throws ImportRefused with a French message. */
export async function importUpload(
  request: Request,
  author: RevisionAuthor,
): Promise<ImportReportData> {
  if (running) throw new ImportRefused(TRANSFER_TEXTS.busy)
  if (!request.body) throw new ImportRefused(TRANSFER_TEXTS.noFile)
  running = true
  const root = path.join(getEnv().DATA_DIR, '.imports')
  await mkdir(root, { recursive: true })
  const dir = await mkdtemp(path.join(root, 'import-'))
  try {
    const file = path.join(dir, importFileName(request))
    const max = IMPORT_MAX_MB * 1024 * 1024
    let size = 0
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length
        done(size > max ? new ImportRefused(TRANSFER_TEXTS.tooLarge) : null, chunk)
      },
    })
    try {
      await pipeline(
        // Not cancelled on a refusal: the Express layer drains the rest (ADR 057).
        Readable.from(request.body.values({ preventCancel: true })),
        limit,
        createWriteStream(file),
      )
    } catch (error) {
      if (error instanceof ImportRefused) throw error
      throw new ImportRefused(TRANSFER_TEXTS.failed)
    }
    if (size === 0) throw new ImportRefused(TRANSFER_TEXTS.noFile)
    return await importFile(file, { author })
  } finally {
    running = false
    await rm(dir, { recursive: true, force: true })
  }
}
