// The export and its way back (ADR 066): a demo site with uploaded media, a private CV, an
// imported WordPress post and a visitor's message is exported to a zip, imported into an
// empty database, and must show the same public content; nothing private leaves.
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import sharp from 'sharp'
import { beforeEach, describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { getDb, setDatabase } from '#app/server/db/client.server.ts'
import { seedDemoContent } from '#app/server/demo/seed.server.ts'
import { storeUpload } from '#app/server/media/pipeline.server.ts'
import { LocalDiskStorage } from '#app/server/media/storage.server.ts'
import { getBlogPostPage, listAllBlogPosts } from '#app/server/repositories/blog.server.ts'
import { getCv, setCvFile } from '#app/server/repositories/cv.server.ts'
import { createUploadedMedia, listMedia } from '#app/server/repositories/media.server.ts'
import { createMessage } from '#app/server/repositories/messages.server.ts'
import { listProcessSteps } from '#app/server/repositories/process.server.ts'
import { getProfile } from '#app/server/repositories/profile.server.ts'
import { getProjectContentHtml, listProjects } from '#app/server/repositories/projects.server.ts'
import { getSettings } from '#app/server/repositories/settings.server.ts'
import { listSkills } from '#app/server/repositories/skills.server.ts'
import { listTimeline } from '#app/server/repositories/timeline.server.ts'
import {
  englishContentHtml,
  englishSlugOf,
  localizeList,
  saveTranslation,
} from '#app/server/repositories/translations.server.ts'
import { createTestDatabase, useTestDatabase } from '../../../tests/fixtures/db.ts'
import { exportArchive, exportedPost } from '../../../tests/fixtures/zip.ts'
import { loader as notFoundLoader } from '#app/routes/public/not-found.tsx'
import { EXPORT_JSON, exportZip } from './export.server.ts'
import { importFile } from './import.server.ts'
import { splitFrontMatter } from './markdown-files.server.ts'
import { VITRINE_NOTES } from './vitrine.server.ts'
import { openZip } from './zip.server.ts'

const db = useTestDatabase()

let work: string
let media: LocalDiskStorage
let privateFiles: LocalDiskStorage

beforeEach(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'vitrine-export-'))
  media = new LocalDiskStorage(path.join(work, 'a', 'media'))
  privateFiles = new LocalDiskStorage(path.join(work, 'a', 'private'))
  return () => rmSync(work, { recursive: true, force: true })
})

const WXR = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>t</title><item><title>Ancien article</title>
<link>https://old.example/2013/01/11/ancien-article/</link>
<content:encoded><![CDATA[<p>Venu de WordPress.</p>]]></content:encoded>
<wp:post_id>9</wp:post_id><wp:post_date_gmt>2013-01-11 10:00:00</wp:post_date_gmt>
<wp:post_name>ancien-article</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type>
</item></channel></rss>`

/** A plain PNG of that size, stored in `storage` as an upload is. */
async function uploadPng(
  storage: LocalDiskStorage,
  width: number,
  height: number,
  background: string,
) {
  const png = await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()
  return storeUpload(Readable.from([png]), {
    storage,
    limitsMb: { image: 10, video: 10, document: 10 },
  })
}

async function buildSite() {
  const seeded = await seedDemoContent()
  expect(seeded.seeded).toBe(true)
  const stored = await uploadPng(media, 320, 200, '#284')
  await createUploadedMedia(stored, 'atelier.png')
  const cv = await uploadPng(privateFiles, 300, 420, '#fff')
  await setCvFile({ key: cv.storageKey, mime: cv.mime })
  const wxr = path.join(work, 'old.xml')
  await import('node:fs/promises').then((fs) => fs.writeFile(wxr, WXR))
  await importFile(wxr, { fetchMedia: false })
  await createMessage({
    name: 'Une visiteuse',
    email: 'visiteuse@example.com',
    message: 'Bonjour, ceci est un message privé de visiteur.',
  })
}

/** The stored translations, in a stable order. */
async function translationRows() {
  return getDb()
    .selectFrom('translations')
    .selectAll()
    .orderBy('entity')
    .orderBy('entityId')
    .orderBy('locale')
    .execute()
}

/** What the English pages show of the projects and posts (ADR 075). */
async function englishContent() {
  const projects = []
  for (const project of await localizeList('project', await listProjects(), 'en'))
    projects.push({
      id: project.id,
      title: project.title,
      html: await englishContentHtml('project', project.id),
    })
  const posts = []
  for (const post of await listAllBlogPosts())
    posts.push({
      id: post.id,
      french: post.slug,
      english: await englishSlugOf(post.id, post.slug),
      html: await englishContentHtml('post', post.id),
    })
  return { projects, posts: posts.sort((a, b) => a.french.localeCompare(b.french)) }
}

/** What the public pages show, read through the repositories the routes use. */
async function publicContent() {
  const now = new Date()
  const posts = (await listAllBlogPosts()).sort((a, b) => a.slug.localeCompare(b.slug))
  const pages = []
  for (const post of posts) {
    const page = await getBlogPostPage(post.slug, now)
    pages.push(
      page
        ? { slug: post.slug, title: post.title, html: page.html, post: page.post }
        : { slug: post.slug, hidden: post.status },
    )
  }
  const projects = []
  for (const project of await listProjects())
    projects.push({ ...project, html: await getProjectContentHtml(project) })
  return {
    pages,
    projects,
    skills: await listSkills(),
    timeline: await listTimeline(),
    process: await listProcessSteps(),
    profile: await getProfile(),
    settings: await getSettings(),
    cv: await getCv(),
    media: await listMedia(),
  }
}

async function exportTo(file: string) {
  const { stream, summary } = await exportZip({ media, private: privateFiles })
  await pipeline(stream, createWriteStream(file))
  return summary
}

describe('export', { timeout: 90_000 }, () => {
  it('writes the tables, Markdown with front matter, media and the private CV — nothing private', async () => {
    await buildSite()
    const file = path.join(work, 'export.zip')
    const summary = await exportTo(file)
    expect(summary.missing).toEqual([])
    const zip = await openZip(file)
    try {
      const names = zip.entries.map((e) => e.fileName)
      const json = JSON.parse(await zip.text(zip.entries.find((e) => e.fileName === EXPORT_JSON)!))
      expect(json).toMatchObject({ format: 'vitrine-export', version: 1 })
      expect(Object.keys(json.tables).sort()).toEqual([
        'blog_posts',
        'blog_revisions',
        'creative_process',
        'cv',
        'import_source',
        'media',
        'page_revisions',
        'pages',
        'profile',
        'projects',
        'settings',
        'skills',
        'timeline',
        'translations',
      ])
      const text = JSON.stringify(json)
      expect(text).not.toContain('visiteuse@example.com')
      expect(text).not.toMatch(/"(password|secret|token|codeHash)"/i)
      const posts = names.filter((n) => n.startsWith('posts/'))
      expect(posts).toHaveLength(json.tables.blog_posts.length)
      const old = splitFrontMatter(
        await zip.text(zip.entries.find((e) => e.fileName === 'posts/ancien-article.md')!),
      )
      expect(old.data).toMatchObject({
        title: 'Ancien article',
        slug: 'ancien-article',
        status: 'published',
      })
      expect(old.body.trim()).toBe('Venu de WordPress.')
      expect(names.filter((n) => n.startsWith('projects/'))).toHaveLength(
        json.tables.projects.length,
      )
      const project = await zip.text(zip.entries.find((e) => e.fileName.startsWith('projects/'))!)
      expect(parseYaml(project.split('---')[1]!)).toHaveProperty('title')
      const stored = json.tables.media.find((m: { storageKey: string }) => m.storageKey !== '')
      expect(names).toContain(`media/${stored.storageKey}`)
      expect(names.filter((n) => n.startsWith('private/'))).toHaveLength(1)
    } finally {
      zip.close()
    }
  })

  it('imported into an empty site gives the same public content, and again changes nothing', async () => {
    await buildSite()
    // A post whose English slug differs from its French one, beside the demo's translated
    // projects and posts and its French-only post.
    const [translated] = (await listAllBlogPosts()).filter((p) => p.status === 'published')
    await saveTranslation('post', translated!.id, 'en', {
      slug: 'An English Address',
      title: 'An English title',
      content: 'English **body**.',
    })
    const before = await publicContent()
    const beforeEnglish = await englishContent()
    const beforeRows = await translationRows()
    expect(beforeEnglish.projects.length).toBeGreaterThan(0)
    expect(beforeEnglish.posts.find((p) => p.id === translated!.id)).toMatchObject({
      english: 'an-english-address',
      html: expect.stringContaining('<strong>body</strong>'),
    })
    // The demo keeps one post French only: it stays so.
    const frenchOnly = beforeEnglish.posts.filter((p) => p.english === null)
    expect(frenchOnly).toHaveLength(1)
    const file = path.join(work, 'export.zip')
    await exportTo(file)

    const first = db.current
    const empty = await createTestDatabase()
    setDatabase(empty)
    try {
      const target = {
        storage: new LocalDiskStorage(path.join(work, 'b', 'media')),
        privateStorage: new LocalDiskStorage(path.join(work, 'b', 'private')),
      }
      const report = await importFile(file, target)
      expect(report.failures).toEqual([])
      expect(report.counts.post).toEqual({ created: before.pages.length })
      expect(report.counts.project).toEqual({ created: before.projects.length })
      const after = await publicContent()
      // Where mail goes never travels (ADR 083): the contact address is left to fill in.
      expect(after).toEqual({
        ...before,
        settings: { ...before.settings!, contact: { ...before.settings!.contact, email: '' } },
      })
      expect(report.notes).toContain(VITRINE_NOTES.contact)
      // The English versions came along, the French-only post stayed French only.
      expect(await translationRows()).toEqual(beforeRows)
      expect(await englishContent()).toEqual(beforeEnglish)
      // The files came along.
      const uploaded = after.media.find((m) => m.file)!
      expect(await target.storage.stat(uploaded.url.replace('/media/', ''))).toBeDefined()
      expect(await target.privateStorage.stat(after.cv!.file!.key)).toBeDefined()
      // No visitor's message travelled.
      expect(await getDb().selectFrom('messages').selectAll().execute()).toEqual([])
      // The former WordPress address still answers.
      const response = (await notFoundLoader({
        request: new Request('http://localhost/2013/01/11/ancien-article/'),
      } as Parameters<typeof notFoundLoader>[0])) as Response
      expect(response.status).toBe(301)
      expect(response.headers.get('location')).toBe('/blog/ancien-article')

      const again = await importFile(file, target)
      expect(again.counts.post).toEqual({ present: before.pages.length })
      expect(Object.values(again.counts).some((row) => row?.created)).toBe(false)
      expect(await publicContent()).toEqual(after)
      expect(await translationRows()).toEqual(beforeRows)
    } finally {
      setDatabase(first)
      await empty.close()
    }
  })

  it('reads a hostile archive harmlessly: rows the editor would refuse fail alone', async () => {
    const now = new Date().toISOString()
    const post = (id: string, slug: string, content: string) =>
      exportedPost(
        { id, slug, title: `Article ${id}`, content, contentHtml: '<script>alert(0)</script>' },
        now,
      )
    const project = (id: string, url: string) => ({
      id,
      title: `Projet ${id}`,
      description: 'Un projet',
      thumbnail: '/images/og-image.webp',
      tags: '[]',
      images: '[]',
      content: 'Texte',
      featured: 0,
      order: 1,
      url,
      createdAt: now,
      updatedAt: null,
    })
    const english = (entity: string, entityId: string, data: unknown) => ({
      entity,
      entityId,
      locale: 'en',
      data: typeof data === 'string' ? data : JSON.stringify(data),
      updatedAt: now,
    })
    const tables = {
      projects: [project('p1', 'javascript:alert(1)'), project('p2', 'https://example.com')],
      translations: [
        english('project', 'p2', { title: 'Project two', content: 'Text' }),
        // Its project was refused, and this one is in neither the archive nor the site.
        english('project', 'p1', { title: 'Refused' }),
        english('project', 'absent', { title: 'Nowhere' }),
        english('recipe', 'p2', { title: 'Unknown kind' }),
        english('project', 'p2', '["not", "an", "object"]'),
        { ...english('post', 'b1', { title: 'Hi', content: 'Body', html: '<b>' }) },
        { ...english('project', 'p2', { title: 'Other language' }), locale: 'de' },
      ],
      blog_posts: [
        post('b1', 'hostile', 'Bonjour <script>alert(2)</script> [clic](javascript:alert(3))'),
        post('b2', 'Pas Un Slug', 'Texte'),
      ],
      media: [
        {
          id: 'm1',
          url: '/media/0123456789abcdef0123456789abcdef.png',
          title: 'Faux',
          description: '',
          category: 'image',
          tags: '[]',
          featured: 0,
          order: 1,
          createdAt: now,
          updatedAt: null,
          storageKey: '0123456789abcdef0123456789abcdef.png',
          mime: 'image/png',
          size: 10,
          width: 1,
          height: 1,
          placeholder: '',
          alt: '',
          decorative: 0,
          variants: '[]',
        },
      ],
    }
    const file = await exportArchive(path.join(work, 'hostile.zip'), tables, {
      entries: {
        'media/0123456789abcdef0123456789abcdef.png': '<html><script>alert(4)</script></html>',
      },
    })

    const report = await importFile(file, { storage: media, privateStorage: privateFiles })
    expect(report.counts.project).toEqual({ created: 1, failed: 1 })
    expect(report.counts.post).toEqual({ created: 1, failed: 1 })
    expect(report.counts.media).toEqual({ failed: 1 })
    // One translation landed; the second row for p2 is the same key, already present.
    expect(report.counts.content).toEqual({ created: 1, present: 1, failed: 5 })
    expect(await translationRows()).toEqual([
      expect.objectContaining({
        entity: 'project',
        entityId: 'p2',
        locale: 'en',
        data: JSON.stringify({ title: 'Project two', content: 'Text' }),
      }),
    ])
    expect(report.failures).toEqual([
      { item: 'Projet « Projet p1 »', reason: 'url : URL invalide' },
      {
        item: 'Média « Faux »',
        reason: expect.stringContaining('contenu qui ne correspond pas à son type'),
      },
      {
        item: 'Article « Article b2 »',
        reason: expect.stringContaining('slug : Le slug ne peut contenir'),
      },
      {
        item: 'Traduction « project p1 (en) »',
        reason: 'l’élément traduit est absent de ce site et de l’archive',
      },
      {
        item: 'Traduction « project absent (en) »',
        reason: 'l’élément traduit est absent de ce site et de l’archive',
      },
      { item: 'Traduction « recipe p2 (en) »', reason: 'type de contenu inconnu' },
      { item: 'Traduction « post b1 (en) »', reason: 'Champs inconnus' },
      { item: 'Traduction « project p2 (de) »', reason: 'langue inconnue' },
    ])
    const stored = await getDb().selectFrom('blog_posts').selectAll().executeTakeFirstOrThrow()
    for (const needle of ['<script', 'javascript:', 'alert(0)'])
      expect(stored.contentHtml!).not.toContain(needle)
    expect(await media.stat('0123456789abcdef0123456789abcdef.png')).toBeUndefined()

    const newer = await exportArchive(path.join(work, 'newer.zip'), {}, { version: 99 })
    await expect(importFile(newer)).rejects.toThrow(
      'Cet export est au format 99, plus récent que celui que ce site sait lire (1).',
    )
  })
})
