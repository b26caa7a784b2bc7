import { sql, type Kysely } from 'kysely'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../../tests/fixtures/db.ts'
import { down, up } from './039-analytics-filter-rollup.server.ts'

const database = useTestDatabase()

describe('039 analytics filter rollup', () => {
  it('creates the rollups under a filter and has every kept day counted again', async () => {
    const db = database.current.db as unknown as Kysely<unknown>
    await down(db)
    await sql`insert into analytics_state (key, value) values ('rollupVisits', '1')`.execute(db)
    await up(db)
    const mark = await database.current.db
      .selectFrom('analytics_state')
      .select('value')
      .where('key', '=', 'rollupVisits')
      .executeTakeFirst()
    expect(mark).toBeUndefined()
    await database.current.db
      .insertInto('analytics_filter_rollup')
      .values({
        fdim: 7,
        fvalue: 148,
        day: 20_000,
        dim: 0,
        value: 0,
        visitors: 1,
        visits: 1,
        pageviews: 2,
        bounces: 0,
        duration: 60,
      })
      .execute()
    const rows = await database.current.db
      .selectFrom('analytics_filter_rollup')
      .selectAll()
      .execute()
    expect(rows.map((r) => Number(r.pageviews))).toEqual([2])
  })
})
