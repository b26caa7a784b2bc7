import { sql, type Kysely } from 'kysely'
import { describe, expect, it } from 'vitest'
import { onPostgres, useTestDatabase } from '../../../../tests/fixtures/db.ts'
import { down, up } from './041-analytics-events-by-time.server.ts'

const database = useTestDatabase()

const columns = (row: Record<string, unknown>) => ({
  t: Number(row.t),
  v: Number(row.v),
  kind: Number(row.kind),
  path: Number(row.path),
  ref: row.ref === null ? null : Number(row.ref),
  country: row.country === null ? null : Number(row.country),
})

describe('041 analytics events by time', () => {
  it('moves every event into a table keyed by time, and back', async () => {
    const db = database.current.db as unknown as Kysely<unknown>
    await down(db)
    // Written out of time order, two of one visitor in one second.
    const events = [
      { t: 2_000, v: 7, kind: 0, path: 3, ref: 4, country: 12 },
      { t: 1_000, v: 9, kind: 0, path: 1, ref: null, country: null },
      { t: 1_000, v: 9, kind: 2, path: 1, ref: null, country: null },
      { t: 1_500, v: 7, kind: 0, path: 2, ref: null, country: 5 },
    ]
    for (const e of events)
      await sql`insert into analytics_event (t, v, kind, path, ref, country)
        values (${e.t}, ${e.v}, ${e.kind}, ${e.path}, ${e.ref}, ${e.country})`.execute(db)
    await up(db)
    const read = async () =>
      (
        await database.current.db
          .selectFrom('analytics_event')
          .selectAll()
          .orderBy('t')
          .orderBy('kind')
          .execute()
      ).map(columns)
    const inTimeOrder = [events[1], events[2], events[3], events[0]]
    expect(await read()).toEqual(inTimeOrder)
    // Ids numbered within a visitor's second, in their old order: 0 takes no byte.
    const ids = await database.current.db
      .selectFrom('analytics_event')
      .select(['t', 'kind', 'id'])
      .orderBy('t')
      .orderBy('kind')
      .execute()
    expect(ids.map((r) => Number(r.id))).toEqual([0, 1, 0, 0])
    if (!onPostgres) {
      const index = await sql<{ name: string }>`select name from sqlite_master
        where tbl_name = 'analytics_event' and type = 'index'`.execute(db)
      expect(index.rows.map((r) => r.name)).not.toContain('analytics_event_t')
      // A range of time is a range of the table's own key: no index, no sort.
      const plan = await sql<{ detail: string }>`explain query plan
        select v, kind from analytics_event where t >= 1000 and t < 2000`.execute(db)
      expect(plan.rows.map((r) => r.detail).join('\n')).toMatch(
        /SEARCH analytics_event USING PRIMARY KEY \(t>\? AND t<\?\)/,
      )
    }
    // New rows take a random id: several events of a visitor in one second are all kept.
    await database.current.db
      .insertInto('analytics_event')
      .values([1, 2, 3].map((path) => ({ t: 3_000, v: 1, kind: 0, path })))
      .execute()
    expect((await read()).filter((e) => e.t === 3_000)).toHaveLength(3)
    await down(db)
    expect((await read()).slice(0, 4)).toEqual(inTimeOrder)
    await up(db)
  })
})
