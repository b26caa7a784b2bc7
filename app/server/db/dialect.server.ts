// Every difference between SQLite and PostgreSQL lives here (ADR 028). The schema is the
// same on both: text ids, ISO-8601 text timestamps, JSON as text, booleans as 0/1 integers,
// so repositories read and write the same values whatever the database. What differs:
//
// - transactions: SQLite's BEGIN IMMEDIATE (client.server.ts) takes the one write lock up
//   front; on PostgreSQL every transaction takes one transaction-scoped advisory lock right
//   after BEGIN, so writing transactions run one at a time across every app server, with the
//   same guarantees as on SQLite (a read-check-write inside a transaction cannot interleave
//   with another). Statements outside a transaction run concurrently on both.
// - identifiers: PostgreSQL folds unquoted names to lower case; raw SQL must quote camelCase
//   columns ("userId"). Kysely's builders always quote.
// - count(*) is bigint on PostgreSQL: parsed to a JavaScript number here (counts stay far
//   below 2^53).
// - unique violations: "UNIQUE constraint failed: t.c" vs SQLSTATE 23505 (isUniqueViolation).
// - NUL characters: PostgreSQL's text cannot hold U+0000 (SQLite's can); on PostgreSQL a
//   string parameter's NUL becomes U+FFFD instead of failing the whole request.
// - case-insensitive matching: SQLite's LIKE ignores ASCII case, PostgreSQL's does not;
//   likeInsensitive() lowers both sides and behaves the same on both.
// - Better Auth: its Kysely adapter is given the SQLite value encoding on both (0/1, text
//   dates) because our schema is the same on both (betterAuthDatabase).
// Upserts (ON CONFLICT … DO UPDATE), RETURNING, LIMIT/OFFSET and recursive CTEs are written
// the same way on both and need nothing here.
import { randomBytes } from 'node:crypto'
import type pg from 'pg'
import { log } from '../core/log.server.ts'
import { isDatabaseUnavailable } from './availability.server.ts'
import { CONTENT_CHANNEL, type ContentChannel } from '../cache/content-channel.server.ts'
import { isContentWrite } from '../cache/content-writes.server.ts'
import { bumpContentGeneration } from '../cache/generation.server.ts'
import { wrapDriver } from './wrap-driver.server.ts'
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresDialect,
  sql,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Expression,
  type Kysely,
  type RawBuilder,
  type SqlBool,
} from 'kysely'

export type DialectName = 'sqlite' | 'postgres'

/** `postgres://` or `postgresql://` URLs select PostgreSQL; anything else is not ours. */
export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//i.test(url.trim())
}

/** The dialect a Kysely instance talks to (for the rare query that must differ). */
export function dialectOf<DB>(db: Kysely<DB>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite'
}

/** A URL safe to print: the password is masked. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return 'postgres://…'
  }
}

/**
 * Key of the advisory lock every PostgreSQL transaction takes (ASCII "vitr"). One key for
 * the whole database: the PostgreSQL counterpart of SQLite's single write lock.
 */
export const TRANSACTION_LOCK_KEY = 0x76697472

/** Key of the lock that runs start-up work (seeding, purges) on one server at a time. */
export const STARTUP_LOCK_KEY = 0x76697473

/**
 * Runs `work` while holding a PostgreSQL session lock, so that servers starting together
 * do it one after the other (the second finds the demo content already there). The lock
 * stays on one pooled connection while `work` uses the others. SQLite: one process, no lock.
 */
export async function withStartupLock<DB, T>(db: Kysely<DB>, work: () => Promise<T>): Promise<T> {
  if (dialectOf(db) !== 'postgres') return work()
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${sql.lit(STARTUP_LOCK_KEY)})`.execute(connection)
    try {
      return await work()
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(STARTUP_LOCK_KEY)})`.execute(connection)
    }
  })
}

const INT8_OID = 20
const NUMERIC_OID = 1700

/** pg's type parsers for this pool only: bigint (count(*)) and numeric as numbers. */
const typesOf = (pgModule: typeof pg) =>
  ({
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value)
      return pgModule.types.getTypeParser(oid, format)
    },
  }) as pg.CustomTypesConfig

/** U+0000 → U+FFFD: the one character PostgreSQL text refuses (hostile input, not data). */
export function withoutNul(value: unknown): unknown {
  return typeof value === 'string' && value.includes('\u0000')
    ? value.replaceAll('\u0000', '\uFFFD')
    : value
}

/** pg's client with NUL-free string parameters (Kysely calls query(text, values)). */
const clientClassOf = (pgModule: typeof pg) =>
  class Client extends pgModule.Client {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override query(...args: any[]): any {
      if (Array.isArray(args[1])) args[1] = args[1].map(withoutNul)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return (super.query as (...a: any[]) => any)(...args)
    }
  }

export interface PostgresOptions {
  /** Connections kept by this process (default 10). */
  max?: number
  /** This process's content-change channel: its token, and the echo a write waits for. */
  channel?: ContentChannel
}

/**
 * PostgreSQL through `pg`, with serialised transactions (see the header). `pg` is imported
 * when the pool is first needed (Kysely awaits it before the first query): a server on
 * SQLite never loads it (ADR 037).
 */
export function createPostgresDialect(url: string, options: PostgresOptions = {}): Dialect {
  const pool = async () => {
    const { default: pgModule } = await import('pg')
    const created = new pgModule.Pool({
      connectionString: url,
      Client: clientClassOf(pgModule),
      max: options.max ?? 10,
      types: typesOf(pgModule),
      // A dropped connection is replaced; an idle one is closed after 30 s.
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 10_000,
    })
    // An idle client losing its server (restart, failover) must not crash the process: the
    // pool discards it and the next query opens a new one.
    created.on('error', (error) => {
      // The server shut down or gone: one line per outage, from the next query that fails
      // (availability.server.ts, ADR 069), not one per pooled connection here.
      if (isDatabaseUnavailable(error)) return
      log.warn('Connexion PostgreSQL inactive perdue', { error: error.message })
    })
    return created
  }
  return serialisedTransactions(new PostgresDialect({ pool }), options.channel)
}

/**
 * Content writes tell the other app servers (ADR 033): a transaction that wrote content sends
 * `pg_notify` just before its COMMIT (delivered only if it commits); a write outside a
 * transaction sends it right after. Then this process bumps its own generation again (its
 * other pooled connections saw nothing before the commit) and, when it listens, waits for its
 * own notification to come back, so the write returns only once PostgreSQL dispatched it.
 */
function notifier(channel: ContentChannel | undefined) {
  const token = randomBytes(8).toString('hex')
  let seq = 0
  const next = () => channel?.nextPayload() ?? { payload: `${token}:${++seq}`, seq }
  return {
    query(): { query: CompiledQuery; seq: number } {
      const { payload, seq } = next()
      return {
        query: CompiledQuery.raw('select pg_notify($1, $2)', [CONTENT_CHANNEL, payload]),
        seq,
      }
    },
    async committed(seq: number): Promise<void> {
      bumpContentGeneration()
      if (channel?.listening) await channel.waitForEcho(seq)
    },
  }
}

interface ConnectionState {
  inner: DatabaseConnection
  inTransaction: boolean
  wroteContent: boolean
}

function serialisedTransactions(dialect: Dialect, channel?: ContentChannel): Dialect {
  return wrapDriver(dialect, (driver): Driver => {
    const notify = notifier(channel)
    const states = new WeakMap<DatabaseConnection, ConnectionState>()
    const wrappers = new WeakMap<DatabaseConnection, DatabaseConnection>()
    const state = (connection: DatabaseConnection): ConnectionState => {
      const found = states.get(connection)
      if (!found) throw new Error('Unknown PostgreSQL connection')
      return found
    }
    const wrap = (inner: DatabaseConnection): DatabaseConnection => {
      const known = wrappers.get(inner)
      if (known) return known
      const own: ConnectionState = { inner, inTransaction: false, wroteContent: false }
      const wrapper: DatabaseConnection = {
        async executeQuery<R>(compiled: CompiledQuery, options?: never) {
          const result = await inner.executeQuery<R>(compiled, options)
          if (isContentWrite(compiled.query)) {
            if (own.inTransaction) own.wroteContent = true
            else {
              const { query, seq } = notify.query()
              await inner.executeQuery(query)
              await notify.committed(seq)
            }
          }
          return result
        },
        streamQuery: (compiled, chunkSize, options) =>
          inner.streamQuery(compiled, chunkSize, options),
      }
      wrappers.set(inner, wrapper)
      states.set(wrapper, own)
      return wrapper
    }
    return {
      init: (options) => driver.init(options),
      acquireConnection: async (options) => wrap(await driver.acquireConnection(options)),
      async beginTransaction(connection, settings) {
        const own = state(connection)
        await driver.beginTransaction(own.inner, settings)
        own.inTransaction = true
        own.wroteContent = false
        await own.inner.executeQuery(
          CompiledQuery.raw(`select pg_advisory_xact_lock(${TRANSACTION_LOCK_KEY})`),
        )
      },
      async commitTransaction(connection) {
        const own = state(connection)
        const wrote = own.wroteContent
        own.inTransaction = false
        own.wroteContent = false
        if (!wrote) return driver.commitTransaction(own.inner)
        const { query, seq } = notify.query()
        try {
          await own.inner.executeQuery(query)
          await driver.commitTransaction(own.inner)
        } finally {
          // Committed or not, what this process read meanwhile must not stay cached.
          await notify.committed(seq)
        }
      },
      async rollbackTransaction(connection) {
        const own = state(connection)
        const wrote = own.wroteContent
        own.inTransaction = false
        own.wroteContent = false
        await driver.rollbackTransaction(own.inner)
        if (wrote) bumpContentGeneration()
      },
      savepoint: driver.savepoint
        ? (connection, name, compile) => driver.savepoint!(state(connection).inner, name, compile)
        : undefined,
      rollbackToSavepoint: driver.rollbackToSavepoint
        ? (connection, name, compile) =>
            driver.rollbackToSavepoint!(state(connection).inner, name, compile)
        : undefined,
      releaseSavepoint: driver.releaseSavepoint
        ? (connection, name, compile) =>
            driver.releaseSavepoint!(state(connection).inner, name, compile)
        : undefined,
      releaseConnection: (connection, options) => {
        const own = state(connection)
        own.inTransaction = false
        own.wroteContent = false
        return driver.releaseConnection(own.inner, options)
      },
      destroy: (options) => driver.destroy(options),
    }
  })
}

/**
 * The `database` option of Better Auth. Its Kysely adapter picks value encodings from
 * `type`: with 'postgres' it would write booleans and Date objects, which our integer and
 * text columns (identical on both databases) do not take. 'sqlite' encodes 0/1 and ISO
 * text, which is what both schemas hold; every query it builds is portable SQL (its only
 * other SQLite branch, case-insensitive LIKE, uses LOWER() … LIKE LOWER(), valid on both).
 */
export function betterAuthDatabase<DB>(db: Kysely<DB>): { db: Kysely<DB>; type: 'sqlite' } {
  return { db, type: 'sqlite' }
}

/**
 * Better Auth compares its expected schema with the live one by introspecting the database
 * of the declared type (sqlite_master for 'sqlite'), which PostgreSQL does not have. Our
 * migrations own the schema on both; the check stays on for SQLite.
 */
export function betterAuthValidatesSchema<DB>(db: Kysely<DB>): boolean {
  return dialectOf(db) === 'sqlite'
}

/** A unique-constraint failure on `table.column`, in either database's words. */
export function isUniqueViolation(error: unknown, table: string, column: string): boolean {
  if (!(error instanceof Error)) return false
  const { code, constraint, detail } = error as Error & {
    code?: string
    constraint?: string
    detail?: string
  }
  if (code === '23505') {
    return (
      (constraint?.startsWith(`${table}_`) ?? false) &&
      (detail?.includes(`(${column})`) ?? constraint?.includes(column) ?? false)
    )
  }
  return error.message.includes(`UNIQUE constraint failed: ${table}.${column}`)
}

/** `column` contains `needle`, ignoring case, the same on both databases (escapes % and _). */
export function likeInsensitive(
  column: Expression<unknown> | string,
  needle: string,
): RawBuilder<boolean> {
  const pattern = `%${needle.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const ref = typeof column === 'string' ? sql.ref(column) : column
  return sql<boolean>`lower(${ref}) like ${pattern} escape '\\'`
}

/**
 * The JSON array of strings stored as text in `column` holds `value` exactly: SQLite's
 * json_each, PostgreSQL's jsonb containment (ADR 100).
 */
export function jsonArrayHolds<DB>(
  db: Kysely<DB>,
  column: string,
  value: string,
): RawBuilder<SqlBool> {
  const ref = sql.ref(column)
  return dialectOf(db) === 'postgres'
    ? sql<SqlBool>`(${ref})::jsonb @> jsonb_build_array(${value}::text)`
    : sql<SqlBool>`exists (select 1 from json_each(${ref}) where json_each.value = ${value})`
}

/** Foreign keys as [child table, parent table] pairs (to copy tables parents first). */
export async function foreignKeyEdges<DB>(db: Kysely<DB>): Promise<[string, string][]> {
  if (dialectOf(db) === 'postgres') {
    const result = await sql<{ child: string; parent: string }>`
      select c.relname as child, p.relname as parent
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_class p on p.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = current_schema()
    `.execute(db)
    return result.rows.map((r) => [r.child, r.parent])
  }
  const result = await sql<{ child: string; parent: string }>`
    select m.name as child, f."table" as parent
    from sqlite_master m, pragma_foreign_key_list(m.name) f
    where m.type = 'table'
  `.execute(db)
  return result.rows.map((r) => [r.child, r.parent])
}
