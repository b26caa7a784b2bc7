// A throw-away PostgreSQL server for the tests (ADR 028): Debian's binaries
// (scripts/ensure-postgres.sh), a temporary data directory initialised as an unprivileged
// user (initdb refuses root), loopback on a random port, durability off (the data dies with
// the run). One migrated template database; each test or worker gets its own copy.
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { migrateToLatest, openPostgres } from '#app/server/db/client.server.ts'
import { freePort } from '../../scripts/lib/free-port.ts'

export const TEMPLATE_DATABASE = 'vitrine_template'
const USER = 'vitrine'

export interface PostgresServer {
  dir: string
  port: number
  /** URL of `database` on this server. */
  url(database: string): string
  stop(): void
  /** Stops the server, keeping its data (an outage); `resume()` starts it again. */
  halt(): void
  resume(): void
}

function binDir(): string {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (!versions[0])
    throw new Error('PostgreSQL is not installed: run `sh scripts/ensure-postgres.sh`')
  return path.join(root, versions[0], 'bin')
}

/** initdb refuses root: run the server binaries as Debian's `postgres` user then. */
function run(bin: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0
  const command = asRoot ? 'runuser' : bin
  const argv = asRoot ? ['-u', 'postgres', '--', bin, ...args] : args
  const result = spawnSync(command, argv, { encoding: 'utf8' })
  if (result.status !== 0)
    throw new Error(`${path.basename(bin)} failed: ${result.stderr || result.stdout}`)
}

function chownToPostgres(dir: string): void {
  if (process.getuid?.() !== 0) return
  const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' })
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' })
  if (id.status !== 0) throw new Error('No `postgres` user: run `sh scripts/ensure-postgres.sh`')
  chownSync(dir, Number(id.stdout.trim()), Number(gid.stdout.trim()))
}

/** Initialise and start a cluster; `stop()` removes everything it made. */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = binDir()
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-pg-'))
  chownToPostgres(dir)
  const data = path.join(dir, 'data')
  run(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    USER,
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
    '--no-instructions',
  ])
  let port = 0
  const start = () =>
    run(path.join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-o',
      [
        `-p ${port}`,
        `-k ${dir}`,
        '-c listen_addresses=127.0.0.1',
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c max_connections=300',
      ].join(' '),
      'start',
    ])
  for (let attempt = 0; ; attempt++) {
    port = await freePort()
    try {
      start()
      break
    } catch (error) {
      if (attempt >= 2) throw error
    }
  }
  let stopped = false
  const stop = () => {
    if (stopped) return
    stopped = true
    try {
      run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
  // A run cut short (Ctrl-C, a crash) must not leave a server behind.
  process.once('exit', stop)
  return {
    dir,
    port,
    url: (database) => `postgres://${USER}@127.0.0.1:${port}/${database}`,
    stop,
    halt: () => run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']),
    resume: start,
  }
}

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Creates the migrated template every test database is copied from. */
export async function createTemplate(server: PostgresServer): Promise<void> {
  await admin(server.url('postgres'), (c) => c.query(`create database ${TEMPLATE_DATABASE}`))
  const handle = openPostgres(server.url(TEMPLATE_DATABASE), { max: 1 })
  try {
    await migrateToLatest(handle.db)
  } finally {
    await handle.close()
  }
}

/** A fresh copy of the template; returns its URL. `adminUrl` is the `postgres` database's. */
export async function createDatabaseFromTemplate(adminUrl: string): Promise<string> {
  const name = `t_${process.pid}_${randomBytes(6).toString('hex')}`
  await admin(adminUrl, (c) => c.query(`create database ${name} template ${TEMPLATE_DATABASE}`))
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** Tables of the public schema but the migrator's own, sorted. */
export async function listTables(databaseUrl: string): Promise<string[]> {
  return admin(databaseUrl, async (c) => {
    const result = await c.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public'
       and tablename not like 'kysely\\_%' order by tablename`,
    )
    return result.rows.map((r) => r.name)
  })
}

/**
 * Empties every table so the database is as the template left it; false (nothing done) when
 * a test changed the set of tables (dropped or renamed one): the caller makes a new copy.
 * Deleting a few rows is far cheaper than copying a database for every test.
 */
export async function resetDatabase(databaseUrl: string, tables: string[]): Promise<boolean> {
  if ((await listTables(databaseUrl)).join() !== tables.join()) return false
  await admin(databaseUrl, (c) =>
    c.query(
      [
        // The test cluster's user is a superuser: foreign keys are not checked while emptying.
        'set session_replication_role = replica',
        ...tables.map((t) => `delete from "${t}"`),
        'set session_replication_role = default',
      ].join(';\n'),
    ),
  )
  return true
}

export async function dropDatabase(adminUrl: string, databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1)
  if (!/^t_\w+$/.test(name)) throw new Error(`Refusing to drop ${name}`)
  await admin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`))
}
