// The reading half of an import, run in the import worker (ADR 083): the format's reader
// parses the file and hands each item to `emit`. Nothing here touches the database.
// Each reader is loaded when its format is first read: a WordPress import never loads the
// Vitrine reader's schemas, and the worker's memory stays that of the one format (ADR 111).
import { ImportRefused, type Emit, type ParseJob, type WorkerEnd } from './source.server.ts'

/** Reads the whole file into `emit` and tells how the reading ended, never throwing. */
export async function readToEnd(job: ParseJob, emit: Emit): Promise<WorkerEnd> {
  try {
    await parseFile(job, emit)
    return { type: 'done' }
  } catch (error) {
    return error instanceof ImportRefused
      ? { type: 'refused', message: error.message }
      : {
          type: 'error',
          message: error instanceof Error ? (error.stack ?? error.message) : String(error),
        }
  }
}

export async function parseFile(job: ParseJob, emit: Emit): Promise<void> {
  switch (job.format) {
    case 'wordpress': {
      const { parseWxr } = await import('./wordpress.server.ts')
      return parseWxr(job.file, emit)
    }
    case 'ghost': {
      const { parseGhost } = await import('./ghost.server.ts')
      return parseGhost(job.file, emit)
    }
    case 'markdown-folder': {
      const { parseMarkdownFolder } = await import('./markdown-files.server.ts')
      return parseMarkdownFolder(job.file, emit, job.only)
    }
    case 'medium':
    case 'markdown-zip':
    case 'vitrine': {
      const { openZip } = await import('./zip.server.ts')
      const zip = await openZip(job.file)
      try {
        if (job.format === 'medium') {
          const { parseMedium } = await import('./medium.server.ts')
          return await parseMedium(zip, emit)
        }
        if (job.format === 'vitrine') {
          const { parseVitrine } = await import('./vitrine.server.ts')
          return await parseVitrine(zip, emit)
        }
        const { parseMarkdownZip } = await import('./markdown-files.server.ts')
        return await parseMarkdownZip(zip, emit)
      } finally {
        zip.close()
      }
    }
  }
}
