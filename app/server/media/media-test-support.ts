// Set-ups the media tests share (imported by `*.test.ts` only).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach } from 'vitest'
import { LocalDiskStorage } from './storage.server.ts'

/**
 * Each test stores into a new local disk storage in a temporary folder, removed after it;
 * `disk.storage` is the running test's.
 */
export function useDiskStorage(prefix: string): { readonly storage: LocalDiskStorage } {
  let root = ''
  const disk = { storage: undefined as unknown as LocalDiskStorage }
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), prefix))
    disk.storage = new LocalDiskStorage(path.join(root, 'media'))
  })
  afterEach(() => rmSync(root, { recursive: true, force: true }))
  return disk
}
