// POST /api/event: the built-in statistics' collection endpoint (ADR 072). The public script
// sends one event per page view or goal with navigator.sendBeacon; the server answers at once
// and writes in batches later (app/server/analytics/store.server.ts). Express mounts React
// Router's handler for this path before the render queue (server/index.ts, ADR 078).
import { beaconResponse } from '#app/server/analytics/collect.server.ts'
import type { Route } from './+types/stats-event'

export function loader() {
  return new Response('Méthode non autorisée', {
    status: 405,
    headers: { 'Cache-Control': 'no-store', Allow: 'POST' },
  })
}

export async function action({ request }: Route.ActionArgs) {
  return beaconResponse(request)
}
