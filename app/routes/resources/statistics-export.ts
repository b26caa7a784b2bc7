// GET /api/statistics/export?csv=<table>&period=…: one table of the statistics tab as CSV
// (ADR 072), with the tab's period and filters. Admins only (the tabs' guard).
import { DIMENSIONS, StatsQuerySchema } from '#app/domain/analytics.ts'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import { toCsv } from '#app/server/analytics/csv.server.ts'
import { buildReport, panelRows } from '#app/server/analytics/report.server.ts'
import { freshRollups } from '#app/server/analytics/rollup.server.ts'
import { methodNotAllowed } from '#app/server/http/method-not-allowed.server.ts'
import type { Route } from './+types/statistics-export'

const TEXT = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const url = new URL(request.url)
  const query = StatsQuerySchema.parse(Object.fromEntries(url.searchParams))
  const csv = url.searchParams.get('csv') ?? ''
  const dim = DIMENSIONS.find((d) => d.key === csv)
  if (!dim && csv !== 'goals')
    return new Response('Tableau inconnu.', { status: 404, headers: TEXT })
  await freshRollups()
  const body = dim
    ? toCsv(
        [dim.label, 'Titre', 'Visiteurs', 'Visites', 'Pages vues', 'Taux de rebond (%)'],
        (await panelRows(dim.key, query, Date.now(), 1000)).map((r) => [
          r.label,
          r.title ?? '',
          r.visitors,
          r.visits,
          r.pageviews,
          r.bounceRate,
        ]),
      )
    : toCsv(
        ['Objectif', 'Visiteurs', 'Événements', 'Conversion (%)'],
        (await buildReport(query)).goals.map((g) => [g.label, g.visitors, g.events, g.rate]),
      )
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="statistiques-${csv}.csv"`,
      'Cache-Control': 'no-store',
    },
  })
}

export const action = methodNotAllowed
