// The database being unreachable is an outage, not a bug (ADR 069): every query goes through
// `watchAvailability`, which classifies a failure here (PostgreSQL refused, shut down or cut
// off; SQLite locked past busy_timeout, disk full, file unopenable or unreadable). The first
// one starts an outage, logged once in French; while it lasts, what fails answers a French
// 503 with Retry-After (root middleware) instead of a 500 and a stack trace each, and while
// the connection itself is lost every request does, without waiting on the database. It
// ends, logged once, at the first query of the failed kind that succeeds: a probe every
// PROBE_MS (`select 1`, or for a write outage on SQLite, a full disk or a held lock, a
// one-row write that commits), or any request's own query.
import type {
  AbortableOperationOptions,
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
} from 'kysely'
import { log } from '../core/log.server.ts'
import { wrapDriver } from './wrap-driver.server.ts'
import { NETWORK_ERROR_CODES, serviceUnavailableResponse } from '../http/unavailable.server.ts'

export const RETRY_AFTER_SECONDS = 5
const PROBE_MS = 1_000

/** PostgreSQL: the server is gone or refusing us (SQLSTATE classes 08 and 57P0x). */
const PG_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006'])
/** pg's own wording when a socket closes under it, or the pool's connect timeout. */
const PG_MESSAGES =
  /Connection terminated|connection timeout|Client has encountered a connection error/i
/** SQLite primary result codes: BUSY 5, LOCKED 6, READONLY 8, IOERR 10, FULL 13, CANTOPEN 14. */
const SQLITE_CODES = new Set([5, 6, 8, 10, 13, 14])

type Kind = 'connection' | 'write' | 'read'

/** What kind of unavailability `error` is, or undefined for an ordinary error. */
export function unavailabilityOf(error: unknown, sqlText = ''): Kind | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const e = error as { code?: unknown; errcode?: unknown; message?: unknown }
  if (typeof e.errcode === 'number' && e.code === 'ERR_SQLITE_ERROR') {
    if (!SQLITE_CODES.has(e.errcode & 0xff)) return undefined
    return /^\s*(select|pragma)\b/i.test(sqlText) ? 'read' : 'write'
  }
  if (typeof e.code === 'string' && (PG_CODES.has(e.code) || NETWORK_ERROR_CODES.has(e.code)))
    return 'connection'
  if (typeof e.message === 'string' && PG_MESSAGES.test(e.message)) return 'connection'
  const cause = (error as { cause?: unknown }).cause
  return cause && cause !== error ? unavailabilityOf(cause, sqlText) : undefined
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailabilityOf(error) !== undefined
}

interface Outage {
  since: number
  kind: Kind
}

let outage: Outage | undefined
let probe: ReturnType<typeof setInterval> | undefined

/** Whether an outage is under way (failures answer 503 meanwhile). */
export function databaseUnavailable(): boolean {
  return outage !== undefined
}

/** Whether the connection itself is lost: every request answers 503 without trying. */
export function databaseUnreachable(): boolean {
  return outage?.kind === 'connection'
}

type Check = (kind: Kind) => Promise<void>

function failed(error: unknown, sqlText: string, check: Check): void {
  const kind = unavailabilityOf(error, sqlText)
  if (!kind) return
  if (outage) {
    // A connection lost during a write outage: the stronger kind, still the same outage.
    if (kind === 'connection' && outage.kind !== 'connection') outage.kind = kind
  } else {
    outage = { since: Date.now(), kind }
    log.error(
      'Base de données indisponible : les requêtes reçoivent une réponse 503 jusqu’à son retour',
      { error: error instanceof Error ? error.message : String(error) },
    )
  }
  if (!probe) {
    probe = setInterval(() => {
      if (outage) void check(outage.kind).catch(() => undefined)
    }, PROBE_MS)
    probe.unref()
  }
}

function answered(sqlText: string): void {
  if (!outage) return
  // A read proves nothing about a full disk or a held lock.
  if (outage.kind === 'write' && /^\s*(select|pragma)\b/i.test(sqlText)) return
  const seconds = Math.max(1, Math.round((Date.now() - outage.since) / 1000))
  outage = undefined
  if (probe) clearInterval(probe)
  probe = undefined
  log.info(`Base de données de nouveau disponible (indisponible pendant ${seconds} s)`)
}

/** Forget any outage (tests; a database closed and reopened). */
export function resetAvailability(): void {
  outage = undefined
  if (probe) clearInterval(probe)
  probe = undefined
}

/**
 * The French 503: an HTML page for a browser, JSON for the API and scripts that ask for it,
 * plain text otherwise; never cached, with Retry-After.
 */
export function unavailableResponse(request: Request): Response {
  return serviceUnavailableResponse(request, {
    title: 'Site momentanément indisponible',
    message:
      'Le site est momentanément indisponible : la base de données ne répond pas. Réessayez dans quelques instants.',
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  })
}

async function reported(work: Promise<void>, sqlText: string, check: Check): Promise<void> {
  try {
    await work
    if (sqlText === 'commit') answered(sqlText)
  } catch (error) {
    failed(error, sqlText, check)
    throw error
  }
}

const raw = (text: string) =>
  ({
    sql: text,
    parameters: [],
    query: { kind: 'RawNode', sqlFragments: [text], parameters: [] },
    queryId: { queryId: 'availability-probe' },
  }) as unknown as CompiledQuery
const PROBE_READ = raw('select 1')
/** Kysely's migration lock table: in every database, one row, never written otherwise. */
const PROBE_WRITE = raw('update kysely_migration_lock set is_locked = is_locked')

/** Every query of `dialect`'s driver reports here: failures start an outage, successes end it. */
export function watchAvailability(dialect: Dialect): Dialect {
  return wrapDriver(dialect, (driver): Driver => {
    const check: Check = async (kind) => {
      const connection = await driver.acquireConnection()
      try {
        if (kind !== 'write') {
          await connection.executeQuery(PROBE_READ)
          return answered(PROBE_READ.sql)
        }
        // A write that changes nothing but still takes the lock and commits to the file.
        await driver.beginTransaction(connection, {})
        try {
          await connection.executeQuery(PROBE_WRITE)
          await driver.commitTransaction(connection)
        } catch (error) {
          await driver.rollbackTransaction(connection).catch(() => undefined)
          throw error
        }
        answered('commit')
      } finally {
        await driver.releaseConnection(connection)
      }
    }
    const watched = (connection: DatabaseConnection): DatabaseConnection => ({
      async executeQuery<R>(compiled: CompiledQuery, options?: AbortableOperationOptions) {
        try {
          const result = await connection.executeQuery<R>(compiled, options)
          answered(compiled.sql)
          return result
        } catch (error) {
          failed(error, compiled.sql, check)
          throw error
        }
      },
      streamQuery: (compiled, chunkSize) => connection.streamQuery(compiled, chunkSize),
    })
    const connections = new WeakMap<DatabaseConnection, DatabaseConnection>()
    return {
      init: () => driver.init(),
      async acquireConnection() {
        let connection: DatabaseConnection
        try {
          connection = await driver.acquireConnection()
        } catch (error) {
          failed(error, '', check)
          throw error
        }
        const wrapper = watched(connection)
        connections.set(wrapper, connection)
        return wrapper
      },
      // Transactions are the inner driver's (it knows its own connections); a BEGIN that
      // waits out busy_timeout or a COMMIT on a full disk is a write failure.
      beginTransaction: (c, settings) =>
        reported(driver.beginTransaction(connections.get(c) ?? c, settings), 'begin', check),
      commitTransaction: (c) =>
        reported(driver.commitTransaction(connections.get(c) ?? c), 'commit', check),
      rollbackTransaction: (c) => driver.rollbackTransaction(connections.get(c) ?? c),
      savepoint: (c, name, compile) =>
        driver.savepoint?.(connections.get(c) ?? c, name, compile) ?? Promise.resolve(),
      rollbackToSavepoint: (c, name, compile) =>
        driver.rollbackToSavepoint?.(connections.get(c) ?? c, name, compile) ?? Promise.resolve(),
      releaseSavepoint: (c, name, compile) =>
        driver.releaseSavepoint?.(connections.get(c) ?? c, name, compile) ?? Promise.resolve(),
      releaseConnection: (c) => driver.releaseConnection(connections.get(c) ?? c),
      destroy: () => driver.destroy(),
    }
  })
}
