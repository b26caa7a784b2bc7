// `npm run backup` then `npm run restore` into an empty DATA_DIR gives back the database
// and the same uploaded files, byte for byte.
import { execFile, execFileSync, spawn } from 'node:child_process'
import { promisify } from 'node:util'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { migrateToLatest, openDatabase, setDatabase } from '#app/server/db/client.server.ts'
import { storeUpload } from '#app/server/media/pipeline.server.ts'
import { createUploadedMedia } from '#app/server/repositories/media.server.ts'
import {
  holdServerLock,
  releaseServerLock,
  runningServer,
} from '#app/server/db/server-lock.server.ts'
import { S3Storage } from '#app/server/media/s3-storage.server.ts'
import { mediaStorage, privateStorage } from '#app/server/media/storage.server.ts'
import { startS3 } from '../tests/fixtures/s3.ts'

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

/** As `run`, without blocking this process: the S3 server answers from its event loop. */
async function runAsync(
  script: string,
  dataDir: string,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [script, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, BACKUP_DIR: path.join(root, 'backups'), ...env },
    encoding: 'utf8',
  })
  return stdout
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

  it('refuses while a live process holds DATA_DIR, whatever --force says; a stale pid file does not count (ADR 069)', async () => {
    const live = path.join(root, 'live-locked')
    const handle = openDatabase(path.join(live, 'vitrine.db'))
    await migrateToLatest(handle.db)
    handle.sqlite.exec(`create table marker (v text); insert into marker values ('live')`)
    await handle.close()
    const backup = /Sauvegarde écrite : (.+\.db)/.exec(run('scripts/backup.ts', live))?.[1] ?? ''
    const sqlite = new DatabaseSync(path.join(live, 'vitrine.db'))
    sqlite.exec(`update marker set v = 'after backup'`)
    sqlite.close()
    const before = readFileSync(path.join(live, 'vitrine.db'))

    // A process holding the lock as the server does (tests/cluster runs the real server).
    const holder = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { holdServerLock } from './app/server/db/server-lock.server.ts'
         holdServerLock(${JSON.stringify(live)}); console.log('held'); setInterval(() => {}, 1e6)`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    await new Promise((resolve) => holder.stdout.once('data', resolve))
    expect(readFileSync(path.join(live, 'vitrine.pid'), 'utf8').trim()).toBe(String(holder.pid))
    let refusal = ''
    try {
      run('scripts/restore.ts', live, [backup, '--force'])
    } catch (error) {
      refusal = String((error as { stderr?: string }).stderr)
    }
    expect(refusal).toContain(
      `Un serveur Vitrine tourne sur ce dossier de données (${live}, processus ${holder.pid})`,
    )
    expect(refusal).toContain("Rien n'a été modifié.")
    expect(readFileSync(path.join(live, 'vitrine.db')).equals(before)).toBe(true)

    // kill -9: the file stays, naming a process that no longer exists.
    await new Promise((resolve) => {
      holder.once('exit', resolve)
      holder.kill('SIGKILL')
    })
    expect(existsSync(path.join(live, 'vitrine.pid'))).toBe(true)
    expect(run('scripts/restore.ts', live, [backup, '--force'])).toContain('Sauvegarde restaurée')
    const restored = new DatabaseSync(path.join(live, 'vitrine.db'))
    try {
      expect(restored.prepare('select v from marker').all()).toEqual([{ v: 'live' }])
    } finally {
      restored.close()
    }
  })

  it('this process holds and releases the lock file, and never counts itself', () => {
    const dir = path.join(root, 'own-lock')
    holdServerLock(dir)
    expect(readFileSync(path.join(dir, 'vitrine.pid'), 'utf8').trim()).toBe(String(process.pid))
    releaseServerLock()
    expect(existsSync(path.join(dir, 'vitrine.pid'))).toBe(false)
    // Garbage in the file is no server.
    writeFileSync(path.join(dir, 'vitrine.pid'), 'nonsense')
    expect(runningServer(dir)).toBeUndefined()
    // Our own pid (a server restarted in this process) is not "another server".
    writeFileSync(path.join(dir, 'vitrine.pid'), String(process.pid))
    expect(runningServer(dir)).toBeUndefined()
  })
})

describe('media in an S3 bucket (ADR 068)', () => {
  it('backup reads the bucket, restore writes it back; media:copy moves a library both ways', async () => {
    const s3 = await startS3()
    try {
      const settings = {
        bucket: 'vitrine',
        endpoint: s3.endpoint,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      }
      const local = path.join(root, 's3-local')
      const handle = openDatabase(path.join(local, 'vitrine.db'))
      await migrateToLatest(handle.db)
      await handle.close()
      const limitsMb = { image: 5, video: 5, document: 5 }
      const photo = await sharp({
        create: { width: 700, height: 400, channels: 3, background: '#642' },
      })
        .png()
        .toBuffer()
      await storeUpload(once(photo), { storage: mediaStorage(local), limitsMb })
      const cv = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')
      await storeUpload(once(cv), { storage: privateStorage(local), limitsMb })
      const before = hashes(local)

      // local → s3: every file, in its prefix; the source untouched.
      const out = await runAsync(
        'scripts/media-copy.ts',
        local,
        ['--from', 'local', '--to', 's3'],
        s3.env,
      )
      expect(out).toMatch(/Copie terminée : \d+ fichiers publics et 1 fichier\(s\) privé\(s\)/)
      const bucketKeys = async (prefix: 'media/' | 'private/') => {
        const keys: string[] = []
        for await (const key of new S3Storage(settings, prefix).keys()) keys.push(key)
        return keys.sort()
      }
      const names = (folder: string) =>
        Object.keys(before)
          .filter((f) => f.startsWith(folder + '/'))
          .map((f) => f.slice(folder.length + 1))
          .sort()
      expect(await bucketKeys('media/')).toEqual(names('media'))
      expect(await bucketKeys('private/')).toEqual(names('private'))
      expect(hashes(local)).toEqual(before)

      // Backup of an S3 site: the bucket's files in the backup, as for a local library.
      const out2 = await runAsync('scripts/backup.ts', local, [], s3.env)
      const backup = /Sauvegarde écrite : (.+\.db)/.exec(out2)?.[1] ?? ''
      expect(hashes(backup.replace(/\.db$/, '-files'))).toEqual(before)

      // Restore into an emptied bucket.
      for (const prefix of ['media/', 'private/'] as const) {
        const store = new S3Storage(settings, prefix)
        for (const key of await bucketKeys(prefix)) await store.remove(key)
      }
      const fresh = path.join(root, 's3-restored')
      await runAsync('scripts/restore.ts', fresh, [backup], s3.env)
      expect(await bucketKeys('media/')).toEqual(names('media'))
      expect(await bucketKeys('private/')).toEqual(names('private'))
      expect(existsSync(path.join(fresh, 'media'))).toBe(false)

      // s3 → local, into an empty MEDIA_DIR.
      const back = path.join(root, 's3-back')
      await runAsync('scripts/media-copy.ts', fresh, ['--from', 's3', '--to', 'local'], {
        ...s3.env,
        MEDIA_DIR: back,
      })
      expect(hashes(back)).toEqual(before)
    } finally {
      await s3.close()
    }
  })

  it('export reads the files from the bucket, import writes them into it (ADR 066)', async () => {
    const s3 = await startS3()
    try {
      const settings = {
        bucket: 'vitrine',
        endpoint: s3.endpoint,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      }
      const site = path.join(root, 's3-export-site')
      const handle = openDatabase(path.join(site, 'vitrine.db'))
      await migrateToLatest(handle.db)
      setDatabase(handle)
      const photo = await sharp({
        create: { width: 640, height: 400, channels: 3, background: '#375' },
      })
        .jpeg()
        .toBuffer()
      const stored = await storeUpload(once(photo), {
        storage: new S3Storage(settings, 'media/'),
        limitsMb: { image: 5, video: 5, document: 5 },
      })
      await createUploadedMedia(stored, 'photo.jpg')
      setDatabase(undefined)
      await handle.close()
      const keys = [stored.storageKey, ...stored.variants].sort()

      const zip = path.join(root, 's3-export.zip')
      const out = await runAsync('scripts/export.ts', site, ['--out', zip], s3.env)
      expect(out).toContain(`${keys.length} fichiers`)
      expect(existsSync(path.join(site, 'media'))).toBe(false)

      // Into a new site on an emptied bucket: the files come back into the bucket.
      const media = new S3Storage(settings, 'media/')
      for (const key of keys) await media.remove(key)
      const fresh = path.join(root, 's3-import-site')
      await runAsync('scripts/import.ts', fresh, [zip], { ...s3.env, DEMO_CONTENT: 'false' })
      const back: string[] = []
      for await (const key of media.keys()) back.push(key)
      expect(back.sort()).toEqual(keys)
      expect(existsSync(path.join(fresh, 'media'))).toBe(false)
    } finally {
      await s3.close()
    }
  })

  it('media:copy refuses without S3_BUCKET or with a wrong direction, in French', () => {
    const dir = path.join(root, 'copy-refusals')
    const refusal = (args: string[], env: Record<string, string> = {}) => {
      try {
        run('scripts/media-copy.ts', dir, args, env)
      } catch (error) {
        return String((error as { stderr?: string }).stderr)
      }
      return 'accepté'
    }
    expect(refusal(['--from', 'local', '--to', 'local'])).toContain('Indiquez --from local --to s3')
    expect(refusal(['--from', 'local', '--to', 's3'])).toContain('S3_BUCKET n’est pas défini')
  })
})
