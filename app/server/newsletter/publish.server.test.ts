// The publish form's « Envoyer aux abonnés » through the blog tab's own save (ADR 097): a new
// post published with the box ticked is queued for the French subscribers; unticked, nothing;
// the box on a post already public changes nothing (an edit sends nothing); the English form
// records the English choice; the box's fields never reach the post.
import { describe, expect, it } from 'vitest'
import { makeBlogPost } from '#app/server/demo/factories.server.ts'
import { createBlogPost, getBlogPost } from '#app/server/repositories/blog.server.ts'
import { blogCollection as blog } from '#app/domain/collections/blog.ts'
import { NEWSLETTER_OFFERED_FIELD, NEWSLETTER_SEND_FIELD } from '#app/domain/newsletter.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { adminPost, useTestAdmin } from '../../../tests/fixtures/admin-actions.ts'
import { saveCollection } from '../admin/admin-collections.server.ts'
import { getDb } from '../db/client.server.ts'
import { getPlan, importSubscribers, issueProgress } from '../repositories/newsletter.server.ts'
import {
  applyNewsletterChoice,
  newsletterPublishView,
  readNewsletterChoice,
} from './publish.server.ts'

useTestDatabase()
const admin = useTestAdmin()

/** A request whose body can be read once only: the save must not parse it twice. */
class OneReadRequest extends Request {
  override clone(): Request {
    throw new Error('the form was read twice')
  }
}

/** The blog tab's action as the route runs it. */
async function act(fields: [string, string][]) {
  const request = adminPost('/admin/blog', fields, OneReadRequest)
  let choice: Awaited<ReturnType<typeof readNewsletterChoice>>
  const answer = await saveCollection(request, admin, blog, {}, async (form) => {
    choice = await readNewsletterChoice(form)
  })
  await applyNewsletterChoice(choice, answer)
  return answer
}

const NEW_POST: [string, string][] = [
  ['intent', 'create'],
  ['title', 'Un article pour les abonnés'],
  ['slug', 'un-article-pour-les-abonnes'],
  ['content', 'Le texte.'],
  ['status', 'published'],
  ['author.name', 'Camille'],
]

async function subscribers() {
  await importSubscribers(
    [
      { email: 'a@exemple.fr', locale: 'fr', confirmed: true },
      { email: 'b@exemple.fr', locale: 'fr', confirmed: true },
      { email: 'c@example.com', locale: 'en', confirmed: true },
    ],
    'csv',
  )
}

const postBySlug = (slug: string) =>
  getDb().selectFrom('blog_posts').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()

describe('« Envoyer aux abonnés »', () => {
  it('a new post published with the box ticked is queued once for its language', async () => {
    await subscribers()
    const answer = await act([
      ...NEW_POST,
      [NEWSLETTER_OFFERED_FIELD, '1'],
      [NEWSLETTER_SEND_FIELD, 'on'],
    ])
    expect(answer).toBeInstanceOf(Response)
    const { id } = await postBySlug('un-article-pour-les-abonnes')
    expect(await getPlan(id, 'fr')).toBe(true)
    expect(await issueProgress(id, 'fr')).toEqual({ total: 2, sent: 0, rejected: 0 })
    expect(Object.keys((await getBlogPost(id))!)).not.toContain('newsletter')
    expect(await newsletterPublishView(id, 'fr')).toMatchObject({
      isPublic: true,
      progress: { total: 2, sent: 0, rejected: 0 },
    })
  })

  it('unticked, nothing is queued, now or later', async () => {
    await subscribers()
    await act([...NEW_POST, [NEWSLETTER_OFFERED_FIELD, '1']])
    const { id } = await postBySlug('un-article-pour-les-abonnes')
    expect(await getPlan(id, 'fr')).toBe(false)
    expect(await issueProgress(id, 'fr')).toBeUndefined()
  })

  it('the box on a post already public is ignored: an edit sends nothing', async () => {
    await subscribers()
    const post = await createBlogPost(makeBlogPost({ status: 'published' }))
    await act([
      ['intent', 'update'],
      ['id', post.id],
      ['title', 'Titre corrigé'],
      ['slug', post.slug],
      ['content', 'Texte corrigé.'],
      ['status', 'published'],
      ['author.name', 'Camille'],
      [NEWSLETTER_OFFERED_FIELD, '1'],
      [NEWSLETTER_SEND_FIELD, 'on'],
    ])
    expect((await getBlogPost(post.id))?.title).toBe('Titre corrigé')
    expect(await getPlan(post.id, 'fr')).toBeUndefined()
    expect(await issueProgress(post.id, 'fr')).toBeUndefined()
  })

  it('the English form records the English choice and counts English subscribers', async () => {
    await subscribers()
    const post = await createBlogPost(makeBlogPost({ status: 'published' }))
    expect(await newsletterPublishView(post.id, 'en')).toMatchObject({
      subscribers: 1,
      send: true,
      isPublic: false,
    })
    await act([
      ['intent', 'translate'],
      ['id', post.id],
      ['en.title', 'An English post'],
      ['en.content', 'English body.'],
      ['en.status', 'published'],
      [NEWSLETTER_OFFERED_FIELD, '1'],
      [NEWSLETTER_SEND_FIELD, 'on'],
    ])
    expect(await getPlan(post.id, 'en')).toBe(true)
    expect(await issueProgress(post.id, 'en')).toEqual({ total: 1, sent: 0, rejected: 0 })
  })
})
