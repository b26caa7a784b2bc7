// `npm run bench:newsletter` (ADR 097): the built site with SMTP_URL pointing at a local
// counting smtp-server and N confirmed subscribers (10,000 by default), then
//  1. the public pages' latency at a fixed request rate with nothing to send (idle p99);
//  2. one post to every subscriber: e-mails per second, the same pages' p99 during the send,
//     the server's peak RSS (VmHWM);
//  3. a second post, the server killed with SIGKILL halfway (while the SMTP server holds its
//     answers), restarted on the same data: duplicates and missed addresses counted at the
//     SMTP server.
// Usage: node scripts/bench-newsletter.ts [--subscribers N] [--seconds N] [--rate N]
import { readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import autocannon from 'autocannon'
import { openDatabase, setDatabase } from '#app/server/db/client.server.ts'
import { writeDocument } from '#app/server/db/documents.server.ts'
import { makeBlogPost } from '#app/server/demo/factories.server.ts'
import { createBlogPost } from '#app/server/repositories/blog.server.ts'
import { savePlan } from '#app/server/repositories/newsletter.server.ts'
import { dispatchDueIssues } from '#app/server/newsletter/sending.server.ts'
import { importReaders } from '../tests/fixtures/newsletter.ts'
import { startCountingSmtp } from '../tests/fixtures/newsletter-smtp.ts'
import { processCpuMs, spawnBenchServer, type BenchServer } from './lib/bench-server.ts'

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`)
  const value = i >= 0 ? Number(process.argv[i + 1]) : NaN
  return Number.isInteger(value) && value > 0 ? value : fallback
}

const N = option('subscribers', 10_000)
const SECONDS = option('seconds', 5)
const RATE = option('rate', 20)
const PAGES = ['/', '/projects', '/blog', '/timeline']

const smtp = await startCountingSmtp()
const env = { SMTP_URL: smtp.url, MAIL_FROM: 'Vitrine <lettre@exemple.fr>' }
let server: BenchServer = await spawnBenchServer('bench-newsletter', env)
const dataDir = server.dataDir

async function healthy(base: string) {
  const deadline = Date.now() + 60_000
  for (;;) {
    if (Date.now() > deadline) throw new Error('server did not start')
    try {
      if ((await fetch(`${base}/healthz`)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 100))
  }
}

const peakRssMb = (pid: number | undefined) => {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Number(m[1]) / 1024 : NaN
}

function load(base: string, seconds?: number) {
  let instance: autocannon.Instance | undefined
  const result = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: base,
        connections: 4,
        overallRate: RATE,
        duration: seconds ?? 600,
        requests: PAGES.map((p) => ({ method: 'GET' as const, path: p })),
      },
      (error, res) => (error ? reject(error) : resolve(res)),
    )
  })
  return { result, stop: () => instance?.stop() }
}

async function until(check: () => boolean, timeoutMs = 1_800_000) {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}

try {
  await healthy(server.base)
  const handle = openDatabase(path.join(dataDir, 'vitrine.db'))
  setDatabase(handle)
  // Unthrottled: the bench measures what the machine can do, not a provider's limit.
  await writeDocument('settings', 'newsletter', { ratePerMinute: 60_000, sendByDefault: true })
  await importReaders(N)
  await autocannon({ url: server.base, connections: 2, amount: 100 })
  const loadBefore = os.loadavg()
  const idleCpuAt = processCpuMs(server.child.pid)
  const idleAt = performance.now()
  const idle = await load(server.base, SECONDS).result
  // The server's CPU per second of page load alone, taken off the send's figure below.
  const pagesCpuPerS =
    (processCpuMs(server.child.pid) - idleCpuAt) / ((performance.now() - idleAt) / 1000)
  // The peak before any send (start-up, demo content, page load): what the send adds is the rest.
  const rssBeforeSend = peakRssMb(server.child.pid)

  // 2. One post to everyone, the pages under the same load meanwhile.
  const post = await createBlogPost(makeBlogPost({ title: 'Bench de la lettre' }))
  await savePlan(post.id, 'fr', true)
  const busy = load(server.base)
  const started = performance.now()
  const sendCpuAt = processCpuMs(server.child.pid)
  await dispatchDueIssues()
  let firstAt = 0
  await until(() => {
    if (firstAt === 0 && smtp.accepted() > 0) firstAt = performance.now()
    return smtp.accepted() >= N
  })
  const sendSeconds = (performance.now() - firstAt) / 1000
  const sendCpuMs =
    processCpuMs(server.child.pid) -
    sendCpuAt -
    pagesCpuPerS * ((performance.now() - started) / 1000)
  busy.stop()
  const during = await busy.result
  const rss = peakRssMb(server.child.pid)
  const queuedToLastS = (performance.now() - started) / 1000

  // 3. A second post, killed halfway.
  smtp.perRecipient.clear()
  const base = smtp.accepted()
  const second = await createBlogPost(makeBlogPost({ title: 'Bench de la lettre, bis' }))
  await savePlan(second.id, 'fr', true)
  await dispatchDueIssues()
  await until(() => smtp.accepted() - base >= N / 2)
  smtp.freeze()
  await new Promise((r) => setTimeout(r, 300))
  server.child.kill('SIGKILL')
  await new Promise((r) => server.child.once('exit', r))
  const atKill = smtp.accepted() - base
  smtp.thaw()
  const restartAt = performance.now()
  server = await spawnBenchServer('bench-newsletter', env, undefined, dataDir)
  await healthy(server.base)
  await until(() => smtp.perRecipient.size >= N)
  // A moment more for any late duplicate.
  await new Promise((r) => setTimeout(r, 2000))
  const missed = N - smtp.perRecipient.size
  await handle.close()

  const p99 = (r: autocannon.Result) => r.latency.p99
  console.log(
    JSON.stringify(
      {
        subscribers: N,
        emailsPerSecond: Math.round(N / sendSeconds),
        sendSeconds: Number(sendSeconds.toFixed(1)),
        queuedToLastSeconds: Number(queuedToLastS.toFixed(1)),
        peakRssMb: Math.round(rss),
        peakRssBeforeSendMb: Math.round(rssBeforeSend),
        // The server's CPU time for the send, page load taken off: comparable on a shared machine.
        serverCpuMsPer1000Emails: Math.round((sendCpuMs / N) * 1000),
        loadAverage1mBeforeAfter: [loadBefore[0], os.loadavg()[0]].map((l) =>
          Number(l!.toFixed(1)),
        ),
        pagesP99IdleMs: p99(idle),
        pagesP99DuringSendMs: p99(during),
        pagesRequestsDuringSend: during.requests.total,
        pagesErrorsDuringSend: during.errors + during.non2xx,
        kill: {
          acceptedBeforeKill: atKill,
          restartToDoneSeconds: Number(((performance.now() - restartAt) / 1000).toFixed(1)),
          duplicates: smtp.duplicates(),
          missed,
        },
      },
      null,
      2,
    ),
  )
} finally {
  server.child.kill('SIGTERM')
  await new Promise((r) => server.child.once('exit', r))
  await smtp.close()
  rmSync(dataDir, { recursive: true, force: true })
}
