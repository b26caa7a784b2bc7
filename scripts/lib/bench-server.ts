// The production server as the benchmarks start it: a temporary DATA_DIR with the French demo
// content, loopback on a free port, errors only on stderr.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
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
): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `vitrine-${name}-`))
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  // As `npm start` runs it: same Node flags and variables (ADR 030).
  const start = startCommand(path.resolve(import.meta.dirname, '../..'))
  const child = spawn(process.execPath, [...start.nodeFlags, 'server/index.ts'], {
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
