// The one database: SQLite (node:sqlite through Kysely) by default, PostgreSQL when
// DATABASE_URL says so (ADR 028; differences in dialect.server.ts). SQLite: WAL +
// synchronous=FULL, so an acknowledged write survives kill -9 and power loss (ADR 002); an
// import's batches commit under NORMAL and are made durable at its end (ADR 117).
import { mkdirSync, accessSync, constants } from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { NodeSqliteDialect } from '@better-auth/kysely-adapter/node-sqlite-dialect'
import { CompiledQuery, Kysely, sql, type Dialect, type Driver } from 'kysely'
import { Migrator, type MigrationProvider } from 'kysely/migration'
import { resetCaches } from '../cache/caches.server.ts'
import { ContentChannel, type ContentChannelOptions } from '../cache/content-channel.server.ts'
import { ContentWritesPlugin } from '../cache/content-writes.server.ts'
import {
  bumpContentGeneration,
  contentGeneration,
  setExternalChangeProbe,
} from '../cache/generation.server.ts'
import { StartupError } from '../core/env.server.ts'
import { createMemoryStore, setRateLimitStore } from '../rate-limit/rate-limit.server.ts'
import { createDatabaseStore, type DatabaseStore } from '../rate-limit/rate-limit-store.server.ts'
import { MIGRATIONS } from './migrations/index.server.ts'
import type { Database } from './schema.server.ts'
import { watchAvailability } from './availability.server.ts'
import { createPostgresDialect, redactUrl, type DialectName } from './dialect.server.ts'
import { wrapDriver } from './wrap-driver.server.ts'

export interface DatabaseHandle {
  dialect: DialectName
  /** The SQLite file, or the PostgreSQL URL with its password masked. */
  file: string
  /** The raw SQLite connection (SQLite only: reading it on PostgreSQL throws). */
  sqlite: DatabaseSync
  db: Kysely<Database>
  /** PostgreSQL: this process's content-change channel (ADR 033); listens once started. */
  channel?: ContentChannel
  /**
   * Work started against this database (timers, a worker) registers how to stop it here (ADR 063):
   * `close()` runs those first, so nothing fires or queries once the database is gone.
   * Returns the function that unregisters it.
   */
  beforeClose(stop: () => void | Promise<void>): () => void
  /** Stops what `beforeClose` registered, then closes the connection(s). */
  close(): Promise<void>
}

/** A handle's `beforeClose` list and its `close()`: the hooks in registration order, then `finish`. */
function closeHooks(finish: () => Promise<void>) {
  const hooks = new Set<() => void | Promise<void>>()
  let closed = false
  return {
    add(stop: () => void | Promise<void>): () => void {
      hooks.add(stop)
      return () => hooks.delete(stop)
    },
    /** Runs the hooks then `finish`, once: a second close does nothing. */
    async close(): Promise<void> {
      if (closed) return
      closed = true
      const pending = [...hooks]
      hooks.clear()
      for (const stop of pending) await stop()
      await finish()
    },
  }
}

export const DATABASE_FILE_NAME = 'vitrine.db'

/** Open (creating if needed) the database file with the pragmas every connection needs. */
export function openDatabase(file: string): DatabaseHandle {
  let sqlite: DatabaseSync
  try {
    if (file !== ':memory:') {
      const dir = path.dirname(file)
      mkdirSync(dir, { recursive: true })
      accessSync(dir, constants.W_OK)
    }
    sqlite = new DatabaseSync(file, { timeout: 5000 })
    sqlite.exec('PRAGMA journal_mode = WAL')
    sqlite.exec('PRAGMA synchronous = FULL')
    sqlite.exec('PRAGMA foreign_keys = ON')
    sqlite.exec('PRAGMA busy_timeout = 5000')
    // Fails fast on a file that is not a database instead of at the first query.
    sqlite.prepare('SELECT count(*) FROM sqlite_master').get()
  } catch (error) {
    throw new StartupError(
      `Impossible d'ouvrir la base de données « ${file} » : ${(error as Error).message}. ` +
        'Vérifiez que le dossier de données (DATA_DIR) existe, est accessible en écriture et ' +
        'ne contient pas un fichier corrompu (restaurez une sauvegarde, voir le README).',
    )
  }
  const db = new Kysely<Database>({
    // Locked, full or unreadable: an outage answered with 503s, not 500s (ADR 069).
    dialect: watchAvailability(immediateTransactions(new NodeSqliteDialect({ database: sqlite }))),
    // Every content write bumps the content generation (read caches, page cache: ADR 026).
    plugins: [new ContentWritesPlugin()],
  })
  const hooks = closeHooks(() => db.destroy())
  return {
    dialect: 'sqlite',
    file,
    sqlite,
    db,
    beforeClose: hooks.add,
    close: hooks.close,
  }
}

/** Connect to PostgreSQL (`postgres://…`); nothing is sent before the first query. */
export function openPostgres(
  url: string,
  options: { max?: number; channel?: ContentChannelOptions } = {},
): DatabaseHandle {
  // Content writes notify the other app servers through it; it listens once started.
  const channel = new ContentChannel(url, options.channel)
  const db = new Kysely<Database>({
    dialect: watchAvailability(createPostgresDialect(url, { max: options.max, channel })),
    plugins: [new ContentWritesPlugin()],
  })
  const hooks = closeHooks(async () => {
    await channel.stop()
    await db.destroy()
  })
  return {
    dialect: 'postgres',
    file: redactUrl(url),
    get sqlite(): DatabaseSync {
      throw new Error('No SQLite connection: this database is PostgreSQL')
    },
    db,
    channel,
    beforeClose: hooks.add,
    close: hooks.close,
  }
}

/**
 * The French sentence for a PostgreSQL that cannot be reached or has no such database: the
 * server's at start-up, and `npm run db:copy`'s (where `setting` is --from or --to).
 */
export function describePostgresFailure(
  file: string,
  error: unknown,
  setting = 'DATABASE_URL',
): string {
  const message = error instanceof Error ? error.message : String(error)
  if ((error as { code?: string })?.code === '3D000') {
    return (
      `La base PostgreSQL « ${file} » n'existe pas (${message}). ` +
      `Créez-la (createdb, ou CREATE DATABASE) ou corrigez le nom de la base dans ${setting}.`
    )
  }
  return (
    `Impossible de se connecter à PostgreSQL « ${file} » : ${message}. ` +
    `Vérifiez ${setting} (hôte, port, utilisateur, mot de passe, base) et que le serveur ` +
    'PostgreSQL accepte les connexions.'
  )
}

/** Check PostgreSQL answers, in French when it does not (start-up, db:copy). */
export async function checkPostgres(
  handle: DatabaseHandle,
  setting = 'DATABASE_URL',
): Promise<void> {
  try {
    await sql`select 1`.execute(handle.db)
  } catch (error) {
    await handle.close()
    throw new StartupError(describePostgresFailure(handle.file, error, setting), { cause: error })
  }
}

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS }

/** Apply every pending migration; throws a StartupError naming the failed one. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'inconnue'
    throw new StartupError(
      `La migration « ${failed} » a échoué : ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

let current: DatabaseHandle | undefined

/** The process-wide database; opened by `initDatabase` at start (or by tests). */
export function getDb(): Kysely<Database> {
  if (!current) throw new Error('Database not initialised: call initDatabase() first')
  return current.db
}

export function getDatabaseHandle(): DatabaseHandle | undefined {
  return current
}

/**
 * Runs `work` on one connection of the process-wide database whose commits do not wait for
 * their fsync: SQLite's `synchronous = NORMAL` (still atomic and consistent in WAL mode; a
 * power cut may lose the last commits, never corrupt the file), FULL again before the
 * connection is released, so no other request commits under it (ADR 117). The pragma cannot
 * change inside a transaction, hence one connection around it. PostgreSQL: as is.
 */
export function withRelaxedCommits<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  if (current?.dialect !== 'sqlite') return work(getDb())
  return getDb()
    .connection()
    .execute(async (db) => {
      await sql`pragma synchronous = normal`.execute(db)
      try {
        return await work(db)
      } finally {
        await sql`pragma synchronous = full`.execute(db)
      }
    })
}

/**
 * Makes every commit so far durable: on SQLite a passive checkpoint, which fsyncs the WAL
 * before copying it into the database file (ADR 117). PostgreSQL commits are already durable.
 */
export async function syncCommits(): Promise<void> {
  if (current?.dialect === 'sqlite') await sql`pragma wal_checkpoint(passive)`.execute(getDb())
}

/** Make `handle` the process-wide database (tests and scripts). */
export function setDatabase(handle: DatabaseHandle | undefined): void {
  current = handle
  // What a cache holds came from the previous database (dictionary ids, sessions…): ADR 081.
  resetCaches()
  watchExternalWrites(handle)
  shareRateLimits(handle)
}

let sharedLimits: DatabaseStore | undefined

/**
 * PostgreSQL: rate-limit buckets live in the database, so every app server counts against
 * the same limits (ADR 033). SQLite (one process): in memory, as before (ADR 023).
 */
function shareRateLimits(handle: DatabaseHandle | undefined): void {
  sharedLimits?.stop()
  if (handle?.dialect === 'postgres') {
    sharedLimits = createDatabaseStore(handle.db)
    setRateLimitStore(sharedLimits)
  } else if (sharedLimits) {
    sharedLimits = undefined
    setRateLimitStore(createMemoryStore())
  }
}

/**
 * Commits by other connections to the file (CLI scripts, test factories) change SQLite's
 * data_version: cached reads and pages are dropped then (ADR 026).
 */
let unfollow: (() => void) | undefined

function watchExternalWrites(handle: DatabaseHandle | undefined): void {
  unfollow?.()
  unfollow = undefined
  // PostgreSQL: other servers' commits arrive as notifications on the channel; while it is
  // not listening, the probe changes on every call and every cache is bypassed (ADR 033).
  const channel = handle?.channel
  if (handle?.dialect === 'postgres' && channel?.active) {
    unfollow = channel.onRemoteChange(() => bumpContentGeneration())
    return setExternalChangeProbe(() => (channel.listening ? channel.epoch : Number.NaN), {
      events: true,
      confirm: () => channel.confirm(),
    })
  }
  if (!handle || handle.dialect !== 'sqlite') return setExternalChangeProbe(undefined)
  const statement = handle.sqlite.prepare('PRAGMA data_version')
  setExternalChangeProbe(() => (statement.get() as { data_version: number }).data_version)
}

/** SQLite in `dataDir`, or PostgreSQL when `databaseUrl` is set (DATABASE_URL). */
export async function initDatabase(dataDir: string, databaseUrl?: string): Promise<DatabaseHandle> {
  if (current) return current
  let handle: DatabaseHandle
  if (databaseUrl) {
    handle = openPostgres(databaseUrl)
    await checkPostgres(handle)
    await listenForContentChanges(handle)
  } else handle = openDatabase(path.join(dataDir, DATABASE_FILE_NAME))
  await migrateToLatest(handle.db)
  setDatabase(handle)
  return handle
}

/** The app server follows the other servers' content writes (ADR 033). */
async function listenForContentChanges(handle: DatabaseHandle): Promise<void> {
  try {
    await handle.channel?.start()
  } catch (error) {
    await handle.close()
    throw new StartupError(
      `Impossible d'écouter les modifications de contenu sur PostgreSQL « ${handle.file} » : ` +
        `${(error as Error).message}.`,
    )
  }
}

export async function closeDatabase(): Promise<void> {
  const handle = current
  setDatabase(undefined)
  await handle?.close()
}

/**
 * Every transaction we open writes, so it starts with BEGIN IMMEDIATE: it takes the write
 * lock up front, waiting up to busy_timeout behind another process (a CLI script, a backup).
 * A plain BEGIN would read first and then fail at once with "database is locked" when
 * another connection wrote in between, because SQLite cannot upgrade that snapshot.
 */
const generationAtBegin = new WeakMap<object, number>()

function immediateTransactions(dialect: Dialect): Dialect {
  return wrapDriver(dialect, (driver): Driver => {
    return {
      init: () => driver.init(),
      acquireConnection: () => driver.acquireConnection(),
      async beginTransaction(connection) {
        await connection.executeQuery(CompiledQuery.raw('begin immediate'))
        generationAtBegin.set(connection, contentGeneration())
      },
      // Reads on the one connection see a transaction's rows before its end: when it
      // wrote content, bump again once it is committed or rolled back, so nothing read
      // meanwhile stays cached (ADR 026).
      async commitTransaction(connection) {
        await driver.commitTransaction(connection)
        if (generationAtBegin.get(connection) !== contentGeneration()) bumpContentGeneration()
      },
      async rollbackTransaction(connection) {
        await driver.rollbackTransaction(connection)
        if (generationAtBegin.get(connection) !== contentGeneration()) bumpContentGeneration()
      },
      // node:sqlite's dialect has no savepoints; an import writes a batch of items in one
      // transaction with one savepoint each, so a failing item is undone alone (ADR 102).
      savepoint: (connection, name) =>
        connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteName(name)}`)).then(() => {}),
      rollbackToSavepoint: (connection, name) =>
        connection
          .executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteName(name)}`))
          .then(() => {}),
      releaseSavepoint: (connection, name) =>
        connection
          .executeQuery(CompiledQuery.raw(`release savepoint ${quoteName(name)}`))
          .then(() => {}),
      releaseConnection: (connection) => driver.releaseConnection(connection),
      destroy: () => driver.destroy(),
    }
  })
}

function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}
