// `npm run db:copy` moves a whole site from SQLite to the run's target database (a new
// SQLite file, or PostgreSQL under VITRINE_TEST_POSTGRES): every table, checked, or nothing.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { TEST_POSTGRES } from '../tests/fixtures/db.ts'
import { createDatabaseFromTemplate, dropDatabase } from '../tests/setup/postgres.ts'
import {
  migrateToLatest,
  openDatabase,
  openPostgres,
  setDatabase,
  type DatabaseHandle,
} from '#app/server/db/client.server.ts'
import { createId, nowIso } from '#app/server/db/util.server.ts'
import { seedDemoContent } from '#app/server/demo/seed.server.ts'

let dir: string
let sourceFile: string
let target: string
let cleanup: () => Promise<void>

function copy(...args: string[]) {
  const result = spawnSync(process.execPath, ['scripts/db-copy.ts', ...args], {
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'error' },
  })
  return { code: result.status, out: result.stdout, err: result.stderr }
}

function openTarget(): DatabaseHandle {
  return TEST_POSTGRES ? openPostgres(target, { max: 1 }) : openDatabase(target.slice(7))
}

async function counts(handle: DatabaseHandle): Promise<Record<string, number>> {
  const out: Record<string, number> = {}
  for (const table of [
    'user',
    'session',
    'account',
    'projects',
    'blog_posts',
    'messages',
    'activity_logs',
    'settings',
    'translations',
    'analytics_dict',
    'analytics_rollup',
    'analytics_event',
  ]) {
    const r = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(
      handle.db,
    )
    out[table] = Number(r.rows[0]?.n)
  }
  return out
}

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-db-copy-'))
  sourceFile = path.join(dir, 'vitrine.db')
  const source = openDatabase(sourceFile)
  await migrateToLatest(source.db)
  setDatabase(source)
  await seedDemoContent()
  const userId = createId()
  const now = nowIso()
  await source.db
    .insertInto('user')
    .values({
      id: userId,
      name: 'Élodie « Admin »',
      email: 'elodie@exemple.fr',
      emailVerified: 1,
      image: null,
      role: 'admin',
      status: 'active',
      lastLogin: now,
      createdAt: now,
      updatedAt: now,
    })
    .execute()
  await source.db
    .insertInto('account')
    .values({
      id: createId(),
      accountId: userId,
      providerId: 'credential',
      userId,
      password: 'hash',
      createdAt: now,
      updatedAt: now,
    })
    .execute()
  await source.db
    .insertInto('session')
    .values({
      id: createId(),
      token: 'jeton',
      userId,
      expiresAt: now,
      createdAt: now,
      updatedAt: now,
      ipAddress: '203.0.113.9',
      userAgent: null,
    })
    .execute()
  await source.db
    .insertInto('messages')
    .values({
      id: createId(),
      name: 'Zoé',
      email: 'zoe@exemple.fr',
      message: 'Bonjour 👋\nÇa va ?',
      status: 'new',
      createdAt: now,
      reply: null,
    })
    .execute()
  // A message sent from the English site (ADR 075) and a day of statistics (ADR 072).
  await source.db
    .insertInto('messages')
    .values({
      id: createId(),
      name: 'Grace',
      email: 'grace@example.com',
      message: 'Hello',
      status: 'new',
      createdAt: now,
      reply: null,
      locale: 'en',
    })
    .execute()
  const page = await source.db
    .insertInto('analytics_dict')
    .values({ kind: 1, value: '/en/projects/p1' })
    .returning('id')
    .executeTakeFirstOrThrow()
  await source.db
    .insertInto('analytics_rollup')
    .values({
      gran: 1,
      dim: 1,
      start: 1_767_225_600,
      value: Number(page.id),
      visitors: 3,
      visits: 4,
      pageviews: 7,
      bounces: 1,
      duration: 90,
    })
    .execute()
  // Raw events keyed by (t, v, id), ids numbered within a visitor's second (ADR 122): more
  // than one page of the copy's batches, two events in each visitor's second.
  await source.db
    .insertInto('analytics_event')
    .values(
      Array.from({ length: 1200 }, (_, i) => ({
        id: Math.floor((i % 4) / 2),
        t: 1_767_225_600 + Math.floor(i / 4),
        v: 1 + (i % 2),
        kind: 0,
        path: Number(page.id),
      })),
    )
    .execute()
  // 1,200 entries: more than one page of the copy's batches.
  await source.db
    .insertInto('activity_logs')
    .values(
      Array.from({ length: 1200 }, (_, i) => ({
        id: createId(),
        userId,
        userName: 'Élodie',
        action: 'update',
        resourceType: 'project',
        resourceId: null,
        resourceName: `Projet ${i}`,
        timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
        details: '',
        userInfo: '{"ip":"203.0.113.9"}',
      })),
    )
    .execute()
  setDatabase(undefined)
  await source.close()
  if (TEST_POSTGRES) {
    const admin = TEST_POSTGRES
    target = await createDatabaseFromTemplate(admin)
    cleanup = () => dropDatabase(admin, target)
  } else {
    target = `sqlite:${path.join(dir, 'cible.db')}`
    cleanup = async () => {}
  }
})

afterEach(async () => {
  await cleanup()
  rmSync(dir, { recursive: true, force: true })
})

describe('db:copy', () => {
  it('copies every table with the same rows, counts and checksums', async () => {
    const result = copy('--from', `sqlite:${sourceFile}`, '--to', target)
    expect(result.err).toBe('')
    expect(result.code).toBe(0)
    expect(result.out).toMatch(/activity_logs : 1200 lignes, somme de contrôle [0-9a-f]{16} ✓/)
    expect(result.out).toMatch(/Copie terminée : \d+ tables, \d+ lignes, vérifiées/)
    const source = openDatabase(sourceFile)
    const copied = openTarget()
    try {
      expect(await counts(copied)).toEqual(await counts(source))
      const message = await copied.db
        .selectFrom('messages')
        .select('message')
        .where('name', '=', 'Zoé')
        .executeTakeFirstOrThrow()
      expect(message.message).toBe('Bonjour 👋\nÇa va ?')
      const user = await copied.db.selectFrom('user').selectAll().executeTakeFirstOrThrow()
      expect(user).toMatchObject({ name: 'Élodie « Admin »', emailVerified: 1, role: 'admin' })
      // The user's parents-first order let the foreign keys hold.
      const session = await copied.db
        .selectFrom('session')
        .select('userId')
        .executeTakeFirstOrThrow()
      expect(session.userId).toBe(user.id)
    } finally {
      await source.close()
      await copied.close()
    }
  })

  it("carries the translations, the messages' language and the statistics, there and back", async () => {
    const english = async (handle: DatabaseHandle) => ({
      // Sorted here: PostgreSQL's collation may order text unlike SQLite.
      translations: (await handle.db.selectFrom('translations').selectAll().execute()).sort(
        (a, b) => `${a.entity} ${a.entityId}`.localeCompare(`${b.entity} ${b.entityId}`),
      ),
      locales: (await handle.db.selectFrom('messages').select(['name', 'locale']).execute()).sort(
        (a, b) => a.name.localeCompare(b.name),
      ),
      pages: (
        await handle.db
          .selectFrom('analytics_rollup')
          .innerJoin('analytics_dict', 'analytics_dict.id', 'analytics_rollup.value')
          .select(['analytics_dict.value as path', 'pageviews'])
          .execute()
      ).map((row) => [row.path, Number(row.pageviews)]),
    })
    const source = openDatabase(sourceFile)
    const expected = await english(source)
    await source.close()
    // The demo's English versions, one English message, one page's views.
    expect(expected.translations.length).toBeGreaterThan(10)
    expect(expected.locales).toContainEqual({ name: 'Grace', locale: 'en' })
    expect(expected.locales).toContainEqual({ name: 'Zoé', locale: 'fr' })
    expect(expected.pages).toEqual([['/en/projects/p1', 7]])
    expect(copy('--from', `sqlite:${sourceFile}`, '--to', target).code).toBe(0)
    const copied = openTarget()
    try {
      expect(await english(copied)).toEqual(expected)
    } finally {
      await copied.close()
    }
    const backFile = path.join(dir, 'retour.db')
    expect(copy('--from', target, '--to', `sqlite:${backFile}`).code).toBe(0)
    const back = openDatabase(backFile)
    try {
      expect(await english(back)).toEqual(expected)
    } finally {
      await back.close()
    }
  })

  it('carries the session secret with the site, so sessions and second factors stay valid', async () => {
    const secret = 's'.repeat(43)
    writeFileSync(path.join(dir, 'auth-secret'), `${secret}\n`)
    const result = copy('--from', `sqlite:${sourceFile}`, '--to', target)
    expect(result.code).toBe(0)
    if (!TEST_POSTGRES) {
      // SQLite to SQLite: the file beside each database is the owner's to copy.
      expect(result.out).not.toContain('Secret des sessions')
      return
    }
    expect(result.out).toContain(`Secret des sessions repris de ${path.join(dir, 'auth-secret')}`)
    const copied = openTarget()
    try {
      const row = await copied.db
        .selectFrom('shared_secret')
        .select('value')
        .where('name', '=', 'auth')
        .executeTakeFirstOrThrow()
      expect(row.value).toBe(secret)
    } finally {
      await copied.close()
    }
    // And back: PostgreSQL to a new SQLite file writes it beside that file.
    const back = mkdtempSync(path.join(os.tmpdir(), 'vitrine-db-copy-back-'))
    try {
      const again = copy('--from', target, '--to', `sqlite:${path.join(back, 'vitrine.db')}`)
      expect(again.code).toBe(0)
      expect(again.out).toContain('Secret des sessions écrit dans')
      expect(readFileSync(path.join(back, 'auth-secret'), 'utf8').trim()).toBe(secret)
    } finally {
      rmSync(back, { recursive: true, force: true })
    }
  })

  it('refuses a target that holds data unless --force, and then replaces it', async () => {
    expect(copy('--from', `sqlite:${sourceFile}`, '--to', target).code).toBe(0)
    const copied = openTarget()
    try {
      const expected = await counts(copied)
      await copied.db.deleteFrom('messages').execute()
      const refused = copy('--from', `sqlite:${sourceFile}`, '--to', target)
      expect(refused.code).toBe(1)
      expect(refused.err).toMatch(
        /La base cible contient déjà des données \(.*user.*\)\. Rien n'a été copié/,
      )
      expect((await counts(copied)).messages).toBe(0)
      const forced = copy('--from', `sqlite:${sourceFile}`, '--to', target, '--force')
      expect(forced.code).toBe(0)
      expect(await counts(copied)).toEqual(expected)
      expect(expected.activity_logs).toBe(1200)
    } finally {
      await copied.close()
    }
  })

  it('explains a wrong command in French and touches nothing', () => {
    const missing = copy('--from', `sqlite:${sourceFile}`)
    expect(missing.code).toBe(2)
    expect(missing.err).toMatch(/Indiquez la base source \(--from\) et la base cible \(--to\)/)
    const absent = copy('--from', `sqlite:${path.join(dir, 'absente.db')}`, '--to', target)
    expect(absent.code).toBe(1)
    expect(absent.err).toMatch(/Base source introuvable/)
    const wrong = copy('--from', 'mysql://x', '--to', target)
    expect(wrong.code).toBe(1)
    expect(wrong.err).toMatch(/Emplacement source invalide « mysql:\/\/x »/)
    // An unreachable PostgreSQL, in the server's words (client.server.ts), naming the option.
    const down = copy(
      '--from',
      `sqlite:${sourceFile}`,
      '--to',
      'postgres://vitrine:pw@127.0.0.1:1/x',
    )
    expect(down.code).toBe(1)
    expect(down.err).toContain('Impossible de se connecter à PostgreSQL « postgres://vitrine:')
    expect(down.err).toContain('Vérifiez --to (hôte, port, utilisateur, mot de passe, base)')
    expect(down.err).not.toContain('pw@')
  })

  it.runIf(TEST_POSTGRES)('names a PostgreSQL database that does not exist', () => {
    const url = new URL(TEST_POSTGRES ?? '')
    url.pathname = '/absente_de_ce_serveur'
    const missing = copy('--from', url.href, '--to', `sqlite:${path.join(dir, 'out.db')}`)
    expect(missing.code).toBe(1)
    expect(missing.err).toMatch(/La base PostgreSQL « .*absente_de_ce_serveur » n'existe pas/)
    expect(missing.err).toContain('corrigez le nom de la base dans --from')
  })

  it('keeps nothing when one row cannot be copied', async () => {
    // A row the target refuses. PostgreSQL's text cannot hold NUL (SQLite's can); on an
    // SQLite target, a trigger refuses messages.
    if (TEST_POSTGRES) {
      const source = openDatabase(sourceFile)
      await source.db
        .insertInto('messages')
        .values({
          id: createId(),
          name: 'Nul',
          email: 'n@exemple.fr',
          message: 'a\u0000b',
          status: 'new',
          createdAt: nowIso(),
          reply: null,
        })
        .execute()
      await source.close()
    } else {
      const poisoned = openTarget()
      await migrateToLatest(poisoned.db)
      poisoned.sqlite.exec(
        "create trigger refuse before insert on messages begin select raise(abort, 'refusé'); end",
      )
      await poisoned.close()
    }
    const result = copy('--from', `sqlite:${sourceFile}`, '--to', target)
    expect(result.code).toBe(1)
    expect(result.err).toMatch(
      TEST_POSTGRES
        ? // PostgreSQL stores U+FFFD for NUL (ADR 028): the checksum sees the difference.
          /Somme de contrôle différente pour « messages ».*Rien n'a été copié/
        : /Échec de la copie de la table « messages »/,
    )
    const copied = openTarget()
    try {
      // Tables copied before "messages" were rolled back with it.
      expect(await counts(copied)).toEqual({
        user: 0,
        session: 0,
        account: 0,
        projects: 0,
        blog_posts: 0,
        messages: 0,
        activity_logs: 0,
        settings: 0,
        translations: 0,
        analytics_dict: 0,
        analytics_rollup: 0,
        analytics_event: 0,
      })
    } finally {
      await copied.close()
    }
  })
})
