// `npm run bench:mail` (issue 11 "Performance"): starts the built site on a temporary demo
// database with SMTP_URL pointing at a local smtp-server, measures the public pages' p99
// latency with autocannon while the outbox is idle, then queues 1,000 e-mails and measures
// the same pages while the worker drains them, and the drain's throughput.
// Usage: node scripts/bench-mail.ts [--emails N] [--seconds N] [--connections N]
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import net, { type AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import autocannon from 'autocannon'
import { SMTPServer } from 'smtp-server'
import { openDatabase, setDatabase } from '#app/server/db/client.server.ts'
import { enqueueEmail } from '#app/server/mail/outbox.server.ts'
import { replyEmail } from '#app/server/mail/templates.server.ts'

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`)
  const value = i >= 0 ? Number(process.argv[i + 1]) : NaN
  return Number.isInteger(value) && value > 0 ? value : fallback
}

const EMAILS = option('emails', 1000)
const SECONDS = option('seconds', 5)
const CONNECTIONS = option('connections', 10)
const PAGES = ['/', '/projects', '/blog', '/timeline']

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as AddressInfo).port
      srv.close(() => resolve(port))
    })
  })
}

// A counting SMTP server: no parsing, so the bench process spends its time on the load.
let received = 0
let firstAt = 0
let lastAt = 0
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => {})
    stream.on('end', () => {
      received++
      lastAt = performance.now()
      if (received === 1) firstAt = lastAt
      callback()
    })
  },
})
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()))
const smtpPort = (smtp.server.address() as AddressInfo).port

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-mail-'))
const port = await freePort()
const url = `http://127.0.0.1:${port}`
const child = spawn(process.execPath, ['server/index.ts'], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    DEMO_CONTENT: 'true',
    LOG_LEVEL: 'error',
    BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}?requireTLS=false`,
    MAIL_FROM: 'Vitrine <site@exemple.fr>',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
})

async function cleanup() {
  child.kill('SIGTERM')
  await new Promise((r) => child.once('exit', r))
  await new Promise<void>((r) => smtp.close(() => r()))
  rmSync(dataDir, { recursive: true, force: true })
}

try {
  const deadline = Date.now() + 30_000
  for (;;) {
    if (Date.now() > deadline) throw new Error('server did not start')
    try {
      if ((await fetch(`${url}/healthz`)).ok) break
    } catch {}
    await new Promise((r) => setTimeout(r, 100))
  }

  /** A load run; `stop()` ends an open-ended one. */
  const load = (seconds: number | undefined) => {
    let instance: autocannon.Instance | undefined
    const result = new Promise<autocannon.Result>((resolve, reject) => {
      instance = autocannon(
        {
          url,
          connections: CONNECTIONS,
          duration: seconds ?? 600,
          requests: PAGES.map((p) => ({ method: 'GET' as const, path: p })),
        },
        (error, res) => (error ? reject(error) : resolve(res)),
      )
    })
    return { result, stop: () => instance?.stop() }
  }

  // Warm-up, then idle.
  await autocannon({ url, connections: 2, amount: 200 })
  const idle = await load(SECONDS).result

  // Queue the e-mails in the server's database (the file it has open), as its actions do.
  const handle = openDatabase(path.join(dataDir, 'vitrine.db'))
  setDatabase(handle)
  const site = { siteName: 'Vitrine', siteUrl: url }
  const rendered = replyEmail(site, {
    visitorName: 'Visiteur',
    reply: 'Merci pour votre message, je vous réponds dès que possible.\n\nBonne journée.',
    original: 'Bonjour, votre travail m’intéresse.',
    receivedAt: new Date().toISOString(),
  })
  const busyRun = load(undefined)
  const queuedAt = performance.now()
  await handle.db.transaction().execute(async (trx) => {
    for (let i = 0; i < EMAILS; i++)
      await enqueueEmail(
        trx,
        { kind: 'test', to: { address: `visiteur-${i}@exemple.fr` }, ...rendered },
        { configured: true },
      )
  })
  const committedAt = performance.now()
  while (received < EMAILS) {
    if (performance.now() - committedAt > 120_000) throw new Error(`only ${received} e-mails`)
    await new Promise((r) => setTimeout(r, 20))
  }
  const drainedAt = performance.now()
  busyRun.stop()
  const busy = await busyRun.result
  await handle.close()
  setDatabase(undefined)

  const drainSeconds = (lastAt - firstAt) / 1000
  const fmt = (n: number) => n.toFixed(1)
  console.log(
    `\nbench:mail — ${EMAILS} e-mails, ${CONNECTIONS} connexions, pages ${PAGES.join(' ')}`,
  )
  console.log(`  mise en file : ${fmt(committedAt - queuedAt)} ms (une transaction)`)
  console.log(
    `  envoi        : ${fmt(drainSeconds)} s du premier au dernier e-mail, ` +
      `${fmt(EMAILS / Math.max(drainSeconds, 0.001))} e-mails/s ` +
      `(${fmt((drainedAt - committedAt) / 1000)} s après la validation, attente du worker comprise)`,
  )
  console.log(
    `  pages publiques, file vide    : p50 ${idle.latency.p50} ms, p99 ${idle.latency.p99} ms, ${fmt(idle.requests.average)} req/s`,
  )
  console.log(
    `  pages publiques, file en cours: p50 ${busy.latency.p50} ms, p99 ${busy.latency.p99} ms, ${fmt(busy.requests.average)} req/s`,
  )
  console.log(
    `  rapport p99 (en cours / vide) : ${fmt(busy.latency.p99 / Math.max(idle.latency.p99, 1))}×`,
  )
  if (received !== EMAILS) console.log(`  ATTENTION : ${received} e-mails reçus pour ${EMAILS}`)
} finally {
  await cleanup()
}
