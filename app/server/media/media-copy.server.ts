// Copying a media library between two stores, local disk or S3 (ADR 068): `npm run
// media:copy`, and backups and restores of a site whose media are in a bucket. One file at
// a time, streamed through a temporary file (never held in memory), hashed on the way in and
// read back and hashed again from the target; then the target must list every source key.
import { createHash } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { MediaStorage } from './storage.server.ts'

export class MediaCopyError extends Error {}

export interface MediaCopyReport {
  files: number
  bytes: number
}

async function sha256(stream: NodeJS.ReadableStream): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of stream) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** Copies every key of `from` into `to` (existing keys are rewritten: same name, same bytes). */
export async function copyMedia(
  from: MediaStorage,
  to: MediaStorage,
  log: (line: string) => void = () => {},
): Promise<MediaCopyReport> {
  const keys: string[] = []
  for await (const key of from.keys()) keys.push(key)
  let bytes = 0
  for (const [index, key] of keys.entries()) {
    const temp = await to.tempPath()
    const hash = createHash('sha256')
    let size = 0
    try {
      await pipeline(
        from.read(key),
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            hash.update(chunk)
            size += chunk.length
            done(null, chunk)
          },
        }),
        createWriteStream(temp),
      )
      await to.commit(temp, key)
    } finally {
      await rm(temp, { force: true })
    }
    const expected = hash.digest('hex')
    if ((await sha256(to.read(key))) !== expected) {
      throw new MediaCopyError(`Le fichier « ${key} » diffère après la copie : copie interrompue.`)
    }
    bytes += size
    if ((index + 1) % 20 === 0) log(`  ${index + 1} / ${keys.length} fichiers copiés…`)
  }
  const present = new Set<string>()
  for await (const key of to.keys()) present.add(key)
  const missing = keys.filter((key) => !present.has(key))
  if (missing.length > 0) {
    throw new MediaCopyError(
      `${missing.length} fichier(s) manquent dans la destination après la copie (${missing.slice(0, 3).join(', ')}…).`,
    )
  }
  return { files: keys.length, bytes }
}
