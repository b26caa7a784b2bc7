// /abonnement — the subscription form's action (ADR 085), posted from the blog pages in the
// page's language. Only POST: the form lives on the pages that show it.
import { data, redirect } from 'react-router'
import { handleSubscribe } from '#app/server/newsletter/subscribe.server.ts'
import type { Route } from './+types/newsletter-subscribe'

export function loader() {
  return redirect('/blog')
}

export async function action({ request }: Route.ActionArgs) {
  const result = await handleSubscribe(request)
  if (result.status === 'done') return result
  const { httpStatus, retryAfter, ...rest } = result
  return data(rest, {
    status: httpStatus,
    headers: retryAfter ? { 'Retry-After': retryAfter } : undefined,
  })
}
