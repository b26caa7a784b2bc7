import { describe, expect, it } from 'vitest'
import { makeBlogPost, makeProcessStep } from '#app/server/demo/factories.server.ts'
import {
  createBlogPost,
  getBlogPost,
  listBlogPosts,
  updateBlogPost,
} from '#app/server/repositories/blog.server.ts'
import { blogCollection as blog } from '#app/domain/collections/blog.ts'
import { IMAGE_ALT_MISSING_MESSAGE } from '#app/domain/markdown.ts'
import { createProcessStep, listProcessSteps } from '#app/server/repositories/process.server.ts'
import { listSkills } from '#app/server/repositories/skills.server.ts'
import { mediaCollection as media } from '#app/domain/collections/media.ts'
import { processCollection as steps } from '#app/domain/collections/process.ts'
import { skillsCollection as skills } from '#app/domain/collections/skills.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { adminPost as post, useTestAdmin } from '../../../tests/fixtures/admin-actions.ts'
import { loadCollection, saveCollection } from './admin-collections.server.ts'
import { readToast } from '../http/toast.server.ts'

useTestDatabase()
const admin = useTestAdmin()

async function toastOf(response: Response) {
  const cookie = response.headers.get('Set-Cookie')?.split(';')[0] ?? ''
  return (await readToast(new Request('http://localhost/', { headers: { Cookie: cookie } }))).toast
}

describe('loadCollection', () => {
  it('gives a new item of an ordered collection the count + 1, and 404s an unknown id', async () => {
    await createProcessStep(makeProcessStep({ order: 1 }))
    const created = await loadCollection(new Request('http://localhost/admin/process?new'), steps)
    expect(created).toMatchObject({ mode: 'create', item: null, nextOrder: 2 })
    const unknown = loadCollection(new Request('http://localhost/admin/process?edit=nope'), steps)
    await expect(unknown).rejects.toMatchObject({
      data: { message: 'Étape introuvable' },
      init: { status: 404 },
    })
  })
})

describe('saveCollection', () => {
  it("creates with the declaration's toast and returns to the list", async () => {
    const response = (await saveCollection(
      post('/admin/skills', {
        intent: 'create',
        name: 'Figma',
        category: 'design',
        level: '4',
        color: '#112233',
      }),
      admin,
      skills,
    )) as Response
    expect(response.headers.get('Location')).toBe('/admin/skills')
    expect(await toastOf(response)).toEqual({
      kind: 'success',
      message: 'Compétence ajoutée avec succès',
    })
    expect(await listSkills()).toHaveLength(1)
  })

  it('refuses a text image with an empty alt not marked decorative, keeps one marked so (ADR 093)', async () => {
    const fields = {
      intent: 'create',
      title: 'Une image',
      slug: 'une-image',
      status: 'draft',
      content: 'Texte.\n\n![](/images/a.webp)',
    }
    const refused = await saveCollection(post('/admin/blog', fields), admin, blog)
    expect(refused).toMatchObject({
      init: { status: 400 },
      data: { fieldErrors: { content: IMAGE_ALT_MISSING_MESSAGE } },
    })
    expect(await listBlogPosts()).toHaveLength(0)
    const kept = (await saveCollection(
      post('/admin/blog', { ...fields, content: 'Texte.\n\n![](/images/a.webp "décorative")' }),
      admin,
      blog,
    )) as Response
    expect(kept.status).toBe(302)
  })

  it("runs the collection's own intent, and goes on when it answers null", async () => {
    const own = { create: async () => null, reorder: async () => new Response('moved') }
    const moved = await saveCollection(
      post('/admin/process', { intent: 'reorder' }),
      admin,
      steps,
      own,
    )
    expect(await (moved as Response).text()).toBe('moved')
    const created = await saveCollection(
      post('/admin/process', { intent: 'create', title: 'Écouter', description: 'Un entretien.' }),
      admin,
      steps,
      own,
    )
    expect((created as Response).status).toBe(302)
    expect(await listProcessSteps()).toHaveLength(1)
  })

  it('answers an intent named like an Object.prototype member as unknown (French 400)', async () => {
    for (const intent of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const answer = await saveCollection(post('/admin/process', { intent }), admin, steps, {})
      expect(answer).toMatchObject({
        data: { formError: `Action inconnue : ${intent}` },
        init: { status: 400 },
      })
    }
  })

  it('keeps the list filters a collection declares in its redirect', async () => {
    const response = (await saveCollection(
      post('/admin/media?q=logo&category=image&page=3&autre=1', { intent: 'delete', id: 'nope' }),
      admin,
      media,
    )) as Response
    // The media list is paged (ADR 099): its page is kept; a parameter it does not declare is not.
    expect(response.headers.get('Location')).toBe('/admin/media?q=logo&category=image&page=3')
    expect(await toastOf(response)).toEqual({ kind: 'error', message: "Ce média n'existe plus." })
  })

  it('refuses a save made from a form older than the post, in French, changing nothing', async () => {
    const created = await createBlogPost(makeBlogPost({ title: 'Premier titre' }))
    const opened = created.updatedAt ?? created.createdAt
    // Another tab saves first.
    await new Promise((resolve) => setTimeout(resolve, 5))
    const other = await updateBlogPost(created.id, {
      ...makeBlogPost(),
      slug: created.slug,
      title: 'Autre onglet',
    })
    expect(other?.updatedAt).not.toBe(opened)
    const fields = {
      intent: 'update',
      id: created.id,
      version: opened,
      title: 'Mon onglet',
      slug: created.slug,
      content: 'Texte',
      status: 'published',
    }
    const stale = await saveCollection(post('/admin/blog', fields), admin, blog)
    expect(stale).toMatchObject({
      init: { status: 409 },
      data: { formError: expect.stringContaining('Cet article a été modifié ailleurs') },
    })
    expect((await getBlogPost(created.id))?.title).toBe('Autre onglet')
    // From the current version, the same save goes through.
    const fresh = (await saveCollection(
      post('/admin/blog', { ...fields, version: other?.updatedAt ?? '' }),
      admin,
      blog,
    )) as Response
    expect(fresh.status).toBe(302)
    expect((await getBlogPost(created.id))?.title).toBe('Mon onglet')
  })

  it('publishes a post with only a title and a text; lists show its first paragraph', async () => {
    const response = (await saveCollection(
      post('/admin/blog', {
        intent: 'create',
        title: 'Titre seul',
        slug: 'titre-seul',
        content: 'Un **premier** [paragraphe](https://exemple.fr).\n\nUn second.',
        status: 'published',
      }),
      admin,
      blog,
    )) as Response
    expect(response.status).toBe(302)
    const [listed] = (await listBlogPosts({}, new Date(Date.now() + 1000))).filter(
      (p) => p.slug === 'titre-seul',
    )
    expect(listed).toMatchObject({ category: '', thumbnail: '', excerpt: 'Un premier paragraphe.' })
  })
})
