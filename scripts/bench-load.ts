// `npm run bench:load`: the abuse-resistance load figures — 200 connections for 20 s on `/`, on a
// blog post and on a form post (POST /contact), each request with a 10 s client time-out, against the
// production build on a temporary database with the demo content. /healthz (no database, no
// rendering) is measured the same way first, as the reference for the ratios.
// Aim: zero time-outs and a p99 under 100 ms on `/` at 200 connections.
// Usage: node scripts/bench-load.ts [--connections N] [--duration S]
import { existsSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { spawnBenchServer } from './lib/bench-server.ts'

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`)
  const value = i >= 0 ? Number(process.argv[i + 1]) : NaN
  return Number.isInteger(value) && value > 0 ? value : fallback
}

const CONNECTIONS = option('connections', 200)
const DURATION_S = option('duration', 20)
const TIMEOUT_S = 10

if (!existsSync(path.join(process.env.BUILD_DIR ?? 'build', 'server/index.js'))) {
  console.error('Aucun build : lancez `npm run build` avant `npm run bench:load`.')
  process.exit(1)
}

const { child: server, base, dataDir } = await spawnBenchServer('bench-load')

async function stop() {
  if (server.exitCode === null) {
    await new Promise<void>((resolve) => {
      server.once('exit', () => resolve())
      server.kill('SIGTERM')
    })
  }
  rmSync(dataDir, { recursive: true, force: true })
}

const deadline = Date.now() + 30_000
for (;;) {
  try {
    if ((await fetch(`${base}/`)).ok) break
  } catch {}
  if (Date.now() > deadline || server.exitCode !== null) {
    console.error('Le serveur ne démarre pas.')
    await stop()
    process.exit(1)
  }
  await new Promise((r) => setTimeout(r, 200))
}

interface Figures {
  name: string
  requests: number
  rps: number
  p50: number
  p99: number
  max: number
  timeouts: number
  errors: number
  statuses: string
}

async function run(name: string, opts: autocannon.Options): Promise<Figures> {
  const result = await autocannon({
    connections: CONNECTIONS,
    duration: DURATION_S,
    timeout: TIMEOUT_S,
    ...opts,
  })
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, stat]) => `${code}×${(stat as { count: number }).count}`)
    .join(' ')
  return {
    name,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    timeouts: result.timeouts,
    errors: result.errors,
    statuses,
  }
}

const contactBody = new URLSearchParams({
  name: 'Charge',
  email: 'charge@exemple.fr',
  message: 'Message de test de charge, assez long pour être valide.',
}).toString()

try {
  // Warm-up (first renders, caches), not counted.
  await autocannon({ url: `${base}/`, connections: 10, amount: 200, timeout: TIMEOUT_S })
  // A blog post of the demo content (the aim covers `/` and a post).
  const blogHtml = await (await fetch(`${base}/blog`)).text()
  const postPath = /href="(\/blog\/[a-z0-9-]+)"/.exec(blogHtml)?.[1] ?? '/blog'
  const rows = [
    await run('GET /healthz (référence)', { url: `${base}/healthz` }),
    await run('GET /', { url: `${base}/` }),
    await run(`GET ${postPath}`, { url: `${base}${postPath}` }),
    await run('POST /contact', {
      url: `${base}/contact`,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: contactBody,
    }),
  ]
  const reference = rows[0]!
  console.log(
    `\nCharge : ${CONNECTIONS} connexions, ${DURATION_S} s par mesure, time-out client ${TIMEOUT_S} s (Node ${process.version}, ${os.cpus().length} cœurs)\n`,
  )
  console.table(
    rows.map((r) => ({
      mesure: r.name,
      requêtes: r.requests,
      'req/s': r.rps,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'max ms': r.max,
      'time-outs': r.timeouts,
      erreurs: r.errors,
      statuts: r.statuses,
      'p99 / référence': (r.p99 / Math.max(1, reference.p99)).toFixed(1),
    })),
  )
  for (const page of [rows[1]!, rows[2]!]) {
    const met = page.timeouts === 0 && page.p99 < 100
    console.log(
      `Objectif sur ${page.name} : 0 time-out et p99 < 100 ms → ${met ? 'atteint' : 'non atteint'} (time-outs ${page.timeouts}, p99 ${page.p99} ms)`,
    )
  }
} finally {
  await stop()
}
