// Transactions take the write lock up front (BEGIN IMMEDIATE), so a read-then-write
// transaction never fails with "database is locked" because another connection (a CLI
// script, a test fixture, a backup) wrote between its read and its write.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, describe, expect, it } from 'vitest'
import { migrateToLatest, openDatabase } from './client.server.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

async function setup() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-tx-'))
  dirs.push(dir)
  const file = path.join(dir, 'vitrine.db')
  const handle = openDatabase(file)
  await migrateToLatest(handle.db)
  return { handle, file }
}

describe('transactions', () => {
  it('hold the write lock from their first statement', async () => {
    const { handle, file } = await setup()
    // Another connection that does not wait at all for the lock.
    const other = new DatabaseSync(file, { timeout: 0 })
    try {
      let otherWrite: unknown = null
      await handle.db.transaction().execute(async (trx) => {
        await trx.selectFrom('settings').select('id').execute()
        try {
          other.exec(`INSERT INTO settings (id, data, updatedAt) VALUES ('x', '{}', 'now')`)
        } catch (error) {
          otherWrite = error
        }
        await trx
          .insertInto('settings')
          .values({ id: 'main', data: '{}', updatedAt: new Date().toISOString() })
          .execute()
      })
      // With a plain BEGIN the other write would have gone through and ours would then fail.
      expect(String(otherWrite)).toMatch(/locked|busy/i)
      const rows = await handle.db.selectFrom('settings').select('id').execute()
      expect(rows.map((r) => r.id)).toEqual(['main'])
    } finally {
      other.close()
      await handle.close()
    }
  })

  it('roll back entirely on error and release the lock', async () => {
    const { handle, file } = await setup()
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('settings')
          .values({ id: 'main', data: '{}', updatedAt: 'now' })
          .execute()
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    const other = new DatabaseSync(file, { timeout: 0 })
    try {
      other.exec(`INSERT INTO settings (id, data, updatedAt) VALUES ('y', '{}', 'now')`)
      expect(
        other
          .prepare('SELECT id FROM settings')
          .all()
          .map((r) => r.id),
      ).toEqual(['y'])
    } finally {
      other.close()
      await handle.close()
    }
  })
})
