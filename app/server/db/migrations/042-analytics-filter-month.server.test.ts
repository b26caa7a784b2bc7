import type { Kysely } from 'kysely'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../../tests/fixtures/db.ts'
import { down, up } from './042-analytics-filter-month.server.ts'

const database = useTestDatabase()

describe('042 analytics filter month', () => {
  it('creates the monthly rollups under a filter, keyed by filter, month and panel row', async () => {
    const db = database.current.db as unknown as Kysely<unknown>
    await down(db)
    await up(db)
    const row = {
      fdim: 3,
      fvalue: 12,
      month: 20_423,
      dim: 0,
      value: 0,
      visitors: 4,
      visits: 5,
      pageviews: 9,
      bounces: 2,
      duration: 600,
    }
    await database.current.db.insertInto('analytics_filter_month').values(row).execute()
    // The key is (fdim, fvalue, month, dim, value): the same row twice is refused.
    await expect(
      database.current.db.insertInto('analytics_filter_month').values(row).execute(),
    ).rejects.toThrow()
    const rows = await database.current.db
      .selectFrom('analytics_filter_month')
      .selectAll()
      .execute()
    expect(rows.map((r) => [Number(r.month), Number(r.pageviews)])).toEqual([[20_423, 9]])
  })
})
