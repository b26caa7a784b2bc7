// `npm run bench:import [-- POSTS] [--parse-only]`: writes a WordPress WXR of 5,000 posts
// (default) with categories, tags, comments and a few KB of HTML each, imports it into an
// empty temporary site (SQLite, or DATABASE_URL), and prints the time taken and the peak
// resident memory (ADR 066). Images are not downloaded: this measures the streaming parse,
// the conversion, the Markdown rendering and the writes. `--parse-only` reads the file
// through the streaming parser alone (both passes' cost, no writes): with 110000 posts it
// shows a 200 MB export read within the server's memory flags.
//
// ADR 083's aims:
// `--hostile`: hostile files (a Medium page of unclosed <h1, WordPress posts of nested <div>,
// shortcodes without end) imported at one size and at ten times that size; prints how many
// times longer the larger took (aim: at most 20).
// The import is `npm run import`'s command (ADR 124), run as a process of its own: the time
// and the peak resident memory printed are the command's, not this bench's (ADR 129).
// `--memory`: the same import started from this process, as the command's main thread starts
// it, to sample every 100 ms the process's resident memory, the main thread's heap, the
// writing worker's and each of its workers' (getHeapStatistics), and each thread's CPU, and
// print their peaks and the figures at the resident peak; with BENCH_HEAP_SNAPSHOT=<dir> the
// writing worker writes a heap snapshot there half-way through the import. Its peak also holds
// this bench's own modules and the file it wrote.
// `--http`: the production server (`npm start`'s entry; run `npm run build` first) imports,
// over HTTP as an admin, this WXR and a 60 MB hostile post while /healthz is polled every
// 20 ms; prints the slowest /healthz answer (aim: 200 ms) and the server's peak resident
// memory over its level before the import (aim: +300 MB), with the server's CPU share (its
// process, and its main thread alone) and its event-loop delay over the import
// (monitorEventLoopDelay, loaded with --import): a blocked loop shows there even when a slow
// /healthz is the machine's load.
import { spawn, type ChildProcess } from 'node:child_process'
import {
  createWriteStream,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { once } from 'node:events'
import { request } from 'node:http'
import { pipeline } from 'node:stream/promises'
import { Worker } from 'node:worker_threads'
import v8 from 'node:v8'
import { freePort } from './lib/free-port.ts'
import { startCommand } from './lib/start-flags.ts'
import os from 'node:os'
import path from 'node:path'
import {
  startImportCommand,
  type CommandWorker,
  type HeapFigures,
} from '#app/server/transfer/import-command.server.ts'
import { formatReport } from '#app/server/transfer/report.server.ts'

const args = process.argv.slice(2)
const POSTS = Number(args.find((a) => /^\d+$/.test(a)) ?? 5000)
const PARSE_ONLY = args.includes('--parse-only')
const HOSTILE = args.includes('--hostile')
const HTTP = args.includes('--http')
const MEMORY = args.includes('--memory')
const SECRET = 'bench-secret-bench-secret-bench-secret-01'
// The poller runs in its own thread: the 60 MB upload from this process must not delay the
// measure of the server's answers.
const POLLER = `
const { parentPort, workerData } = require('node:worker_threads')
let running = true, slowest = 0, polls = 0
parentPort.on('message', () => { running = false })
;(async () => {
  while (running) {
    const started = performance.now()
    await fetch(workerData + '/healthz').then((r) => r.arrayBuffer())
    slowest = Math.max(slowest, performance.now() - started)
    polls++
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  parentPort.postMessage({ slowest, polls })
})()
`

// Loaded into the server with --import: its event-loop delay, written to BENCH_LOOP_FILE and
// reset at each SIGUSR2.
const LOOP_MONITOR = `import { monitorEventLoopDelay } from 'node:perf_hooks'
import { readFileSync, writeFileSync } from 'node:fs'
const delay = monitorEventLoopDelay({ resolution: 10 })
delay.enable()
// The longest gap between two 10 ms ticks, when it ended, and how the main thread spent it
// (schedstat: on a core, waiting for one; the rest blocked in the kernel: disk, locks).
const sched = () => readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ').map(Number)
let last = Date.now(), lastSched = sched(), longest = 0, endedAt = 0, oncpu = 0, queued = 0
setInterval(() => {
  const now = Date.now(), stat = sched()
  if (now - last > longest) {
    longest = now - last
    endedAt = now
    oncpu = Math.round((stat[0] - lastSched[0]) / 1e6)
    queued = Math.round((stat[1] - lastSched[1]) / 1e6)
  }
  last = now
  lastSched = stat
}, 10).unref()
process.on('SIGUSR2', () => {
  const ms = (ns) => Math.round(ns / 1e5) / 10
  writeFileSync(process.env.BENCH_LOOP_FILE, JSON.stringify({ max: ms(delay.max), p99: ms(delay.percentile(99)), mean: ms(delay.mean), longest, endedAt, oncpu, queued }))
  delay.reset()
  longest = 0
})
`

function paragraph(i: number, n: number): string {
  return `<p>Paragraphe ${n} de l’article ${i} : un texte <strong>assez long</strong> pour ressembler à un vrai billet, avec un <a href="https://example.com/${i}/${n}">lien</a>, de l’<em>italique</em> et des accents — é, è, ç, à.</p>`
}

async function writeWxr(file: string): Promise<void> {
  const out = createWriteStream(file)
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain')
  }
  await write(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Banc d’essai</title><link>https://bench.example</link><wp:wxr_version>1.2</wp:wxr_version>
`)
  for (let i = 1; i <= POSTS; i++) {
    const day = String((i % 28) + 1).padStart(2, '0')
    const body = [
      paragraph(i, 1),
      `<h2>Partie ${i}</h2>`,
      paragraph(i, 2),
      '<ul><li>un</li><li>deux</li><li>trois</li></ul>',
      paragraph(i, 3),
      `<blockquote>Citation ${i}</blockquote>`,
      `<pre><code>const n = ${i}</code></pre>`,
      paragraph(i, 4),
    ].join('\n')
    const comments = Array.from(
      { length: i % 4 },
      (_, c) =>
        `<wp:comment><wp:comment_id>${i * 10 + c}</wp:comment_id><wp:comment_content><![CDATA[Commentaire ${c}]]></wp:comment_content></wp:comment>`,
    ).join('')
    await write(`<item><title><![CDATA[Article numéro ${i}]]></title>
<link>https://bench.example/2020/01/${day}/article-${i}/</link><dc:creator><![CDATA[auteur]]></dc:creator>
<content:encoded><![CDATA[${body}]]></content:encoded><excerpt:encoded><![CDATA[Résumé ${i}]]></excerpt:encoded>
<wp:post_id>${i}</wp:post_id><wp:post_date_gmt>2020-01-${day} 10:00:00</wp:post_date_gmt>
<wp:post_name>article-${i}</wp:post_name><wp:status>${i % 10 === 0 ? 'draft' : 'publish'}</wp:status><wp:post_type>post</wp:post_type>
<category domain="category" nicename="c${i % 7}"><![CDATA[Catégorie ${i % 7}]]></category>
<category domain="post_tag" nicename="t${i % 13}"><![CDATA[étiquette ${i % 13}]]></category>
<category domain="post_tag" nicename="t${i % 5}"><![CDATA[mot ${i % 5}]]></category>${comments}</item>
`)
  }
  await write('</channel></rss>\n')
  out.end()
  await once(out, 'finish')
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-import-'))
try {
  const file = path.join(dir, 'bench.xml')
  await writeWxr(file)
  const size = statSync(file).size
  if (HOSTILE) await hostile()
  else if (HTTP) await overHttp(file, size)
  else if (PARSE_ONLY) {
    const started = performance.now()
    let items = 0
    const { readWxr } = await import('#app/server/transfer/wordpress.server.ts')
    await readWxr(file, () => {
      items++
    })
    const seconds = (performance.now() - started) / 1000
    console.log(
      `WXR de ${(size / 1024 / 1024).toFixed(0)} Mo lu en flux en ${seconds.toFixed(1)} s : ${items} éléments, ` +
        `pic de mémoire résidente ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} Mo`,
    )
  } else if (MEMORY || process.env.BENCH_HEAP_SNAPSHOT) await importAll(file, size)
  else await importByCommand(file, size)
} finally {
  rmSync(dir, { recursive: true, force: true })
}

/**
 * The import as the owner runs it: `npm run import`'s command, a process of its own, whose
 * peak resident memory the kernel keeps (VmHWM) and whose CPU time counts all its threads; read
 * every 100 ms until it exits, so the CPU figure may miss its last tenth of a second. This
 * process's own modules, its written file and its samples are not counted in the peak.
 */
async function importByCommand(file: string, size: number): Promise<void> {
  const started = performance.now()
  const child = spawn(process.execPath, ['scripts/import.ts', file, '--sans-medias'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: process.env.DATABASE_URL ?? '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  let peakKb = 0
  let cpu = 0
  const read = () => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
      peakKb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? peakKb)
      cpu = cpuSeconds(child.pid!)
    } catch {
      // The command ended between two readings: the last ones stand.
    }
  }
  const timer = setInterval(read, 100)
  const [code] = (await once(child, 'exit')) as [number | null]
  clearInterval(timer)
  const seconds = (performance.now() - started) / 1000
  if (code !== 0) throw new Error(`npm run import a fini avec le code ${code}:\n${out}`)
  console.log(out.split('\n').slice(0, 4).join('\n'))
  console.log(
    `WXR de ${POSTS} articles (${(size / 1024 / 1024).toFixed(1)} Mo) importé par npm run import en ${seconds.toFixed(1)} s ` +
      `(${(POSTS / seconds).toFixed(0)} articles/s ; temps processeur ${cpu.toFixed(1)} s, tous fils compris ; ` +
      `charge de la machine ${os.loadavg()[0]!.toFixed(1)} pour ${os.availableParallelism()} cœurs)`,
  )
  console.log(`Mémoire résidente : pic de la commande ${(peakKb / 1024).toFixed(0)} Mo (VmHWM)`)
}

/**
 * The same import run from this process (`--memory`, BENCH_HEAP_SNAPSHOT): the figures of each
 * thread's heap need the workers' handles. This process's peak then also holds the bench's own
 * modules and the file it wrote.
 */
async function importAll(file: string, size: number): Promise<void> {
  const rssBefore = process.memoryUsage().rss
  const started = performance.now()
  const cpuBefore = process.cpuUsage()
  const snapshotDir = process.env.BENCH_HEAP_SNAPSHOT
  let snapshot: Promise<void> | undefined
  const command: CommandWorker = startImportCommand(
    { file, fetchMedia: false, dataDir: dir, databaseUrl: process.env.DATABASE_URL },
    snapshotDir
      ? (done) => {
          if (done !== Math.floor(POSTS / 2)) return
          const target = path.join(snapshotDir, 'writer.heapsnapshot')
          snapshot = command.worker
            .getHeapSnapshot()
            .then((stream) => pipeline(stream, createWriteStream(target)))
            .then(() => console.log(`Instantané : ${target}`))
        }
      : undefined,
  )
  const memory = MEMORY ? sampleMemory(command) : undefined
  const outcome = await command.outcome
  await snapshot
  memory?.stop()
  if (outcome.type !== 'report') throw new Error(outcome.message)
  const seconds = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  const total = (cpu.user + cpu.system) / 1e6
  console.log(formatReport(outcome.report).split('\n').slice(0, 4).join('\n'))
  console.log(
    `WXR de ${POSTS} articles (${(size / 1024 / 1024).toFixed(1)} Mo) importé en ${seconds.toFixed(1)} s ` +
      `(${(POSTS / seconds).toFixed(0)} articles/s ; temps processeur ${total.toFixed(1)} s, tous fils compris ; ` +
      `charge de la machine ${os.loadavg()[0]!.toFixed(1)} pour ${os.availableParallelism()} cœurs)`,
  )
  console.log(
    `Mémoire résidente : ${(rssBefore / 1024 / 1024).toFixed(0)} Mo avant l’import, pic du processus ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} Mo`,
  )
}

/** CPU seconds of each thread of this process so far, by `name#tid` (/proc/self/task). */
function threadSeconds(into: Map<string, number>): void {
  for (const tid of readdirSync('/proc/self/task')) {
    let stat: string
    try {
      stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
    } catch {
      continue // the thread ended meanwhile
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
    into.set(`${name}#${tid}`, statCpuSeconds(stat))
  }
}

/** The user and system CPU seconds of a /proc `stat` line (a process's or a thread's). */
function statCpuSeconds(stat: string): number {
  const tick = 100 // USER_HZ on Linux
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / tick
}

/**
 * Every 100 ms: the resident memory, the main thread's heap, the writing worker's and its
 * workers' (asked to the writing worker), and each thread's CPU (the workers end with the
 * import: their last figures are kept). Prints the peaks.
 */
function sampleMemory(command: CommandWorker) {
  const mb = (bytes: number) => Math.round(bytes / 1048576)
  type Sample = { rss: number; main: number; heaps: HeapFigures[] }
  let peak: Sample = { rss: 0, main: 0, heaps: [] }
  const peaks = new Map<string, number>()
  const seconds = new Map<string, number>()
  let busy = false
  const timer = setInterval(() => {
    threadSeconds(seconds)
    if (busy) return
    busy = true
    void command.heaps().then((heaps) => {
      busy = false
      const rss = process.memoryUsage().rss
      const main = v8.getHeapStatistics().total_heap_size
      peaks.set('principal', Math.max(peaks.get('principal') ?? 0, main))
      for (const heap of heaps)
        peaks.set(heap.thread, Math.max(peaks.get(heap.thread) ?? 0, heap.total))
      if (rss > peak.rss) peak = { rss, main, heaps }
    })
  }, 100)
  return {
    stop() {
      clearInterval(timer)
      const heaps = peak.heaps
        .map((h) => `${h.thread} ${mb(h.total)} Mo (utilisés ${mb(h.used)})`)
        .join(', ')
      console.log(
        `Échantillons (tas alloués) : au pic de mémoire résidente ${mb(peak.rss)} Mo, tas du fil principal ${mb(peak.main)} Mo, ${heaps} ; ` +
          `pics séparés : ${[...peaks].map(([thread, bytes]) => `${thread} ${mb(bytes)} Mo`).join(', ')}`,
      )
      const rows = [...seconds]
        .filter(([, s]) => s >= 0.3)
        .sort((a, b) => b[1] - a[1])
        .map(([name, s]) => `${name} ${s.toFixed(1)} s`)
      console.log(`Temps processeur par fil : ${rows.join(', ')}`)
    },
  }
}

async function zipTo(file: string, entries: Record<string, string>): Promise<void> {
  const { ZipFile } = await import('yazl')
  const zip = new ZipFile()
  for (const [name, body] of Object.entries(entries)) zip.addBuffer(Buffer.from(body), name)
  zip.end()
  await pipeline(zip.outputStream, createWriteStream(file))
}

function hostileWxr(posts: number, body: string): string {
  const items = Array.from(
    { length: posts },
    (_, i) =>
      `<item><title>Hostile ${i}</title><content:encoded><![CDATA[${body}]]></content:encoded><wp:post_id>${i + 1}</wp:post_id><wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>`,
  )
  return `<?xml version="1.0"?><rss xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/"><channel>${items.join('')}</channel></rss>`
}

/**
 * Each hostile file read at size n and 10 n by its reader (parse, caps and conversion to
 * Markdown, as in the import worker, without the worker's start-up): the time ratio (linear:
 * about 10; aim: at most 20).
 */
async function hostile(): Promise<void> {
  const { parseFile } = await import('#app/server/transfer/parse.server.ts')
  const cases: Record<string, (n: number, tag: string) => Promise<string>> = {
    'Medium, <h1 sans fin': async (n, tag) => {
      const file = path.join(dir, `medium-${tag}.zip`)
      await zipTo(file, { [`posts/2024-01-01_${tag}.html`]: '<h1'.repeat(n * 100_000) })
      return file
    },
    'WordPress, <div> imbriqués': async (n, tag) => {
      const file = path.join(dir, `div-${tag}.xml`)
      writeFileSync(file, hostileWxr(n * 4, `${'<div>'.repeat(50_000)}texte`))
      return file
    },
    'WordPress, [caption] sans fin': async (n, tag) => {
      const file = path.join(dir, `caption-${tag}.xml`)
      writeFileSync(file, hostileWxr(n * 4, `${'[caption]<a <img '.repeat(40_000)}texte`))
      return file
    },
  }
  for (const [label, make] of Object.entries(cases)) {
    const seconds: number[] = []
    for (const [n, tag] of [
      [1, 'x1'],
      [10, 'x10'],
    ] as const) {
      const file = await make(n, `${label.length}-${tag}`)
      const format = file.endsWith('.zip') ? 'medium' : 'wordpress'
      let items = 0
      const started = performance.now()
      await parseFile({ file, format }, async () => {
        items++
      })
      seconds.push((performance.now() - started) / 1000)
      if (items === 0) throw new Error(`${label}: nothing read`)
      rmSync(file)
    }
    const ratio = seconds[1]! / seconds[0]!
    console.log(
      `${label} : ${seconds[0]!.toFixed(2)} s, dix fois plus grand ${seconds[1]!.toFixed(2)} s, rapport ${ratio.toFixed(1)} (but : 20 au plus) ${ratio <= 20 ? 'OK' : 'DÉPASSÉ'}`,
    )
  }
}

interface LoopDelay {
  max: number
  p99: number
  mean: number
  /** The longest gap between two 10 ms ticks (ms), and the time it ended (epoch ms). */
  longest: number
  endedAt: number
  /** Of that gap, the main thread's time on a core and waiting for one (ms). */
  oncpu: number
  queued: number
}

/** The event-loop delay since the last call (milliseconds), read from the server. */
async function loopDelay(pid: number, file: string): Promise<LoopDelay> {
  rmSync(file, { force: true })
  process.kill(pid, 'SIGUSR2')
  for (;;) {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as LoopDelay
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}

/** CPU seconds used so far by a process, or by one of its threads. */
function cpuSeconds(pid: number, tid?: number): number {
  return statCpuSeconds(
    readFileSync(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, 'utf8'),
  )
}

/** Seconds a process's main thread has waited for a core so far (schedstat). */
function queuedSeconds(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e9
}

/** Polls /healthz every 20 ms from a worker thread (and the server's RSS) until stop(). */
function pollHealth(base: string, pid: number) {
  const worker = new Worker(POLLER, { eval: true, workerData: base })
  let peak = rssMb(pid)
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid))
  }, 20)
  return {
    async stop() {
      clearInterval(sampler)
      worker.postMessage('stop')
      const [result] = (await once(worker, 'message')) as [{ slowest: number; polls: number }]
      await worker.terminate()
      return { ...result, peak: Math.max(peak, rssMb(pid)) }
    },
  }
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

/** Imports over HTTP into the production server while /healthz is polled. */
async function overHttp(file: string, size: number): Promise<void> {
  const { closeDatabase, migrateToLatest, openDatabase, setDatabase } =
    await import('#app/server/db/client.server.ts')
  const { seedDemoContent } = await import('#app/server/demo/seed.server.ts')
  const { createSessionCookie, createTestUser } = await import('../tests/fixtures/auth.ts')
  const handle = openDatabase(path.join(dir, 'vitrine.db'))
  await migrateToLatest(handle.db)
  setDatabase(handle)
  await seedDemoContent()
  const admin = await createTestUser({ role: 'admin' })
  const cookie = await createSessionCookie(admin.id, SECRET)
  const hostileFile = path.join(dir, 'hostile.xml')
  writeFileSync(hostileFile, hostileWxr(1, 'A'.repeat(60 * 1024 * 1024)))
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const start = startCommand(path.resolve(import.meta.dirname, '..'))
  let server: ChildProcess | undefined
  try {
    const loopFile = path.join(dir, 'loop.json')
    server = spawn(
      process.execPath,
      [
        ...start.nodeFlags,
        `--import=data:text/javascript,${encodeURIComponent(LOOP_MONITOR)}`,
        start.entry,
      ],
      {
        env: {
          ...process.env,
          ...start.env,
          BENCH_LOOP_FILE: loopFile,
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dir,
          PUBLIC_URL: base,
          LOG_LEVEL: 'error',
          BETTER_AUTH_SECRET: SECRET,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    )
    for (let i = 0; i < 300; i++) {
      const ok = await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
      if (ok) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    // Warm the server up, then take its level.
    for (let i = 0; i < 20; i++) await fetch(`${base}/`).then((r) => r.arrayBuffer())
    const pid = server.pid!
    // A first small import loads the Markdown renderer (once per server, as a first save
    // from the editor would): its one-off start-up is not the import's cost.
    const warmUp = path.join(dir, 'warm-up.xml')
    writeFileSync(warmUp, hostileWxr(1, '<p>Premier article.</p>'))
    await fetch(`${base}/api/transfer/import?name=warm-up.xml`, {
      method: 'POST',
      headers: { Cookie: `better-auth.session_token=${cookie}`, Origin: base },
      body: readFileSync(warmUp),
    }).then((r) => r.arrayBuffer())
    for (const [label, body, bytes] of [
      [`WXR de ${POSTS} articles`, file, size],
      ['WXR hostile (un article de 60 Mo)', hostileFile, statSync(hostileFile).size],
    ] as const) {
      // The same polling with no import first: on a shared machine the slowest answer at
      // rest says how much of the figure is the machine's load.
      const idle = pollHealth(base, pid)
      await new Promise((resolve) => setTimeout(resolve, 3000))
      const rest = await idle.stop()
      const before = rssMb(pid)
      const during = pollHealth(base, pid)
      await loopDelay(pid, loopFile)
      const cpuBefore = cpuSeconds(pid)
      const mainBefore = cpuSeconds(pid, pid)
      const queuedBefore = queuedSeconds(pid)
      const started = performance.now()
      const startedAt = Date.now()
      // node:http rather than fetch: on a loaded machine the answer may take longer than
      // fetch's five minutes without headers.
      const res = await postFile(
        `${base}/api/transfer/import?name=${path.basename(body)}`,
        {
          Cookie: `better-auth.session_token=${cookie}`,
          Origin: base,
          'Content-Type': 'application/octet-stream',
          'Content-Length': String(bytes),
        },
        readFileSync(body),
      )
      const answer = JSON.parse(res.text) as {
        report?: Parameters<typeof formatReport>[0]
        error?: string
      }
      const seconds = (performance.now() - started) / 1000
      const answeredAt = Date.now()
      const cpu = cpuSeconds(pid) - cpuBefore
      const mainCpu = cpuSeconds(pid, pid) - mainBefore
      const queued = queuedSeconds(pid) - queuedBefore
      const loop = await loopDelay(pid, loopFile)
      const { slowest, polls, peak } = await during.stop()
      console.log(
        `${label} (${(bytes / 1024 / 1024).toFixed(1)} Mo) importé par HTTP en ${seconds.toFixed(1)} s, réponse ${res.status}` +
          (answer.report
            ? ` : ${formatReport(answer.report).split('\n').slice(1, 3).join(' ;').trim()}`
            : ` : ${answer.error}`),
      )
      console.log(
        `  /healthz : ${polls} réponses, la plus lente en ${slowest.toFixed(0)} ms (but : 200 ms au plus) ${slowest <= 200 ? 'OK' : 'DÉPASSÉ'} ; sans import, la plus lente en ${rest.slowest.toFixed(0)} ms (charge de la machine ${os.loadavg()[0]!.toFixed(1)} pour ${os.availableParallelism()} cœurs)`,
      )
      console.log(
        `  serveur : ${cpu.toFixed(1)} s de processeur (${((100 * cpu) / seconds).toFixed(0)} % d’un cœur), dont ${mainCpu.toFixed(1)} s du fil principal (${((100 * mainCpu) / seconds).toFixed(0)} %), qui a attendu un cœur ${queued.toFixed(1)} s ; ` +
          `retard de sa boucle d’évènements : max ${loop.max} ms, p99 ${loop.p99} ms, moyenne ${loop.mean} ms ; ` +
          `la plus longue attente (${loop.longest} ms : ${loop.oncpu} ms de calcul, ${loop.queued} ms à attendre un cœur, le reste dans le noyau) finie ${((loop.endedAt - startedAt) / 1000).toFixed(1)} s après le début de l’envoi, ${((answeredAt - loop.endedAt) / 1000).toFixed(1)} s avant la réponse`,
      )
      console.log(
        `  mémoire résidente du serveur : ${before.toFixed(0)} Mo avant, pic ${peak.toFixed(0)} Mo, soit +${(peak - before).toFixed(0)} Mo (but : +300 Mo au plus) ${peak - before <= 300 ? 'OK' : 'DÉPASSÉ'}`,
      )
    }
  } finally {
    server?.kill()
    if (server) await once(server, 'exit')
    await closeDatabase()
  }
}

/** A POST of `body` without any timeout; its status and text. */
async function postFile(
  url: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<{ status: number; text: string }> {
  const req = request(url, { method: 'POST', headers })
  req.end(body)
  const [res] = (await once(req, 'response')) as [import('node:http').IncomingMessage]
  const chunks: Buffer[] = []
  for await (const chunk of res) chunks.push(chunk as Buffer)
  return { status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }
}
