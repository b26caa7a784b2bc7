// Reading a zip with yauzl (ADR 066): the central directory is listed, then entries are read
// one at a time as streams. Entry names are only ever compared, never used as paths on disk.
import type { Readable } from 'node:stream'
import yauzl, { type Entry, type ZipFile } from 'yauzl'
import { ImportRefused } from './source.server.ts'

export const ZIP_REFUSAL = 'Cette archive .zip est illisible ou tronquée. Rien n’a été importé.'
/** A text entry (a post, the export's JSON) read into memory is at most this big. */
export const MAX_TEXT_ENTRY = 200 * 1024 * 1024

export interface OpenZip {
  entries: Entry[]
  stream(entry: Entry): Promise<Readable>
  /** The entry as text; refused past `max` bytes, declared or read. */
  text(entry: Entry, max?: number): Promise<string>
  close(): void
}

export async function openZip(file: string): Promise<OpenZip> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, z) =>
      error || !z ? reject(new ImportRefused(ZIP_REFUSAL)) : resolve(z),
    ),
  )
  const entries: Entry[] = []
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      if (!entry.fileName.endsWith('/')) entries.push(entry)
      zip.readEntry()
    })
    zip.on('end', resolve)
    zip.on('error', () => reject(new ImportRefused(ZIP_REFUSAL)))
    zip.readEntry()
  }).catch((error: unknown) => {
    zip.close()
    throw error
  })
  const stream = (entry: Entry) =>
    new Promise<Readable>((resolve, reject) =>
      zip.openReadStream(entry, (error, s) =>
        error || !s ? reject(new ImportRefused(ZIP_REFUSAL)) : resolve(s),
      ),
    )
  return {
    entries,
    stream,
    async text(entry, max = MAX_TEXT_ENTRY) {
      const tooLarge = () => new ImportRefused(`« ${entry.fileName} » est trop volumineux`)
      if (entry.uncompressedSize > max) throw tooLarge()
      const chunks: Buffer[] = []
      let size = 0
      const source = await stream(entry)
      for await (const chunk of source) {
        size += (chunk as Buffer).length
        if (size > max) {
          source.destroy()
          throw tooLarge()
        }
        chunks.push(chunk as Buffer)
      }
      return Buffer.concat(chunks).toString('utf8')
    },
    close: () => zip.close(),
  }
}
