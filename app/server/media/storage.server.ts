// Where media files live (ADR 017): a small interface, implemented on the local disk here
// under MEDIA_DIR/media (public library) or MEDIA_DIR/private (the CV); MEDIA_DIR defaults
// to DATA_DIR and is one shared directory for several app servers (ADR 033). The same
// interface over an S3-compatible bucket is s3-storage.server.ts (ADR 068); stores.server.ts
// picks one from the environment.
import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { isStorageUnavailable } from './storage-availability.server.ts'

export interface StoredObject {
  size: number
  /** Last change, for Last-Modified. */
  mtime: Date
}

export interface MediaStorage {
  /** A new temporary path on the same volume, for a file being written. */
  tempPath(): Promise<string>
  /** Moves a finished temporary file to `key` in one step (atomic rename). */
  commit(temp: string, key: string): Promise<void>
  stat(key: string): Promise<StoredObject | undefined>
  read(key: string, range?: { start: number; end: number }): Readable
  remove(key: string): Promise<void>
  /** Every stored key (backups, media:copy). */
  keys(): AsyncIterable<string>
}

/** Keys are file names we generated: hex hash, dash/dot suffixes, an extension. */
const KEY = /^[0-9a-f]{32}[\w.-]*$/

export function isStorageKey(key: string): boolean {
  return KEY.test(key) && !key.includes('..')
}

export class LocalDiskStorage implements MediaStorage {
  readonly root: string
  constructor(root: string) {
    this.root = root
  }

  private file(key: string): string {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`)
    return path.join(this.root, key)
  }

  private get tempDir(): string {
    return path.join(this.root, '.tmp')
  }

  async tempPath(): Promise<string> {
    await mkdir(this.tempDir, { recursive: true })
    return path.join(this.tempDir, randomBytes(12).toString('hex'))
  }

  async commit(temp: string, key: string): Promise<void> {
    await rename(temp, this.file(key))
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    if (!isStorageKey(key)) return undefined
    try {
      const info = await stat(this.file(key))
      return info.isFile() ? { size: info.size, mtime: info.mtime } : undefined
    } catch (error) {
      // A missing file (or a root not made yet: a fresh site) is "not found"; a storage that
      // cannot be read (its root a file, no permission, an I/O error) is an outage (ADR 084).
      if (isStorageUnavailable(error)) throw error
      return undefined
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.file(key), range)
  }

  async remove(key: string): Promise<void> {
    await rm(this.file(key), { force: true })
  }

  async *keys(): AsyncGenerator<string> {
    let names: string[]
    try {
      names = await readdir(this.root)
    } catch {
      return
    }
    for (const name of names.sort()) if (isStorageKey(name)) yield name
  }

  /** Writes a stream to a new temporary file (used by tests and the seed). */
  async writeTemp(source: Readable): Promise<string> {
    const temp = await this.tempPath()
    await pipeline(source, createWriteStream(temp))
    return temp
  }
}

const stores = new Map<string, LocalDiskStorage>()

/** The public library, MEDIA_DIR/media (MEDIA_DIR: DATA_DIR by default). */
export function mediaStorage(mediaDir: string): LocalDiskStorage {
  return storeAt(path.join(mediaDir, 'media'))
}

/** Files only guarded routes serve (the CV), MEDIA_DIR/private. */
export function privateStorage(mediaDir: string): LocalDiskStorage {
  return storeAt(path.join(mediaDir, 'private'))
}

function storeAt(root: string): LocalDiskStorage {
  let store = stores.get(root)
  if (!store) {
    store = new LocalDiskStorage(root)
    stores.set(root, store)
  }
  return store
}
