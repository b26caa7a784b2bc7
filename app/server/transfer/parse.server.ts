// The reading half of an import, run in the import worker (ADR 083): the format's reader
// parses the file and hands each item to `emit`. Nothing here touches the database.
import { parseGhost } from './ghost.server.ts'
import { parseMarkdownFolder, parseMarkdownZip } from './markdown-files.server.ts'
import { parseMedium } from './medium.server.ts'
import type { Emit, ParseJob } from './source.server.ts'
import { parseVitrine } from './vitrine.server.ts'
import { parseWxr } from './wordpress.server.ts'
import { openZip } from './zip.server.ts'

export async function parseFile(job: ParseJob, emit: Emit): Promise<void> {
  switch (job.format) {
    case 'wordpress':
      return parseWxr(job.file, emit)
    case 'ghost':
      return parseGhost(job.file, emit)
    case 'markdown-folder':
      return parseMarkdownFolder(job.file, emit, job.only)
    case 'medium':
    case 'markdown-zip':
    case 'vitrine': {
      const zip = await openZip(job.file)
      try {
        if (job.format === 'medium') return await parseMedium(zip, emit)
        if (job.format === 'vitrine') return await parseVitrine(zip, emit)
        return await parseMarkdownZip(zip, emit)
      } finally {
        zip.close()
      }
    }
  }
}
