// /desabonnement?token=… (and /en/…) — leaving the newsletter without signing in (ADR 085).
// The e-mail's List-Unsubscribe header points here: a mail client's RFC 8058 one-click POST
// (body `List-Unsubscribe=One-Click`) unsubscribes at once, as does the page's own button; the
// token in the URL is the only credential, and the page then offers to subscribe again.
import { Form } from 'react-router'
import { localeOfPath } from '#app/domain/i18n/locale.ts'
import { NEWSLETTER_TEXTS } from '#app/domain/newsletter-texts.ts'
import { privatePageMeta } from '#app/domain/seo.ts'
import { recordNewsletterGoal } from '#app/server/analytics/collect.server.ts'
import { shippedVideo } from '#app/server/auth/page-assets.server.ts'
import { readFormData } from '#app/server/http/request-body.server.ts'
import {
  resubscribeByToken,
  subscriberByUnsubscribeToken,
  unsubscribeByToken,
} from '#app/server/repositories/newsletter.server.ts'
import { AuthShell } from '#app/ui/auth/auth-shell.tsx'
import type { Route } from './+types/newsletter-unsubscribe'

export function meta({ matches, location }: Route.MetaArgs) {
  return privatePageMeta(
    matches,
    NEWSLETTER_TEXTS[localeOfPath(location.pathname)].unsubscribeTitle,
  )
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const token = url.searchParams.get('token')
  const subscriber = await subscriberByUnsubscribeToken(token)
  return {
    locale: localeOfPath(url.pathname),
    token: subscriber ? token : null,
    status: subscriber?.status ?? null,
    video: shippedVideo('login-bg.webm'),
  }
}

export async function action({ request }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get('token')
  const form = await readFormData(request)
  // The page's "Se réabonner" names its intent; anything else (the RFC 8058 one-click body
  // included) unsubscribes.
  // The statistics' goals count changes only, not a repeated click (ADR 097).
  const before = (await subscriberByUnsubscribeToken(token))?.status
  if (form.get('intent') === 'resubscribe') {
    const subscriber = await resubscribeByToken(token)
    if (subscriber && before === 'unsubscribed') await recordNewsletterGoal('subscribe', request)
    return { done: subscriber ? ('resubscribed' as const) : ('invalid' as const) }
  }
  const subscriber = await unsubscribeByToken(token)
  if (subscriber && before === 'confirmed') await recordNewsletterGoal('unsubscribe', request)
  return { done: subscriber ? ('unsubscribed' as const) : ('invalid' as const) }
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const texts = NEWSLETTER_TEXTS[loaderData.locale]
  const status =
    actionData?.done === 'unsubscribed'
      ? 'unsubscribed'
      : actionData?.done === 'resubscribed'
        ? 'confirmed'
        : loaderData.status
  let body
  if (!loaderData.token || actionData?.done === 'invalid')
    body = <p role="alert">{texts.unsubscribeInvalid}</p>
  else if (status === 'unsubscribed')
    body = (
      <>
        <p role="status">{texts.unsubscribed}</p>
        <Form method="post">
          <input type="hidden" name="intent" value="resubscribe" />
          <button type="submit" className="btn btn-secondary w-full">
            {texts.resubscribeButton}
          </button>
        </Form>
      </>
    )
  else
    body = (
      <>
        {actionData?.done === 'resubscribed' ? <p role="status">{texts.resubscribed}</p> : null}
        <Form method="post">
          <button type="submit" className="btn btn-primary w-full">
            {texts.unsubscribeButton}
          </button>
        </Form>
      </>
    )
  return (
    <AuthShell title={texts.unsubscribeTitle} video={loaderData.video}>
      <div className="space-y-4 text-center text-white/90">{body}</div>
    </AuthShell>
  )
}
