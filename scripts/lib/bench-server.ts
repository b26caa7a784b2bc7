// The production server as the benchmarks start it: a temporary DATA_DIR with the French demo
// content, loopback on a free port, errors only on stderr.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from './free-port.ts'
import { startCommand } from './start-flags.ts'

export interface BenchServer {
  child: ChildProcess
  base: string
  dataDir: string
}

export async function spawnBenchServer(
  name: string,
  extraEnv: Record<string, string> = {},
  /** Another server entry than `npm start`'s (scripts/bench-builds.ts: an older build's). */
  entry?: string,
  /** Restart on this data directory instead of a fresh one (bench:newsletter's kill -9). */
  reuseDataDir?: string,
): Promise<BenchServer> {
  const dataDir = reuseDataDir ?? mkdtempSync(path.join(os.tmpdir(), `vitrine-${name}-`))
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  // As `npm start` runs it: same Node flags and variables (ADR 030).
  const root = path.resolve(import.meta.dirname, '../..')
  const start = startCommand(root)
  const child = spawn(process.execPath, [...start.nodeFlags, entry ?? start.entry], {
    cwd: root,
    env: {
      ...process.env,
      ...start.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      DEMO_CONTENT: 'true',
      LOG_LEVEL: 'error',
      BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  return { child, base, dataDir }
}

/** User + system CPU time of a process so far, in ms (Linux /proc; NaN elsewhere). */
export function processCpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10 // clock ticks of 10 ms
  } catch {
    return NaN
  }
}

/**
 * Waits until a freshly started server has finished its background start-up work (the demo
 * images go through sharp in a child process for a while after the first start): no child
 * left and its CPU use under 5 % for two seconds in a row. Measuring before that would time the import, and its writes would keep
 * emptying the page cache. Gives up after `timeoutMs` and says so.
 */
export async function waitUntilSettled(pid: number | undefined, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs
  let quiet = 0
  let last = processCpuMs(pid)
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500))
    const now = processCpuMs(pid)
    if (!Number.isFinite(now)) return
    // The demo import runs in a child process of the server (ADR 030): wait for it to end.
    quiet = now - last <= 25 && childrenOf(pid).length === 0 ? quiet + 1 : 0
    last = now
    if (quiet >= 4) return
  }
  console.log(`(the server was still busy after ${timeoutMs / 1000} s; measuring anyway)`)
}

/** The pids of a process's children (Linux /proc; none elsewhere). */
export function childrenOf(pid: number | undefined): number[] {
  if (!pid) return []
  const children: number[] = []
  let entries: string[]
  try {
    entries = readdirSync('/proc')
  } catch {
    return []
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      if (Number(stat.split(') ')[1]!.split(' ')[1]) === pid) children.push(Number(entry))
    } catch {
      // gone meanwhile
    }
  }
  return children
}
