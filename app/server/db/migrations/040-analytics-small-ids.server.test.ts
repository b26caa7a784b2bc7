import { sql, type Kysely } from 'kysely'
import { describe, expect, it } from 'vitest'
import { onPostgres, useTestDatabase } from '../../../../tests/fixtures/db.ts'
import { down, up } from './040-analytics-small-ids.server.ts'

const database = useTestDatabase()

describe('040 analytics small ids', () => {
  it('renumbers visits and their pages from 2024-01-01 × 2^20, and back', async () => {
    const db = database.current.db as unknown as Kysely<unknown>
    await down(db)
    // Ids as 037 wrote them (day × 2^24 + rank): 2023-12-31 (before the new epoch), two
    // visits of 2026-11-27, and a rank no longer possible (2^20).
    const OLD = 2 ** 24
    const ids = [19_722 * OLD + 5, 20_419 * OLD, 20_419 * OLD + 1, 20_419 * OLD + 2 ** 20]
    for (const id of ids) {
      await sql`insert into analytics_visit (id, nth, t, dur, pages, entry, exit, ref, src, med, camp, country, device, browser, os, channel)
        values (${id}, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0)`.execute(db)
      await sql`insert into analytics_visit_page (visit, page, views) values (${id}, 3, 1)`.execute(
        db,
      )
    }
    await up(db)
    const NEW = 2 ** 20
    const expected = [-1 * NEW + 5, 696 * NEW, 696 * NEW + 1]
    const visits = await database.current.db
      .selectFrom('analytics_visit')
      .select('id')
      .orderBy('id')
      .execute()
    expect(visits.map((r) => Number(r.id))).toEqual(expected)
    const pages = await database.current.db
      .selectFrom('analytics_visit_page')
      .select('visit')
      .orderBy('visit')
      .execute()
    expect(pages.map((r) => Number(r.visit))).toEqual(expected)
    await down(db)
    const back = await database.current.db
      .selectFrom('analytics_visit')
      .select('id')
      .orderBy('id')
      .execute()
    expect(back.map((r) => Number(r.id))).toEqual(ids.slice(0, 3))
    await up(db)
  })

  it.skipIf(onPostgres)('reads the visits of a UTM value through its partial index', async () => {
    const plan = await sql<{ detail: string }>`explain query plan
      select id from analytics_visit m
      where m.id >= 0 and m.id < 1048576 and m.src = 3 and m.src <> 0`.execute(database.current.db)
    expect(plan.rows.map((r) => r.detail).join('\n')).toContain('analytics_visit_src')
  })
})
