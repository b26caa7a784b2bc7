import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Migrator } from 'kysely/migration'
import { describe, expect, it } from 'vitest'
import { migrateToLatest, openDatabase } from '#app/server/db/client.server.ts'
import { MIGRATIONS } from './index.server.ts'

describe('038 analytics compact', () => {
  it('names each visit’s visitor by its rank among their visits of the day, and drops the hash', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-038-'))
    const handle = openDatabase(path.join(dir, 'test.db'))
    try {
      const before = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < '038'))
      await new Migrator({
        db: handle.db,
        provider: { getMigrations: async () => before },
      }).migrateToLatest()
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
      const insert = handle.sqlite.prepare(
        `insert into analytics_visit (id, v, t, dur, pages, entry, exit, ref, src, med, camp, country, device, browser, os, channel)
         values (?, ?, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0)`,
      )
      for (const [id, v] of visits) insert.run(id, v)
      await migrateToLatest(handle.db)
      const rows = await handle.db
        .selectFrom('analytics_visit')
        .select(['id', 'nth'])
        .orderBy('id')
        .execute()
      expect(rows.map((r) => [Number(r.id) - day, r.nth])).toEqual([
        [0, 0],
        [1, 1],
        [2, 0],
        [3, 1],
        [4, 2],
        [2 ** 24, 0],
      ])
      const columns = handle.sqlite
        .prepare(`select name from pragma_table_info('analytics_visit')`)
        .all()
      expect(columns.map((c) => c.name)).not.toContain('v')
    } finally {
      await handle.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
