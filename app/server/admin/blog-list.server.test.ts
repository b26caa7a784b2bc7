// The admin list of posts (ADR 091): one page of the full-text search, the effective status,
// the English version, the sort; and the bulk actions, validated, with French toasts.
import { describe, expect, it } from 'vitest'
import { makeBlogPost } from '#app/server/demo/factories.server.ts'
import {
  createBlogPost,
  getBlogPost,
  listAdminBlogPosts,
} from '#app/server/repositories/blog.server.ts'
import { saveTranslation } from '#app/server/repositories/translations.server.ts'
import { blogCollection as blog } from '#app/domain/collections/blog.ts'
import {
  ADMIN_PAGE_SIZE,
  BULK_NONE_SELECTED,
  BULK_TAG_REQUIRED,
  readAdminListQuery,
} from '#app/domain/admin-list.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { adminPost, useTestAdmin } from '../../../tests/fixtures/admin-actions.ts'
import { saveCollection } from './admin-collections.server.ts'
import { bulkPostsIntent } from './blog-admin.server.ts'

useTestDatabase()
const admin = useTestAdmin()

const query = (search: string) => readAdminListQuery(new URLSearchParams(search))

function act(fields: [string, string][], search = '') {
  const request = adminPost(`/admin/blog${search}`, [['intent', 'bulk'], ...fields])
  return saveCollection(request, admin, blog, {
    bulk: (form) => bulkPostsIntent(request, admin, form),
  })
}

describe('the admin list of posts', () => {
  it('pages 50 at a time, a page past the last being the last one', async () => {
    for (let i = 0; i < ADMIN_PAGE_SIZE + 5; i++)
      await createBlogPost(makeBlogPost({ title: `Page ${i}` }))
    const first = await listAdminBlogPosts(query(''))
    expect(first).toMatchObject({ total: ADMIN_PAGE_SIZE + 5, page: 1, pageCount: 2 })
    expect(first.items).toHaveLength(ADMIN_PAGE_SIZE)
    const second = await listAdminBlogPosts(query('page=2'))
    expect(second.items).toHaveLength(5)
    expect(await listAdminBlogPosts(query('page=99'))).toMatchObject({ page: 2 })
    expect(query('page=-1&statut=nimporte&tri=x')).toMatchObject({
      page: 1,
      filters: { statut: '' },
      sort: 'recent',
    })
    const ids = new Set([...first.items, ...second.items].map((p) => p.id))
    expect(ids.size).toBe(ADMIN_PAGE_SIZE + 5)
  })

  it('searches the text, filters by status and English version, sorts by title', async () => {
    const draft = await createBlogPost(
      makeBlogPost({ title: 'Brouillon été', content: 'Une forêt.', status: 'draft' }),
    )
    const published = await createBlogPost(
      makeBlogPost({ title: 'Alpha publié', content: 'Une forêt aussi.', status: 'published' }),
    )
    const future = new Date(Date.now() + 86_400_000).toISOString()
    const scheduled = await createBlogPost(
      makeBlogPost({ title: 'Zèbre', status: 'published', publishedAt: future }),
    )
    await saveTranslation('post', published.id, 'en', { title: 'Alpha', content: 'Alpha' })
    const titles = async (search: string) =>
      (await listAdminBlogPosts(query(search))).items.map((p) => p.title)
    expect(await titles('q=FORET&tri=title')).toEqual(['Alpha publié', 'Brouillon été'])
    expect(await titles('q=foret&statut=draft')).toEqual([draft.title])
    expect(await titles('statut=scheduled')).toEqual([scheduled.title])
    expect(await titles('version=en')).toEqual([published.title])
    expect(await titles('version=fr&tri=title')).toEqual([draft.title, scheduled.title])
  })

  it('publishes, unpublishes, tags and deletes the ticked posts, with French toasts', async () => {
    const a = await createBlogPost(makeBlogPost({ status: 'draft' }))
    const b = await createBlogPost(makeBlogPost({ status: 'draft' }))
    const publish = (await act(
      [
        ['action', 'publish'],
        ['ids', a.id],
        ['ids', b.id],
      ],
      '?statut=draft',
    )) as Response
    expect(publish.status).toBe(302)
    expect(publish.headers.get('location')).toBe('/admin/blog?statut=draft')
    expect((await getBlogPost(a.id))?.status).toBe('published')
    expect((await getBlogPost(b.id))?.status).toBe('published')
    await act([
      ['action', 'tag'],
      ['tag', 'Sélection'],
      ['ids', a.id],
    ])
    expect((await getBlogPost(a.id))?.tags).toContain('Sélection')
    await act([
      ['action', 'unpublish'],
      ['ids', b.id],
    ])
    expect((await getBlogPost(b.id))?.status).toBe('draft')
    await act([
      ['action', 'delete'],
      ['ids', a.id],
      ['ids', b.id],
    ])
    expect(await getBlogPost(a.id)).toBeUndefined()
    expect(await getBlogPost(b.id)).toBeUndefined()
  })

  it('refuses no selection, an unknown action or a missing tag in French, changing nothing', async () => {
    const a = await createBlogPost(makeBlogPost({ status: 'draft' }))
    const refusal = async (fields: [string, string][]) => {
      const answer = (await act(fields)) as {
        data: { fieldErrors: Record<string, string> }
        init: { status: number }
      }
      expect(answer.init.status).toBe(400)
      return answer.data.fieldErrors
    }
    expect(await refusal([['action', 'publish']])).toMatchObject({ ids: BULK_NONE_SELECTED })
    expect(
      await refusal([
        ['action', 'tag'],
        ['ids', a.id],
      ]),
    ).toMatchObject({ tag: BULK_TAG_REQUIRED })
    expect(
      await refusal([
        ['action', 'drop table'],
        ['ids', a.id],
      ]),
    ).toHaveProperty('action')
    expect((await getBlogPost(a.id))?.status).toBe('draft')
  })
})
