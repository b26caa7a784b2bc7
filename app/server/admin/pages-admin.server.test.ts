// A page's revisions (ADR 101): every save through the hub keeps one signed by the admin, the
// tab lists them with a diff, and restoring one is a save; a revision of another page or of a
// post is not restorable here, and a deleted page takes its history with it.
import { describe, expect, it } from 'vitest'
import { pagesCollection as pages } from '#app/domain/collections/pages.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { makeBlogPost, makePage } from '#app/server/demo/factories.server.ts'
import { createBlogPost } from '#app/server/repositories/blog.server.ts'
import { listRevisions } from '#app/server/repositories/blog-revisions.server.ts'
import { createPage, deletePage, getPage } from '#app/server/repositories/pages.server.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { adminPost, useTestAdmin } from '../../../tests/fixtures/admin-actions.ts'
import { saveCollection } from './admin-collections.server.ts'
import { loadPagesTab, restorePageRevisionIntent } from './pages-admin.server.ts'
import { REVISION_MISSING } from './revisions-admin.server.ts'

useTestDatabase()
const admin = useTestAdmin()

/** The pages tab's action, as the route runs it for the admin. */
function act(fields: [string, string][]) {
  const request = adminPost('/admin/pages', fields)
  return saveCollection(request, admin, pages, {
    restore: (form) => restorePageRevisionIntent(request, admin, form),
  })
}

const update = (id: string, title: string, content: string) =>
  act([
    ['intent', 'update'],
    ['id', id],
    ['title', title],
    ['slug', 'services'],
    ['content', content],
    ['status', 'draft'],
    ['menuOrder', '0'],
  ])

describe('page revisions', () => {
  it('keeps one per save, lists them newest first and restores the first as a new save', async () => {
    const page = await createPage(makePage({ slug: 'services', title: 'Services', content: 'Un' }))
    const first = await update(page.id, 'Services', 'Premier texte')
    expect((first as Response).status).toBe(302)
    await update(page.id, 'Prestations', 'Second texte')
    const history = await listRevisions(page.id, 'fr', 'page')
    expect(history.map((r) => r.title)).toEqual(['Prestations', 'Services', 'Services'])
    expect(history.slice(0, 2).map((r) => r.authorName)).toEqual(['Camille Admin', 'Camille Admin'])
    expect(history[2]?.authorName).toBe('Système')
    // A post's history is not a page's.
    expect(await listRevisions(page.id, 'fr', 'post')).toEqual([])

    const firstSave = history[1]!
    const restored = (await act([
      ['intent', 'restore'],
      ['id', page.id],
      ['revisionId', firstSave.id],
    ])) as Response
    expect(restored.status).toBe(302)
    expect(restored.headers.get('location')).toBe(`/admin/pages?edit=${page.id}`)
    expect(await getPage(page.id)).toMatchObject({ title: 'Services', content: 'Premier texte' })
    expect(await listRevisions(page.id, 'fr', 'page')).toHaveLength(4)
  })

  it('shows the revisions and their diff in the page form', async () => {
    const page = await createPage(makePage({ slug: 'services', title: 'Services', content: 'Un' }))
    await update(page.id, 'Services', 'Deux')
    const [newer, older] = await listRevisions(page.id, 'fr', 'page')
    const url = `http://localhost/admin/pages?edit=${page.id}&de=${older!.id}&a=${newer!.id}`
    const data = await loadPagesTab(new Request(url), pages)
    expect(data.revisions?.revisions).toHaveLength(2)
    expect(data.revisions?.diff?.parts).toEqual(
      expect.arrayContaining([
        { kind: 'removed', text: 'Un\n' },
        { kind: 'added', text: 'Deux\n' },
      ]),
    )
    const list = await loadPagesTab(new Request('http://localhost/admin/pages'), pages)
    expect(list.revisions).toBeNull()
  })

  it("refuses another page's or a post's revision in French, changing nothing", async () => {
    const page = await createPage(makePage({ content: 'Texte gardé' }))
    const other = await createPage(makePage())
    const post = await createBlogPost(makeBlogPost())
    const [otherRevision] = await listRevisions(other.id, 'fr', 'page')
    const [postRevision] = await listRevisions(post.id, 'fr', 'post')
    for (const revisionId of [otherRevision!.id, postRevision!.id, 'inconnue']) {
      const answer = await act([
        ['intent', 'restore'],
        ['id', page.id],
        ['revisionId', revisionId],
      ])
      expect(answer).toMatchObject({ init: { status: 404 }, data: { formError: REVISION_MISSING } })
    }
    const gone = await act([
      ['intent', 'restore'],
      ['id', 'inconnue'],
      ['revisionId', otherRevision!.id],
    ])
    expect(gone).toMatchObject({
      init: { status: 404 },
      data: { formError: "Cette page n'existe plus." },
    })
    expect(await getPage(page.id)).toMatchObject({ content: 'Texte gardé' })
    expect(await listRevisions(page.id, 'fr', 'page')).toHaveLength(1)
  })

  it('goes with its page', async () => {
    const page = await createPage(makePage())
    await deletePage(page.id)
    const rows = await getDb().selectFrom('page_revisions').select('id').execute()
    expect(rows).toEqual([])
  })
})
