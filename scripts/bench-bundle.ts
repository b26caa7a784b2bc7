// `npm run bench:bundle`: builds (npm script), then starts the production server on a
// temporary database with the demo content and measures what a first visit downloads:
// the JS (entry, modulepreloads) and CSS of the public pages, French and English, gzip-compressed,
// and the number of script requests (ADR 086), each French page beside its English twin (ADR 089).
// Targets: JS ≤ 130 KB gzip in at most 12 scripts; the admin hub's code must not load on public pages.
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { spawnBenchServer } from './lib/bench-server.ts'

const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? 'build')
const CLIENT_DIR = path.join(BUILD_DIR, 'client')
const JS_BUDGET_KB = 130
const SCRIPT_BUDGET = 12

async function waitFor(url: string) {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('Le serveur de mesure ne démarre pas')
}

/** Script and stylesheet URLs a document asks for (entry, modulepreloads, stylesheets). */
function assetsOf(html: string) {
  const js = new Set<string>()
  const css = new Set<string>()
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) js.add(m[1]!)
  for (const m of html.matchAll(/<link[^>]+href="([^"]+)"[^>]+rel="modulepreload"/g)) js.add(m[1]!)
  for (const m of html.matchAll(/import\(?\s*["']([^"']+\.js)["']/g)) js.add(m[1]!)
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) js.add(m[1]!)
  for (const m of html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)) css.add(m[1]!)
  for (const m of html.matchAll(/<link[^>]+href="([^"]+\.css)"[^>]+rel="stylesheet"/g))
    css.add(m[1]!)
  return {
    js: [...js].filter((u) => u.startsWith('/')),
    css: [...css].filter((u) => u.startsWith('/')),
  }
}

function gzipKb(urls: string[]): { total: number; files: [string, number][] } {
  const files = urls.map((u): [string, number] => {
    const file = path.join(CLIENT_DIR, decodeURIComponent(u.split('?')[0]!))
    return [u, gzipSync(readFileSync(file), { level: 9 }).length / 1024]
  })
  return { total: files.reduce((s, [, kb]) => s + kb, 0), files }
}

/** Client files only the admin hub's routes use, from the server build's asset manifest. */
async function adminOnlyFiles(): Promise<Set<string>> {
  const build = (await import(pathToFileURL(path.join(BUILD_DIR, 'server/index.js')).href)) as {
    assets: { routes: Record<string, { module: string; imports?: string[] }> }
  }
  const admin = new Set<string>()
  const other = new Set<string>()
  for (const [id, route] of Object.entries(build.assets.routes)) {
    const target = id.startsWith('routes/admin/') ? admin : other
    for (const file of [route.module, ...(route.imports ?? [])]) target.add(file)
  }
  return new Set([...admin].filter((f) => !other.has(f)))
}

/** A catalogue's chunk(s), which no HTML names: the pages of its language import them. */
function catalogueChunks(name: 'english' | 'french'): string[] {
  return readdirSync(path.join(CLIENT_DIR, 'assets'))
    .filter((f) => new RegExp(`^${name}-[\\w-]+\\.js$`).test(f))
    .map((f) => `/assets/${f}`)
}

/** How much heavier an English page's HTML may be than its French twin's (ADR 089): reported. */
const HTML_TWIN_AIM_KB = 6

async function main() {
  const adminFiles = await adminOnlyFiles()
  const { child, base: url, dataDir } = await spawnBenchServer('bench', { BUILD_DIR })
  let failed = false
  try {
    await waitFor(url)
    const blog = await (await fetch(`${url}/blog`)).text()
    const slug = /href="\/blog\/([^"?#/]+)"/.exec(blog)?.[1]
    const projects = await (await fetch(`${url}/projects`)).text()
    const project = /href="\/projects\/([^"?#/]+)"/.exec(projects)?.[1]
    const enBlog = await (await fetch(`${url}/en/blog`)).text()
    const enSlug = /href="\/en\/blog\/([^"?#/]+)"/.exec(enBlog)?.[1]
    // Each French page beside its English twin (ADR 089): an English page's HTML should stay
    // within 6 KB of its French twin's.
    const pairs = [
      ['accueil', '/', '/en/'],
      [
        'article de blog',
        slug ? `/blog/${slug}` : '/blog',
        enSlug ? `/en/blog/${enSlug}` : '/en/blog',
      ],
      [
        'projet',
        project ? `/projects/${project}` : '/projects',
        project ? `/en/projects/${project}` : '/en/projects',
      ],
      ['projets', '/projects', '/en/projects'],
      ['blog', '/blog', '/en/blog'],
      ['galerie', '/gallery', '/en/gallery'],
      ['contact', '/contact', '/en/contact'],
      ['confidentialité', '/confidentialite', '/en/privacy'],
    ] as const
    const pages = pairs.flatMap(([label, fr, en]) => [
      [`${label} (français)`, fr] as const,
      [`${label} (anglais)`, en] as const,
    ])
    const htmlSizes = new Map<string, { raw: number; gzip: number; js: number }>()
    console.log(
      `Taille gzip de ce que télécharge une première visite (budget JS : ${JS_BUDGET_KB} Ko en ${SCRIPT_BUDGET} scripts au plus)\n`,
    )
    for (const [label, pagePath] of pages) {
      const html = await (await fetch(`${url}${pagePath}`)).text()
      const { js, css } = assetsOf(html)
      // A page imports its language's catalogue before hydrating (ADRs 089, 105): counted with
      // its JS.
      js.push(...catalogueChunks(pagePath.startsWith('/en/') ? 'english' : 'french'))
      const jsKb = gzipKb(js)
      const cssKb = gzipKb(css)
      const admin = js.filter((u) => adminFiles.has(u) || /admin/i.test(u))
      console.log(`${label} (${pagePath})`)
      console.log(
        `  JS  : ${jsKb.total.toFixed(1)} Ko gzip en ${js.length} fichiers (requêtes de script)`,
      )
      for (const [u, kb] of jsKb.files.sort((a, b) => b[1] - a[1]).slice(0, 6))
        console.log(`        ${kb.toFixed(1).padStart(6)} Ko  ${u}`)
      console.log(`  CSS : ${cssKb.total.toFixed(1)} Ko gzip en ${css.length} fichiers`)
      const raw = Buffer.byteLength(html) / 1024
      const gzip = gzipSync(html).length / 1024
      htmlSizes.set(pagePath, { raw, gzip, js: jsKb.total })
      console.log(`  HTML: ${raw.toFixed(1)} Ko, ${gzip.toFixed(1)} Ko gzip`)
      if (jsKb.total >= JS_BUDGET_KB) {
        console.log(`  ✗ JS au-dessus du budget de ${JS_BUDGET_KB} Ko`)
        failed = true
      }
      if (js.length > SCRIPT_BUDGET) {
        console.log(`  ✗ plus de ${SCRIPT_BUDGET} requêtes de script`)
        failed = true
      }
      if (admin.length > 0) {
        console.log(`  ✗ du code de l'administration est chargé : ${admin.join(', ')}`)
        failed = true
      }
      console.log('')
    }
    console.log('Français / anglais (HTML brut, HTML gzip, JS gzip) :')
    for (const [label, fr, en] of pairs) {
      const a = htmlSizes.get(fr)!
      const b = htmlSizes.get(en)!
      const delta = b.raw - a.raw
      console.log(
        `  ${label.padEnd(18)} HTML ${a.raw.toFixed(1)} → ${b.raw.toFixed(1)} Ko (${delta >= 0 ? '+' : ''}${delta.toFixed(1)})` +
          `, gzip ${a.gzip.toFixed(1)} → ${b.gzip.toFixed(1)} Ko, JS ${a.js.toFixed(1)} → ${b.js.toFixed(1)} Ko` +
          (delta > HTML_TWIN_AIM_KB ? `  (au-delà de ${HTML_TWIN_AIM_KB} Ko)` : ''),
      )
    }
    console.log('')
  } finally {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
    rmSync(dataDir, { recursive: true, force: true })
  }
  console.log(failed ? 'Budget dépassé.' : 'Budget respecté.')
  process.exit(failed ? 1 : 0)
}

await main()
