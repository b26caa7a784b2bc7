// `npm run bench:mail` (ADR 019): starts the built site on a temporary demo
// database with SMTP_URL pointing at a local smtp-server, then
//  1. queues 1,000 e-mails and times their sending with no other load (throughput);
//  2. measures the public pages' latency with autocannon at a fixed request rate while the
//     outbox is idle;
//  3. queues 1,000 more and measures the same pages, at the same rate, while they drain.
// A fixed rate (not a closed loop that saturates the server) shows what the worker costs
// the visitors of a site that is not already overloaded.
// Usage: node scripts/bench-mail.ts [--emails N] [--seconds N] [--rate N] [--connections N]
import { rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import autocannon from 'autocannon'
import { SMTPServer } from 'smtp-server'
import { openDatabase, setDatabase } from '#app/server/db/client.server.ts'
import { enqueueEmail } from '#app/server/mail/outbox.server.ts'
import { replyEmail } from '#app/server/mail/templates.server.ts'
import { spawnBenchServer } from './lib/bench-server.ts'

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`)
  const value = i >= 0 ? Number(process.argv[i + 1]) : NaN
  return Number.isInteger(value) && value > 0 ? value : fallback
}

const EMAILS = option('emails', 1000)
const SECONDS = option('seconds', 5)
const CONNECTIONS = option('connections', 10)
const RATE = option('rate', 20)
const PAGES = ['/', '/projects', '/blog', '/timeline']

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
      if (firstAt === 0) firstAt = lastAt
      callback()
    })
  },
})
// A client that goes away (the server stopping) is not the bench's failure.
smtp.on('error', () => {})
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()))
const smtpPort = (smtp.server.address() as AddressInfo).port

const {
  child,
  base: url,
  dataDir,
} = await spawnBenchServer('bench-mail', {
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}?requireTLS=false`,
  MAIL_FROM: 'Vitrine <site@exemple.fr>',
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
          overallRate: RATE,
          duration: seconds ?? 600,
          requests: PAGES.map((p) => ({ method: 'GET' as const, path: p })),
        },
        (error, res) => (error ? reject(error) : resolve(res)),
      )
    })
    return { result, stop: () => instance?.stop() }
  }

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
  /** Queues EMAILS e-mails in one transaction and waits until the SMTP server has them all. */
  async function drain() {
    const before = received
    firstAt = 0
    const started = performance.now()
    await handle.db.transaction().execute(async (trx) => {
      for (let i = 0; i < EMAILS; i++)
        await enqueueEmail(
          trx,
          { kind: 'test', to: { address: `visiteur-${i}@exemple.fr` }, ...rendered },
          { configured: true },
        )
    })
    const queueMs = performance.now() - started
    while (received < before + EMAILS) {
      if (performance.now() - started > 300_000)
        throw new Error(`only ${received - before} e-mails`)
      await new Promise((r) => setTimeout(r, 20))
    }
    return { queueMs, seconds: (lastAt - firstAt) / 1000 }
  }

  // 1. Throughput alone.
  const alone = await drain()
  // 2. Idle outbox, fixed rate (after a warm-up).
  await autocannon({ url, connections: 2, amount: 100 })
  const idle = await load(SECONDS).result
  // 3. The same rate while the outbox drains.
  const busyRun = load(undefined)
  const underLoad = await drain()
  busyRun.stop()
  const busy = await busyRun.result
  await handle.close()
  setDatabase(undefined)

  const fmt = (n: number) => n.toFixed(1)
  const rate = (d: { seconds: number }) => fmt(EMAILS / Math.max(d.seconds, 0.001))
  console.log(
    `\nbench:mail — ${EMAILS} e-mails par série ; pages ${PAGES.join(' ')} à ${RATE} req/s (${CONNECTIONS} connexions)`,
  )
  console.log(
    `  mise en file        : ${fmt(alone.queueMs)} ms pour ${EMAILS} e-mails (une transaction)`,
  )
  console.log(`  envoi, seul         : ${fmt(alone.seconds)} s, ${rate(alone)} e-mails/s`)
  console.log(`  envoi, sous charge  : ${fmt(underLoad.seconds)} s, ${rate(underLoad)} e-mails/s`)
  console.log(
    `  pages, file vide    : p50 ${idle.latency.p50} ms, p99 ${idle.latency.p99} ms (${idle.requests.total} requêtes)`,
  )
  console.log(
    `  pages, file en cours: p50 ${busy.latency.p50} ms, p99 ${busy.latency.p99} ms (${busy.requests.total} requêtes)`,
  )
  console.log(
    `  rapport p99 (en cours / vide) : ${fmt(busy.latency.p99 / Math.max(idle.latency.p99, 1))}×`,
  )
} finally {
  await cleanup()
}
