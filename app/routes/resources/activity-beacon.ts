// POST /api/activity: the browser reports what only it knows for the visitor information of
// activity entries (language, screen resolution, timezone, referrer).
//
// Design: the server writes every entry itself (ip, browser, os, device come from
// the request); this beacon can only *enrich* entries, never create one. It enriches the
// caller's own entries only: the signed-in user (from the session cookie, never from the
// body) and entries of the last few minutes whose browser fields are still 'Unknown'. An
// anonymous caller changes nothing. The admin layout sends it after each navigation, that
// is after the loader or action that wrote the entries has finished. Input is validated
// and bounded; the referrer is cut to origin + path (no query string: it may hold personal
// data). Rate-limited per user.
import { getSessionUser } from '#app/server/auth/session.server.ts'
import { hit } from '#app/server/rate-limit/rate-limit.server.ts'
import { readFormData } from '#app/server/http/request-body.server.ts'
import { deriveUserInfo } from '#app/server/activity/user-info.server.ts'
import { rememberClientInfo } from '#app/server/activity/activity.server.ts'
import { BeaconSchema, enrichRecentActivity } from './activity-beacon.server.ts'
import type { Route } from './+types/activity-beacon'

export function loader() {
  return new Response('Méthode non autorisée', { status: 405, headers: { Allow: 'POST' } })
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return loader()
  const user = await getSessionUser(request)
  // Anonymous callers own no entries: nothing to enrich (and nothing to tell them).
  if (!user) return new Response(null, { status: 204 })
  if (!(await hit(`activity-beacon:${user.id}`, { limit: 120, windowMs: 60_000 }))) {
    return new Response(null, { status: 429, headers: { 'Retry-After': '60' } })
  }
  let body: Record<string, unknown> = {}
  const type = request.headers.get('content-type') ?? ''
  if (type.includes('application/json')) {
    const parsed: unknown = await request.json().catch(() => null)
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>
  } else {
    const form = await readFormData(request)
    for (const [key, value] of form.entries()) if (typeof value === 'string') body[key] = value
  }
  const parsed = BeaconSchema.safeParse(body)
  if (!parsed.success) return new Response('Données invalides', { status: 400 })
  const { ip, browser, os, device } = deriveUserInfo(request)
  // The entries written after this beacon carry what it reports (ADR 081).
  rememberClientInfo(user.id, { ip, browser, os, device }, parsed.data)
  const updated = await enrichRecentActivity(user.id, parsed.data, { ip, browser, os, device })
  return Response.json({ updated }, { headers: { 'Cache-Control': 'no-store' } })
}
