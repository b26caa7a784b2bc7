// `npm run bench:markdown` (ADR 020): a 10,000-word post with 50 highlighted code blocks.
// Prints, in one run:
//  - the cost of the Markdown pipeline itself (render with highlighting, memo bypassed),
//  - the admin save (updateBlogPost: validation, render, write, revision),
//  - the post page served by the production server (HTML stored at save: no highlighting per
//    request), against a short post measured in the same run as the reference.
// Aim: under 100 ms for the save and for the page. Usage: node scripts/bench-markdown.ts [--runs N]
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import {
  DATABASE_FILE_NAME,
  migrateToLatest,
  openDatabase,
  setDatabase,
} from '#app/server/db/client.server.ts'
import { makeBlogPost } from '#app/server/demo/factories.server.ts'
import { renderMarkdownUncached } from '#app/server/content/markdown.server.ts'
import { createBlogPost, updateBlogPost } from '#app/server/repositories/blog.server.ts'
import { freePort } from './lib/free-port.ts'

const TARGET_MS = 100

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`)
  const value = i >= 0 ? Number(process.argv[i + 1]) : NaN
  return Number.isInteger(value) && value > 0 ? value : fallback
}
const RUNS = option('runs', 15)

const WORDS =
  'le design produit avance par petites preuves mesurées auprès des personnes concernées'.split(' ')

/** ~10,000 words of prose in sections, with 50 TypeScript code blocks spread through. */
export function longPost(): string {
  const parts: string[] = []
  let words = 0
  let block = 0
  for (let section = 1; words < 10_000; section++) {
    parts.push(`## Section ${section}`)
    for (let p = 0; p < 4 && words < 10_000; p++) {
      const sentence = Array.from(
        { length: 60 },
        (_, i) => WORDS[(i + p + section) % WORDS.length],
      ).join(' ')
      parts.push(
        `${sentence}, avec **un passage en gras** et [un lien](https://example.com/${section}).`,
      )
      words += 66
    }
    if (block < 50) {
      block++
      parts.push(
        [
          '```ts',
          `export async function etape${block}(items: readonly string[]): Promise<number> {`,
          `  const seen = new Map<string, number>()`,
          `  for (const item of items) seen.set(item, (seen.get(item) ?? 0) + ${block})`,
          `  return [...seen.values()].reduce((a, b) => a + b, 0) // bloc ${block}`,
          '}',
          '```',
        ].join('\n'),
      )
    }
  }
  while (block < 50) {
    block++
    parts.push(`\`\`\`js\nconsole.log(${block})\n\`\`\``)
  }
  return parts.join('\n\n')
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

async function time(runs: number, fn: (i: number) => Promise<unknown>): Promise<number> {
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await fn(i)
    samples.push(performance.now() - start)
  }
  return median(samples)
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-md-'))
  const handle = openDatabase(path.join(dir, DATABASE_FILE_NAME))
  setDatabase(handle)
  let server: ReturnType<typeof spawn> | undefined
  try {
    await migrateToLatest(handle.db)
    const content = longPost()
    const words = content.split(/\s+/).length
    console.log(
      `Article : ~${words} mots, ${(content.match(/```[a-z]+/g) ?? []).length} blocs de code, ${content.length} caractères`,
    )

    // Warm the highlighter (loaded once per process: grammars and themes).
    const warm = performance.now()
    await renderMarkdownUncached('```ts\nconst a = 1\n```')
    console.log(
      `Chargement du surligneur (une fois par processus) : ${fmt(performance.now() - warm)}`,
    )

    const render = await time(RUNS, () => renderMarkdownUncached(content))
    const post = await createBlogPost(makeBlogPost({ content, slug: 'article-long' }))
    const short = await createBlogPost(
      makeBlogPost({ content: 'Un court article.', slug: 'article-court' }),
    )
    // Each save changes the text, so no memo helps: the real cost of an admin save.
    const save = await time(RUNS, (i) =>
      updateBlogPost(post.id, { content: `${content}\n\nRévision ${i}.` }),
    )

    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    server = spawn(process.execPath, ['server/index.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        PUBLIC_URL: url,
        DEMO_CONTENT: 'false',
        LOG_LEVEL: 'warn',
        BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
        // The page cache (when the perf branch adds one) must not answer for the renderer.
        PAGE_CACHE: 'false',
      },
      stdio: 'ignore',
    })
    const deadline = Date.now() + 20_000
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${url}/healthz`)).ok) break
      } catch {}
      await new Promise((r) => setTimeout(r, 100))
    }
    const get = async (slug: string) => {
      const res = await fetch(`${url}/blog/${slug}`)
      if (res.status !== 200) throw new Error(`GET /blog/${slug} → ${res.status}`)
      await res.text()
    }
    await get(post.slug)
    await get(short.slug)
    const longPage = await time(RUNS, () => get(post.slug))
    const shortPage = await time(RUNS, () => get(short.slug))

    console.log(`Rendu Markdown + surlignage (sans mémo), médiane : ${fmt(render)}`)
    console.log(
      `Enregistrement admin (validation, rendu, écriture, révision), médiane : ${fmt(save)}  ${save < TARGET_MS ? 'OK' : 'AU-DESSUS'} (objectif < ${TARGET_MS} ms)`,
    )
    console.log(
      `Page /blog/article-long (sans cache de page), médiane : ${fmt(longPage)}  ${longPage < TARGET_MS ? 'OK' : 'AU-DESSUS'} (objectif < ${TARGET_MS} ms)`,
    )
    console.log(
      `Page /blog/article-court (référence), médiane : ${fmt(shortPage)} ; rapport long/court : ${(longPage / shortPage).toFixed(2)}`,
    )
    console.log(
      `Rapport page longue / rendu Markdown : ${(longPage / render).toFixed(2)} (< 1 : la page ne refait pas le surlignage)`,
    )
  } finally {
    server?.kill('SIGTERM')
    setDatabase(undefined)
    await handle.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
