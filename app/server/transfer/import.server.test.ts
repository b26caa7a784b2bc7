// Imports against a real temporary database, real files and a real local HTTP server for the
// attachments (ADR 066): one test per source format, idempotence, slug collisions, hostile
// HTML, refusals that change nothing, one bad item failing alone, and the former addresses.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, cpSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { cacheSizes } from '#app/server/cache/caches.server.ts'
import { renderMarkdown } from '#app/server/content/markdown.server.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { addToLibrary } from '#app/server/media/library.server.ts'
import { LocalDiskStorage } from '#app/server/media/storage.server.ts'
import { createBlogPost } from '#app/server/repositories/blog.server.ts'
import { onPostgres, useTestDatabase } from '../../../tests/fixtures/db.ts'
import { zipOf } from '../../../tests/fixtures/zip.ts'
import { importFile, ImportRefused, IMPORT_REFUSALS } from './import.server.ts'
import type { ImportOptions } from './pipeline.server.ts'
import { importedRedirect } from './redirects.server.ts'
import { formatReport, type ImportReportData } from './report.server.ts'
import { WXR_REFUSALS } from './wordpress.server.ts'
import { GHOST_REFUSALS } from './ghost.server.ts'

const FIXTURES = path.resolve('tests/fixtures/import')

useTestDatabase()

let server: http.Server
let base: string
let work: string
let storage: LocalDiskStorage
let options: ImportOptions
const requests: string[] = []
let jpeg: Buffer

beforeAll(async () => {
  jpeg = await sharp({ create: { width: 580, height: 300, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer()
  const png = await sharp({ create: { width: 64, height: 48, channels: 4, background: '#36c' } })
    .png()
    .toBuffer()
  server = http.createServer((req, res) => {
    requests.push(req.url ?? '')
    const body =
      req.url === '/image-alignment-580x300.jpg'
        ? jpeg
        : req.url === '/ghost-cover.png' || req.url === '/ghost-figure.png'
          ? png
          : undefined
    if (!body) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'vitrine-import-'))
  storage = new LocalDiskStorage(path.join(work, 'media'))
  options = { storage, addressAllowed: (address) => address === '127.0.0.1' }
  requests.length = 0
  return () => rmSync(work, { recursive: true, force: true })
})

/** A fixture with its placeholders pointing at the local server, written to the work folder. */
function fixture(name: string, replace: Record<string, string> = {}): string {
  let text = readFileSync(path.join(FIXTURES, name), 'utf8')
  for (const [from, to] of Object.entries({ ATTACHMENT_BASE: base, IMAGE_BASE: base, ...replace }))
    text = text.replaceAll(from, to)
  const file = path.join(work, name)
  writeFileSync(file, text)
  return file
}

async function posts() {
  return getDb().selectFrom('blog_posts').selectAll().orderBy('slug').execute()
}

const counts = (report: ImportReportData, kind: keyof ImportReportData['counts']) =>
  report.counts[kind] ?? {}

describe('WordPress WXR', { timeout: 60_000 }, () => {
  it('imports posts with their status, dates, slugs, taxonomy, excerpt and images', async () => {
    const report = await importFile(fixture('wordpress-theme-test.xml'), options)
    const rows = await posts()
    const bySlug = new Map(rows.map((row) => [row.slug, row]))
    expect([...bySlug.keys()]).toEqual([
      'brouillon-sans-slug',
      'en-attente',
      'markup-html-tags-and-formatting',
      'password-protected',
      'prive',
      'scheduled',
    ])
    // The pages are pages (ADR 090): « À propos » at its old address; the former legal page a
    // draft to copy from, off the site's own legal address.
    const pages = await getDb()
      .selectFrom('pages')
      .select(['slug', 'title', 'status'])
      .orderBy('slug')
      .execute()
    expect(pages).toEqual([
      { slug: 'a-propos', title: 'À propos', status: 'published' },
      { slug: 'mentions-legales-page', title: 'Mentions légales', status: 'draft' },
    ])
    const markup = bySlug.get('markup-html-tags-and-formatting')!
    expect(markup).toMatchObject({
      status: 'published',
      publishedAt: '2013-01-11T20:22:19.000Z',
      category: 'Design',
      excerpt: 'Les balises HTML courantes, mises en forme.',
      author: JSON.stringify({ name: 'Camille', avatar: '' }),
    })
    expect(JSON.parse(markup.tags)).toEqual(['HTML', 'mise en forme'])
    // Converted to Markdown, rendered by the editor's pipeline.
    expect(markup.content).toContain('## Header two')
    expect(markup.content).toContain('[lien](https://wordpress.org/)')
    expect(markup.content).toContain('| Colonne | Valeur |')
    expect(markup.contentHtml).toContain('<blockquote>')
    expect(markup.contentHtml).toContain('<table>')
    // [caption] → image + caption; the attachment is now in the library.
    expect(markup.content).toMatch(/!\[Image Alignment 580x300\]\(\/media\/[0-9a-f]{32}[^)]*\)/)
    expect(markup.content).toContain('*Légende de l’image alignée.*')
    expect(markup.thumbnail).toMatch(/^\/media\/[0-9a-f]{32}/)
    // [embed] → a link.
    expect(markup.content).toContain('https://www.youtube.com/watch?v=dQw4w9WgXcQ')
    // No shortcode is ever shown raw.
    expect(markup.content).not.toMatch(/\[(gallery|caption|contact-form-7|embed)/)

    expect(bySlug.get('scheduled')).toMatchObject({
      status: 'scheduled',
      publishedAt: '2050-01-01T09:00:00.000Z',
    })
    expect(bySlug.get('brouillon-sans-slug')!.status).toBe('draft')
    expect(bySlug.get('en-attente')!.status).toBe('draft')
    expect(bySlug.get('prive')!.status).toBe('draft')
    expect(bySlug.get('password-protected')!.status).toBe('draft')

    expect(counts(report, 'post')).toEqual({ created: 6 })
    expect(counts(report, 'page')).toEqual({ created: 2 })
    expect(counts(report, 'menu')).toEqual({ skipped: 1 })
    expect(counts(report, 'comment')).toEqual({ skipped: 2 })
    // Each distinct URL once: the post's image is also the attachment and the thumbnail.
    expect(counts(report, 'media')).toEqual({ created: 1, failed: 1 })
    expect(report.unreachableMedia).toEqual([
      { url: `${base}/missing.jpg`, reason: expect.any(String) },
    ])
    expect(report.notes).toEqual(
      expect.arrayContaining([
        'Article « Protected: Post Format Test » : protégé par un mot de passe, importé en brouillon',
        'Article « Privé » : privé, importé en brouillon',
        'Page « Mentions légales » : page de mentions légales (son texte peut être repris dans Paramètres › Pages légales), importée en brouillon',
        'Page « Mentions légales » : l’adresse « /mentions-legales » est déjà prise (par le site ou une autre page), la page devient « /mentions-legales-page »',
        'Article « Markup: HTML Tags and Formatting » : code court [contact-form-7] retiré (le texte qu’il entourait est gardé)',
        'Article « Markup: HTML Tags and Formatting » : galerie importée (1 image, dans la médiathèque)',
      ]),
    )
    const text = formatReport(report)
    expect(text).toContain('Articles : 6 créés (1 publié, 4 brouillons, 1 programmé)')
    expect(text).toContain('Pages : 2 créées')
    expect(text).toContain('Vérifiez les pages importées dans Admin › Pages')
    expect(text).toContain('Commentaires : 2 ignorés')
    expect(text).toContain('Médias non récupérés (l’adresse d’origine est conservée) :')
    // The image was fetched once, though named by the post, its caption and the attachment.
    expect(requests.filter((r) => r === '/image-alignment-580x300.jpg')).toHaveLength(1)
    const media = await getDb().selectFrom('media').selectAll().execute()
    expect(media).toHaveLength(1)
    expect(await storage.stat(media[0]!.storageKey)).toBeDefined()
  })

  it('renders nothing on the main thread, even a body whose images moved (ADR 117)', async () => {
    await importFile(fixture('wordpress-theme-test.xml'), options)
    const rendered = () => cacheSizes().find((cache) => cache.name === 'rendered-markdown')?.size
    // Every render of this thread goes through this cache: none happened during the import.
    expect(rendered()).toBe(0)
    const rows = await posts()
    expect(rows.some((row) => row.content.includes('/media/'))).toBe(true)
    // The workers' HTML is the editor's, byte for byte.
    for (const row of rows) expect(row.contentHtml).toBe((await renderMarkdown(row.content)).html)
    expect(rendered()).toBeGreaterThan(0)
  })

  it('answers the former permalink with the new address, never for other paths', async () => {
    await importFile(fixture('wordpress-theme-test.xml'), options)
    expect(await importedRedirect('/2013/01/11/markup-html-tags-and-formatting/')).toBe(
      '/blog/markup-html-tags-and-formatting',
    )
    expect(await importedRedirect('/2013/01/11/markup-html-tags-and-formatting')).toBe(
      '/blog/markup-html-tags-and-formatting',
    )
    expect(await importedRedirect('/2013/01/11/autre/')).toBeUndefined()
    expect(await importedRedirect('/')).toBeUndefined()
    // A draft from a '?p=419' link has no former path.
    const sources = await getDb().selectFrom('import_source').select('oldPath').execute()
    expect(sources.map((s) => s.oldPath)).not.toContain('')
  })

  it('never fetches from a private address under the default policy (ADR 053): URL kept, reported', async () => {
    const report = await importFile(fixture('wordpress-theme-test.xml'), { storage })
    expect(requests).toEqual([])
    expect(report.unreachableMedia).toContainEqual({
      url: `${base}/image-alignment-580x300.jpg`,
      reason: 'adresse non publique refusée',
    })
    const markup = (await posts()).find((p) => p.slug === 'markup-html-tags-and-formatting')!
    expect(markup.content).toContain(`(${base}/image-alignment-580x300.jpg)`)
    expect(markup.thumbnail).toBe('/images/og-image.webp')
  })

  it('imports nothing new the second time: everything is already present', async () => {
    const file = fixture('wordpress-theme-test.xml')
    await importFile(file, options)
    const before = await posts()
    const again = await importFile(file, options)
    expect(counts(again, 'post')).toEqual({ present: 6 })
    expect(counts(again, 'page')).toEqual({ present: 2 })
    expect(counts(again, 'media')).toEqual({ present: 1, failed: 1 })
    expect(await posts()).toEqual(before)
    expect(await getDb().selectFrom('media').selectAll().execute()).toHaveLength(1)
    expect(formatReport(again)).toContain('Articles : 6 déjà présents')
    expect(formatReport(again)).toContain('Pages : 2 déjà présentes')
  })

  it('reuses the library entry of an image uploaded before, by its bytes (ADR 093)', async () => {
    const { item } = await addToLibrary(
      (async function* () {
        yield jpeg
      })(),
      { storage, limitsMb: { image: 5, video: 5, document: 5 }, fileName: 'alignement.jpg' },
    )
    const report = await importFile(fixture('wordpress-theme-test.xml'), options)
    expect(counts(report, 'media')).toEqual({ present: 1, failed: 1 })
    const media = await getDb().selectFrom('media').select(['id', 'title']).execute()
    expect(media).toEqual([{ id: item.id, title: 'alignement' }])
    const markup = (await posts()).find((p) => p.slug === 'markup-html-tags-and-formatting')!
    expect(markup.thumbnail).toBe(item.url)
  })

  it('gives a colliding slug a suffix and says so', async () => {
    await createBlogPost({
      title: 'Un autre article',
      slug: 'scheduled',
      excerpt: 'x',
      content: 'Déjà là.',
      thumbnail: '/images/og-image.webp',
      category: 'Divers',
    })
    const report = await importFile(fixture('wordpress-theme-test.xml'), options)
    const imported = await getDb()
      .selectFrom('blog_posts')
      .select(['slug', 'title'])
      .where('title', '=', 'Scheduled')
      .executeTakeFirstOrThrow()
    expect(imported.slug).toBe('scheduled-2')
    expect(report.notes).toContain(
      'Article « Scheduled » : le slug « scheduled » est déjà pris, l’article devient « scheduled-2 »',
    )
  })

  it('keeps hostile HTML inert', async () => {
    const file = path.join(work, 'hostile.xml')
    writeFileSync(
      file,
      wxr([
        post(
          1,
          'Hostile',
          `<p>Bonjour<script>alert(1)</script></p><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">clic</a><p onclick="alert(4)">p</p><iframe src="https://evil.example"></iframe><svg onload="alert(5)"></svg>`,
        ),
      ]),
    )
    const report = await importFile(file, { ...options, fetchMedia: false })
    expect(counts(report, 'post')).toEqual({ created: 1 })
    const [row] = await posts()
    expect(row!.content).not.toContain('alert(1)')
    for (const needle of [
      '<script',
      'onerror',
      'javascript:',
      'onclick',
      '<iframe',
      'onload',
      '<svg',
    ])
      expect(row!.contentHtml!.toLowerCase()).not.toContain(needle)
    expect(row!.contentHtml).toContain('clic')
  })

  it('refuses a truncated file in French and changes nothing', async () => {
    const full = readFileSync(fixture('wordpress-theme-test.xml'), 'utf8')
    const file = path.join(work, 'truncated.xml')
    writeFileSync(file, full.slice(0, Math.floor(full.length * 0.8)))
    await expect(importFile(file, options)).rejects.toThrow(new ImportRefused(WXR_REFUSALS.notXml))
    expect(await posts()).toEqual([])
    expect(await getDb().selectFrom('media').selectAll().execute()).toEqual([])
    expect(requests).toEqual([])
  })

  it('refuses XML that is not WXR, JSON that is not Ghost, and anything else', async () => {
    const html = path.join(work, 'page.xml')
    writeFileSync(html, '<html><body><p>Bonjour</p></body></html>')
    await expect(importFile(html, options)).rejects.toThrow(WXR_REFUSALS.notWxr)
    const broken = path.join(work, 'broken.json')
    writeFileSync(broken, '{"db": [')
    await expect(importFile(broken, options)).rejects.toThrow(GHOST_REFUSALS.notJson)
    const other = path.join(work, 'other.json')
    writeFileSync(other, '{"hello": "world"}')
    await expect(importFile(other, options)).rejects.toThrow(GHOST_REFUSALS.notGhost)
    const binary = path.join(work, 'file.bin')
    writeFileSync(binary, Buffer.from([0, 1, 2, 3, 4]))
    await expect(importFile(binary, options)).rejects.toThrow(IMPORT_REFUSALS.unknown)
    const empty = path.join(work, 'empty.xml')
    writeFileSync(empty, '')
    await expect(importFile(empty, options)).rejects.toThrow(IMPORT_REFUSALS.empty)
    expect(await posts()).toEqual([])
  })

  it('lets one bad item fail alone', async () => {
    const file = path.join(work, 'one-bad.xml')
    writeFileSync(
      file,
      wxr([
        post(1, 'Premier', '<p>Un.</p>'),
        post(2, 'Vide', '   '),
        post(3, 'T'.repeat(50) + ' trop long', `<p>${'mot '.repeat(30_000)}</p>`),
        post(4, 'Dernier', '<p>Quatre.</p>'),
      ]),
    )
    const report = await importFile(file, options)
    // An empty body is valid (ADR 088): only the post too long fails.
    expect(counts(report, 'post')).toEqual({ created: 3, failed: 1 })
    expect(report.failures).toEqual([
      {
        item: expect.stringContaining('trop long'),
        reason: expect.stringContaining('contenu trop long'),
      },
    ])
    expect((await posts()).map((p) => p.title)).toEqual(['Premier', 'Vide', 'Dernier'])
  })

  it('lets one item fail at the database in the middle of a batch: the others land', async () => {
    // The database refuses one post's row (as a full disk or a constraint would): its
    // savepoint is rolled back, the batch's other posts are written (ADR 102).
    const refuse = onPostgres
      ? [
          sql`create function refuse_post() returns trigger as $$ begin if new.title = 'Refusé' then raise exception 'refusé'; end if; return new; end $$ language plpgsql`,
          sql`create trigger refuse_post before insert on blog_posts for each row execute function refuse_post()`,
        ]
      : [
          sql`create trigger refuse_post before insert on blog_posts when new.title = 'Refusé' begin select raise(abort, 'refusé'); end`,
        ]
    for (const statement of refuse) await statement.execute(getDb())
    const file = path.join(work, 'refused.xml')
    writeFileSync(
      file,
      wxr([
        post(1, 'Premier', '<p>Un.</p>'),
        post(2, 'Deuxième', '<p>Deux.</p>'),
        post(3, 'Refusé', '<p>Trois.</p>'),
        post(4, 'Quatrième', '<p>Quatre.</p>'),
        post(5, 'Dernier', '<p>Cinq.</p>'),
      ]),
    )
    try {
      const report = await importFile(file, options)
      expect(counts(report, 'post')).toEqual({ created: 4, failed: 1 })
      expect(report.failures).toEqual([
        {
          item: 'Article « Refusé »',
          reason: 'erreur inattendue (voir le journal du serveur)',
        },
      ])
      expect((await posts()).map((p) => p.title)).toEqual([
        'Premier',
        'Deuxième',
        'Quatrième',
        'Dernier',
      ])
      // Nothing of the refused post stays: no revision, no source row.
      const sources = await getDb()
        .selectFrom('import_source')
        .select('sourceKey')
        .where('kind', '=', 'post')
        .execute()
      expect(sources.map((row) => row.sourceKey).sort()).toEqual(
        [1, 2, 4, 5].map((id) => `wordpress:post:${id}`),
      )
      const revisions = await getDb().selectFrom('blog_revisions').select('title').execute()
      expect(revisions.map((row) => row.title).sort()).toEqual(
        ['Deuxième', 'Dernier', 'Premier', 'Quatrième'].sort(),
      )
    } finally {
      await sql`drop trigger refuse_post${onPostgres ? sql` on blog_posts` : sql``}`.execute(
        getDb(),
      )
      if (onPostgres) await sql`drop function refuse_post()`.execute(getDb())
    }
  })
})

function post(id: number, title: string, html: string): string {
  return `<item><title><![CDATA[${title}]]></title><link>https://old.example/${id}/</link>
<content:encoded><![CDATA[${html}]]></content:encoded><wp:post_id>${id}</wp:post_id>
<wp:post_date_gmt>2020-01-0${id} 10:00:00</wp:post_date_gmt><wp:post_name>p-${id}</wp:post_name>
<wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>`
}

function wxr(items: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/">
<channel><title>t</title><wp:wxr_version>1.2</wp:wxr_version>${items.join('\n')}</channel></rss>`
}

describe('Ghost JSON', { timeout: 60_000 }, () => {
  it('imports Lexical and HTML posts with tags, feature image and former addresses', async () => {
    const report = await importFile(fixture('ghost-export.json'), options)
    const bySlug = new Map((await posts()).map((row) => [row.slug, row]))
    expect([...bySlug.keys()]).toEqual(['bienvenue', 'notes-de-terrain', 'reserve'])
    const welcome = bySlug.get('bienvenue')!
    expect(welcome).toMatchObject({
      status: 'published',
      publishedAt: '2025-05-02T09:30:00.000Z',
      excerpt: 'Un premier article venu de Ghost.',
      category: 'Voyage',
    })
    expect(JSON.parse(welcome.tags)).toEqual(['Voyage', 'Photo'])
    expect(welcome.content).toContain('**Lexical**')
    expect(welcome.content).toContain('## Une section')
    expect(welcome.content).toContain("```js\nconsole.log('bonjour')\n```")
    expect(welcome.content).toMatch(/!\[Figure\]\(\/media\//)
    expect(welcome.thumbnail).toMatch(/^\/media\//)
    expect(bySlug.get('notes-de-terrain')!.status).toBe('draft')
    expect(bySlug.get('reserve')!.status).toBe('draft')
    // The page is a page at its old address (ADR 090).
    expect(await getDb().selectFrom('pages').select(['slug', 'title', 'status']).execute()).toEqual(
      [{ slug: 'a-propos', title: 'À propos', status: 'published' }],
    )
    expect(counts(report, 'page')).toEqual({ created: 1 })
    expect(await importedRedirect('/a-propos/')).toBeUndefined()
    expect(report.unreachableMedia.map((m) => m.url)).toEqual([
      '__GHOST_URL__/content/images/2025/05/photo.jpg',
    ])
    expect(await importedRedirect('/bienvenue/')).toBe('/blog/bienvenue')
    const again = await importFile(fixture('ghost-export.json'), options)
    expect(counts(again, 'post')).toEqual({ present: 3 })
    expect(counts(again, 'page')).toEqual({ present: 1 })
  })
})

function mediumHtml(title: string, body: string, canonical: string, date: string) {
  return `<!DOCTYPE html><html><head><title>${title}</title></head><body><article class="h-entry">
<header><h1 class="p-name">${title}</h1></header>
<section data-field="subtitle" class="p-summary">Le sous-titre de ${title}</section>
<section data-field="body" class="e-content"><section class="section"><div><h3 class="graf graf--h3 graf--title">${title}</h3><p class="graf graf--p">${body}</p></div></section></section>
<footer><p>By <a href="https://medium.com/@camille" class="p-author h-card">Camille</a> on <a href="${canonical}"><time class="dt-published" datetime="${date}">date</time></a>.</p><p><a href="${canonical}" class="p-canonical">Canonical link</a></p></footer></article></body></html>`
}

describe('Medium zip', { timeout: 60_000 }, () => {
  it('imports published posts and drafts from posts/*.html', async () => {
    const file = await zipOf(path.join(work, 'medium.zip'), {
      'README.html': '<p>Medium export</p>',
      'posts/2024-03-01_Premier-texte-1a2b3c4d5e6f.html': mediumHtml(
        'Premier texte',
        'Un texte <strong>publié</strong> sur Medium.<script>alert(1)</script>',
        'https://medium.com/@camille/premier-texte-1a2b3c4d5e6f',
        '2024-03-01T12:00:00.000Z',
      ),
      'posts/draft_Un-brouillon-abcdef123456.html': mediumHtml(
        'Un brouillon',
        'Pas encore prêt.',
        'https://medium.com/p/abcdef123456',
        '2024-04-01T12:00:00.000Z',
      ),
    })
    const report = await importFile(file, options)
    expect(counts(report, 'post')).toEqual({ created: 2 })
    const [first, draft] = await posts()
    expect(first).toMatchObject({
      slug: 'premier-texte',
      title: 'Premier texte',
      status: 'published',
      publishedAt: '2024-03-01T12:00:00.000Z',
      excerpt: 'Le sous-titre de Premier texte',
    })
    expect(first!.content).toBe('Un texte **publié** sur Medium.')
    expect(draft).toMatchObject({ title: 'Un brouillon', status: 'draft' })
    expect(counts(await importFile(file, options), 'post')).toEqual({ present: 2 })
  })
})

describe('Markdown files', { timeout: 60_000 }, () => {
  it('imports a folder with front matter and its local images', async () => {
    const dir = path.join(work, 'site')
    cpSync(path.join(FIXTURES, 'markdown'), dir, { recursive: true })
    const report = await importFile(dir, options)
    expect(counts(report, 'post')).toEqual({ created: 2 })
    expect(counts(report, 'media')).toEqual({ created: 1 })
    const [log, ideas] = await posts()
    expect(log).toMatchObject({
      slug: 'carnet-de-bord',
      title: 'Carnet de bord',
      status: 'published',
      publishedAt: '2024-02-10T09:00:00.000Z',
      category: 'Récits',
      excerpt: 'Un récit écrit en Markdown, venu d’un générateur de site statique.',
    })
    expect(JSON.parse(log!.tags)).toEqual(['voyage', 'carnet'])
    expect(log!.content).toMatch(/!\[Un point\]\(\/media\/[0-9a-f]{32}/)
    expect(log!.thumbnail).toMatch(/^\/media\//)
    expect(ideas).toMatchObject({ slug: 'idees-en-vrac', status: 'draft' })
    expect(JSON.parse(ideas!.tags)).toEqual(['notes', 'idées'])
    expect(await importedRedirect('/2024/02/carnet-de-bord/')).toBe('/blog/carnet-de-bord')
  })

  it('imports the same files from a zip, and a lone file', async () => {
    const folder = path.join(FIXTURES, 'markdown')
    const file = await zipOf(path.join(work, 'notes.zip'), {
      'blog/2024-02-10-carnet-de-bord.md': readFileSync(
        path.join(folder, '2024-02-10-carnet-de-bord.md'),
      ),
      'blog/images/point.png': readFileSync(path.join(folder, 'images/point.png')),
    })
    const report = await importFile(file, options)
    expect(counts(report, 'post')).toEqual({ created: 1 })
    expect(counts(report, 'media')).toEqual({ created: 1 })
    const lone = path.join(work, 'brouillon.md')
    cpSync(path.join(folder, 'brouillon.md'), lone)
    expect(counts(await importFile(lone, options), 'post')).toEqual({ created: 1 })
    expect((await posts()).map((p) => p.slug)).toEqual(['carnet-de-bord', 'idees-en-vrac'])
  })
})
