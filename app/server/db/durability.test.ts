// An acknowledged write survives kill -9 (WAL + synchronous=FULL, ADR 002).
import { spawn } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CONTENT_TABLES } from '../demo/seed.server.ts'
import { migrateToLatest, openDatabase } from './client.server.ts'
import { useTempDirs } from './db-test-support.ts'

const tempDir = useTempDirs()

const WRITER = `
import { openDatabase } from ${JSON.stringify(path.resolve('app/server/db/client.server.ts'))}
const handle = openDatabase(process.argv[1])
for (let i = 0; i < 50; i++) {
  await handle.db.insertInto('skills').values({ id: 'k' + i, name: 'Compétence ' + i, category: 'tools', level: 3, color: '#8b5cf6' }).execute()
  process.stdout.write('ack ' + i + '\\n')
}
setInterval(() => {}, 1000)
`

describe('durability', () => {
  it('keeps every acknowledged insert after the writer is killed with SIGKILL', async () => {
    const dir = tempDir('vitrine-durable-')
    const file = path.join(dir, 'vitrine.db')
    const setup = openDatabase(file)
    await migrateToLatest(setup.db)
    await setup.close()

    const child = spawn(process.execPath, ['--input-type=module', '-e', WRITER, file], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let acked = -1
    let stderr = ''
    child.stderr.on('data', (d) => (stderr += d))
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n')) {
          const match = /^ack (\d+)$/.exec(line)
          if (match) acked = Number(match[1])
        }
        if (acked >= 49) {
          child.kill('SIGKILL')
          resolve()
        }
      })
      child.on('exit', (code) => (code !== null && code !== 0 ? reject(new Error(stderr)) : null))
      setTimeout(() => reject(new Error(`writer too slow: ${stderr}`)), 10_000)
    })
    await new Promise((r) => child.once('exit', r))

    const reopened = openDatabase(file)
    const rows = await reopened.db.selectFrom('skills').select(['id']).execute()
    await reopened.close()
    expect(rows).toHaveLength(acked + 1)
  })

  it('applies the pragmas every connection needs', async () => {
    const dir = tempDir('vitrine-pragma-')
    const handle = openDatabase(path.join(dir, 'x.db'))
    const get = (p: string) => Object.values(handle.sqlite.prepare(`PRAGMA ${p}`).get() ?? {})[0]
    expect(get('journal_mode')).toBe('wal')
    expect(get('synchronous')).toBe(2) // FULL
    expect(get('foreign_keys')).toBe(1)
    expect(get('busy_timeout')).toBe(5000)
    await handle.close()
  })

  it('refuses a file that is not a database with a clear French message', async () => {
    const dir = tempDir('vitrine-corrupt-')
    const file = path.join(dir, 'vitrine.db')
    const { writeFileSync } = await import('node:fs')
    writeFileSync(file, 'ceci n’est pas une base SQLite '.repeat(200))
    expect(() => openDatabase(file)).toThrow(/Impossible d'ouvrir la base de données/)
  })

  it('migrates a fresh database to the latest version, idempotently', async () => {
    const dir = tempDir('vitrine-migrate-')
    const handle = openDatabase(path.join(dir, 'm.db'))
    const applied = await migrateToLatest(handle.db)
    expect(applied).toContain('001-content')
    expect(await migrateToLatest(handle.db)).toEqual([])
    const tables = handle.sqlite
      .prepare("select name from sqlite_master where type='table'")
      .all()
      .map((r) => (r as { name: string }).name)
    for (const t of [
      ...CONTENT_TABLES,
      'activity_logs',
      'user',
      'session',
      'account',
      'verification',
    ])
      expect(tables).toContain(t)
    await handle.close()
  })
})
