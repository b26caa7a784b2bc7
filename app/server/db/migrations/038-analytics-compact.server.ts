import { sql, type Kysely } from 'kysely'

// Smaller visit rows (ADR 109). A visit row named its visitor by the 48-bit hash, only to count
// daily visitors; a day's visits are written in (visitor, time) order, so a visitor's visits of
// a day have consecutive ids: `nth` (0 for the first, 1 for the next…) names the visitor as the
// id of their first visit of the day (id − nth), in a byte or none (SQLite stores 0 in none).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('analytics_visit')
    .addColumn('nth', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  // Existing rows: the rank of each visit among its visitor's visits of its day (2^24 visit ids
  // a day, ADR 103). Window functions and UPDATE … FROM read the same on both databases.
  await sql`
    update analytics_visit set nth = ranked.n
    from (
      select id, row_number() over (partition by id / 16777216, v order by id) - 1 as n
      from analytics_visit
    ) as ranked
    where ranked.id = analytics_visit.id and ranked.n > 0`.execute(db)
  await db.schema.alterTable('analytics_visit').dropColumn('v').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The hashes are gone: the visit rows are written again from the raw events by the next
  // refresh (a rollup state without the visit rows' mark counts every kept day again).
  await sql`delete from analytics_visit_page`.execute(db)
  await sql`delete from analytics_visit`.execute(db)
  await sql`delete from analytics_state where key = 'rollupVisits'`.execute(db)
  await db.schema
    .alterTable('analytics_visit')
    .addColumn('v', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('analytics_visit').dropColumn('nth').execute()
}
