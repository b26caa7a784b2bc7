// NEWSLETTER_PUBLISH_PATH: the publish form's newsletter box (ADR 097). GET ?post=<id>&langue=
// fr|en answers how many would receive the post, the saved choice and the progress of an
// issue; POST intent=test sends the post to the signed-in admin. Admins only, both ways.
import { data } from 'react-router'
import type { Route } from './+types/newsletter-publish'
import type { Locale } from '#app/domain/i18n/locale.ts'
import { NEWSLETTER_PUBLISH_TEXTS } from '#app/domain/newsletter.ts'
import { recordActivity } from '#app/server/activity/activity.server.ts'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import { readFormData } from '#app/server/http/request-body.server.ts'
import {
  newsletterPublishView,
  queueNewsletterTest,
} from '#app/server/newsletter/publish.server.ts'

const localeOf = (value: unknown): Locale => (value === 'en' ? 'en' : 'fr')
const postIdOf = (value: unknown) =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : undefined

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const params = new URL(request.url).searchParams
  return data(
    await newsletterPublishView(postIdOf(params.get('post')), localeOf(params.get('langue'))),
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const form = await readFormData(request)
  if (form.get('intent') !== 'test') return data({ error: 'Action inconnue' }, { status: 400 })
  const postId = postIdOf(form.get('post'))
  const locale = localeOf(form.get('langue'))
  if (!postId || !(await queueNewsletterTest(postId, locale, admin.email)))
    return data({ error: NEWSLETTER_PUBLISH_TEXTS.testNeedsSave }, { status: 400 })
  await recordActivity(request, {
    actor: admin,
    action: 'update',
    resourceType: 'blog',
    resourceId: postId,
    details: 'E-mail de test de la lettre envoyé',
  })
  return { message: NEWSLETTER_PUBLISH_TEXTS.testSent(admin.email) }
}
