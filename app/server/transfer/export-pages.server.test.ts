// Pages in the Vitrine export (ADR 101): every field of a page (French and English texts,
// slug, search and social fields, status, menu and footer places), its revisions, exported
// and imported into a fresh database come back identical; a second import changes nothing; a
// page row the editor would refuse fails alone, and a taken slug gets a number.
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { beforeEach, describe, expect, it } from 'vitest'
import { getDb, setDatabase } from '#app/server/db/client.server.ts'
import { LocalDiskStorage } from '#app/server/media/storage.server.ts'
import { listRevisions } from '#app/server/repositories/blog-revisions.server.ts'
import {
  createPage,
  getPagePreview,
  listPages,
  updatePage,
} from '#app/server/repositories/pages.server.ts'
import { saveTranslation } from '#app/server/repositories/translations.server.ts'
import { createTestDatabase, useTestDatabase } from '../../../tests/fixtures/db.ts'
import { exportArchive } from '../../../tests/fixtures/zip.ts'
import { exportZip } from './export.server.ts'
import { importFile } from './import.server.ts'
import { openZip } from './zip.server.ts'

const db = useTestDatabase()

let work: string
beforeEach(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'vitrine-pages-'))
  return () => rmSync(work, { recursive: true, force: true })
})

const stores = () => ({
  storage: new LocalDiskStorage(path.join(work, 'media')),
  privateStorage: new LocalDiskStorage(path.join(work, 'private')),
})

/** Everything stored of the pages: rows (rendered HTML included), English versions, histories. */
async function pagesState() {
  const rows = await getDb().selectFrom('pages').selectAll().orderBy('id').execute()
  const translations = await getDb()
    .selectFrom('translations')
    .selectAll()
    .where('entity', '=', 'page')
    .orderBy('entityId')
    .execute()
  const histories = []
  for (const row of rows) {
    const revisions = await listRevisions(row.id, 'fr', 'page')
    histories.push({ id: row.id, revisions })
  }
  return { rows, translations, histories }
}

describe('pages in the Vitrine export', { timeout: 90_000 }, () => {
  it('come back identical in a fresh database, and a second import changes nothing', async () => {
    const services = await createPage({
      title: 'Services',
      slug: 'services',
      content: 'Je conçois des **identités**.',
      status: 'published',
      showInMenu: true,
      showInFooter: true,
      menuOrder: 2,
      seoTitle: 'Mes services',
      seoDescription: 'Identités visuelles et sites',
      ogImage: '/images/og-image.webp',
    })
    await updatePage(services.id, { content: 'Je conçois des **identités visuelles**.' })
    await saveTranslation('page', services.id, 'en', {
      title: 'Services in English',
      content: 'I design **identities**.',
    })
    await createPage({
      title: 'Now',
      slug: 'now',
      content: 'En ce moment.',
      status: 'draft',
      showInFooter: true,
      menuOrder: 1,
    })
    const before = await pagesState()
    expect(before.rows).toHaveLength(2)
    expect(before.translations).toHaveLength(1)

    const file = path.join(work, 'export.zip')
    const { stream, summary } = await exportZip({ ...stores(), withSubscribers: false })
    await pipeline(stream, createWriteStream(file))
    expect(summary.pages).toBe(2)
    const zip = await openZip(file)
    try {
      const names = zip.entries.map((e) => e.fileName)
      expect(names).toEqual(expect.arrayContaining(['pages/services.md', 'pages/now.md']))
    } finally {
      zip.close()
    }

    const first = db.current
    const empty = await createTestDatabase()
    setDatabase(empty)
    try {
      const report = await importFile(file, stores())
      expect(report.failures).toEqual([])
      expect(report.counts.page).toEqual({ created: 2 })
      expect(await pagesState()).toEqual(before)
      expect(await listPages()).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ slug: 'services', showInMenu: true, showInFooter: true }),
        ]),
      )
      expect((await getPagePreview('services'))?.html).toContain(
        '<strong>identités visuelles</strong>',
      )

      const again = await importFile(file, stores())
      expect(again.counts.page).toEqual({ present: 2 })
      expect(Object.values(again.counts).some((row) => row?.created)).toBe(false)
      expect(await pagesState()).toEqual(before)
    } finally {
      setDatabase(first)
      await empty.close()
    }
  })

  it('refuses a page the editor would refuse, alone, and numbers a taken slug', async () => {
    await createPage({ title: 'Tarifs ici', slug: 'tarifs', content: 'Déjà là.' })
    const now = new Date().toISOString()
    const page = (id: string, slug: string) => ({
      id,
      slug,
      title: `Page ${id}`,
      content: 'Texte',
      status: 'published',
      showInMenu: 1,
      showInFooter: 0,
      menuOrder: 0,
      seoTitle: '',
      seoDescription: '',
      ogImage: '',
      createdAt: now,
      updatedAt: null,
    })
    const revision = (id: string, pageId: string) => ({
      id,
      pageId,
      title: 'Ancien titre',
      excerpt: '',
      content: 'Ancien texte',
      authorId: 'system',
      authorName: 'Système',
      createdAt: now,
      locale: 'fr',
      kind: 'save',
    })
    const tables = {
      pages: [page('g1', 'tarifs'), page('g2', 'admin'), { ...page('g3', 'statut'), status: 'x' }],
      page_revisions: [revision('r1', 'g1'), revision('r2', 'g2')],
    }
    const file = await exportArchive(path.join(work, 'pages.zip'), tables)

    const report = await importFile(file, stores())
    expect(report.counts.page).toEqual({ created: 1, failed: 2 })
    expect(report.failures).toEqual([
      {
        item: 'Page « Page g2 »',
        reason: 'slug : Cette adresse est déjà utilisée par le site : choisissez un autre slug.',
      },
      { item: 'Page « Page g3 »', reason: expect.stringContaining('status') },
      {
        item: 'Révision de page « Ancien titre »',
        reason: 'page absente de ce site et de l’archive',
      },
    ])
    expect(report.notes).toContain(
      'Page « Page g1 » : le slug « tarifs » est déjà pris, la page devient « tarifs-2 »',
    )
    expect((await getPagePreview('tarifs-2'))?.page.id).toBe('g1')
    expect(await listRevisions('g1', 'fr', 'page')).toHaveLength(1)
  })
})
