// POST /api/event: the built-in statistics' collection endpoint (ADR 072). The public script
// sends one event per page view or goal with navigator.sendBeacon; the server answers at once
// and writes in batches later (app/server/analytics/store.server.ts).
import { collect } from '#app/server/analytics/collect.server.ts'
import type { Route } from './+types/stats-event'

const HEADERS = { 'Cache-Control': 'no-store' }

export function loader() {
  return new Response('Méthode non autorisée', {
    status: 405,
    headers: { ...HEADERS, Allow: 'POST' },
  })
}

export async function action({ request }: Route.ActionArgs) {
  const outcome = await collect(request)
  if (outcome.status === 204) return new Response(null, { status: 204, headers: HEADERS })
  const headers: Record<string, string> = {
    ...HEADERS,
    'Content-Type': 'text/plain; charset=utf-8',
  }
  if (outcome.status === 429) headers['Retry-After'] = '60'
  if (outcome.status === 405) headers.Allow = 'POST'
  return new Response(outcome.message, { status: outcome.status, headers })
}
