// /statistiques/partage?cle=… — the statistics dashboard through its secret share link (ADR 096):
// read-only, signed out or not, without settings nor exports. A missing, malformed or revoked
// key is a 404; the page is rate-limited per address, never cached, never indexed, and sends no
// referrer. The key travels in the query string, which the request log leaves out.
import { data, useLoaderData, useLocation } from 'react-router'
import { StatsQuerySchema } from '#app/domain/analytics.ts'
import { STATS_SHARE_PARAM } from '#app/domain/statistics-share.ts'
import { pageTitles } from '#app/server/analytics/labels.server.ts'
import { buildReport } from '#app/server/analytics/report.server.ts'
import { freshRollups } from '#app/server/analytics/rollup.server.ts'
import { shareKeyValid } from '#app/server/analytics/share.server.ts'
import { buildVitalsReport } from '#app/server/analytics/vitals.server.ts'
import { getClientIp } from '#app/server/http/client-ip.server.ts'
import { addressKey } from '#app/server/rate-limit/address-key.server.ts'
import { hit } from '#app/server/rate-limit/rate-limit.server.ts'
import { getSiteSettings } from '#app/server/repositories/settings.server.ts'
import { StatsChart } from '#app/ui/admin/statistics/chart.tsx'
import {
  ActiveFilters,
  PeriodPicker,
  ReportPanels,
  TotalsCards,
} from '#app/ui/admin/statistics/panels.tsx'
import { StatsReadOnly } from '#app/ui/admin/statistics/read-only.ts'
import { VitalsPanel } from '#app/ui/admin/statistics/vitals-panel.tsx'
import { longDay } from '#app/ui/admin/statistics/dates.ts'
import type { Route } from './+types/statistics-share'

/** Views of the shared page one address may ask for per minute (a key cannot be guessed). */
const SHARE_VIEWS = { limit: 30, windowMs: 60_000 }

const PRIVATE = {
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex, nofollow',
}

export function headers() {
  return PRIVATE
}

export function meta() {
  return [{ title: 'Statistiques partagées' }, { name: 'robots', content: 'noindex, nofollow' }]
}

export async function loader({ request }: Route.LoaderArgs) {
  const client = addressKey(getClientIp(request))
  if (!(await hit(`stats-share:${client}`, SHARE_VIEWS, Date.now(), { owner: client })))
    throw data(
      { message: 'Trop de demandes. Réessayez dans une minute.' },
      { status: 429, headers: { ...PRIVATE, 'Retry-After': '60' } },
    )
  const url = new URL(request.url)
  if (!(await shareKeyValid(url.searchParams.get(STATS_SHARE_PARAM))))
    throw data(
      { message: 'Ce lien de partage n’existe pas ou a été révoqué.' },
      {
        status: 404,
        headers: PRIVATE,
      },
    )
  const query = StatsQuerySchema.parse(Object.fromEntries(url.searchParams))
  await freshRollups()
  const [report, vitals, site] = await Promise.all([
    buildReport(query),
    buildVitalsReport(query, pageTitles),
    getSiteSettings(),
  ])
  return data({ report, vitals, period: query.period, site: site.siteName }, { headers: PRIVATE })
}

export default function SharedStatistics() {
  const { report, vitals, period, site } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  return (
    <StatsReadOnly value={true}>
      <main className="mx-auto max-w-6xl bg-zinc-50 p-4 text-zinc-900">
        <h1 className="mb-1 text-2xl font-semibold">Statistiques de {site}</h1>
        <p className="mb-4 text-sm text-zinc-600">
          Vue en lecture seule, partagée par le propriétaire du site. Visiteurs anonymes, comptés
          par jour (sans cookie).
        </p>
        <PeriodPicker
          period={period}
          from={report.range.from}
          to={report.range.to}
          search={search}
        />
        <p className="mb-3 text-sm text-zinc-600">
          Du {longDay(report.range.from)} au {longDay(report.range.to)}, comparé au{' '}
          {longDay(report.previousRange.from)} – {longDay(report.previousRange.to)}.
        </p>
        <ActiveFilters filters={report.filters} search={search} />
        <TotalsCards totals={report.totals} previous={report.previous} realtime={report.realtime} />
        <StatsChart series={report.series} caption="Visiteurs et pages vues sur la période" />
        <ReportPanels panels={report.panels} goals={report.goals} search={search} />
        <VitalsPanel vitals={vitals} search={search} />
      </main>
    </StatsReadOnly>
  )
}
