// The publish form's « Envoyer aux abonnés » (ADR 097). The box travels with the post's own
// form; after a successful save it becomes the plan of that post and language, but only
// while the post is not yet public there: editing a published post sends nothing. Only
// admins reach the blog tab's action, and so this (editors have no hub, ADR 097).
import type { Locale } from '#app/domain/i18n/locale.ts'
import {
  NEWSLETTER_OFFERED_FIELD,
  NEWSLETTER_SEND_FIELD,
  type NewsletterPublishView,
} from '#app/domain/newsletter.ts'
import { slugify } from '#app/domain/blog.ts'
import type { AdminForm } from '../admin/admin-collections.server.ts'
import { getEnv } from '../core/env.server.ts'
import { getDb } from '../db/client.server.ts'
import { isMailConfigured } from '../mail/mail.server.ts'
import { enqueueEmail } from '../mail/outbox.server.ts'
import { kickMailWorker } from '../mail/worker.server.ts'
import {
  countConfirmed,
  getPlan,
  issueProgress,
  savePlan,
} from '../repositories/newsletter.server.ts'
import { renderIssueEmail } from './email.server.ts'
import { dispatchSoon, getNewsletterSettings, isPublicIn } from './sending.server.ts'

interface NewsletterChoice {
  intent: string
  postId: string
  slug: string
  locale: Locale
  send: boolean
  /** Public in that language before the save: the choice is ignored. */
  wasPublic: boolean
}

/**
 * The box's value from the blog form the save parsed, read before the save writes anything
 * (whether the post was public then). An autosave or another intent costs nothing here.
 */
export async function readNewsletterChoice({
  intent,
  formData: form,
}: Pick<AdminForm, 'intent' | 'formData'>): Promise<NewsletterChoice | undefined> {
  if (!['create', 'update', 'translate'].includes(intent)) return undefined
  if (form.get(NEWSLETTER_OFFERED_FIELD) !== '1') return undefined
  const locale: Locale = intent === 'translate' ? 'en' : 'fr'
  const postId = String(form.get('id') ?? '')
  const title = String(form.get('title') ?? '')
  const slug = String(form.get('slug') ?? '') || slugify(title)
  const wasPublic = intent !== 'create' && !!postId && (await isPublicIn(postId, locale))
  return {
    intent,
    postId,
    slug,
    locale,
    send: form.get(NEWSLETTER_SEND_FIELD) === 'on',
    wasPublic,
  }
}

/** After the blog form's answer: a successful save (a redirect) records the choice. */
export async function applyNewsletterChoice(
  choice: NewsletterChoice | undefined,
  answer: unknown,
): Promise<void> {
  if (!choice || choice.wasPublic) return
  if (!(answer instanceof Response) || answer.status < 300 || answer.status >= 400) return
  let postId = choice.postId
  if (choice.intent === 'create') {
    const created = await getDb()
      .selectFrom('blog_posts')
      .select('id')
      .where('slug', 'in', [choice.slug, slugify(choice.slug)])
      .executeTakeFirst()
    if (!created) return
    postId = created.id
  }
  if (!postId) return
  await savePlan(postId, choice.locale, choice.send)
  // Published now: the issue is created and sent without waiting for the tick.
  await dispatchSoon()
}

/** What the box shows for a post (none yet: a new one) in `locale`. */
export async function newsletterPublishView(
  postId: string | undefined,
  locale: Locale,
): Promise<NewsletterPublishView> {
  const [subscribers, settings] = await Promise.all([
    countConfirmed(locale),
    getNewsletterSettings(),
  ])
  const plan = postId ? await getPlan(postId, locale) : undefined
  const isPublic = postId ? await isPublicIn(postId, locale) : false
  const progress = postId ? ((await issueProgress(postId, locale)) ?? null) : null
  return {
    subscribers,
    send: plan ?? settings.sendByDefault,
    isPublic,
    progress,
    mailConfigured: isMailConfigured(),
  }
}

/**
 * « M'envoyer un test »: the post as saved, in `locale`, to the admin alone, through the
 * outbox. Its unsubscribe link is the page without a token (it unsubscribes no one).
 */
export async function queueNewsletterTest(
  postId: string,
  locale: Locale,
  to: string,
): Promise<boolean> {
  const email = await renderIssueEmail(getDb(), postId, locale)
  if (!email) return false
  const page = `${getEnv().PUBLIC_URL}${locale === 'en' ? '/en' : ''}/desabonnement`
  await enqueueEmail(
    getDb(),
    {
      kind: 'test',
      to: { address: to },
      subject: `[Test] ${email.subject}`,
      html: email.html.split(email.placeholder).join(page),
      text: email.text.split(email.placeholder).join(page),
    },
    { configured: isMailConfigured() },
  )
  kickMailWorker()
  return true
}
