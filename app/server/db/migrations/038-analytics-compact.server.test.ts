import { sql, type Kysely } from 'kysely'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../../tests/fixtures/db.ts'
import { down, up } from './038-analytics-compact.server.ts'

const database = useTestDatabase()

describe('038 analytics compact', () => {
  it('names each visit’s visitor by its rank among their visits of the day, and drops the hash', async () => {
    const db = database.current.db as unknown as Kysely<unknown>
    // Back to the visit rows as 037 left them (hash column, no rank), then forward with rows.
    await down(db)
    // Day 20000: visitor 7 twice, then visitor 9 three times; day 20001: visitor 7 again (the
    // salt is daily: another visitor).
    const day = 20_000 * 2 ** 24
    const visits: [number, number][] = [
      [day, 7],
      [day + 1, 7],
      [day + 2, 9],
      [day + 3, 9],
      [day + 4, 9],
      [day + 2 ** 24, 7],
    ]
    for (const [id, v] of visits)
      await sql`insert into analytics_visit (id, v, t, dur, pages, entry, exit, ref, src, med, camp, country, device, browser, os, channel)
        values (${id}, ${v}, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0)`.execute(db)
    await up(db)
    const rows = await database.current.db
      .selectFrom('analytics_visit')
      .selectAll()
      .orderBy('id')
      .execute()
    expect(rows.map((r) => [Number(r.id) - day, Number(r.nth)])).toEqual([
      [0, 0],
      [1, 1],
      [2, 0],
      [3, 1],
      [4, 2],
      [2 ** 24, 0],
    ])
    expect(Object.keys(rows[0]!)).not.toContain('v')
  })
})
