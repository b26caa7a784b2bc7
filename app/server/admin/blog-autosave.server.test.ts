// Autosave of a post's form (ADR 092) on a real database (SQLite, and PostgreSQL under
// `npm run test:postgres`): it never touches the post or its English version, keeps one row
// per post, language and author, leaves the content generation alone, is removed by a save,
// and only an active admin may send it.
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { responseOf } from '../auth/auth-test-support.ts'

process.env.BETTER_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123'
process.env.DATA_DIR ??= path.join(os.tmpdir(), 'vitrine-autosave-unit')
process.env.PUBLIC_URL = 'http://localhost:3999'

const { AUTOSAVE_TOO_LONG } = await import('#app/domain/autosave.ts')
const { getDb } = await import('../db/client.server.ts')
const { contentGeneration } = await import('../cache/generation.server.ts')
const { makeBlogPost } = await import('../demo/factories.server.ts')
const { createBlogPost, getBlogPost, updateBlogPost } =
  await import('../repositories/blog.server.ts')
const { listRevisions } = await import('../repositories/blog-revisions.server.ts')
const { getTranslation, saveTranslation } = await import('../repositories/translations.server.ts')
const { createSessionCookie, createTestUser, SESSION_COOKIE } =
  await import('../../../tests/fixtures/auth.ts')
const route = await import('#app/routes/admin/blog.tsx')

useTestDatabase()

const ORIGIN = 'http://localhost:3999'

async function cookieOf(role: 'admin' | 'editor' | 'viewer', status = 'active') {
  const user = await createTestUser({ role, status: status as 'active' })
  return { user, cookie: `${SESSION_COOKIE}=${await createSessionCookie(user.id)}` }
}

/** The blog tab's action as the router runs it, for the session in `cookie`. */
function post(fields: Record<string, string>, cookie?: string, query = '') {
  const request = new Request(`${ORIGIN}/admin/blog${query}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: {
      origin: ORIGIN,
      'content-type': 'application/x-www-form-urlencoded',
      'x-vitrine-client-ip': '10.9.0.2',
      ...(cookie ? { cookie } : {}),
    },
  })
  return responseOf(() => route.action({ request, params: {}, context: {} } as never))
}

/** What the action answered: a Response (redirect) or React Router's data(). */
function answerOf(answer: unknown): { status: number; body: Record<string, unknown> } {
  if (answer instanceof Response) return { status: answer.status, body: {} }
  const { data, init } = answer as { data: Record<string, unknown>; init?: { status?: number } }
  return { status: init?.status ?? 200, body: data }
}

async function load(id: string, cookie: string, query = '') {
  const request = new Request(`${ORIGIN}/admin/blog?edit=${id}${query}`, {
    headers: { origin: ORIGIN, 'x-vitrine-client-ip': '10.9.0.2', cookie },
  })
  return route.loader({ request, params: {}, context: {} } as never)
}

async function autosaveRows(postId: string) {
  return getDb()
    .selectFrom('blog_revisions')
    .select(['authorId', 'locale', 'title', 'content'])
    .where('postId', '=', postId)
    .where('kind', '=', 'autosave')
    .execute()
}

describe('autosave of a post', () => {
  it('keeps the typing without touching the post, its cache or its history', async () => {
    const stored = await createBlogPost(makeBlogPost({ status: 'published' }))
    const before = await getBlogPost(stored.id)
    const history = await listRevisions(stored.id)
    const { cookie } = await cookieOf('admin')
    const generation = contentGeneration()

    const answer = answerOf(
      await post(
        { intent: 'autosave', id: stored.id, title: 'Titre en cours', content: 'Texte en cours' },
        cookie,
      ),
    )
    expect(answer.status).toBe(200)
    expect(typeof answer.body.savedAt).toBe('string')

    expect(await getBlogPost(stored.id)).toEqual(before)
    expect(await listRevisions(stored.id)).toEqual(history)
    expect(contentGeneration()).toBe(generation)
    expect(await autosaveRows(stored.id)).toMatchObject([
      { locale: 'fr', title: 'Titre en cours', content: 'Texte en cours' },
    ])
  })

  it('keeps one row per post, language and author, replaced each time', async () => {
    const stored = await createBlogPost(makeBlogPost())
    const camille = await cookieOf('admin')
    const dominique = await cookieOf('admin')
    for (const content of ['un', 'deux', 'trois'])
      await post({ intent: 'autosave', id: stored.id, title: 'T', content }, camille.cookie)
    await post({ intent: 'autosave', id: stored.id, langue: 'en', content: 'one' }, camille.cookie)
    await post({ intent: 'autosave', id: stored.id, content: 'autre' }, dominique.cookie)

    const rows = await autosaveRows(stored.id)
    expect(rows).toHaveLength(3)
    expect(rows.filter((r) => r.authorId === camille.user.id && r.locale === 'fr')).toMatchObject([
      { content: 'trois' },
    ])
  })

  it('is offered when the form opens, and removed by that author’s save', async () => {
    const stored = await createBlogPost(makeBlogPost({ content: 'Texte enregistré' }))
    const { user, cookie } = await cookieOf('admin')
    await post({ intent: 'autosave', id: stored.id, title: 'Nouveau', content: 'Tapé' }, cookie)

    const offered = (await load(stored.id, cookie)) as { autosave: unknown }
    expect(offered.autosave).toMatchObject({ title: 'Nouveau', content: 'Tapé' })
    // The English form has no autosave of its own yet.
    expect(((await load(stored.id, cookie, '&langue=en')) as { autosave: unknown }).autosave).toBe(
      null,
    )

    await updateBlogPost(
      stored.id,
      { content: 'Tapé puis enregistré' },
      {
        id: user.id,
        name: user.name,
      },
    )
    expect(await autosaveRows(stored.id)).toEqual([])
    expect(((await load(stored.id, cookie)) as { autosave: unknown }).autosave).toBe(null)
  })

  it('the English form’s autosave leaves the English version as it is', async () => {
    const stored = await createBlogPost(makeBlogPost())
    const { user, cookie } = await cookieOf('admin')
    await saveTranslation(
      'post',
      stored.id,
      'en',
      { title: 'Saved', content: 'Saved body', status: 'published' },
      { id: user.id, name: user.name },
    )
    const english = await getTranslation('post', stored.id)
    await post(
      { intent: 'autosave', id: stored.id, langue: 'en', title: 'Typing', content: 'Typed' },
      cookie,
    )
    expect(await getTranslation('post', stored.id)).toEqual(english)
    const offered = (await load(stored.id, cookie, '&langue=en')) as { autosave: unknown }
    expect(offered.autosave).toMatchObject({ title: 'Typing', content: 'Typed' })

    await post({ intent: 'discard-autosave', id: stored.id, langue: 'en' }, cookie)
    expect(await autosaveRows(stored.id)).toEqual([])
  })

  it('refuses an unknown post and oversized text in French, writing nothing', async () => {
    const stored = await createBlogPost(makeBlogPost())
    const { cookie } = await cookieOf('admin')
    expect(answerOf(await post({ intent: 'autosave', id: 'absent' }, cookie)).status).toBe(404)
    const tooLong = answerOf(
      await post({ intent: 'autosave', id: stored.id, title: 'x'.repeat(201) }, cookie),
    )
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.formError).toBe(AUTOSAVE_TOO_LONG)
    expect(await autosaveRows(stored.id)).toEqual([])
  })

  it('only an active admin may autosave or discard', async () => {
    const stored = await createBlogPost(makeBlogPost())
    const refusedCookies = [
      undefined,
      (await cookieOf('viewer')).cookie,
      (await cookieOf('editor')).cookie,
      (await cookieOf('admin', 'blocked')).cookie,
      (await cookieOf('admin', 'inactive')).cookie,
    ]
    for (const cookie of refusedCookies) {
      for (const intent of ['autosave', 'discard-autosave']) {
        const answer = await post({ intent, id: stored.id, content: 'Intrus' }, cookie)
        expect(answer).toBeInstanceOf(Response)
        expect([302, 303, 403]).toContain((answer as Response).status)
      }
    }
    expect(await autosaveRows(stored.id)).toEqual([])
  })
})
