// The dialect differences of ADR 028, checked on whichever database the run targets
// (SQLite by default, PostgreSQL under `npm run test:postgres`).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { TEST_POSTGRES, onPostgres, useTestDatabase } from '../../../tests/fixtures/db.ts'
import { createDatabaseFromTemplate, dropDatabase } from '../../../tests/setup/postgres.ts'
import { openPostgres, type DatabaseHandle } from './client.server.ts'
import {
  dialectOf,
  isPostgresUrl,
  isUniqueViolation,
  likeInsensitive,
  redactUrl,
  withStartupLock,
} from './dialect.server.ts'
import { DEMO_PROJECTS } from '../demo/content.server.ts'
import { seedDemoContent } from '../demo/seed.server.ts'
import { createId, nowIso } from './util.server.ts'
import { getEnv } from '../core/env.server.ts'

const db = useTestDatabase()

/** Two independent connections to one database, as two app servers would have. */
async function twoServers(): Promise<{
  a: DatabaseHandle
  b: DatabaseHandle
  end(): Promise<void>
}> {
  const admin = TEST_POSTGRES
  if (admin) {
    const url = await createDatabaseFromTemplate(admin)
    const a = openPostgres(url, { max: 4 })
    const b = openPostgres(url, { max: 4 })
    return {
      a,
      b,
      async end() {
        await a.close()
        await b.close()
        await dropDatabase(admin, url)
      },
    }
  }
  // SQLite: one process has one connection (node:sqlite is synchronous, so a second one
  // would block the event loop in busy_timeout); other processes: transactions.test.ts.
  return { a: db.current, b: db.current, async end() {} }
}

describe('dialect', () => {
  it('runs on the database the run targets', () => {
    expect(db.current.dialect).toBe(onPostgres ? 'postgres' : 'sqlite')
    expect(dialectOf(db.current.db)).toBe(db.current.dialect)
  })

  it('recognises PostgreSQL URLs and masks their password', () => {
    expect(isPostgresUrl('postgres://u:p@h/db')).toBe(true)
    expect(isPostgresUrl('postgresql://h/db')).toBe(true)
    expect(isPostgresUrl('sqlite:./data/vitrine.db')).toBe(false)
    expect(isPostgresUrl(undefined)).toBe(false)
    expect(redactUrl('postgres://vitrine:secret@db.example:5432/vitrine')).toBe(
      'postgres://vitrine:***@db.example:5432/vitrine',
    )
  })

  it('takes DATABASE_URL only as a PostgreSQL URL, in French otherwise', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-env-'))
    try {
      expect(getEnv({ DATA_DIR: dir }).DATABASE_URL).toBeUndefined()
      expect(getEnv({ DATA_DIR: dir, DATABASE_URL: 'postgres://u@h/db' }).DATABASE_URL).toBe(
        'postgres://u@h/db',
      )
      expect(() => getEnv({ DATA_DIR: dir, DATABASE_URL: 'mysql://u@h/db' })).toThrow(
        /DATABASE_URL: doit commencer par postgres:\/\//,
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it.runIf(onPostgres)('seeds the demo content once when two servers start together', async () => {
    // Two start-ups at once on one pool: each takes its own connection for the lock.
    await Promise.all([
      withStartupLock(db.current.db, seedDemoContent),
      withStartupLock(db.current.db, seedDemoContent),
    ])
    const projects = await sql<{ n: number }>`select count(*) as n from projects`.execute(
      db.current.db,
    )
    expect(projects.rows[0]?.n).toBe(DEMO_PROJECTS.length)
  })

  it('npm run backup sends a PostgreSQL site to pg_dump instead of copying nothing', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-backup-'))
    const result = spawnSync(process.execPath, ['scripts/backup.ts'], {
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: 'postgres://u@127.0.0.1:1/x' },
    })
    rmSync(dir, { recursive: true, force: true })
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(/la base est PostgreSQL\. Sauvegardez-la avec pg_dump/)
  })

  it('matches case-insensitively and literally the same way on both databases', async () => {
    for (const title of ['Bonjour Paris', 'bonjour_lyon', '100% Nantes', 'Lille'])
      await db.current.db
        .insertInto('creative_process')
        .values({ id: createId(), title, description: '', order: 1 })
        .execute()
    const find = async (needle: string) =>
      (
        await db.current.db
          .selectFrom('creative_process')
          .select('title')
          .where(likeInsensitive('title', needle))
          .orderBy('title')
          .execute()
      ).map((r) => r.title)
    expect(await find('BONJOUR')).toEqual(['Bonjour Paris', 'bonjour_lyon'])
    expect(await find('r_l')).toEqual(['bonjour_lyon'])
    expect(await find('0%')).toEqual(['100% Nantes'])
    expect(await find('zzz')).toEqual([])
  })

  it('reads a unique-constraint failure the same way on both databases', async () => {
    const row = (id: string) => ({
      id,
      name: 'Camille',
      email: 'camille@example.fr',
      emailVerified: 0,
      role: 'viewer',
      status: 'active',
      createdAt: nowIso(),
      updatedAt: nowIso(),
    })
    await db.current.db.insertInto('user').values(row(createId())).execute()
    const error = await db.current.db
      .insertInto('user')
      .values(row(createId()))
      .execute()
      .then(() => undefined)
      .catch((e: unknown) => e)
    expect(isUniqueViolation(error, 'user', 'email')).toBe(true)
    expect(isUniqueViolation(error, 'user', 'name')).toBe(false)
    expect(isUniqueViolation(new Error('autre'), 'user', 'email')).toBe(false)
  })

  it('stores text with a NUL character instead of failing the request', async () => {
    const id = createId()
    await db.current.db
      .insertInto('creative_process')
      .values({ id, title: 'a\u0000b', description: '', order: 1 })
      .execute()
    const row = await db.current.db
      .selectFrom('creative_process')
      .select('title')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row.title).toBe(onPostgres ? 'a\uFFFDb' : 'a\u0000b')
  })

  it('counts as numbers and keeps 0/1 booleans and JSON text as written', async () => {
    const id = createId()
    await db.current.db
      .insertInto('projects')
      .values({
        id,
        title: 'T',
        description: 'D',
        thumbnail: '/t.jpg',
        tags: '["a","é"]',
        images: '[]',
        content: '',
        featured: 1,
        order: 0,
        startDate: '2024-01',
        endDate: '',
        createdAt: nowIso(),
        seoTitle: '',
        seoDescription: '',
        ogImage: '',
      })
      .execute()
    const row = await db.current.db
      .selectFrom('projects')
      .select(['featured', 'tags', 'order'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ featured: 1, tags: '["a","é"]', order: 0 })
    const counted = await sql<{ n: number }>`select count(*) as n from projects`.execute(
      db.current.db,
    )
    expect(counted.rows[0]?.n).toBe(1)
  })

  it('never loses an update when two servers read-check-write in transactions at once', async () => {
    const { a, b, end } = await twoServers()
    try {
      await a.db.insertInto('profile').values({ id: 'main', data: '{"n":0}' }).execute()
      const increment = (handle: DatabaseHandle) =>
        handle.db.transaction().execute(async (trx) => {
          const current = await trx
            .selectFrom('profile')
            .select('data')
            .where('id', '=', 'main')
            .executeTakeFirstOrThrow()
          const n = (JSON.parse(current.data) as { n: number }).n
          // Yield so that, without the write lock, the other server would read the same n.
          await new Promise((resolve) => setImmediate(resolve))
          await trx
            .updateTable('profile')
            .set({ data: JSON.stringify({ n: n + 1 }) })
            .where('id', '=', 'main')
            .execute()
        })
      await Promise.all(Array.from({ length: 16 }, (_, i) => increment(i % 2 ? a : b)))
      const final = await b.db
        .selectFrom('profile')
        .select('data')
        .where('id', '=', 'main')
        .executeTakeFirstOrThrow()
      expect(JSON.parse(final.data)).toEqual({ n: 16 })
    } finally {
      await end()
    }
  })
})
