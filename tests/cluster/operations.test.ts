// Operations across processes (ADRs 068, 069), black-box over HTTP on production builds:
// two app servers sharing one S3 bucket (a real S3 API server, s3rver) and one PostgreSQL;
// the first-admin link they print; PostgreSQL stopped and started again under them; and
// `npm run restore` against a real running server on SQLite.
import { execFile, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPostgres, type DatabaseHandle } from '#app/server/db/client.server.ts'
import { S3Storage } from '#app/server/media/s3-storage.server.ts'
import { freePort } from '../../scripts/lib/free-port.ts'
import { startS3, type TestS3 } from '../fixtures/s3.ts'
import { request } from './client.ts'
import { startCluster, type Cluster, type ClusterServer } from './harness.ts'

let cluster: Cluster
let s3: TestS3
let db: DatabaseHandle
let A: ClusterServer
let B: ClusterServer

beforeAll(async () => {
  s3 = await startS3()
  cluster = await startCluster({
    servers: 2,
    env: { ...s3.env, PAGE_CACHE: 'false', LOG_LEVEL: 'info' },
  })
  ;[A, B] = cluster.servers as [ClusterServer, ClusterServer]
  db = openPostgres(cluster.databaseUrl, { max: 2 })
}, 240_000)

afterAll(async () => {
  await db?.close()
  await cluster?.stop()
  await s3?.close()
}, 60_000)

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 60_000
  for (;;) {
    const value = await probe().catch(() => undefined)
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`Never reached: ${what}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

const settings = () => s3.settings

async function bucketKeys(prefix: 'media/' | 'private/'): Promise<string[]> {
  const keys: string[] = []
  for await (const key of new S3Storage(settings(), prefix).keys()) keys.push(key)
  return keys
}

describe('two app servers, one bucket, one PostgreSQL', () => {
  it('print one and the same first-admin link', () => {
    const link = (server: ClusterServer) => /\/setup\/([\w-]+)/.exec(server.output())?.[1]
    expect(link(A)).toBeTruthy()
    expect(link(B)).toBe(link(A))
  })

  it('put the demo images and the CV in the bucket, serve them from either server, keep the CV private', async () => {
    // The demo import runs in the background after A's first start.
    const stored = await until('demo images in the library', async () => {
      const rows = await db.db
        .selectFrom('media')
        .select(['storageKey', 'variants'])
        .where('storageKey', '!=', '')
        .execute()
      return rows.length >= 5 ? rows : undefined
    })
    const cv = await until('the demo CV', async () => {
      const row = await db.db.selectFrom('cv').select(['data']).executeTakeFirst()
      const data = row ? (JSON.parse(row.data) as { file?: { key?: string } }) : undefined
      return data?.file?.key
    })
    const publicKeys = await bucketKeys('media/')
    for (const row of stored) expect(publicKeys).toContain(row.storageKey)
    expect(await bucketKeys('private/')).toEqual([cv])
    expect(publicKeys).not.toContain(cv)
    // Nothing on the shared directory the servers were also given.
    expect(readdirSync(cluster.mediaDir)).toEqual([])

    const key = stored[0]!.storageKey
    const fromA = await request(A.origin, `/media/${key}`, { headers: { accept: '*/*' } })
    const fromB = await request(B.origin, `/media/${key}`, {
      headers: { accept: '*/*', range: 'bytes=0-99' },
    })
    expect(fromA.status).toBe(200)
    expect(fromA.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(fromA.headers['x-content-type-options']).toBe('nosniff')
    expect(fromB.status).toBe(206)
    expect(fromB.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/)
    // The CV's key is no public file, on either server.
    expect((await request(A.origin, `/media/${cv}`)).status).toBe(404)
    expect((await request(B.origin, `/media/${cv}`)).status).toBe(404)
    const page = await request(B.origin, '/cv/fichier', { headers: { accept: '*/*' } })
    expect([200, 403]).toContain(page.status)
    expect(page.headers['cache-control']).toMatch(/no-store/)
  })

  it('answer a French 503 with Retry-After while PostgreSQL is stopped, log it once, and come back alone', async () => {
    expect((await request(A.origin, '/blog')).status).toBe(200)
    cluster.postgres.halt()
    try {
      for (const server of [A, B]) {
        for (let i = 0; i < 3; i++) {
          const page = await request(server.origin, '/blog')
          expect(page.status).toBe(503)
          expect(page.headers['retry-after']).toBe('5')
          expect(page.body).toContain('Le site est momentanément indisponible')
        }
        const file = await request(server.origin, '/media/0123456789abcdef0123456789abcdef.webp', {
          headers: { accept: 'image/*' },
        })
        expect(file.status).toBe(503)
        expect(file.headers['retry-after']).toBe('5')
        const api = await request(server.origin, '/api/media', {
          headers: { accept: 'application/json' },
        })
        expect(api.status).toBe(503)
        expect(JSON.parse(api.body).error).toContain('la base de données ne répond pas')
        expect((await request(server.origin, '/healthz')).status).toBe(503)
      }
    } finally {
      cluster.postgres.resume()
    }
    for (const server of [A, B]) {
      await until('the site back', async () =>
        (await request(server.origin, '/blog')).status === 200 ? true : undefined,
      )
      const log = server.output()
      expect(log.split('Base de données indisponible').length - 1).toBe(1)
      expect(log).toContain('Base de données de nouveau disponible')
      // No stack trace per request.
      expect(log).not.toMatch(/\n\s+at .*\(.*\.js:\d+:\d+\)/)
    }
  })
})

describe('npm run restore against a running server (SQLite)', () => {
  it('refuses while the server runs, whatever --force says, and works once it was killed', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-restore-live-'))
    const backups = path.join(dataDir, 'backups')
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      BACKUP_DIR: backups,
      DEMO_CONTENT: 'false',
      LOG_LEVEL: 'warn',
      BETTER_AUTH_SECRET: 'restore-secret-restore-secret-restore-42',
    }
    const port = await freePort()
    const server = spawn(process.execPath, ['server/index.ts'], {
      env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: 'ignore',
    })
    const run = (script: string, args: string[]) =>
      promisify(execFile)(process.execPath, [script, ...args], { env, encoding: 'utf8' })
    try {
      await until('the server up', async () =>
        (await fetch(`http://127.0.0.1:${port}/healthz`)).ok ? true : undefined,
      )
      const { stdout } = await run('scripts/backup.ts', [])
      const backup = /Sauvegarde écrite : (.+\.db)/.exec(stdout)?.[1] ?? ''
      const dbFile = path.join(dataDir, 'vitrine.db')
      const before = readFileSync(dbFile)

      const refused = await run('scripts/restore.ts', [backup, '--force']).catch(
        (error: { stderr: string; code: number }) => error,
      )
      expect((refused as { code: number }).code).toBe(1)
      expect((refused as { stderr: string }).stderr).toContain(
        `Un serveur Vitrine tourne sur ce dossier de données (${dataDir}, processus ${server.pid})`,
      )
      expect(readFileSync(dbFile).equals(before)).toBe(true)

      await new Promise((resolve) => {
        server.once('exit', resolve)
        server.kill('SIGKILL')
      })
      const { stdout: restored } = await run('scripts/restore.ts', [backup, '--force'])
      expect(restored).toContain('Sauvegarde restaurée')
    } finally {
      if (server.exitCode === null) server.kill('SIGKILL')
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
