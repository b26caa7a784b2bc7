import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../dialect.server.ts'

// Raw events stored in time order (ADR 122). On SQLite the events were a rowid table with an
// index on `t` (14.5 bytes a raw event): every reader (a day's events, realtime, retention, the
// writer's look-up of its visitors) reads a range of `t`. The table is now keyed by (t, v, id)
// without a rowid, so that range is the table itself and the index goes. `id` only tells apart
// the events of one visitor in one second: numbered 0, 1… (0 takes no byte), here in their old
// order and by the writer from then on; a row inserted without one (a test, a script) draws a
// random number below 2^23. PostgreSQL keeps its identity column and its index on `t`.
const COLUMNS = 'id, t, v, kind, path, ref, src, med, camp, country, device, browser, os'

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return
  await sql`create table analytics_event_by_time (
    id integer not null default (abs(random()) % 8388608),
    t integer not null,
    v bigint not null,
    kind integer not null,
    path integer not null,
    ref integer, src integer, med integer, camp integer,
    country integer, device integer, browser integer, os integer,
    primary key (t, v, id)
  ) without rowid`.execute(db)
  // In key order: the new table's pages are filled one after the other.
  const rest = COLUMNS.slice(4)
  await sql`insert into analytics_event_by_time (${sql.raw(COLUMNS)})
    select row_number() over (partition by t, v order by id) - 1, ${sql.raw(rest)}
    from analytics_event order by t, v, id`.execute(db)
  await sql`drop table analytics_event`.execute(db)
  await sql`alter table analytics_event_by_time rename to analytics_event`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return
  await sql`create table analytics_event_by_rowid (
    id integer primary key,
    t integer not null,
    v bigint not null,
    kind integer not null,
    path integer not null,
    ref integer, src integer, med integer, camp integer,
    country integer, device integer, browser integer, os integer
  )`.execute(db)
  // Ids repeat across seconds: the rowids are numbered again, in time order.
  const rest = COLUMNS.slice(4)
  await sql`insert into analytics_event_by_rowid (${sql.raw(rest)})
    select ${sql.raw(rest)} from analytics_event order by t, v, id`.execute(db)
  await sql`drop table analytics_event`.execute(db)
  await sql`alter table analytics_event_by_rowid rename to analytics_event`.execute(db)
  await sql`create index analytics_event_t on analytics_event (t)`.execute(db)
}
