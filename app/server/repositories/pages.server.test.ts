import { describe, expect, it } from 'vitest'
import { contentGeneration } from '#app/server/cache/generation.server.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { expectDeletedOnce, refusal, useValidForm } from './repository-test-support.ts'
import {
  createPage,
  deletePage,
  getPage,
  getPagePreview,
  getPublicPage,
  listPages,
  listPublishedPages,
  updatePage,
} from './pages.server.ts'

const input = useValidForm('page')

describe('pages repository', () => {
  it('creates a draft with a generated id and reads it back', async () => {
    const page = await createPage(input())
    expect(page).toEqual({
      id: expect.stringMatching(/^[\w-]{16}$/),
      ...input(),
      status: 'draft',
      showInMenu: false,
      showInFooter: false,
      menuOrder: 0,
      createdAt: expect.any(String),
    })
    expect(await getPage(page.id)).toEqual(page)
  })

  it('serves a published page with its rendered body, a draft to the preview only', async () => {
    const draft = await createPage(input())
    expect(await getPublicPage('services')).toBeUndefined()
    expect((await getPagePreview('services'))?.html).toContain('<strong>fais</strong>')
    await updatePage(draft.id, { status: 'published' })
    const view = await getPublicPage('services')
    expect(view?.page.id).toBe(draft.id)
    expect(view?.html).toContain('<strong>fais</strong>')
  })

  it('lists the published pages in menu order for the menu, footer and sitemap', async () => {
    await createPage(input({ slug: 'tarifs', title: 'Tarifs', status: 'published', menuOrder: 2 }))
    await createPage(input({ slug: 'now', title: 'Now', status: 'published', menuOrder: 1 }))
    await createPage(input({ slug: 'brouillon', title: 'Brouillon', menuOrder: 0 }))
    expect((await listPublishedPages()).map((p) => p.slug)).toEqual(['now', 'tarifs'])
    expect((await listPages()).map((p) => p.slug)).toEqual(['brouillon', 'now', 'tarifs'])
  })

  it('refuses a slug of the app or of another page, in French, and writes nothing', async () => {
    expect(await refusal(createPage(input({ slug: 'blog' })))).toEqual({
      slug: 'Cette adresse est déjà utilisée par le site : choisissez un autre slug.',
    })
    const page = await createPage(input())
    expect(await refusal(createPage(input({ title: 'Autre' })))).toEqual({
      slug: 'Ce slug est déjà utilisé par une autre page',
    })
    const other = await createPage(input({ slug: 'tarifs' }))
    expect(await refusal(updatePage(other.id, { slug: 'services' }))).toEqual({
      slug: 'Ce slug est déjà utilisé par une autre page',
    })
    expect(await refusal(updatePage(page.id, { slug: 'admin' }))).toEqual({
      slug: 'Cette adresse est déjà utilisée par le site : choisissez un autre slug.',
    })
    expect((await listPages()).map((p) => p.slug).sort()).toEqual(['services', 'tarifs'])
  })

  it('updates partially, keeps the rest, and answers undefined for a missing id', async () => {
    const page = await createPage(input({ showInMenu: true, menuOrder: 4 }))
    const updated = await updatePage(page.id, { content: 'Nouveau texte' })
    expect(updated).toMatchObject({ showInMenu: true, menuOrder: 4, content: 'Nouveau texte' })
    expect(updated?.updatedAt).toEqual(expect.any(String))
    expect(await updatePage('missing', { title: 'X' })).toBeUndefined()
  })

  it('bumps the content generation on every write (ContentWritesPlugin)', async () => {
    const before = contentGeneration()
    const page = await createPage(input())
    const afterCreate = contentGeneration()
    expect(afterCreate).toBeGreaterThan(before)
    await updatePage(page.id, { status: 'published' })
    expect(contentGeneration()).toBeGreaterThan(afterCreate)
  })

  it('deletes once', async () => {
    const page = await createPage(input())
    await expectDeletedOnce(deletePage, getPage, page.id)
    expect(await getDb().selectFrom('pages').select('id').execute()).toEqual([])
  })
})
