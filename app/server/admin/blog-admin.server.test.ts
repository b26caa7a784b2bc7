// The Blog tab's English form (ADR 077): its status and date checked with the French post's
// rules and French refusals (never a 500), its own revisions listed and restored there.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  PUBLISH_DATE_MESSAGE,
  SCHEDULE_IN_PAST_MESSAGE,
  STATUS_MESSAGE,
} from '#app/domain/publishing.ts'
import { makeBlogPost } from '#app/server/demo/factories.server.ts'
import { createBlogPost, getBlogPost } from '#app/server/repositories/blog.server.ts'
import { listRevisions } from '#app/server/repositories/blog-revisions.server.ts'
import { getTranslation, saveTranslation } from '#app/server/repositories/translations.server.ts'
import { blogCollection as blog } from '#app/domain/collections/blog.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { blogTabAction as act, useTestAdmin } from '../../../tests/fixtures/admin-actions.ts'
import { FIELD_SHAPES, TEXT_PAYLOADS } from '../../../tests/hostile/corpus.ts'
import { loadBlogTab } from './blog-admin.server.ts'
import { REVISION_MISSING } from './revisions-admin.server.ts'

useTestDatabase()
const admin = useTestAdmin()

/** A refusal's status and French messages. */
function refusal(answer: unknown) {
  const { data, init } = answer as {
    data: { fieldErrors: Record<string, string> }
    init: { status: number }
  }
  return { status: init.status, errors: data.fieldErrors }
}

const TEXTS: [string, string][] = [
  ['en.title', 'English title'],
  ['en.content', 'English body'],
]

describe('the English form of a post', () => {
  it('saves its status, back to the English form', async () => {
    const french = await createBlogPost(makeBlogPost())
    const answer = (await act([
      ['intent', 'translate'],
      ['id', french.id],
      ...TEXTS,
      ['en.status', 'draft'],
      ['en.publishedAt', ''],
    ])) as Response
    expect(answer.status).toBe(302)
    expect(answer.headers.get('Location')).toBe(`/admin/blog?edit=${french.id}&langue=en`)
    expect(await getTranslation('post', french.id)).toMatchObject({
      title: 'English title',
      status: 'draft',
    })
  })

  it('refuses a status, a date or a past schedule in French, keeping the typing', async () => {
    const french = await createBlogPost(makeBlogPost())
    const base: [string, string][] = [['intent', 'translate'], ['id', french.id], ...TEXTS]
    expect(refusal(await act([...base, ['en.status', 'secret']]))).toEqual({
      status: 400,
      errors: { 'en.status': STATUS_MESSAGE },
    })
    expect(
      refusal(
        await act([...base, ['en.status', 'published'], ['en.publishedAt', '2026-02-30T10:00']]),
      ),
    ).toEqual({ status: 400, errors: { 'en.publishedAt': PUBLISH_DATE_MESSAGE } })
    expect(
      refusal(
        await act([...base, ['en.status', 'scheduled'], ['en.publishedAt', '2001-01-01T10:00']]),
      ),
    ).toEqual({ status: 400, errors: { 'en.publishedAt': SCHEDULE_IN_PAST_MESSAGE } })
    // Twice the same field (a list): refused, not a 500.
    const twice = refusal(await act([...base, ['en.status', 'draft'], ['en.status', 'published']]))
    expect(twice).toEqual({ status: 400, errors: { 'en.status': STATUS_MESSAGE } })
    expect(await getTranslation('post', french.id)).toBeUndefined()
  })

  it('answers the hostile corpus in the status and date fields with a redirect or a French 400', async () => {
    const french = await createBlogPost(makeBlogPost())
    const statuses: number[] = []
    for (const [i, payload] of TEXT_PAYLOADS.entries()) {
      const shape = FIELD_SHAPES[i % FIELD_SHAPES.length]!
      for (const name of ['en.status', 'en.publishedAt']) {
        const answer = await act([
          ['intent', 'translate'],
          ['id', french.id],
          ...TEXTS,
          ...shape(name, payload),
        ])
        const status =
          answer instanceof Response
            ? answer.status
            : (answer as { init: { status: number } }).init.status
        statuses.push(status)
      }
    }
    expect(statuses.every((status) => status === 302 || status === 400)).toBe(true)
    expect(statuses).toContain(400)
    // Whatever was stored is one of the three statuses.
    expect(['draft', 'scheduled', 'published', undefined]).toContain(
      (await getTranslation('post', french.id))?.status,
    )
  })

  it('accepts a future schedule, stored as scheduled', async () => {
    const french = await createBlogPost(makeBlogPost())
    await act([
      ['intent', 'translate'],
      ['id', french.id],
      ...TEXTS,
      ['en.status', 'scheduled'],
      ['en.publishedAt', '2099-03-12T09:30'],
    ])
    expect(await getTranslation('post', french.id)).toMatchObject({
      status: 'scheduled',
      publishedAt: '2099-03-12T08:30:00.000Z',
    })
  })
})

describe('English revisions in the hub', () => {
  let clock = Date.parse('2030-01-01T10:00:00.000Z')
  const tick = () => vi.setSystemTime((clock += 1000))
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }))
  afterEach(() => vi.useRealTimers())

  it('lists each form’s own revisions and restores an English one into the English version', async () => {
    tick()
    const french = await createBlogPost(makeBlogPost({ title: 'Titre français' }))
    tick()
    await saveTranslation('post', french.id, 'en', {
      title: 'First',
      content: 'One',
      status: 'draft',
    })
    tick()
    await saveTranslation('post', french.id, 'en', { title: 'Second', content: 'Two' })
    const view = (query: string) =>
      loadBlogTab(new Request(`http://localhost/admin/blog?edit=${french.id}${query}`), admin, blog)
    const englishView = (await view('&langue=en')).revisions!
    expect(englishView.revisions.map((r) => r.title)).toEqual(['Second', 'First'])
    expect((await view('')).revisions!.revisions.map((r) => r.title)).toEqual(['Titre français'])

    // A French revision is not the English form's to restore.
    const frenchRevision = (await listRevisions(french.id))[0]!
    const wrong = await act([
      ['intent', 'restore'],
      ['id', french.id],
      ['revisionId', frenchRevision.id],
      ['langue', 'en'],
    ])
    expect(wrong).toMatchObject({ init: { status: 404 }, data: { formError: REVISION_MISSING } })

    tick()
    const restored = (await act([
      ['intent', 'restore'],
      ['id', french.id],
      ['revisionId', englishView.revisions[1]!.id],
      ['langue', 'en'],
    ])) as Response
    expect(restored.headers.get('Location')).toBe(`/admin/blog?edit=${french.id}&langue=en`)
    // The texts come back; the status stays the version's (a draft), the French post untouched.
    expect(await getTranslation('post', french.id)).toMatchObject({
      title: 'First',
      content: 'One',
      status: 'draft',
    })
    expect((await getBlogPost(french.id))!.title).toBe('Titre français')
    expect((await listRevisions(french.id, 'en')).map((r) => r.title)).toEqual([
      'First',
      'Second',
      'First',
    ])
    expect(await listRevisions(french.id)).toHaveLength(1)
  })
})
