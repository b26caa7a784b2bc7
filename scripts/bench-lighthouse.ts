// `npm run bench:lighthouse`: Lighthouse scores of the public pages (ADR 032, ADR 038).
//
// With the production build present (the npm script builds it when missing or stale), starts
// the server as `npm start` does (build/server-entry.js, ADR 037) on a temporary DATA_DIR with
// the demo content, then runs Lighthouse (mobile form factor, default simulated throttling) in
// Debian's Chromium on `/`, `/projects`,
// a project, `/blog` and a post, N times per page, and prints the median run of each page
// (and, last, each page's best pass as measured, the figure a "best of N" aim reads):
// performance score, FCP, LCP (and the LCP element), TBT, CLS, Speed Index, the failing
// performance audits with their savings, and the accessibility, best-practices and SEO scores.
// Then, in the same browser, how soon the app hides the first-load overlay after its start
// (its scripts run, DOMContentLoaded over): at most 2 s is the target; the browser tests only
// check that it does (tests/e2e/public/chrome.spec.ts), never how fast.
//
// Usage: node scripts/bench-lighthouse.ts [--runs N] [--page PATH] [--json DIR] [--artifacts DIR]
//   --runs N     runs per page (default 3; the run with the median performance score is shown)
//   --page PATH  measure this path only (repeatable); `project` and `post` name the first
//                project and post of the demo content (their ids change with every start)
//   --json DIR   also write each median report as JSON in DIR
//   --artifacts DIR  keep every run's Lighthouse artifacts (trace at CPU time, devtools log) in
//                DIR/<page>-<run>/, to re-audit them with `lighthouse -A=DIR/…` (ADR 038)
// CHROME_PATH overrides the browser (default /usr/bin/chromium; never downloaded).
// It is a benchmark, not a test: it always exits 0 once it has measured.
//
// The machine is shared: Lighthouse's simulation multiplies the main thread's observed task
// durations (wall time), so other processes' load inflates TBT (and a little FCP/LCP). Each
// run is therefore audited twice from the same trace: as measured, and with every main-thread
// task shortened to the CPU time the renderer really spent in it (the trace's thread time),
// which estimates the figures of a quiet machine. The load average is printed with both.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import type { Flags, Result } from 'lighthouse'
import { spawnBenchServer } from './lib/bench-server.ts'

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']
const METRICS = new Set([
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
  'interactive',
  'max-potential-fid',
])

function argValues(name: string): string[] {
  const values: string[] = []
  process.argv.forEach((arg, i) => {
    if (arg === `--${name}` && process.argv[i + 1]) values.push(process.argv[i + 1]!)
  })
  return values
}
const RUNS = Math.max(1, Math.floor(Number(argValues('runs')[0] ?? 3)) || 3)
const ONLY_PAGES = argValues('page')
const JSON_DIR = argValues('json')[0]
const KEEP_DIR = argValues('artifacts')[0]

const LIGHTHOUSE_VERSION = (
  JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')) as { version: string }
).version
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function waitReady(base: string) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return
    } catch {
      // not listening yet
    }
    await sleep(100)
  }
  throw new Error('Le serveur de mesure ne démarre pas')
}

/**
 * The first start imports the demo's covers and thumbnails into the media library in the
 * background (responsive variants): measure the pages as they are once that is done.
 */
async function waitDemoImport(base: string) {
  // Five minutes: on a loaded machine the import takes longer than a minute and a half, and a
  // page measured before it shows the shipped /demo/ files (2–3 times heavier than the variants).
  const deadline = Date.now() + 300_000
  while (Date.now() < deadline) {
    const projects = await (await fetch(`${base}/projects`)).text()
    const blog = await (await fetch(`${base}/blog`)).text()
    if (!/\/demo\/projects\/[\w-]+-cover\./.test(projects) && !/\/demo\/blog\//.test(blog)) return
    await sleep(500)
  }
  console.log("(l'import des images de démonstration n'est pas fini : mesure quand même)")
}

/**
 * `/`, `/projects`, the first project, `/blog`, the first post of the demo content, `/gallery`,
 * `/contact` and the English home (ADR 086).
 */
async function publicPages(base: string, only: string[]): Promise<string[]> {
  const projects = await (await fetch(`${base}/projects`)).text()
  const blog = await (await fetch(`${base}/blog`)).text()
  const project = /href="(\/projects\/[^"/?#]+)"/.exec(projects)?.[1]
  const post = /href="(\/blog\/[^"/?#]+)"/.exec(blog)?.[1]
  const pages =
    only.length > 0
      ? only
      : ['/', '/projects', 'project', '/blog', 'post', '/gallery', '/contact', '/en/']
  return pages
    .map((p) => (p === 'project' ? project : p === 'post' ? post : p))
    .filter((p): p is string => !!p)
}

const score = (lhr: Result, category: string) =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100)
const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

/** The LCP element's selector and text, from the LCP breakdown insight (Lighthouse 13). */
function lcpElement(lhr: Result): string {
  const details = lhr.audits['lcp-breakdown-insight']?.details as
    | { items?: { type?: string; selector?: string; snippet?: string; nodeLabel?: string }[] }
    | undefined
  const node = details?.items?.find((item) => item.type === 'node')
  if (!node) return '(inconnu)'
  const label = node.nodeLabel ? ` « ${node.nodeLabel.slice(0, 60)} »` : ''
  return `${node.selector ?? node.snippet ?? ''}${label}`
}

/** Failing performance audits (not the metrics), largest savings first. */
function failingAudits(lhr: Result): string[] {
  const refs = lhr.categories.performance?.auditRefs ?? []
  const rows: { text: string; weight: number }[] = []
  for (const ref of refs) {
    if (METRICS.has(ref.id)) continue
    const audit = lhr.audits[ref.id]
    if (!audit || audit.score === null || audit.score >= 0.9) continue
    if (audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'informative')
      continue
    const savings = audit.metricSavings ?? {}
    const ms = Math.max(0, savings.LCP ?? 0, savings.FCP ?? 0, savings.TBT ?? 0)
    const cls = savings.CLS ?? 0
    const extra = [
      audit.displayValue,
      ms > 0 ? `gain estimé ${Math.round(ms)} ms` : '',
      cls > 0 ? `CLS −${cls.toFixed(3)}` : '',
    ]
      .filter(Boolean)
      .join(', ')
    rows.push({ text: `${audit.title}${extra ? ` (${extra})` : ''}`, weight: ms + cls * 10_000 })
  }
  return rows.sort((a, b) => b.weight - a.weight).map((row) => row.text)
}

/** Failing audits of the other categories (accessibility, best practices, SEO). */
function otherFailures(lhr: Result): string[] {
  const out: string[] = []
  for (const category of CATEGORIES.slice(1)) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id]
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue
      out.push(`[${category}] ${audit.title}`)
    }
  }
  return out
}

/** The first-load overlay's target: hidden at most this long after the app's start. */
const OVERLAY_TARGET_MS = 2000

/**
 * Milliseconds from the app's start (the end of DOMContentLoaded: its modules have run) to
 * the first-load overlay's hiding (its `hidden` attribute, or the end of its CSS fade), one
 * fresh browser context per run.
 */
async function overlayHiddenAfterStart(url: string, runs: number): Promise<number[]> {
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: CHROME_FLAGS.filter((flag) => !flag.startsWith('--headless')),
  })
  const times: number[] = []
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ locale: 'fr-FR' })
      const page = await context.newPage()
      await page.addInitScript(() => {
        const w = window as unknown as { __overlayHiddenAt?: number }
        const check = () => {
          const el = document.querySelector<HTMLElement>('[data-testid="loading-overlay"]')
          if (!el || w.__overlayHiddenAt !== undefined) return
          if (el.hidden || getComputedStyle(el).visibility === 'hidden')
            w.__overlayHiddenAt = performance.now()
        }
        new MutationObserver(check).observe(document, {
          attributes: true,
          subtree: true,
          childList: true,
        })
        document.addEventListener('animationend', check, true)
      })
      await page.goto(url)
      const hiddenAt = await page
        .waitForFunction(
          () => (window as unknown as { __overlayHiddenAt?: number }).__overlayHiddenAt ?? false,
          undefined,
          { timeout: 30_000 },
        )
        .then((handle) => handle.jsonValue() as Promise<number>)
      const startedAt = await page.evaluate(
        () =>
          (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
            .domContentLoadedEventEnd,
      )
      times.push(hiddenAt - startedAt)
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return times
}

interface TraceEvent {
  ph: string
  name: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
  args?: { name?: string }
}

/**
 * Rewrites a saved trace so that each top-level task of the page's main thread lasts the CPU
 * time its thread really ran (`tdur`) instead of the wall time (`dur`), which includes the
 * time the thread waited for a core. Events inside a task are scaled with it.
 */
export function traceAtCpuTime(traceFile: string): { wallMs: number; cpuMs: number } {
  const trace = JSON.parse(readFileSync(traceFile, 'utf8')) as { traceEvents: TraceEvent[] }
  const events = trace.traceEvents
  const threadNames = new Map<string, string>()
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name')
      threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? '')
  }
  const taskCounts = new Map<string, number>()
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`
    if (e.name === 'RunTask' && threadNames.get(key) === 'CrRendererMain')
      taskCounts.set(key, (taskCounts.get(key) ?? 0) + 1)
  }
  const main = [...taskCounts].sort((a, b) => b[1] - a[1])[0]?.[0]
  let wallMs = 0
  let cpuMs = 0
  if (!main) return { wallMs, cpuMs }
  const own = events
    .filter((e) => `${e.pid}:${e.tid}` === main && e.ph !== 'M')
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  let start = -1
  let end = -1
  let factor = 1
  for (const e of own) {
    if (e.ts >= end) {
      // A new top-level event.
      start = e.ts
      end = e.ph === 'X' ? e.ts + (e.dur ?? 0) : e.ts
      factor = 1
      if (e.ph === 'X' && e.dur && e.dur > 0 && typeof e.tdur === 'number') {
        factor = Math.min(1, Math.max(0.01, e.tdur / e.dur))
        wallMs += e.dur / 1000
        cpuMs += (e.dur * factor) / 1000
      }
    }
    if (factor === 1) continue
    e.ts = start + (e.ts - start) * factor
    if (e.ph === 'X' && e.dur) e.dur *= factor
  }
  writeFileSync(traceFile, JSON.stringify(trace))
  return { wallMs, cpuMs }
}

/** A file-name-safe name for a page path. */
const pageName = (page: string) =>
  page === '/' ? 'home' : page.replace(/^\//, '').replace(/[^a-z0-9-]+/gi, '_')

/** The best pass as measured: the highest performance score, then the shortest LCP. */
function best(runs: Run[]): Run {
  const lcp = (r: Run) => numeric(r.lhr, 'largest-contentful-paint')
  return [...runs].sort(
    (a, b) => score(b.lhr, 'performance') - score(a.lhr, 'performance') || lcp(a) - lcp(b),
  )[0]!
}

function median<T>(items: T[], key: (item: T) => number): T {
  const sorted = [...items].sort((a, b) => key(a) - key(b))
  return sorted[Math.floor((sorted.length - 1) / 2)]!
}

interface Run {
  /** As measured. */
  lhr: Result
  /** Re-audited with main-thread tasks at their CPU time (quiet-machine estimate). */
  cpu: Result
  load: string
  wallMs: number
  cpuMs: number
}

function metricsLine(lhr: Result): string {
  return (
    `FCP ${seconds(numeric(lhr, 'first-contentful-paint'))}  LCP ${seconds(numeric(lhr, 'largest-contentful-paint'))}` +
    `  TBT ${Math.round(numeric(lhr, 'total-blocking-time'))} ms` +
    `  CLS ${numeric(lhr, 'cumulative-layout-shift').toFixed(3)}` +
    `  SI ${seconds(numeric(lhr, 'speed-index'))}`
  )
}

function tableRow(page: string, lhr: Result, load: string): string {
  return (
    `| ${page} | ${score(lhr, 'performance')} | ${seconds(numeric(lhr, 'first-contentful-paint'))} | ` +
    `${seconds(numeric(lhr, 'largest-contentful-paint'))} | ${Math.round(numeric(lhr, 'total-blocking-time'))} ms | ` +
    `${numeric(lhr, 'cumulative-layout-shift').toFixed(3)} | ${seconds(numeric(lhr, 'speed-index'))} | ` +
    `${score(lhr, 'accessibility')}/${score(lhr, 'best-practices')}/${score(lhr, 'seo')} | ${load} |`
  )
}

async function main() {
  const server = await spawnBenchServer('lighthouse')
  const artifactsDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-lighthouse-'))
  let chrome: chromeLauncher.LaunchedChrome | undefined
  try {
    await waitReady(server.base)
    await waitDemoImport(server.base)
    const pages = await publicPages(server.base, ONLY_PAGES)
    chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS })
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
    }
    // Warm-up: the first navigation of a fresh browser and server is slower than any other.
    await lighthouse(`${server.base}/`, { ...flags, onlyCategories: ['performance'] })

    console.log(
      `Lighthouse ${LIGHTHOUSE_VERSION}, mobile, throttling simulé, ${RUNS} passe(s) par page ` +
        `(la passe médiane est montrée)\n` +
        `« mesuré » : tel que Lighthouse le calcule ici ; « temps CPU » : la même trace, les tâches ` +
        `du fil principal ramenées au temps CPU réellement consommé (estimation machine calme).\n`,
    )
    const measured: string[] = []
    const quiet: string[] = []
    const bestRuns: string[] = []
    for (const page of pages) {
      const runs: Run[] = []
      // A run Lighthouse could not finish (a trace lost on an overloaded machine) is retried,
      // at most RUNS extra times in all for the page.
      for (let i = 0, failures = 0; i < RUNS && failures <= RUNS; i++) {
        const load = loadavg()
        const url = `${server.base}${page}`
        const result = await lighthouse(url, {
          ...flags,
          gatherMode: artifactsDir,
          auditMode: artifactsDir,
        })
        if (!result) throw new Error(`Lighthouse n'a rien rendu pour ${page}`)
        const { wallMs, cpuMs } = traceAtCpuTime(path.join(artifactsDir, 'trace.json'))
        const cpu = await lighthouse(url, { ...flags, auditMode: artifactsDir })
        if (!cpu) throw new Error(`Lighthouse n'a rien rendu pour ${page}`)
        if (result.lhr.runtimeError) {
          console.log(`  (${page} : passe ratée, ${result.lhr.runtimeError.code} ; on recommence)`)
          failures++
          i--
          continue
        }
        runs.push({ lhr: result.lhr, cpu: cpu.lhr, load, wallMs, cpuMs })
        if (KEEP_DIR)
          cpSync(artifactsDir, path.join(KEEP_DIR, `${pageName(page)}-${runs.length}`), {
            recursive: true,
          })
      }
      if (runs.length === 0) {
        console.log(`${page}\n  aucune passe réussie\n`)
        continue
      }
      const run = median(runs, (r) => score(r.lhr, 'performance'))
      const cpuRun = median(runs, (r) => score(r.cpu, 'performance'))
      const { lhr, load } = run
      const list = (pick: (r: Run) => Result) =>
        runs.map((r) => score(pick(r), 'performance')).join(', ')
      console.log(`${page}`)
      console.log(
        `  performance ${score(lhr, 'performance')} mesuré (passes : ${list((r) => r.lhr)}; charge ${load})` +
          `, ${score(cpuRun.cpu, 'performance')} au temps CPU (passes : ${list((r) => r.cpu)})`,
      )
      console.log(`  mesuré     : ${metricsLine(lhr)}`)
      console.log(`  temps CPU  : ${metricsLine(cpuRun.cpu)}`)
      console.log(
        `  fil principal : ${Math.round(run.wallMs)} ms de temps mur, ${Math.round(run.cpuMs)} ms de temps CPU`,
      )
      console.log(`  élément LCP : ${lcpElement(lhr)}`)
      console.log(
        `  accessibilité ${score(lhr, 'accessibility')}  bonnes pratiques ${score(lhr, 'best-practices')}  SEO ${score(lhr, 'seo')}`,
      )
      for (const line of failingAudits(lhr).slice(0, 6)) console.log(`  - ${line}`)
      for (const line of otherFailures(lhr)) console.log(`  - ${line}`)
      console.log('')
      measured.push(tableRow(page, lhr, load))
      quiet.push(tableRow(page, cpuRun.cpu, cpuRun.load))
      const top = best(runs)
      bestRuns.push(tableRow(page, top.lhr, top.load))
      if (JSON_DIR) {
        mkdirSync(JSON_DIR, { recursive: true })
        const name = pageName(page)
        writeFileSync(path.join(JSON_DIR, `${name}.json`), JSON.stringify(lhr))
        writeFileSync(path.join(JSON_DIR, `${name}.cpu.json`), JSON.stringify(cpuRun.cpu))
      }
    }
    const header =
      '| page | perf | FCP | LCP | TBT | CLS | SI | a11y/BP/SEO | charge |\n|---|---|---|---|---|---|---|---|---|'
    console.log(`Mesuré :\n${header}\n${measured.join('\n')}\n`)
    console.log(`Au temps CPU (estimation machine calme) :\n${header}\n${quiet.join('\n')}\n`)
    console.log(`Meilleure passe, mesurée :\n${header}\n${bestRuns.join('\n')}`)

    const overlay = await overlayHiddenAfterStart(`${server.base}/timeline`, Math.max(RUNS, 5))
    const middle = median(overlay, (ms) => ms)
    console.log(
      `\nVoile de chargement (premier affichage, /timeline) : masqué ${Math.round(middle)} ms ` +
        `après le démarrage de l'application (médiane ; passes : ${overlay.map(Math.round).join(', ')} ms ; ` +
        `cible ≤ ${OVERLAY_TARGET_MS} ms${middle <= OVERLAY_TARGET_MS ? '' : ' : DÉPASSÉE'} ; charge ${loadavg()})`,
    )
  } finally {
    if (chrome) await chrome.kill()
    server.child.kill('SIGTERM')
    await new Promise((resolve) => server.child.once('exit', resolve))
    rmSync(server.dataDir, { recursive: true, force: true })
    rmSync(artifactsDir, { recursive: true, force: true })
  }
}

await main()
process.exit(0)
