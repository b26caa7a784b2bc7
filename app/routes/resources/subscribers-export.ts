// GET /api/subscribers/export: the « Abonnés » tab's CSV export (ADR 097). Admins only (the
// tabs' guard). A resource route: a page's loader cannot answer a document request with a
// file (React Router renders the page, and a raw Response there was a 500).
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import { methodNotAllowed } from '#app/server/http/method-not-allowed.server.ts'
import { SUBSCRIBERS_CSV, subscribersCsv } from '#app/server/newsletter/csv.server.ts'
import type { Route } from './+types/subscribers-export'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return new Response(await subscribersCsv(), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${SUBSCRIBERS_CSV}"`,
      'Cache-Control': 'no-store',
    },
  })
}

export const action = methodNotAllowed
