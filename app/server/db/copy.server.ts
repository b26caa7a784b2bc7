// `npm run db:copy`: moves a site between SQLite and PostgreSQL (ADR 028). Every table is
// copied parents first, in one transaction on the target, then checked: row count and an
// order-independent checksum per table must match the source, or nothing is kept.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { sql, type Kysely } from 'kysely'
import {
  migrateToLatest,
  openDatabase,
  openPostgres,
  type DatabaseHandle,
} from './client.server.ts'
import { POST_SEARCH_TABLE } from './search.server.ts'
import { storeAuthSecret, storedAuthSecret } from '../auth/shared-secret.server.ts'
import { foreignKeyEdges, isPostgresUrl, redactUrl } from './dialect.server.ts'

type Row = Record<string, unknown>
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>

/** A failure to report as is (French, no stack). */
export class CopyError extends Error {}

export interface TableReport {
  table: string
  rows: number
  checksum: string
}

/** `sqlite:<file>` or `postgres://…`; the SQLite file must exist when it is the source. */
export function openLocation(location: string, role: 'source' | 'cible'): DatabaseHandle {
  if (isPostgresUrl(location)) return openPostgres(location, { max: 2 })
  const file = sqliteFile(location)
  if (!file)
    throw new CopyError(
      `Emplacement ${role} invalide « ${location} » : utilisez sqlite:<fichier> ou postgres://…`,
    )
  if (role === 'source' && !existsSync(file))
    throw new CopyError(`Base source introuvable : ${file}`)
  return openDatabase(file)
}

export function describeLocation(location: string): string {
  return isPostgresUrl(location) ? redactUrl(location) : location
}

/** Applied migrations, in order (empty when the database was never migrated). */
async function appliedMigrations(db: AnyDb): Promise<string[]> {
  const tables = await db.introspection.getTables()
  if (!tables.some((t) => t.name === 'kysely_migration')) return []
  const rows = await db.selectFrom('kysely_migration').select('name').orderBy('name').execute()
  return rows.map((r) => String(r.name))
}

/**
 * Tables whose rows never leave their database: the statistics' salt of the day, with which a
 * copy could recompute the visitor hashes (ADR 084). The target keeps its own.
 */
const NEVER_COPIED = new Set(['analytics_salt'])

async function dataTables(db: AnyDb): Promise<Map<string, string[]>> {
  const tables = await db.introspection.getTables()
  return new Map(
    tables
      .filter(
        (t) =>
          !t.isView &&
          !t.name.startsWith('kysely_') &&
          // The posts' search index is the target's own, filled by its triggers (ADR 091).
          !t.name.startsWith(POST_SEARCH_TABLE) &&
          !NEVER_COPIED.has(t.name),
      )
      .map((t) => [t.name, t.columns.map((c) => c.name).sort()]),
  )
}

/** Parents before children; ties in name order (deterministic output). */
function dependencyOrder(tables: string[], edges: [string, string][]): string[] {
  const ordered: string[] = []
  const done = new Set<string>()
  const visit = (table: string, path: Set<string>) => {
    if (done.has(table) || path.has(table)) return
    path.add(table)
    for (const [child, parent] of edges)
      if (child === table && parent !== table && tables.includes(parent)) visit(parent, path)
    done.add(table)
    ordered.push(table)
  }
  for (const table of [...tables].sort()) visit(table, new Set())
  return ordered
}

/** One value in a form both databases give back alike (integers, text, null, bytes). */
function canonical(value: unknown): unknown {
  if (value === null || value === undefined) return null
  if (typeof value === 'bigint') return Number(value)
  if (value instanceof Uint8Array) return { bytes: Buffer.from(value).toString('base64') }
  if (value instanceof Date) return value.toISOString()
  return value
}

/** Order-independent: the sum (mod 2^64) of each row's SHA-256 prefix. */
class Checksum {
  private sum = 0n
  add(row: Row, columns: string[]): void {
    const digest = createHash('sha256')
      .update(JSON.stringify(columns.map((c) => canonical(row[c]))))
      .digest()
    this.sum = (this.sum + digest.readBigUInt64BE(0)) & 0xffffffffffffffffn
  }
  toString(): string {
    return this.sum.toString(16).padStart(16, '0')
  }
}

async function countRows(db: AnyDb, table: string): Promise<number> {
  const result = await sql<{
    n: number | bigint
  }>`select count(*) as n from ${sql.table(table)}`.execute(db)
  return Number(result.rows[0]?.n ?? 0)
}

/** The source's rows in batches: streamed from SQLite, paged from PostgreSQL. */
async function* readRows(
  handle: DatabaseHandle,
  table: string,
  columns: string[],
): AsyncGenerator<Row[]> {
  const size = 500
  if (handle.dialect === 'sqlite') {
    const statement = handle.sqlite.prepare(`select * from "${table.replaceAll('"', '""')}"`)
    let batch: Row[] = []
    for (const row of statement.iterate()) {
      batch.push(row as Row)
      if (batch.length === size) {
        yield batch
        batch = []
      }
    }
    if (batch.length) yield batch
    return
  }
  yield* pageRows(handle.db, table, columns)
}

/**
 * Rows in pages: by `id` when the table has one (keyset), by (t, v, id) for the statistics'
 * events, whose ids only tell apart a visitor's events of one second (ADR 122), otherwise in
 * one read.
 */
async function* pageRows(db: AnyDb, table: string, columns: string[]): AsyncGenerator<Row[]> {
  const size = 1000
  if (table === 'analytics_event') {
    let last: Row | undefined
    for (;;) {
      let query = db.selectFrom(table).selectAll().orderBy('t').orderBy('v').orderBy('id')
      if (last) query = query.where(sql<boolean>`(t, v, id) > (${last.t}, ${last.v}, ${last.id})`)
      const rows = (await query.limit(size).execute()) as Row[]
      if (rows.length) yield rows
      if (rows.length < size) return
      last = rows[rows.length - 1]
    }
  }
  if (!columns.includes('id')) {
    yield (await db.selectFrom(table).selectAll().execute()) as Row[]
    return
  }
  let last: unknown
  for (;;) {
    let query = db.selectFrom(table).selectAll().orderBy('id').limit(size)
    if (last !== undefined) query = query.where('id', '>', last)
    const rows = (await query.execute()) as Row[]
    if (rows.length) yield rows
    if (rows.length < size) return
    last = rows[rows.length - 1]?.id
  }
}

export interface CopyOptions {
  /** Empty a target that already holds data (otherwise refused). */
  force?: boolean
  log?: (line: string) => void
}

/**
 * Copies every table of `source` into `target` (migrated first to the same version).
 * Throws a CopyError in French, leaving the target untouched, on any mismatch.
 */
export async function copyDatabase(
  source: DatabaseHandle,
  target: DatabaseHandle,
  options: CopyOptions = {},
): Promise<TableReport[]> {
  const log = options.log ?? (() => {})
  const sourceVersion = await appliedMigrations(source.db)
  const known = await migrateToLatest(target.db).then(() => appliedMigrations(target.db))
  if (sourceVersion.join() !== known.join()) {
    const missing = known.filter((m) => !sourceVersion.includes(m))
    const unknown = sourceVersion.filter((m) => !known.includes(m))
    throw new CopyError(
      missing.length
        ? `La base source n'est pas à jour (migrations manquantes : ${missing.join(', ')}). ` +
            'Démarrez une fois cette version de Vitrine sur la base source, puis relancez la copie.'
        : `La base source vient d'une version plus récente de Vitrine (migrations inconnues : ${unknown.join(', ')}). ` +
            'Mettez cette installation à jour avant de copier.',
    )
  }
  const sourceTables = await dataTables(source.db)
  const targetTables = await dataTables(target.db)
  for (const [table, columns] of sourceTables) {
    const targetColumns = targetTables.get(table)
    if (!targetColumns || targetColumns.join() !== columns.join())
      throw new CopyError(
        `La table « ${table} » n'a pas les mêmes colonnes dans la source et la cible.`,
      )
  }
  const order = dependencyOrder([...targetTables.keys()], await foreignKeyEdges(target.db))

  const filled: string[] = []
  for (const table of order) if ((await countRows(target.db, table)) > 0) filled.push(table)
  if (filled.length && !options.force)
    throw new CopyError(
      `La base cible contient déjà des données (${filled.join(', ')}). Rien n'a été copié. ` +
        'Utilisez une base vide, ou ajoutez --force pour la vider avant la copie.',
    )

  const snapshot = source.dialect === 'sqlite'
  if (snapshot) source.sqlite.exec('BEGIN') // one consistent view of the source
  try {
    return await (target.db as AnyDb).transaction().execute(async (trx) => {
      for (const table of [...order].reverse()) await trx.deleteFrom(table).execute()
      const reports: TableReport[] = []
      for (const table of order) {
        const columns = targetTables.get(table) ?? []
        const expected = new Checksum()
        let copied = 0
        if (sourceTables.has(table)) {
          // PostgreSQL takes at most 65,535 parameters per statement.
          const per = Math.max(1, Math.floor(30_000 / Math.max(1, columns.length)))
          for await (const batch of readRows(source, table, columns)) {
            for (const row of batch) expected.add(row, columns)
            for (let i = 0; i < batch.length; i += per) {
              const values = batch.slice(i, i + per).map((row) => {
                const out: Row = {}
                for (const column of columns) out[column] = row[column] ?? null
                return out
              })
              try {
                await trx.insertInto(table).values(values).execute()
              } catch (error) {
                throw new CopyError(
                  `Échec de la copie de la table « ${table} » : ${(error as Error).message}`,
                )
              }
            }
            copied += batch.length
          }
        }
        const sourceCount = sourceTables.has(table) ? await countRows(source.db, table) : 0
        const actual = new Checksum()
        let targetCount = 0
        for await (const batch of pageRows(trx, table, columns)) {
          for (const row of batch) actual.add(row, columns)
          targetCount += batch.length
        }
        if (copied !== sourceCount || targetCount !== sourceCount)
          throw new CopyError(
            `Nombre de lignes différent pour « ${table} » : ${sourceCount} dans la source, ` +
              `${targetCount} dans la cible. Rien n'a été copié.`,
          )
        if (actual.toString() !== expected.toString())
          throw new CopyError(
            `Somme de contrôle différente pour « ${table} » (${expected} attendue, ${actual} obtenue). Rien n'a été copié.`,
          )
        reports.push({ table, rows: targetCount, checksum: actual.toString() })
        log(
          `  ${table} : ${targetCount} ligne${targetCount > 1 ? 's' : ''}, somme de contrôle ${actual} ✓`,
        )
        // PostgreSQL identity columns (the statistics' ids, migration 015): the next id
        // follows the copied ones.
        if (target.dialect === 'postgres' && columns.includes('id')) {
          const seq = await sql<{
            seq: string | null
          }>`select pg_get_serial_sequence(${table}, 'id') as seq`.execute(trx)
          const name = seq.rows[0]?.seq
          if (name)
            await sql`select setval(${name}, coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
              trx,
            )
        }
      }
      return reports
    })
  } finally {
    if (snapshot) source.sqlite.exec('COMMIT')
  }
}

/**
 * The session secret goes with the site : on SQLite it is the file
 * `auth-secret` beside the database, on PostgreSQL the `shared_secret` row (ADR 033). Without
 * it, every session ends and every stored second factor becomes unusable (they are encrypted
 * with it). Called after a successful copy; returns the line to print, if any. With
 * BETTER_AUTH_SECRET set the secret is not stored anywhere: keep setting the same value.
 */
export async function carrySessionSecret(
  from: string,
  to: string,
  target: DatabaseHandle,
  source: DatabaseHandle,
): Promise<string | undefined> {
  const fromFile = sqliteFile(from)
  const toFile = sqliteFile(to)
  if (fromFile && !toFile) {
    const file = path.join(path.dirname(fromFile), 'auth-secret')
    if (!existsSync(file)) return undefined
    const value = readFileSync(file, 'utf8').trim()
    if (!value) return undefined
    await storeAuthSecret(target.db, value)
    return `Secret des sessions repris de ${file} : les sessions et la double authentification restent valables.`
  }
  if (!fromFile && toFile) {
    const value = await storedAuthSecret(source.db)
    if (!value) return undefined
    const file = path.join(path.dirname(toFile), 'auth-secret')
    if (existsSync(file) && readFileSync(file, 'utf8').trim() !== value)
      return `Attention : ${file} existe déjà avec un autre secret ; remplacez-le par celui de la base source pour garder les sessions et la double authentification.`
    writeFileSync(file, `${value}\n`, { mode: 0o600 })
    return `Secret des sessions écrit dans ${file} : les sessions et la double authentification restent valables.`
  }
  return undefined
}

function sqliteFile(location: string): string | undefined {
  return /^sqlite:(.+)$/i.exec(location)?.[1]
}
