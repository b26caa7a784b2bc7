// Subscribers are personal data (ADR 097): the site export leaves them out unless asked.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { LocalDiskStorage } from '../media/storage.server.ts'
import { importSubscribers } from '../repositories/newsletter.server.ts'
import { exportZip } from '../transfer/export.server.ts'
import { SUBSCRIBERS_CSV } from './csv.server.ts'

useTestDatabase()
const work = mkdtempSync(path.join(os.tmpdir(), 'vitrine-nl-export-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

async function zipBytes(withSubscribers?: boolean): Promise<string> {
  const store = new LocalDiskStorage(work)
  const { stream } = await exportZip({ media: store, private: store, withSubscribers })
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  // File names are stored in clear in a zip's directory.
  return Buffer.concat(chunks).toString('latin1')
}

describe('the export and the subscribers', () => {
  it('leaves them out by default and carries abonnes.csv with --with-subscribers', async () => {
    await importSubscribers([{ email: 'ana@exemple.fr', locale: 'fr', confirmed: true }], 'csv')
    expect(await zipBytes()).not.toContain(SUBSCRIBERS_CSV)
    expect(await zipBytes(true)).toContain(SUBSCRIBERS_CSV)
  })
})
