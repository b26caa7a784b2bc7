// The import's batches (ADR 102) on a real database, SQLite or PostgreSQL: many items in one
// transaction, one savepoint each, so an item that fails in the middle is undone alone (its
// own rows included) while the items before and after it land, and every item is settled in
// order. On PostgreSQL a failed statement aborts the whole transaction unless rolled back to
// a savepoint: this is what the savepoints are for.
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { getDb, syncCommits } from '#app/server/db/client.server.ts'
import { onPostgres, useTestDatabase } from '../../../tests/fixtures/db.ts'
import { ImportBatch } from './batch.server.ts'

useTestDatabase()

function sourceRow(key: string) {
  return {
    sourceKey: key,
    kind: 'post',
    targetId: key,
    oldPath: null,
    targetUrl: null,
    createdAt: new Date().toISOString(),
  }
}

async function keys(): Promise<string[]> {
  const rows = await getDb().selectFrom('import_source').select('sourceKey').execute()
  return rows.map((row) => row.sourceKey).sort()
}

describe('import batches', () => {
  it('roll back the one item that fails in the middle of a batch; the others land', async () => {
    // No time budget: the five items share one transaction, however slow the machine.
    const batch = new ImportBatch({ budgetMs: Number.POSITIVE_INFINITY })
    const settled: string[] = []
    for (const key of ['a', 'b', 'c', 'd', 'e'])
      await batch.add({
        write: async (trx) => {
          await trx.insertInto('import_source').values(sourceRow(key)).execute()
          // After its first row, the middle item fails at the database: a duplicate key.
          if (key === 'c') await trx.insertInto('import_source').values(sourceRow('a')).execute()
        },
        settle: (error) => settled.push(error === undefined ? key : `${key} failed`),
      })
    await batch.flush()
    expect(settled).toEqual(['a', 'b', 'c failed', 'd', 'e'])
    expect(await keys()).toEqual(['a', 'b', 'd', 'e'])
  })

  it('write in transactions of at most the given number of items, in order', async () => {
    const batch = new ImportBatch({ items: 2 })
    const order: string[] = []
    for (const key of ['a', 'b', 'c', 'd', 'e']) {
      await batch.add({
        write: async (trx) => {
          await trx.insertInto('import_source').values(sourceRow(key)).execute()
        },
        settle: () => order.push(key),
      })
      // An entry without a write (a count, a note) keeps its place among the items.
      await batch.add({ settle: () => order.push(`${key}+`) })
    }
    await batch.flush()
    expect(order).toEqual(['a', 'a+', 'b', 'b+', 'c', 'c+', 'd', 'd+', 'e', 'e+'])
    expect(await keys()).toEqual(['a', 'b', 'c', 'd', 'e'])
  })

  it.skipIf(onPostgres)(
    'commit without waiting for the fsync on SQLite, and leave the connection at FULL (ADR 117)',
    async () => {
      const batch = new ImportBatch()
      const levels: number[] = []
      const level = (rows: { rows: unknown[] }) =>
        Number(Object.values(rows.rows[0] as Record<string, unknown>)[0])
      await batch.add({
        write: async (trx) => {
          levels.push(level(await sql`pragma synchronous`.execute(trx)))
          await trx.insertInto('import_source').values(sourceRow('a')).execute()
        },
        settle: () => undefined,
      })
      await batch.flush()
      await syncCommits()
      // 1 is NORMAL, 2 is FULL: every other request's commit still waits for its fsync.
      expect(levels).toEqual([1])
      expect(level(await sql`pragma synchronous`.execute(getDb()))).toBe(2)
      expect(await keys()).toEqual(['a'])
    },
  )
})
