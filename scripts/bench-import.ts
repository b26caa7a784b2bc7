// `npm run bench:import [-- POSTS] [--parse-only]`: writes a WordPress WXR of 5,000 posts
// (default) with categories, tags, comments and a few KB of HTML each, imports it into an
// empty temporary site (SQLite, or DATABASE_URL), and prints the time taken and the peak
// resident memory (ADR 066). Images are not downloaded: this measures the streaming parse,
// the conversion, the Markdown rendering and the writes. `--parse-only` reads the file
// through the streaming parser alone (both passes' cost, no writes): with 110000 posts it
// shows a 200 MB export read within the server's memory flags.
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs'
import { once } from 'node:events'
import os from 'node:os'
import path from 'node:path'
import { closeDatabase, initDatabase } from '#app/server/db/client.server.ts'
import { importFile } from '#app/server/transfer/import.server.ts'
import { readWxr } from '#app/server/transfer/wordpress.server.ts'
import { formatReport } from '#app/server/transfer/report.server.ts'

const args = process.argv.slice(2)
const POSTS = Number(args.find((a) => /^\d+$/.test(a)) ?? 5000)
const PARSE_ONLY = args.includes('--parse-only')

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
  if (PARSE_ONLY) {
    const started = performance.now()
    let items = 0
    await readWxr(file, () => {
      items++
    })
    const seconds = (performance.now() - started) / 1000
    console.log(
      `WXR de ${(size / 1024 / 1024).toFixed(0)} Mo lu en flux en ${seconds.toFixed(1)} s : ${items} éléments, ` +
        `pic de mémoire résidente ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} Mo`,
    )
  } else await importAll(file, size)
} finally {
  await closeDatabase()
  rmSync(dir, { recursive: true, force: true })
}

async function importAll(file: string, size: number): Promise<void> {
  await initDatabase(dir, process.env.DATABASE_URL)
  const rssBefore = process.memoryUsage().rss
  const started = performance.now()
  const cpuBefore = process.cpuUsage()
  const report = await importFile(file, { fetchMedia: false })
  const seconds = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  console.log(formatReport(report).split('\n').slice(0, 4).join('\n'))
  console.log(
    `WXR de ${POSTS} articles (${(size / 1024 / 1024).toFixed(1)} Mo) importé en ${seconds.toFixed(1)} s ` +
      `(${(POSTS / seconds).toFixed(0)} articles/s ; temps processeur ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, ` +
      `charge de la machine ${os.loadavg()[0]!.toFixed(1)} pour ${os.availableParallelism()} cœurs)`,
  )
  console.log(
    `Mémoire résidente : ${(rssBefore / 1024 / 1024).toFixed(0)} Mo avant l’import, pic du processus ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} Mo`,
  )
}
