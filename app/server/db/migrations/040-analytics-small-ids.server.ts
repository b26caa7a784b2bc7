import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../dialect.server.ts'

// Smaller visit ids (ADR 118). A visit id was its day number × 2^24 + its rank in the day:
// 6 bytes in each visit page row and again in their (page, visit) index. It is now its day's
// number since 2024-01-01 (day 19723) × 2^20 + its rank: under 2^31, 4 bytes, for 2,048 days.
// Ids are moved in SQL on both databases, in two passes through values far below every id
// (−2^45), so that no update meets a row not yet moved under the primary key.
// A filter on a UTM value read every visit row of the period (no index names a visit by it):
// partial indexes hold the visits that have one (about one in eight, ≈ 0.4 bytes a raw event
// each), so such a filter reads its own visits only.
const OLD = 16_777_216
const NEW = 1_048_576
const EPOCH = 19_723
const PARK = 35_184_372_088_832
const UTM_COLUMNS = ['src', 'med', 'camp'] as const

/** Sets every visit id (and its pages' `visit`) to `next`, an expression of the id `ID`. */
async function renumber(db: Kysely<unknown>, next: string): Promise<void> {
  for (const [table, column] of [
    ['analytics_visit', 'id'],
    ['analytics_visit_page', 'visit'],
  ] as const) {
    const c = sql.ref(column)
    const t = sql.table(table)
    const value = sql.raw(`(${next.replaceAll('ID', column)}) - ${PARK}`)
    await sql`update ${t} set ${c} = ${value}`.execute(db)
    await sql`update ${t} set ${c} = ${c} + ${sql.lit(PARK)}`.execute(db)
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // A day's visits past 2^20 (none so far: the ingest budget allows 1.7 M events a day) cannot
  // keep their rank: their visit rows go, their rollups stay.
  await sql`delete from analytics_visit_page where visit % ${sql.lit(OLD)} >= ${sql.lit(NEW)}`.execute(
    db,
  )
  await sql`delete from analytics_visit where id % ${sql.lit(OLD)} >= ${sql.lit(NEW)}`.execute(db)
  // Old ids are positive: plain integer division and remainder.
  await renumber(db, `(ID / ${OLD} - ${EPOCH}) * ${NEW} + ID % ${OLD}`)
  for (const column of UTM_COLUMNS)
    await db.schema
      .createIndex(`analytics_visit_${column}`)
      .on('analytics_visit')
      // PostgreSQL's index holds the id; SQLite's holds the rowid, which is the id.
      .columns(dialectOf(db) === 'postgres' ? [column, 'id'] : [column])
      .where(sql<boolean>`${sql.ref(column)} <> 0`)
      .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of UTM_COLUMNS)
    await db.schema.dropIndex(`analytics_visit_${column}`).ifExists().execute()
  // Days before the epoch have negative ids: the rank is the remainder taken positive.
  const rank = `((ID % ${NEW}) + ${NEW}) % ${NEW}`
  await renumber(db, `((ID - ${rank}) / ${NEW} + ${EPOCH}) * ${OLD} + ${rank}`)
}
