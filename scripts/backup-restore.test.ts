// `npm run backup` then `npm run restore` into an empty DATA_DIR gives back the database
// and the same uploaded files, byte for byte.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { migrateToLatest, openDatabase } from '#app/server/db/client.server.ts'
import { storeUpload } from '#app/server/media/pipeline.server.ts'
import { mediaStorage, privateStorage } from '#app/server/media/storage.server.ts'

const root = mkdtempSync(path.join(os.tmpdir(), 'vitrine-backup-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

function run(
  script: string,
  dataDir: string,
  args: string[] = [],
  env: Record<string, string> = {},
) {
  return execFileSync(process.execPath, [script, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, BACKUP_DIR: path.join(root, 'backups'), ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

/** sha256 of every file under the folders, by relative path. */
function hashes(dataDir: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const folder of ['media', 'private']) {
    const dir = path.join(dataDir, folder)
    if (!existsSync(dir)) continue
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue
      const file = path.join(entry.parentPath, entry.name)
      out[path.relative(dataDir, file)] = createHash('sha256')
        .update(readFileSync(file))
        .digest('hex')
    }
  }
  return out
}

async function* once(bytes: Buffer) {
  yield bytes
}

describe('backup and restore', () => {
  it('brings the database and the uploaded files back into an empty DATA_DIR', async () => {
    const live = path.join(root, 'live')
    const handle = openDatabase(path.join(live, 'vitrine.db'))
    await migrateToLatest(handle.db)
    handle.sqlite.exec(
      `insert into media (id, url, title, category, "createdAt") values ('m1', '/media/x', 'Photo', 'image', '2026-01-01T00:00:00.000Z')`,
    )
    await handle.close()
    const limitsMb = { image: 5, video: 5, document: 5 }
    const photo = await sharp({
      create: { width: 700, height: 400, channels: 3, background: '#246' },
    })
      .jpeg()
      .toBuffer()
    await storeUpload(once(photo), { storage: mediaStorage(live), limitsMb })
    const cv = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')
    await storeUpload(once(cv), { storage: privateStorage(live), limitsMb })
    const before = hashes(live)
    expect(Object.keys(before).length).toBeGreaterThan(5)

    const out = run('scripts/backup.ts', live)
    const backup = /Sauvegarde écrite : (.+\.db)/.exec(out)?.[1] ?? ''
    expect(backup).toMatch(/vitrine-.*\.db$/)
    // A second backup straight after (same second) is a copy of its own, not a failure.
    const again = /Sauvegarde écrite : (.+\.db)/.exec(run('scripts/backup.ts', live))?.[1] ?? ''
    expect(again).toMatch(/vitrine-.*\.db$/)
    expect(again).not.toBe(backup)
    expect(existsSync(backup) && existsSync(again)).toBe(true)

    const empty = path.join(root, 'restored')
    expect(run('scripts/restore.ts', empty, [backup])).toContain('Sauvegarde restaurée')
    expect(hashes(empty)).toEqual(before)
    const db = new DatabaseSync(path.join(empty, 'vitrine.db'))
    try {
      expect(db.prepare('select title from media').all()).toEqual([{ title: 'Photo' }])
    } finally {
      db.close()
    }
    // A second restore does not overwrite a database without --force.
    expect(() => run('scripts/restore.ts', empty, [backup])).toThrow()
    // On PostgreSQL a SQLite backup would change nothing: refused, nothing written.
    const other = path.join(root, 'restored-pg')
    let refusal = ''
    try {
      run('scripts/restore.ts', other, [backup], {
        DATABASE_URL: 'postgres://vitrine@127.0.0.1:1/vitrine',
      })
    } catch (error) {
      refusal = String((error as { stderr?: string }).stderr)
    }
    expect(refusal).toContain('DATABASE_URL est défini : la base est PostgreSQL')
    expect(existsSync(path.join(other, 'vitrine.db'))).toBe(false)
  })

  it('takes the files from MEDIA_DIR and puts them back into MEDIA_DIR (ADR 033)', async () => {
    const live = path.join(root, 'live-shared')
    const shared = path.join(root, 'shared-files')
    const handle = openDatabase(path.join(live, 'vitrine.db'))
    await migrateToLatest(handle.db)
    await handle.close()
    const cv = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')
    await storeUpload(once(cv), {
      storage: privateStorage(shared),
      limitsMb: { image: 5, video: 5, document: 5 },
    })
    const before = hashes(shared)
    expect(Object.keys(before)).toHaveLength(1)

    const out = run('scripts/backup.ts', live, [], { MEDIA_DIR: shared })
    const backup = /Sauvegarde écrite : (.+\.db)/.exec(out)?.[1] ?? ''
    const emptyData = path.join(root, 'restored-data')
    const emptyShared = path.join(root, 'restored-shared')
    run('scripts/restore.ts', emptyData, [backup], { MEDIA_DIR: emptyShared })
    expect(hashes(emptyShared)).toEqual(before)
    expect(readdirSync(emptyData)).not.toContain('private')
  })
})
