// One entry for every import (ADR 066): the format is told from the file's first bytes (a zip,
// XML, JSON, Markdown) or from a folder, then the matching reader runs. Every refusal of the
// whole file is an ImportRefused with a French message, thrown before anything is written.
import { open, stat } from 'node:fs/promises'
import path from 'node:path'
import { importGhost } from './ghost.server.ts'
import { importMarkdownFolder, importMarkdownZip, isMarkdownZip } from './markdown-files.server.ts'
import { importMedium, isMediumZip } from './medium.server.ts'
import { ImportRefused, type ImportOptions } from './pipeline.server.ts'
import type { ImportReportData } from './report.server.ts'
import { importVitrine, isVitrineZip } from './vitrine.server.ts'
import { importWxr } from './wordpress.server.ts'
import { openZip } from './zip.server.ts'

export { ImportRefused } from './pipeline.server.ts'

export const IMPORT_REFUSALS = {
  missing: (file: string) => `Fichier introuvable : ${file}`,
  empty: 'Le fichier est vide. Rien n’a été importé.',
  unknown:
    'Format non reconnu : importez un export WordPress (.xml), Ghost (.json), Medium (.zip), un dossier ou un .zip de fichiers Markdown, ou un export Vitrine (.zip). Rien n’a été importé.',
  unknownZip:
    'Cette archive ne contient ni export Vitrine, ni articles Medium, ni fichiers Markdown. Rien n’a été importé.',
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

/** Imports a file or folder of any supported format; returns the report's data. */
export async function importFile(
  file: string,
  options: ImportOptions = {},
): Promise<ImportReportData> {
  const format = await detectFormat(file)
  switch (format) {
    case 'wordpress':
      return importWxr(file, options)
    case 'ghost':
      return importGhost(file, options)
    case 'markdown-folder':
      return importMarkdownFolder(file, options)
    case 'markdown-file':
      return importMarkdownFolder(path.dirname(file), options, path.basename(file))
    case 'zip': {
      const zip = await openZip(file)
      try {
        if (isVitrineZip(zip)) return await importVitrine(zip, options)
        if (isMediumZip(zip)) return await importMedium(zip, options)
        if (isMarkdownZip(zip)) return await importMarkdownZip(zip, options)
        throw new ImportRefused(IMPORT_REFUSALS.unknownZip)
      } finally {
        zip.close()
      }
    }
  }
}
