// The statistics' salt never leaves the running site (ADR 084): not in a backup (VACUUM INTO),
// not in `db:copy`, and gone once its day ends even when no event arrives.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { beforeEach, describe, expect, test } from 'vitest'
import { onPostgres, useTestDatabase } from '../../../tests/fixtures/db.ts'
import { migrateToLatest, openDatabase } from '../db/client.server.ts'
import { copyDatabase } from '../db/copy.server.ts'
import { useTempDirs } from '../db/db-test-support.ts'
import { dayOf, expireSalts, heldSaltDay, resetSaltCache, saltOf } from './store.server.ts'

const database = useTestDatabase()
const tempDir = useTempDirs()
const DAY = 86_400_000

beforeEach(() => {
  resetSaltCache()
})

async function storedSalts() {
  return database.current.db.selectFrom('analytics_salt').select(['day', 'salt']).execute()
}

describe('the statistics salt (ADR 084)', () => {
  test.skipIf(onPostgres)('a backup of the live SQLite database holds no salt', async () => {
    const salt = await saltOf(dayOf(Date.now()))
    expect(await storedSalts()).toEqual([])
    const target = path.join(tempDir('vitrine-salt-'), 'backup.db')
    // As scripts/backup.ts copies the live database.
    database.current.sqlite.prepare('VACUUM INTO ?').run(target)
    const copy = new DatabaseSync(target)
    try {
      expect(copy.prepare('select count(*) as n from analytics_salt').get()).toEqual({ n: 0 })
    } finally {
      copy.close()
    }
    const bytes = readFileSync(target)
    expect(bytes.includes(salt)).toBe(false)
    expect(bytes.includes(Buffer.from(salt.toString('base64')))).toBe(false)
  })

  test('db:copy leaves a stored salt behind', async () => {
    const dir = tempDir('vitrine-salt-copy-')
    const source = openDatabase(path.join(dir, 'source.db'))
    const target = openDatabase(path.join(dir, 'target.db'))
    try {
      await migrateToLatest(source.db)
      // As PostgreSQL stores the day's salt for its app servers.
      await source.db
        .insertInto('analytics_salt')
        .values({ day: dayOf(Date.now()), salt: 'c2VjcmV0LXNhbHQ=' })
        .execute()
      await source.db.insertInto('analytics_state').values({ key: 'k', value: 'v' }).execute()
      const reports = await copyDatabase(source, target)
      expect(reports.map((r) => r.table)).not.toContain('analytics_salt')
      expect(await target.db.selectFrom('analytics_salt').selectAll().execute()).toEqual([])
      expect(await target.db.selectFrom('analytics_state').selectAll().execute()).toEqual([
        { key: 'k', value: 'v' },
      ])
    } finally {
      await source.close()
      await target.close()
    }
  })

  test('the salt is dropped once its day ends, with no event that day', async () => {
    const now = Date.UTC(2026, 10, 27, 23, 59, 0)
    const today = dayOf(now)
    await saltOf(today)
    expect(heldSaltDay()).toBe(today)
    // A row as PostgreSQL keeps it, or as an older version left it on SQLite.
    if (!onPostgres)
      await database.current.db
        .insertInto('analytics_salt')
        .values({ day: today, salt: 'b2xkLXNhbHQ=' })
        .execute()
    // Still the same day: kept.
    await expireSalts(now + 30_000)
    expect(heldSaltDay()).toBe(today)
    if (onPostgres) expect((await storedSalts()).map((r) => r.day)).toEqual([today])
    // The day has turned and no event came: nothing of it is left.
    await expireSalts(now + 2 * 60_000)
    expect(heldSaltDay()).toBeUndefined()
    expect(await storedSalts()).toEqual([])
    // The next day's salt is a new one.
    const next = await saltOf(today + 1)
    await expireSalts(now + DAY)
    expect(heldSaltDay()).toBe(today + 1)
    expect(next.length).toBe(32)
  })
})
