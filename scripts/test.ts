// The README's test command: type-check, lint, build once, unit/integration tests (on SQLite,
// then again on PostgreSQL), then browser tests against that build (on SQLite, then a subset
// on PostgreSQL), then the two-server cluster tests. Prints one closing line
// "N passed, N failed".
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs'

const started = Date.now()
const reportDir = '.tmp/reports'
rmSync(reportDir, { recursive: true, force: true })
mkdirSync(reportDir, { recursive: true })

let passed = 0
let failed = 0
let skipped = 0
let ok = true

function step(name: string, command: string, args: string[], env: Record<string, string> = {}) {
  const t0 = Date.now()
  console.log(`\n▶ ${name}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  const seconds = ((Date.now() - t0) / 1000).toFixed(1)
  if (result.status !== 0) {
    ok = false
    console.log(`✗ ${name} a échoué (${seconds} s)`)
  } else console.log(`✓ ${name} (${seconds} s)`)
  return result.status === 0
}

const only = process.argv[2] // optional: "unit" or "e2e"

if (!only) {
  step('typecheck', 'npm', ['run', '-s', 'typecheck'])
  step('lint', 'npm', ['run', '-s', 'lint'])
  step('format', 'npm', ['run', '-s', 'format:check'])
}
if (!only || only === 'unit') {
  step('vitest', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reportDir}/vitest.json`,
  ])
  if (existsSync(`${reportDir}/vitest.json`)) {
    const r = JSON.parse(readFileSync(`${reportDir}/vitest.json`, 'utf8'))
    passed += r.numPassedTests ?? 0
    failed += r.numFailedTests ?? 0
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0)
  }
  // The integration tests again on a throw-away PostgreSQL cluster (ADR 028).
  step('vitest (PostgreSQL)', 'npx', [
    'vitest',
    'run',
    '--config',
    'vitest.postgres.config.ts',
    '--reporter=dot',
    '--reporter=json',
    `--outputFile.json=${reportDir}/vitest-postgres.json`,
  ])
  if (existsSync(`${reportDir}/vitest-postgres.json`)) {
    const r = JSON.parse(readFileSync(`${reportDir}/vitest-postgres.json`, 'utf8'))
    passed += r.numPassedTests ?? 0
    failed += r.numFailedTests ?? 0
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0)
  }
}
if (!only || only === 'e2e') {
  if (step('build', 'npm', ['run', '-s', 'build'])) {
    step('playwright', 'npx', ['playwright', 'test'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: `${reportDir}/playwright.json`,
    })
    if (existsSync(`${reportDir}/playwright.json`)) {
      const r = JSON.parse(readFileSync(`${reportDir}/playwright.json`, 'utf8'))
      passed += (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0)
      failed += r.stats?.unexpected ?? 0
      skipped += r.stats?.skipped ?? 0
    }
    // The public, sign-in and one admin content flow in the browser again, on PostgreSQL.
    step(
      'playwright (PostgreSQL)',
      'npx',
      ['playwright', 'test', '-c', 'playwright.postgres.config.ts'],
      {
        PLAYWRIGHT_JSON_OUTPUT_NAME: `${reportDir}/playwright-postgres.json`,
      },
    )
    if (existsSync(`${reportDir}/playwright-postgres.json`)) {
      const r = JSON.parse(readFileSync(`${reportDir}/playwright-postgres.json`, 'utf8'))
      passed += (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0)
      failed += r.stats?.unexpected ?? 0
      skipped += r.stats?.skipped ?? 0
    }
    // Two app servers on one PostgreSQL behind a proxy: the cross-process tests (ADR 034).
    step('cluster (PostgreSQL, 2 servers)', 'npx', [
      'vitest',
      'run',
      '--config',
      'vitest.cluster.config.ts',
      '--reporter=dot',
      '--reporter=json',
      `--outputFile.json=${reportDir}/vitest-cluster.json`,
    ])
    if (existsSync(`${reportDir}/vitest-cluster.json`)) {
      const r = JSON.parse(readFileSync(`${reportDir}/vitest-cluster.json`, 'utf8'))
      passed += r.numPassedTests ?? 0
      failed += r.numFailedTests ?? 0
      skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0)
    }
  }
}

const minutes = ((Date.now() - started) / 60000).toFixed(1)
if (failed > 0) ok = false
console.log(`\nDurée totale : ${minutes} min`)
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(ok ? 0 : 1)
