// `npm run bench:http`: load figures of the public pages, as ratios against references
// measured in the same run (the machine is shared: absolute figures are noisy).
//
// With the production build present, starts the server as `npm start` does (its entry, flags
// and variables) on a temporary DATA_DIR (demo content), once with the page cache on and once
// with PAGE_CACHE=false, plus a bare Node `http` server sending the very same bytes from
// memory, nginx serving them from files when the machine has it
// (scripts/lib/nginx-reference.ts; ADR 035), and a server rendering a 19 KB React page with
// renderToString per request, no data (scripts/lib/react-reference.ts). With
// `--baseline-build DIR`, also another checkout's build (the commit before a change) with the
// page cache off. Each target gets the same load (autocannon, or wrk when installed) on `/`,
// `/projects`, a project, `/blog` and a post, page by page, in turns.
// Prints req/s, p50, p99, errors, RSS after each run, start-up time and the ratios, then a
// summary of every figure against the aims of ADR 078 (scripts/lib/bench-summary.ts).
//
// Usage: node scripts/bench-http.ts [--duration S] [--connections N] [--rounds N]
//                                   [--soak S] [--soak-rounds N] [--only on|off|ref]
//                                   [--baseline-build DIR]
//   --rounds N    alternating rounds per page (default 2; the best one is kept)
//   --soak S      afterwards, S seconds of load on the post page, --soak-rounds times, for
//                 each Vitrine target, printing the RSS at the end of each round and a verdict
//                 (memory aim: ≤250 MB, last round within 10 % of the first):
//                 npm run bench:http -- --soak 60 --soak-rounds 5
//   --only on|off   measure one Vitrine target only (beside the references);
//   --only ref      the references only.
//   --baseline-build DIR   a built checkout of another commit (its package.json, build/ and
//                 node_modules), started with its own `npm start` flags, page cache off; its
//                 req/s is printed beside the cache-off figures, the aim being within 10 %:
//                 git worktree add /tmp/base <commit> && ln -s "$PWD/node_modules" /tmp/base/ &&
//                 (cd /tmp/base && npm run build) &&
//                 npm run bench:http -- --baseline-build /tmp/base
//   --ghost URL   also measure a real Ghost, started beforehand, on one of its posts (the URL),
//                 in the post's turn of every round: "× Ghost" is then judged against it
//                 instead of a conversion (ADR 048); --ghost-pid PID adds its CPU per request
//                 and RSS:
//                 npm run bench:http -- --ghost http://127.0.0.1:2368/un-article/ --ghost-pid 1234
// Defaults keep the run near two minutes: the machine is shared.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { AIMS, printSummary, type SummaryTarget } from './lib/bench-summary.ts'
import { freePort } from './lib/free-port.ts'
import { discoverPaths, HAS_WRK, runLoad } from './lib/load-generator.ts'
import { findNginx, startNginx } from './lib/nginx-reference.ts'
import { startReactReference } from './lib/react-reference.ts'
import { processCpuMs, waitUntilSettled } from './lib/bench-server.ts'
import { startCommand } from './lib/start-flags.ts'

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`)
  const value = i >= 0 ? Number(process.argv[i + 1]) : NaN
  return Number.isFinite(value) && value > 0 ? value : fallback
}
function textOption(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? process.argv[i + 1] : undefined
}

const DURATION = option('duration', 3)
const CONNECTIONS = option('connections', 50)
const SOAK = option('soak', 0)
const ROUNDS = option('rounds', 2)
const SOAK_ROUNDS = option('soak-rounds', 1)
const ONLY = textOption('only')
const BASELINE = baselineRoot(textOption('baseline-build'))
const GHOST_URL = textOption('ghost')
const GHOST_PID = option('ghost-pid', NaN)
const NODE = process.execPath
const ROOT = path.resolve(import.meta.dirname, '..')

/** The checkout `--baseline-build` names (its root, or its build directory), checked. */
function baselineRoot(dir: string | undefined): string | undefined {
  if (dir === undefined) return undefined
  let root = path.resolve(dir)
  if (!existsSync(path.join(root, 'package.json')) && path.basename(root) === 'build')
    root = path.dirname(root)
  const start = existsSync(path.join(root, 'package.json')) ? startCommand(root) : undefined
  for (const file of ['build/server/index.js', start?.entry ?? 'package.json']) {
    if (!existsSync(path.join(root, file))) {
      console.error(
        `--baseline-build ${dir}: ${file} missing (a checkout built with npm run build)`,
      )
      process.exit(1)
    }
  }
  return root
}

interface Figures {
  /** CPU time of the server per request (user + system, ms): the figure least disturbed by
   * other processes on a shared machine. */
  cpuPerRequest: number
  rps: number
  p50: number
  p99: number
  errors: number
  non2xx: number
}

/** Resident memory (VmRSS), or its private anonymous part (RssAnon: not the shared pages of
 * the node binary and libraries, which every Node process maps). */
function rssMb(pid: number | undefined, field: 'VmRSS' | 'RssAnon' = 'VmRSS'): number {
  if (!pid) return NaN
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1])
    return Math.round(kb / 1024)
  } catch {
    return NaN
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function waitReady(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<number> {
  const t0 = performance.now()
  while (performance.now() - t0 < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`)
    try {
      const response = await fetch(url)
      if (response.ok) return performance.now() - t0
    } catch {
      // not listening yet
    }
    await sleep(10)
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms`)
}

interface Target {
  name: string
  key: string
  /** Set for a Vitrine server (its figures get the aims); undefined for a reference. */
  pageCache?: boolean
  start: () => Promise<Started>
}

interface Started {
  child: ChildProcess
  /** The process whose CPU time and RSS are measured (nginx: its worker); else `child`. */
  measuredPid?: number
  origin: string
  readyMs: number
  stop(): Promise<void>
}

/** Vitrine as `npm start` starts it, from this checkout or another one (`root`). */
async function startApp(
  dataDir: string,
  env: Record<string, string>,
  root = ROOT,
): Promise<Started> {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const t0 = performance.now()
  // Node flags and variables of `npm start`, read from package.json (ADR 027, ADR 030).
  const start = startCommand(root)
  const child = spawn(NODE, [...start.nodeFlags, start.entry], {
    cwd: root,
    env: {
      ...process.env,
      ...start.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_CONTENT: 'true',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  await waitReady(`${origin}/healthz`, child)
  return { child, origin, readyMs: performance.now() - t0, stop: () => stop(child) }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await Promise.race([exited, sleep(5_000)])
  if (child.exitCode === null) child.kill('SIGKILL')
}

/** A bare Node http server answering each path with bytes given on its stdin (JSON). */
const REFERENCE_SOURCE = `
import { createServer } from 'node:http'
let pages = new Map()
let body = ''
process.stdin.setEncoding('utf8')
process.stdin.on('data', (c) => (body += c))
process.stdin.on('end', () => {
  for (const [p, html] of Object.entries(JSON.parse(body))) pages.set(p, Buffer.from(html))
  const server = createServer((req, res) => {
    const bytes = pages.get(req.url)
    if (!bytes) { res.statusCode = 404; res.end(); return }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': bytes.length })
    res.end(bytes)
  })
  server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'))
})
`

async function startReference(pages: Record<string, string>): Promise<Started> {
  const t0 = performance.now()
  const child = spawn(NODE, ['--input-type=module', '-e', REFERENCE_SOURCE], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  child.stdin!.end(JSON.stringify(pages))
  const port = await new Promise<number>((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('\n')) resolve(Number(out.trim()))
    })
    child.once('exit', (code) => reject(new Error(`reference exited (${code})`)))
  })
  const origin = `http://127.0.0.1:${port}`
  return { child, origin, readyMs: performance.now() - t0, stop: () => stop(child) }
}

const cpuMs = processCpuMs
const pidOf = (server: Started) => server.measuredPid ?? server.child.pid

async function load(url: string, seconds: number, pid?: number): Promise<Figures> {
  const cpu0 = cpuMs(pid)
  const figures = await runLoad(url, seconds, CONNECTIONS)
  const requests = figures.total
  return { ...figures, cpuPerRequest: requests > 0 ? (cpuMs(pid) - cpu0) / requests : NaN }
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '—')
const pad = (s: string, n: number) => s.padEnd(n)
const lpad = (s: string, n: number) => s.padStart(n)

/** One measured run, as printed for every target (and Ghost) in each round. */
function runLine(round: string, name: string, figures: Figures, rss: number): string {
  return (
    `  ${round} ${pad(name, 34)} ${lpad(fmt(figures.rps), 7)} req/s  p50 ${lpad(fmt(figures.p50, 1), 6)} ms` +
    `  p99 ${lpad(fmt(figures.p99, 1), 7)} ms  errors ${figures.errors}  non-2xx ${figures.non2xx}` +
    `  CPU ${lpad(fmt(figures.cpuPerRequest, 3), 6)} ms/req  RSS ${fmt(rss)} MB`
  )
}

/** `--ghost URL` must answer a page now, or the run would compare against errors. */
async function checkGhost(url: string) {
  let response: Response
  try {
    response = await fetch(url, { redirect: 'manual' })
  } catch (error) {
    throw new Error(`--ghost ${url}: no answer (${(error as Error).message}); start Ghost first`, {
      cause: error,
    })
  }
  const body = await response.arrayBuffer()
  if (response.status !== 200) throw new Error(`--ghost ${url}: HTTP ${response.status}, not 200`)
  console.log(
    `Ghost: ${url} (${(body.byteLength / 1024).toFixed(0)} KB)` +
      (Number.isFinite(GHOST_PID) ? `, process ${GHOST_PID}` : ', no --ghost-pid: no CPU or RSS'),
  )
}

async function main() {
  const buildEntry = path.join(ROOT, 'build/server/index.js')
  if (!existsSync(buildEntry)) {
    console.log('Build absent: npm run build…')
    const built = spawnSync('npm', ['run', '-s', 'build'], { cwd: ROOT, stdio: 'inherit' })
    if (built.status !== 0) process.exit(1)
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-http-'))
  const baseDataDir = BASELINE
    ? mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-http-base-'))
    : undefined
  const started: Started[] = []
  try {
    console.log(
      `Load: ${HAS_WRK ? 'wrk -t1' : 'autocannon'} ${CONNECTIONS} connections, ${DURATION} s per page, ` +
        `Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(2)}`,
    )
    // First start seeds the demo content (not timed as start-up); later starts are timed.
    const seeding = await startApp(dataDir, { PAGE_CACHE: 'false' })
    // The demo images go through sharp in the background after the first start: let that
    // finish here, or the measured servers would resume it under load (and each of its writes
    // would empty the page cache).
    await waitUntilSettled(seeding.child.pid)
    const paths = await discoverPaths(seeding.origin)
    const postPath = paths[4]!
    if (GHOST_URL) await checkGhost(GHOST_URL)
    const pages: Record<string, string> = {}
    for (const p of paths) pages[p] = await (await fetch(`${seeding.origin}${p}`)).text()
    await seeding.stop()
    // The baseline seeds a data directory of its own: an older build refuses a database that
    // newer migrations have already run on.
    if (baseDataDir && BASELINE) {
      const baseSeeding = await startApp(baseDataDir, { PAGE_CACHE: 'false' }, BASELINE)
      await waitUntilSettled(baseSeeding.child.pid)
      await baseSeeding.stop()
    }

    // A target with `pageCache` set is a Vitrine server: it gets the aims in the summary.
    // More targets (other databases, several servers, another reference) are added here.
    const nginx = findNginx()
    console.log(
      nginx
        ? `nginx: ${nginx}, one worker process (worker_processes 1, as Vitrine's one Node ` +
            'process), the same bytes from files, access_log off'
        : 'nginx: not on this machine (apt-get install -y nginx): the bare Node reference, ' +
            'sending the same bytes, stands in for it in the cache-on aim',
    )
    const targets: Target[] = [
      { name: 'reference (node http, same bytes)', key: 'ref', start: () => startReference(pages) },
      ...(nginx
        ? [
            {
              name: 'nginx (same bytes, files)',
              key: 'nginx',
              start: async (): Promise<Started> => {
                const t0 = performance.now()
                const started = await startNginx(nginx, pages)
                return {
                  child: started.child,
                  measuredPid: started.workerPid,
                  origin: started.origin,
                  readyMs: performance.now() - t0,
                  stop: started.stop,
                }
              },
            },
          ]
        : []),
      // What React alone costs to render a 19 KB page per request.
      {
        name: 'React 19 renderToString, 19 KB',
        key: 'react',
        start: async (): Promise<Started> => {
          const t0 = performance.now()
          const started = await startReactReference(NODE, ROOT)
          return {
            ...started,
            readyMs: performance.now() - t0,
            stop: () => stop(started.child),
          }
        },
      },
      ...(BASELINE && ONLY !== 'on' && ONLY !== 'ref'
        ? [
            {
              name: 'baseline build, page cache off',
              key: 'base',
              start: () => startApp(baseDataDir!, { PAGE_CACHE: 'false' }, BASELINE),
            },
          ]
        : []),
      {
        name: 'Vitrine, page cache off',
        key: 'off',
        pageCache: false,
        start: () => startApp(dataDir, { PAGE_CACHE: 'false' }),
      },
      {
        name: 'Vitrine, page cache on',
        key: 'on',
        pageCache: true,
        start: () => startApp(dataDir, { PAGE_CACHE: 'true' }),
      },
    ].filter((t: Target) =>
      // References stay: every figure is a ratio against them.
      ONLY === 'ref'
        ? t.pageCache === undefined
        : !ONLY || t.key === ONLY || t.pageCache === undefined,
    )
    if (BASELINE) console.log(`Baseline build: ${BASELINE} (its own npm start flags)`)
    const summary: Record<string, SummaryTarget> = {}

    // All targets run side by side and take turns page by page, round after round: the
    // machine is shared, so each ratio compares figures taken within seconds of each other.
    const servers: Record<string, Started> = {}
    for (const target of targets) {
      const server = await target.start()
      started.push(server)
      servers[target.key] = server
      const idle = rssMb(pidOf(server))
      summary[target.key] = {
        key: target.key,
        name: target.name,
        ...(target.pageCache === undefined ? {} : { pageCache: target.pageCache }),
        readyMs: server.readyMs,
        idleRssMb: idle,
        loadRssMb: NaN,
        soakRssMb: [],
      }
      console.log(
        `${target.name}: ready in ${fmt(server.readyMs)} ms, idle RSS ${fmt(idle)} MB ` +
          `(anonymous ${fmt(rssMb(pidOf(server), 'RssAnon'))} MB)`,
      )
    }
    console.log(
      `Pages: ${paths.map((p) => `${p} (${(Buffer.byteLength(pages[p]!) / 1024).toFixed(0)} KB)`).join(', ')}`,
    )
    const table: Record<string, Record<string, Figures>> = {}
    let ghost: Figures | undefined
    for (const p of paths) {
      console.log(`\n${p}`)
      for (let round = 1; round <= ROUNDS; round++) {
        // Ghost's post takes its turn beside Vitrine's post, round after round (ADR 048).
        if (GHOST_URL && p === postPath) {
          const pid = Number.isFinite(GHOST_PID) ? GHOST_PID : undefined
          await load(GHOST_URL, 1)
          const figures = await load(GHOST_URL, DURATION, pid)
          if (!ghost || figures.rps > ghost.rps) ghost = figures
          console.log(runLine(`${round}/${ROUNDS}`, 'Ghost (its post)', figures, rssMb(pid)))
        }
        for (const target of targets) {
          const server = servers[target.key]!
          await load(`${server.origin}${p}`, 1) // warm-up
          const figures = await load(`${server.origin}${p}`, DURATION, pidOf(server))
          // At the end of this target's last run (the others run after it: it idles meanwhile).
          const rss = rssMb(pidOf(server))
          if (p === paths.at(-1) && round === ROUNDS) summary[target.key]!.loadRssMb = rss
          const best = table[target.key]?.[p]
          // Best round kept: the least disturbed by the other users of the machine.
          if (!best || figures.rps > best.rps) (table[target.key] ??= {})[p] = figures
          console.log(runLine(`${round}/${ROUNDS}`, target.name, figures, rss))
        }
      }
    }
    for (const target of targets) {
      const server = servers[target.key]!
      if (SOAK > 0 && target.pageCache !== undefined) {
        const rss = summary[target.key]!.soakRssMb
        console.log(`\nSoak: ${target.name}, ${SOAK_ROUNDS} × ${SOAK} s on ${postPath}`)
        for (let round = 1; round <= SOAK_ROUNDS; round++) {
          const figures = await load(`${server.origin}${postPath}`, SOAK, server.child.pid)
          rss.push(rssMb(server.child.pid))
          console.log(
            `  ${round}/${SOAK_ROUNDS}: ${lpad(fmt(figures.rps), 6)} req/s, p99 ${fmt(figures.p99, 1)} ms, ` +
              `CPU ${fmt(figures.cpuPerRequest, 3)} ms/req, RSS at the round's end ${fmt(rss.at(-1)!)} MB, ` +
              `load average ${os.loadavg()[0]!.toFixed(2)}`,
          )
        }
        const growth = rss.length > 1 ? ((rss.at(-1)! - rss[0]!) / rss[0]!) * 100 : NaN
        const last = rss.at(-1)!
        console.log(
          `  verdict: RSS at the end of the last round ${fmt(last)} MB (aim ≤${AIMS.loadRssMb} MB: ` +
            `${last <= AIMS.loadRssMb ? 'met' : 'NOT met'})` +
            (rss.length > 1
              ? `, from round 1 to ${rss.length} ${growth >= 0 ? '+' : ''}${fmt(growth, 1)} % ` +
                `(aim within ${AIMS.soakGrowthPercent} %: ${Math.abs(growth) <= AIMS.soakGrowthPercent ? 'met' : 'NOT met'})`
              : ''),
        )
      }
      await server.stop()
    }

    // Each Vitrine target against each reference measured (bare Node, nginx when present, and
    // plain React: its page is not the same bytes, it is what React alone costs per page).
    const references = [
      { key: 'ref', name: 'bare Node' },
      { key: 'nginx', name: 'nginx' },
      { key: 'react', name: 'React' },
    ].filter((r) => table[r.key])
    const vitrine = ['off', 'on'].filter((k) => table[k])
    if (references.length > 0 && vitrine.length > 0) {
      console.log('\nRatios (req/s of Vitrine ÷ req/s of a reference, same bytes, same run):')
      for (const p of paths) {
        const parts = vitrine.flatMap((k) =>
          references.map(
            (r) =>
              `cache ${k} ÷ ${r.name} ${fmt((table[k]![p]!.rps / table[r.key]![p]!.rps) * 100, 1)} %`,
          ),
        )
        console.log(`  ${pad(p, 40)} ${parts.join('   ')}`)
      }
      console.log(
        '\nServer CPU per request ÷ a reference (load-independent; lower is better, 1 = same cost):',
      )
      for (const p of paths) {
        const parts = vitrine.flatMap((k) =>
          references.map(
            (r) =>
              `cache ${k} ÷ ${r.name} ×${fmt(table[k]![p]!.cpuPerRequest / table[r.key]![p]!.cpuPerRequest, 2)}`,
          ),
        )
        console.log(`  ${pad(p, 40)} ${parts.join('   ')}`)
      }
    }
    if (table.ref && table.nginx) {
      console.log('\nnginx ÷ bare Node (req/s):')
      for (const p of paths) {
        console.log(`  ${pad(p, 40)} ${fmt((table.nginx[p]!.rps / table.ref[p]!.rps) * 100, 1)} %`)
      }
    }
    if (table.off && table.base) {
      console.log('\nCache off ÷ baseline build, cache off (req/s; CPU per request):')
      for (const p of paths) {
        console.log(
          `  ${pad(p, 48)} ${fmt((table.off[p]!.rps / table.base[p]!.rps) * 100, 1)} %   ` +
            `CPU ×${fmt(table.off[p]!.cpuPerRequest / table.base[p]!.cpuPerRequest, 2)}`,
        )
      }
    }
    if (table.on && table.off) {
      console.log('\nCache on ÷ cache off:')
      for (const p of paths) {
        console.log(`  ${pad(p, 48)} ×${fmt(table.on[p]!.rps / table.off[p]!.rps, 1)}`)
      }
    }
    printSummary({
      paths,
      targets: targets.map((t) => summary[t.key]!),
      table,
      referenceKey: 'ref',
      ...(table.nginx ? { nginxKey: 'nginx' } : {}),
      ...(table.react ? { reactKey: 'react' } : {}),
      ...(table.base ? { baselineKey: 'base' } : {}),
      ...(ghost ? { ghost } : {}),
      loadAverage: os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' '),
    })
  } finally {
    for (const server of started) await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
    if (baseDataDir) rmSync(baseDataDir, { recursive: true, force: true })
  }
}

// --postgres [--servers N]: PostgreSQL with N app servers beside SQLite (ADR 034).
if (process.argv.includes('--postgres'))
  await (await import('./lib/bench-cluster.ts')).benchCluster()
else await main()
