// /abonnement/confirmer?token=… (and /en/…) — the double opt-in link (ADR 085). Opening the
// link shows a button; only its POST confirms, so a mail scanner that follows links cannot
// subscribe someone on their behalf.
import { Form } from 'react-router'
import { localeOfPath } from '#app/domain/i18n/locale.ts'
import { NEWSLETTER_TEXTS } from '#app/domain/newsletter-texts.ts'
import { privatePageMeta } from '#app/domain/seo.ts'
import { recordNewsletterGoal } from '#app/server/analytics/collect.server.ts'
import { shippedVideo } from '#app/server/auth/page-assets.server.ts'
import { readFormData } from '#app/server/http/request-body.server.ts'
import { confirmSubscription, isTokenShaped } from '#app/server/repositories/newsletter.server.ts'
import { AuthShell } from '#app/ui/auth/auth-shell.tsx'
import type { Route } from './+types/newsletter-confirm'

export function meta({ matches, location }: Route.MetaArgs) {
  return privatePageMeta(matches, NEWSLETTER_TEXTS[localeOfPath(location.pathname)].confirmTitle)
}

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const token = url.searchParams.get('token')
  return {
    locale: localeOfPath(url.pathname),
    token: isTokenShaped(token) ? token : null,
    video: shippedVideo('login-bg.webm'),
  }
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request)
  const subscriber = await confirmSubscription(form.get('token'))
  // The statistics' goal « Abonnement à la lettre confirmé » (ADR 097).
  if (subscriber) await recordNewsletterGoal('subscribe', request)
  return { confirmed: !!subscriber }
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const texts = NEWSLETTER_TEXTS[loaderData.locale]
  const blog = loaderData.locale === 'en' ? '/en/blog' : '/blog'
  let body
  if (actionData?.confirmed) body = <p role="status">{texts.confirmed}</p>
  else if (actionData || !loaderData.token) body = <p role="alert">{texts.confirmInvalid}</p>
  else
    body = (
      <Form method="post">
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" className="btn btn-primary w-full">
          {texts.confirmButton}
        </button>
      </Form>
    )
  return (
    <AuthShell title={texts.confirmTitle} video={loaderData.video}>
      <div className="space-y-4 text-center text-white/90">
        {body}
        <p>
          <a href={blog} className="underline">
            Blog
          </a>
        </p>
      </div>
    </AuthShell>
  )
}
