// The demo CV is private from the first start (ADR 018): the shipped file
// is outside public/, and the seed stores it in private storage as the CV file.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { CV_FILE_PATH } from '#app/domain/cv.ts'
import { seedDemoContent } from '#app/server/demo/seed.server.ts'
import { getCv, setCvFile } from '#app/server/repositories/cv.server.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { DEMO_CV_FILE, importDemoCv } from './demo-cv.server.ts'
import { LocalDiskStorage } from './storage.server.ts'

describe('demo CV', () => {
  useTestDatabase()
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('ships outside public/ and becomes the private CV file of a seeded site', async () => {
    expect(path.relative(path.resolve('public'), DEMO_CV_FILE).startsWith('..')).toBe(true)
    dir = mkdtempSync(path.join(tmpdir(), 'vitrine-cv-'))
    const storage = new LocalDiskStorage(dir)
    await seedDemoContent()
    expect(await importDemoCv(storage)).toBe(true)
    const cv = await getCv()
    expect(cv?.url).toBe(CV_FILE_PATH)
    expect(cv?.file?.mime).toBe('image/webp')
    expect(existsSync(path.join(dir, cv!.file!.key))).toBe(true)
    // Only the CV itself is kept: no responsive variants of a private file.
    expect((await storage.stat(cv!.file!.key))?.size).toBeGreaterThan(0)
    // A second run (or an owner's own CV) is left alone.
    expect(await importDemoCv(storage)).toBe(false)
  }, 60_000) // the seed and the first sharp run of this worker: slow on a loaded machine

  it('never replaces a CV file the owner uploaded', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'vitrine-cv-'))
    await seedDemoContent()
    await setCvFile({ key: `${'b'.repeat(32)}.pdf`, mime: 'application/pdf' })
    expect(await importDemoCv(new LocalDiskStorage(dir))).toBe(false)
    expect((await getCv())?.file?.key).toBe(`${'b'.repeat(32)}.pdf`)
  })
})
