// `npm run bench:http -- --postgres [--servers N]` (ADR 034): the
// public pages with the page cache off and on, against PostgreSQL with N app servers
// (default 2) beside SQLite with one server, in the same run, taking turns page by page.
//
// PostgreSQL: a throw-away server (tests/setup/postgres.ts) and two clusters of N servers on
// one database (tests/cluster/harness.ts), one with PAGE_CACHE=false and one with the cache
// on. The load generator spreads its connections over the N servers itself (one wrk per
// server, at once): no proxy of ours in the measured path. SQLite: one server per setting
// on one DATA_DIR, as `npm run bench:http` starts them.
//
// Prints per page and target: req/s, p50, p99, errors, the app servers' CPU per request, the
// PostgreSQL processes' CPU per request, and each process's RSS (PostgreSQL: the sum over
// its processes, and their PSS, which counts shared buffers once); then the ratios.
//
// Options: --servers N (2)  --duration S (3)  --connections N (50, split over the servers)
//          --rounds N (1; the best round is kept)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { createClusterDatabase, startCluster, type Cluster } from '../../tests/cluster/harness.ts'
import { startPostgres, type PostgresServer } from '../../tests/setup/postgres.ts'
import { freePort } from './free-port.ts'
import { discoverPaths, HAS_WRK, runLoad, type LoadRun } from './load-generator.ts'
import { startCommand } from './start-flags.ts'
import { waitUntilSettled } from './bench-server.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
/** The Node flags and variables of `npm start` (package.json), as every benchmark (ADR 030). */
const START = startCommand(ROOT)
const NODE_ARGS = START.nodeFlags

function option(argv: string[], name: string, fallback: number): number {
  const i = argv.indexOf(`--${name}`)
  const value = i >= 0 ? Number(argv[i + 1]) : NaN
  return Number.isFinite(value) && value > 0 ? value : fallback
}

interface Figures extends LoadRun {
  /** App servers' CPU (user + system) per request, ms, summed over the servers. */
  appCpu: number
  /** PostgreSQL processes' CPU per request, ms (NaN for SQLite). */
  dbCpu: number
}

/** One measured set of servers: SQLite × 1 or PostgreSQL × N, cache on or off. */
interface Target {
  name: string
  key: string
  origins: string[]
  pids: () => number[]
  /** PostgreSQL's postmaster, for its processes' CPU and memory. */
  postmaster?: () => number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function procStat(pid: number): { cpuMs: number; childrenCpuMs: number; rssKb: number } {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return {
      cpuMs: (Number(fields[11]) + Number(fields[12])) * 10,
      // Of its children that exited and were reaped (PostgreSQL's ended backends).
      childrenCpuMs: (Number(fields[13]) + Number(fields[14])) * 10,
      rssKb: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN),
    }
  } catch {
    return { cpuMs: NaN, childrenCpuMs: NaN, rssKb: NaN }
  }
}

/** CPU of PostgreSQL so far: its live processes plus the backends that already ended. */
function postgresCpuMs(postmaster: number): number {
  return (
    sum(postgresPids(postmaster).map((pid) => procStat(pid).cpuMs)) +
    procStat(postmaster).childrenCpuMs
  )
}

/** The postmaster and its children (backends, writer, WAL writer, …). */
function postgresPids(postmaster: number): number[] {
  try {
    const children = readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number)
    return [postmaster, ...children]
  } catch {
    return [postmaster]
  }
}

function pssKb(pid: number): number {
  try {
    return Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1])
  } catch {
    return NaN
  }
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)
const mb = (kb: number) => Math.round(kb / 1024)
const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '—')

/** The same load spread over the target's servers at once; CPU read around it. */
async function load(
  target: Target,
  pathname: string,
  seconds: number,
  connections: number,
): Promise<Figures> {
  const appPids = target.pids()
  const cpu = (pids: number[]) => sum(pids.map((pid) => procStat(pid).cpuMs))
  const dbCpu = () => (target.postmaster ? postgresCpuMs(target.postmaster()) : NaN)
  const app0 = cpu(appPids)
  const db0 = dbCpu()
  const per = Math.max(1, Math.round(connections / target.origins.length))
  const runs = await Promise.all(
    target.origins.map((origin) => runLoad(`${origin}${pathname}`, seconds, per)),
  )
  const total = sum(runs.map((r) => r.total))
  const dbAfter = dbCpu()
  return {
    rps: sum(runs.map((r) => r.rps)),
    p50: Math.max(...runs.map((r) => r.p50)),
    p99: Math.max(...runs.map((r) => r.p99)),
    errors: sum(runs.map((r) => r.errors)),
    non2xx: sum(runs.map((r) => r.non2xx)),
    total,
    appCpu: total > 0 ? (cpu(appPids) - app0) / total : NaN,
    dbCpu: target.postmaster && total > 0 ? (dbAfter - db0) / total : NaN,
  }
}

function memoryLine(target: Target): string {
  const apps = target.pids().map((pid) => `${fmt(mb(procStat(pid).rssKb))}`)
  let line = `RSS ${apps.join(' + ')} MB`
  if (target.postmaster) {
    const pids = postgresPids(target.postmaster())
    const rss = sum(pids.map((pid) => procStat(pid).rssKb))
    const pss = sum(pids.map(pssKb))
    line += `, PostgreSQL ${pids.length} proc. RSS ${fmt(mb(rss))} MB (PSS ${fmt(mb(pss))} MB)`
  }
  return line
}

async function waitHealthy(origin: string, child: ChildProcess) {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server ${origin} exited (${child.exitCode})`)
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return
    } catch {
      // not listening yet
    }
    await sleep(20)
  }
  throw new Error(`${origin} not ready after 120 s`)
}

/** One SQLite server as `npm run bench:http` starts it. */
async function startSqlite(dataDir: string, env: Record<string, string>) {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [...NODE_ARGS, START.entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...START.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_CONTENT: 'true',
      LOG_LEVEL: 'error',
      BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  await waitHealthy(origin, child)
  return { child, origin }
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await Promise.race([exited, sleep(5_000)])
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
}

export async function benchCluster(argv: string[] = process.argv): Promise<void> {
  const SERVERS = Math.min(8, Math.round(option(argv, 'servers', 2)))
  const DURATION = option(argv, 'duration', 3)
  const CONNECTIONS = option(argv, 'connections', 50)
  const ROUNDS = option(argv, 'rounds', 1)
  if (!existsSync(path.join(ROOT, 'build/server/index.js'))) {
    const built = spawnSync('npm', ['run', '-s', 'build'], { cwd: ROOT, stdio: 'inherit' })
    if (built.status !== 0) process.exit(1)
  }
  console.log(
    `Load: ${HAS_WRK ? 'wrk -t1' : 'autocannon'} ${CONNECTIONS} connections (split over the servers), ` +
      `${DURATION} s per page, Node ${process.version}, ${os.cpus().length} cores, ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  )

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-cluster-'))
  const sqliteChildren: ChildProcess[] = []
  const clusters: Cluster[] = []
  let postgres: PostgresServer | undefined
  try {
    // SQLite, one server per setting (the first start seeds the demo content).
    const t0 = performance.now()
    const off = await startSqlite(dataDir, { PAGE_CACHE: 'false' })
    sqliteChildren.push(off.child)
    // The first start imports the demo images in the background: measure after it.
    await waitUntilSettled(off.child.pid)
    const on = await startSqlite(dataDir, { PAGE_CACHE: 'true' })
    sqliteChildren.push(on.child)
    const sqlitePaths = await discoverPaths(off.origin)
    console.log(`SQLite × 1 (cache off, cache on): ready in ${fmt(performance.now() - t0)} ms`)

    // PostgreSQL, N servers per setting on one database.
    const t1 = performance.now()
    postgres = await startPostgres()
    await createClusterDatabase(postgres, 'vitrine_bench')
    const shared = { server: postgres, database: 'vitrine_bench' }
    const common = { servers: SERVERS, nodeArgs: NODE_ARGS, quiet: true, postgres: shared }
    const env = { ...START.env, LOG_LEVEL: 'error' }
    const pgOff = await startCluster({ ...common, env: { ...env, PAGE_CACHE: 'false' } })
    clusters.push(pgOff)
    for (const server of pgOff.servers) await waitUntilSettled(server.child.pid)
    const pgOn = await startCluster({ ...common, env: { ...env, PAGE_CACHE: 'true' } })
    clusters.push(pgOn)
    const pgPaths = await discoverPaths(pgOff.servers[0]!.origin)
    console.log(
      `PostgreSQL × ${SERVERS} (cache off, cache on): ready in ${fmt(performance.now() - t1)} ms`,
    )
    const postmaster = () => pgOff.postgresPid()
    const cluster = (c: Cluster, key: string, name: string): Target => ({
      key,
      name,
      origins: c.servers.map((s) => s.origin),
      pids: () => c.servers.map((s) => s.child.pid!),
      postmaster,
    })
    const targets: (Target & { paths: string[] })[] = [
      {
        key: 'sqlite-off',
        name: 'SQLite × 1, cache off',
        origins: [off.origin],
        pids: () => [off.child.pid!],
        paths: sqlitePaths,
      },
      {
        ...cluster(pgOff, 'pg-off', `PostgreSQL × ${SERVERS}, cache off`),
        paths: pgPaths,
      },
      {
        key: 'sqlite-on',
        name: 'SQLite × 1, cache on',
        origins: [on.origin],
        pids: () => [on.child.pid!],
        paths: sqlitePaths,
      },
      {
        ...cluster(pgOn, 'pg-on', `PostgreSQL × ${SERVERS}, cache on`),
        paths: pgPaths,
      },
    ]
    for (const t of targets) console.log(`  ${t.name.padEnd(28)} idle ${memoryLine(t)}`)

    const table: Record<string, Figures[]> = {}
    for (let page = 0; page < 5; page++) {
      console.log(
        `\n${sqlitePaths[page]}${page === 2 ? ' (its PostgreSQL twin has another id)' : ''}`,
      )
      for (let round = 1; round <= ROUNDS; round++) {
        for (const t of targets) {
          const p = t.paths[page]!
          await load(t, p, 1, CONNECTIONS) // warm-up
          const f = await load(t, p, DURATION, CONNECTIONS)
          const best = table[t.key]?.[page]
          if (!best || f.rps > best.rps) (table[t.key] ??= [])[page] = f
          console.log(
            `  ${round}/${ROUNDS} ${t.name.padEnd(28)} ${fmt(f.rps).padStart(7)} req/s` +
              `  p50 ${fmt(f.p50, 1).padStart(6)} ms  p99 ${fmt(f.p99, 1).padStart(7)} ms` +
              `  errors ${f.errors}  non-2xx ${f.non2xx}` +
              `  CPU app ${fmt(f.appCpu, 3)} ms/req${t.postmaster ? `, db ${fmt(f.dbCpu, 3)} ms/req` : ''}` +
              `  ${memoryLine(t)}`,
          )
        }
      }
    }

    console.log('\nAfter the load:')
    for (const t of targets) console.log(`  ${t.name.padEnd(28)} ${memoryLine(t)}`)
    console.log(
      `\nPostgreSQL × ${SERVERS} ÷ SQLite × 1 (same run): req/s ratio, and CPU per request` +
        ' (app + database) ratio',
    )
    for (let page = 0; page < 5; page++) {
      const parts = ['off', 'on'].map((k) => {
        const pg = table[`pg-${k}`]![page]!
        const lite = table[`sqlite-${k}`]![page]!
        const cpu = (pg.appCpu + (Number.isFinite(pg.dbCpu) ? pg.dbCpu : 0)) / lite.appCpu
        return `cache ${k}: req/s ×${fmt(pg.rps / lite.rps, 2)}, CPU/req ×${fmt(cpu, 2)}`
      })
      console.log(`  ${sqlitePaths[page]!.padEnd(44)} ${parts.join('   ')}`)
    }
  } finally {
    for (const c of clusters) await c.stop()
    postgres?.stop()
    for (const child of sqliteChildren) await stopChild(child)
    rmSync(dataDir, { recursive: true, force: true })
  }
}
