// The README's test command: type-check, lint, build once, unit/integration tests (on SQLite,
// then again on PostgreSQL), then browser tests against that build (on SQLite, then a subset
// on PostgreSQL), then the two-server cluster tests. Prints one closing line
// "N passed, N failed".
//
// The first phase runs three independent chains side by side: Vitest on SQLite, Vitest on
// PostgreSQL, and the static checks followed by the build. Each Vitest run keeps one worker
// (its default on two cores), so on a 2-core machine the three chains share both cores instead
// of leaving one idle; their outputs are printed whole, one after the other, as each ends. The
// browser tests need every core for their own two workers, so they run after, one suite at a time.
import { spawn } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'

const started = Date.now()
const reportDir = '.tmp/reports'
rmSync(reportDir, { recursive: true, force: true })
mkdirSync(reportDir, { recursive: true })

let passed = 0
let failed = 0
let skipped = 0
let ok = true

interface Step {
  name: string
  command: string
  args: string[]
  env?: Record<string, string>
}

/** Runs one step; `log` set, its output goes to that file and is printed when it ends. */
function run({ name, command, args, env = {} }: Step, log?: string): Promise<boolean> {
  const t0 = Date.now()
  console.log(`\n▶ ${name}`)
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    })
    if (log) {
      const out = createWriteStream(log)
      child.stdout?.pipe(out, { end: false })
      child.stderr?.pipe(out, { end: false })
      child.on('close', () => out.end())
      out.on('close', () => finish(child.exitCode))
    } else child.on('close', (code) => finish(code))
    function finish(code: number | null) {
      const seconds = ((Date.now() - t0) / 1000).toFixed(1)
      if (log) {
        console.log(`\n──── ${name} ────`)
        process.stdout.write(readFileSync(log))
      }
      if (code !== 0) {
        ok = false
        console.log(`✗ ${name} a échoué (${seconds} s)`)
      } else console.log(`✓ ${name} (${seconds} s)`)
      resolve(code === 0)
    }
  })
}

/** Runs steps one after the other; with other chains running, each step's output is buffered. */
async function chain(steps: Step[]): Promise<boolean> {
  let all = true
  for (const s of steps) {
    const logFile = path.join(reportDir, `${s.name.replace(/[^a-z0-9]+/gi, '-')}.log`)
    const result = await run(s, parallel ? logFile : undefined)
    all &&= result
  }
  return all
}

function countVitest(file: string) {
  if (!existsSync(file)) return
  const r = JSON.parse(readFileSync(file, 'utf8'))
  passed += r.numPassedTests ?? 0
  failed += r.numFailedTests ?? 0
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0)
}

function countPlaywright(file: string) {
  if (!existsSync(file)) return
  const r = JSON.parse(readFileSync(file, 'utf8'))
  passed += (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0)
  failed += r.stats?.unexpected ?? 0
  skipped += r.stats?.skipped ?? 0
}

const vitest = (name: string, config: string[], json: string, reporter = 'default'): Step => ({
  name,
  command: 'npx',
  args: [
    'vitest',
    'run',
    ...config,
    `--reporter=${reporter}`,
    '--reporter=json',
    `--outputFile.json=${reportDir}/${json}`,
  ],
})

const only = process.argv[2] // optional: "unit" or "e2e"
const withUnit = !only || only === 'unit'
const withE2e = !only || only === 'e2e'

const checks: Step[] = only
  ? []
  : [
      { name: 'typecheck', command: 'npm', args: ['run', '-s', 'typecheck'] },
      { name: 'lint', command: 'npm', args: ['run', '-s', 'lint'] },
      { name: 'format', command: 'npm', args: ['run', '-s', 'format:check'] },
    ]
const parallel = (withUnit ? 2 : 0) + checks.length + (withE2e ? 1 : 0) > 1

const chains: Promise<boolean>[] = []
if (withUnit) {
  chains.push(chain([vitest('vitest', [], 'vitest.json')]))
  // The integration tests again on a throw-away PostgreSQL cluster (ADR 028).
  chains.push(
    chain([
      vitest(
        'vitest (PostgreSQL)',
        ['--config', 'vitest.postgres.config.ts'],
        'vitest-postgres.json',
        'dot',
      ),
    ]),
  )
}
// The static checks, then the build, whose result decides whether the browser tests run.
let built = false
chains.push(
  (async () => {
    const checked = await chain(checks)
    if (withE2e)
      built = await chain([{ name: 'build', command: 'npm', args: ['run', '-s', 'build'] }])
    return checked && (built || !withE2e)
  })(),
)
await Promise.all(chains)
countVitest(`${reportDir}/vitest.json`)
countVitest(`${reportDir}/vitest-postgres.json`)

if (built) {
  await run({
    name: 'playwright',
    command: 'npx',
    args: ['playwright', 'test'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reportDir}/playwright.json` },
  })
  countPlaywright(`${reportDir}/playwright.json`)
  // The public, sign-in and one admin content flow in the browser again, on PostgreSQL.
  await run({
    name: 'playwright (PostgreSQL)',
    command: 'npx',
    args: ['playwright', 'test', '-c', 'playwright.postgres.config.ts'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reportDir}/playwright-postgres.json` },
  })
  countPlaywright(`${reportDir}/playwright-postgres.json`)
  // Two app servers on one PostgreSQL behind a proxy: the cross-process tests (ADR 034).
  await run(
    vitest(
      'cluster (PostgreSQL, 2 servers)',
      ['--config', 'vitest.cluster.config.ts'],
      'vitest-cluster.json',
      'dot',
    ),
  )
  countVitest(`${reportDir}/vitest-cluster.json`)
}

const minutes = ((Date.now() - started) / 60000).toFixed(1)
if (failed > 0) ok = false
console.log(`\nDurée totale : ${minutes} min`)
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(ok ? 0 : 1)
