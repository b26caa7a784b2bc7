// `npm run bench:render`: the CPU cost of server-rendering each public page without the page
// cache (ADR 040), in this process, as a ratio against a plain React 19
// `renderToString` of a 19 KB static page measured in the same run (the third reference
// of ADR 048's table), so the figures hold on a shared, loaded machine.
//
// With the production build present: a first `npm start`-like server seeds the demo content
// into a temporary DATA_DIR and imports its images (then stops); this process then loads
// build/server/index.js on that directory and calls React Router's request handler, as the
// server does with PAGE_CACHE=false, N times per page. Printed per page:
//   request   the whole handler (loaders, React Router's document layers, the render), ms
//   document  the entry's handleRequest only (React render into memory), ms
//   ×ref      request ÷ the reference renderToString
//   markup    renderToString of the page's own markup as static elements (scripts/lib/
//             markup-tree.ts: the same elements, no component, hook or router), ms
//   ÷markup   document ÷ markup: what components and React Router's document layer add
//   html, handoff  bytes of the document and of its loader-data script
// Figures are CPU time of this process (user + system) per call, the best of the rounds.
//
// Usage: node scripts/bench-render.ts [--iterations N] [--rounds N] [--only /path]
//          [--build DIR] [--data DIR] [--dump DIR]
//   --build DIR  another build to measure (e.g. of an older commit; default ./build)
//   --data DIR   a DATA_DIR kept between runs (seeded when empty), so two builds render the same data
//   --dump DIR   also writes each page's HTML there (to compare the markup of two builds)
import { once } from 'node:events'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ReactElement } from 'react'
import type { ServerBuild } from 'react-router'
import { spawnBenchServer, waitUntilSettled } from './lib/bench-server.ts'
import { startCommand } from './lib/start-flags.ts'

const ROOT = path.resolve(import.meta.dirname, '..')

// Run with the Node flags of `npm start` (the GC settings change the figures): re-executed
// once with them.
if (!process.env.BENCH_RENDER_CHILD) {
  const { spawnSync } = await import('node:child_process')
  const start = startCommand(ROOT)
  const result = spawnSync(
    process.execPath,
    [...start.nodeFlags, import.meta.filename, ...process.argv.slice(2)],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...start.env, BENCH_RENDER_CHILD: '1' } },
  )
  process.exit(result.status ?? 1)
}

// React and React Router read NODE_ENV when first loaded: production builds, as the server.
process.env.NODE_ENV = 'production'
const { createElement: h } = await import('react')
const { renderToString } = await import('react-dom/server')
const { createRequestHandler } = await import('react-router')
const { markupTree } = await import('./lib/markup-tree.ts')

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`)
  const value = i >= 0 ? Number(process.argv[i + 1]) : NaN
  return Number.isFinite(value) && value > 0 ? value : fallback
}
const ITERATIONS = option('iterations', 200)
const ROUNDS = option('rounds', 3)
const onlyIndex = process.argv.indexOf('--only')
const ONLY = onlyIndex >= 0 ? process.argv[onlyIndex + 1] : undefined
function textOption(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? process.argv[i + 1] : undefined
}
const BUILD = path.resolve(textOption('build') ?? path.join(ROOT, 'build'))
const DATA = textOption('data')
const DUMP = textOption('dump')

function cpuMs(): number {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

// --- The reference: a 19 KB French page, no data, plain React 19 renderToString ----------
const PARAGRAPH =
  'Une page statique de référence, rendue par React sans données ni routeur : des titres, ' +
  'des paragraphes, des listes et des liens, comme un article de blog ordinaire.'
function referencePage(): ReactElement {
  const sections = []
  for (let s = 0; s < 25; s++) {
    sections.push(
      h(
        'section',
        { key: s, className: 'mx-auto max-w-3xl px-6 py-10', 'aria-labelledby': `s${s}` },
        h('h2', { id: `s${s}`, className: 'text-2xl font-bold' }, `Section ${s + 1}`),
        h('p', { className: 'mt-4 text-fg-2' }, PARAGRAPH),
        h('p', { className: 'mt-4 text-fg-2' }, PARAGRAPH),
        h(
          'ul',
          { className: 'mt-4 flex gap-2' },
          ['React', 'Node', 'SQLite', 'Tailwind'].map((t) =>
            h('li', { key: t, className: 'chip' }, h('a', { href: `/blog?tag=${t}` }, t)),
          ),
        ),
      ),
    )
  }
  return h(
    'html',
    { lang: 'fr' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, 'Référence')),
    h('body', null, h('main', { id: 'contenu' }, h('h1', null, 'Page de référence'), sections)),
  )
}
const REFERENCE_HTML = renderToString(referencePage())

function measureReference(): number {
  const t0 = cpuMs()
  for (let i = 0; i < ITERATIONS; i++) renderToString(referencePage())
  return (cpuMs() - t0) / ITERATIONS
}

// --- The application, as the server runs it with PAGE_CACHE=false ---------------------------
async function seed(into?: string): Promise<string> {
  console.log('Seeding the demo content (a first server start, then its image import)…')
  const seeded = await spawnBenchServer('render', {
    PAGE_CACHE: 'false',
    ...(into ? { DATA_DIR: into } : {}),
  })
  if (into) rmSync(seeded.dataDir, { recursive: true, force: true })
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${seeded.base}/healthz`)).ok) break
    } catch {
      if (i > 200) throw new Error('the seeding server did not start')
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await waitUntilSettled(seeded.child.pid)
  seeded.child.kill('SIGTERM')
  await once(seeded.child, 'exit')
  return into ?? seeded.dataDir
}
// --data: seeded on its first use, reused as it is afterwards.
const dataDir = DATA
  ? existsSync(path.join(DATA, 'vitrine.db'))
    ? path.resolve(DATA)
    : await seed(path.resolve(DATA))
  : await seed()

Object.assign(process.env, {
  DATA_DIR: dataDir,
  PUBLIC_URL: 'http://localhost',
  DEMO_CONTENT: 'true',
  LOG_LEVEL: 'error',
  PAGE_CACHE: 'false',
  BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
})
const build = (await import(pathToFileURL(path.join(BUILD, 'server/index.js')).href)) as ServerBuild
const entry = build.entry.module as unknown as ServerBuild['entry']['module'] & {
  startApp(): Promise<void>
  stopApp(): Promise<void>
}
await entry.startApp()

let documentMs = 0
const timedBuild: ServerBuild = {
  ...build,
  entry: {
    module: {
      ...build.entry.module,
      default: async (...args: Parameters<ServerBuild['entry']['module']['default']>) => {
        const t0 = cpuMs()
        const response = await build.entry.module.default(...args)
        documentMs += cpuMs() - t0
        return response
      },
    },
  },
}
const handler = createRequestHandler(timedBuild, 'production')

async function get(pathname: string): Promise<string> {
  const response = await handler(new Request(`http://localhost${pathname}`))
  if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}`)
  return response.text()
}

const projects = await get('/projects')
const blog = await get('/blog')
const project = /href="(\/projects\/[^"/?#]+)"/.exec(projects)?.[1]
const post = /href="(\/blog\/[^"/?#]+)"/.exec(blog)?.[1]
if (!project || !post) throw new Error('no project or post link in the demo content')
const PAGES = [
  '/',
  '/projects',
  project,
  '/blog',
  post,
  '/timeline',
  '/gallery',
  '/cv',
  '/contact',
  '/mentions-legales',
].filter((p) => !ONLY || p === ONLY)

interface Figures {
  request: number
  document: number
  markup: number
  html: number
  handoff: number
}
const best = new Map<string, Figures>()
let reference = Infinity

/** The bytes of React Router's loader-data script (the handoff) in a document. */
function handoffBytes(html: string): number {
  let total = 0
  for (const m of html.matchAll(/<script[^>]*>([^<]*streamController\.enqueue[^<]*)<\/script>/g)) {
    total += Buffer.byteLength(m[1]!)
  }
  return total
}

for (const p of PAGES) for (let i = 0; i < 20; i++) await get(p) // warm-up
if (DUMP) {
  mkdirSync(DUMP, { recursive: true })
  for (const p of PAGES) {
    writeFileSync(path.join(DUMP, `${p.replace(/\W+/g, '_')}.html`), await get(p))
  }
}
measureReference()

for (let round = 0; round < ROUNDS; round++) {
  reference = Math.min(reference, measureReference())
  for (const p of PAGES) {
    documentMs = 0
    let html = ''
    const t0 = cpuMs()
    for (let i = 0; i < ITERATIONS; i++) html = await get(p)
    const request = (cpuMs() - t0) / ITERATIONS
    const document = documentMs / ITERATIONS
    const tree = markupTree(html)
    const t1 = cpuMs()
    for (let i = 0; i < ITERATIONS; i++) renderToString(tree)
    const markup = (cpuMs() - t1) / ITERATIONS
    const previous = best.get(p)
    best.set(p, {
      request: Math.min(request, previous?.request ?? Infinity),
      document: Math.min(document, previous?.document ?? Infinity),
      markup: Math.min(markup, previous?.markup ?? Infinity),
      html: Buffer.byteLength(html),
      handoff: handoffBytes(html),
    })
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
console.log(
  `\nReference: React 19 renderToString of a ${kb(Buffer.byteLength(REFERENCE_HTML))} static page, ` +
    `no data: ${reference.toFixed(3)} ms CPU per render`,
)
console.log(
  `${ITERATIONS} renders per page, best of ${ROUNDS} rounds, CPU ms per call (load ${(
    await import('node:os')
  )
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')})\n`,
)
console.log(
  `${'page'.padEnd(34)}${'request'.padStart(9)}${'×ref'.padStart(7)}${'document'.padStart(10)}${'×ref'.padStart(7)}${'markup'.padStart(9)}${'÷markup'.padStart(9)}${'html'.padStart(10)}${'handoff'.padStart(10)}`,
)
let sum = 0
for (const [p, f] of best) {
  sum += f.request / reference
  console.log(
    `${p.slice(0, 33).padEnd(34)}${f.request.toFixed(3).padStart(9)}${(f.request / reference).toFixed(1).padStart(7)}` +
      `${f.document.toFixed(3).padStart(10)}${(f.document / reference).toFixed(1).padStart(7)}` +
      `${f.markup.toFixed(3).padStart(9)}${(f.document / f.markup).toFixed(1).padStart(9)}` +
      `${kb(f.html).padStart(10)}${kb(f.handoff).padStart(10)}`,
  )
}
console.log(`\nMean request ÷ reference: ${(sum / best.size).toFixed(2)}`)

await entry.stopApp()
if (!DATA) rmSync(dataDir, { recursive: true, force: true })
process.exit(0)
