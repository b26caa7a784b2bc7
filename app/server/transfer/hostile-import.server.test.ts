// Hostile imports (ADR 083): files built to freeze the parser or exhaust its memory, a
// Vitrine archive that tries to redirect the owner's mail or to slip in odd revisions, and a
// Markdown folder whose links point out of it. Each is read in the import worker against a
// real temporary database; the tests check what lands and what the report says.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { beforeEach, describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db/client.server.ts'
import { LocalDiskStorage } from '#app/server/media/storage.server.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { exportArchive, exportedPost, zipOf } from '../../../tests/fixtures/zip.ts'
import { importFile } from './import.server.ts'
import { LINK_TEXTS } from './markdown-files.server.ts'
import type { ImportOptions } from './pipeline.server.ts'
import { MAX_SOURCE_HTML, SOURCE_TEXTS } from './source.server.ts'
import { VITRINE_NOTES } from './vitrine.server.ts'

useTestDatabase()

let work: string
let storage: LocalDiskStorage
let options: ImportOptions

beforeEach(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'vitrine-hostile-import-'))
  storage = new LocalDiskStorage(path.join(work, 'media'))
  options = { storage, fetchMedia: false }
  return () => rmSync(work, { recursive: true, force: true })
})

const titles = async () =>
  (await getDb().selectFrom('blog_posts').select('title').orderBy('title').execute()).map(
    (p) => p.title,
  )

function wxr(items: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Hostile</title>${items}</channel></rss>`
}

const wxrPost = (id: number, title: string, content: string) =>
  `<item><title>${title}</title><content:encoded><![CDATA[${content}]]></content:encoded><wp:post_id>${id}</wp:post_id><wp:post_name>p-${id}</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>`

describe('hostile sources', { timeout: 60_000 }, () => {
  it('reads a Medium post of 100,000 unclosed <h1 and keeps the others', async () => {
    const post = (title: string, body: string) =>
      `<html><head><title>${title}</title></head><body><h1 class="p-name">${title}</h1><section data-field="body">${body}</section></body></html>`
    const file = await zipOf(path.join(work, 'medium.zip'), {
      'posts/2024-01-01_hostile.html': '<h1'.repeat(100_000),
      'posts/2024-01-02_nested.html': post('Imbriqué', '<div>'.repeat(100_000) + 'fond'),
      'posts/2024-01-03_normal.html': post('Normal', '<p>Un texte.</p>'),
    })
    const report = await importFile(file, options)
    expect(report.counts.post).toEqual({ created: 2, failed: 1 })
    expect(report.failures).toEqual([
      { item: expect.stringContaining('Article'), reason: 'article sans titre ni contenu' },
    ])
    expect(await titles()).toEqual(['Imbriqué', 'Normal'])
  })

  it('stops reading a 60 MB WXR body at its cap: that post fails, the next comes in', async () => {
    const file = path.join(work, 'huge.xml')
    const huge = 'A'.repeat(60 * 1024 * 1024)
    writeFileSync(file, wxr(wxrPost(1, 'Énorme', huge) + wxrPost(2, 'Petit', '<p>Court.</p>')))
    const before = process.memoryUsage().rss
    const report = await importFile(file, options)
    expect(report.counts.post).toEqual({ created: 1, failed: 1 })
    expect(report.failures).toEqual([
      { item: 'Article « Énorme »', reason: SOURCE_TEXTS.tooLong(MAX_SOURCE_HTML) },
    ])
    expect(await titles()).toEqual(['Petit'])
    // The body never reached this thread.
    expect(process.memoryUsage().rss - before).toBeLessThan(300 * 1024 * 1024)
  })

  it('reports a Ghost post nested 20,000 levels deep, imports the rest, never throws', async () => {
    // Written as text: a value this deep is past what JSON.stringify itself can walk.
    const link = '{"type":"link","url":"https://example.com","children":['
    const node = `${link.repeat(20_000)}{"type":"text","text":"fond"}${']}'.repeat(20_000)}`
    const lexical = `{"root":{"children":[{"type":"paragraph","children":[${node}]}]}}`
    const deepPost = `${'['.repeat(20_000)}"x"${']'.repeat(20_000)}`
    const file = path.join(work, 'ghost.json')
    const posts = [
      JSON.stringify({ id: '1', title: 'Profond', slug: 'profond', lexical, status: 'published' }),
      deepPost,
      JSON.stringify({
        id: '2',
        title: 'Plat',
        slug: 'plat',
        html: '<p>Texte</p>',
        status: 'published',
      }),
    ]
    writeFileSync(file, `{"db":[{"data":{"posts":[${posts.join(',')}]}}]}`)
    const report = await importFile(file, options)
    expect(report.counts.post).toEqual({ created: 1, failed: 2 })
    expect(report.failures).toEqual([
      { item: 'Article « Profond »', reason: SOURCE_TEXTS.tooDeep },
      { item: 'Article sans données', reason: 'élément illisible' },
    ])
    expect(await titles()).toEqual(['Plat'])
  })
})

describe('hostile Vitrine archive', { timeout: 60_000 }, () => {
  it('never imports where mail goes, and refuses revisions without a post, language or sane date', async () => {
    const now = new Date().toISOString()
    const revision = (id: string, over: Record<string, unknown>) => ({
      id,
      postId: 'b1',
      title: 'Titre',
      excerpt: '',
      content: 'Texte',
      authorId: 'x',
      authorName: 'X',
      createdAt: now,
      locale: 'fr',
      ...over,
    })
    const tables = {
      settings: [
        {
          id: 'mail',
          data: JSON.stringify({ alertEmail: 'attacker@example.net' }),
          updatedAt: now,
        },
      ],
      blog_posts: [exportedPost({ id: 'b1' }, now)],
      blog_revisions: [
        revision('r1', {}),
        revision('r2', { postId: 'nowhere' }),
        revision('r3', { locale: 'xx' }),
        revision('r4', { createdAt: '2099-01-01T00:00:00.000Z' }),
        revision('r5', { createdAt: 'hier' }),
      ],
    }
    const file = await exportArchive(path.join(work, 'vitrine.zip'), tables)
    const report = await importFile(file, options)
    expect(report.notes).toContain(VITRINE_NOTES.mail)
    expect(
      await getDb().selectFrom('settings').select('id').where('id', '=', 'mail').execute(),
    ).toEqual([])
    expect(report.failures).toEqual([
      { item: 'Révision « Titre »', reason: 'article absent de ce site et de l’archive' },
      { item: 'Révision « Titre »', reason: 'langue inconnue' },
      { item: 'Révision « Titre »', reason: 'date de la révision dans le futur' },
      { item: 'Révision « Titre »', reason: 'date de la révision invalide' },
    ])
    const revisions = await getDb().selectFrom('blog_revisions').select('id').execute()
    expect(revisions.map((r) => r.id)).toEqual(['r1'])
  })
})

describe('Markdown folder with symbolic links', { timeout: 60_000 }, () => {
  it('never reads a file through a link that leaves the folder', async () => {
    const outside = path.join(work, 'private')
    mkdirSync(outside)
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer()
    writeFileSync(path.join(outside, 'cv.png'), png)
    writeFileSync(path.join(outside, 'secret.md'), '---\ntitle: Secret\n---\nPrivé.')
    const site = path.join(work, 'site')
    mkdirSync(site)
    symlinkSync(outside, path.join(site, 'images'))
    symlinkSync(path.join(outside, 'secret.md'), path.join(site, 'lien.md'))
    writeFileSync(path.join(site, 'post.md'), '---\ntitle: Public\n---\n![cv](images/cv.png)\n')
    const report = await importFile(site, options)
    expect(report.counts.post).toEqual({ created: 1 })
    expect(report.counts.media).toEqual({ failed: 1 })
    expect(report.unreachableMedia).toEqual([{ url: 'images/cv.png', reason: LINK_TEXTS.outside }])
    expect(report.notes).toEqual(
      expect.arrayContaining([LINK_TEXTS.skipped('images'), LINK_TEXTS.skipped('lien.md')]),
    )
    expect(await titles()).toEqual(['Public'])
    expect(await getDb().selectFrom('media').select('id').execute()).toEqual([])
  })
})
