// Admin › "Statistiques" (ADR 072): the built-in audience statistics, admins only (the guard
// runs here as in every tab, for the page, its data requests and its CSV exports). Period,
// comparison and filters live in the URL; /api/statistics/export downloads a table as CSV.
import { useLoaderData, useLocation, useActionData } from 'react-router'
import {
  StatsQuerySchema,
  StatsSettingsSchema,
  parseClickGoalLines,
  parseGoalLines,
} from '#app/domain/analytics.ts'
import { requireAdmin } from '#app/server/auth/guard.server.ts'
import { recordActivity } from '#app/server/activity/activity.server.ts'
import { readAdminForm, unknownIntent } from '#app/server/admin/admin-actions.server.ts'
import { bumpContentGeneration } from '#app/server/cache/generation.server.ts'
import { buildReport, statsZone } from '#app/server/analytics/report.server.ts'
import { isTimeZone } from '#app/server/analytics/zone.server.ts'
import { freshRollups } from '#app/server/analytics/rollup.server.ts'
import { pageTitles } from '#app/server/analytics/labels.server.ts'
import { buildVitalsReport } from '#app/server/analytics/vitals.server.ts'
import {
  getStatsSettings,
  ignoredEvents,
  saveStatsSettings,
} from '#app/server/analytics/store.server.ts'
import { redirectWithToast } from '#app/server/http/toast.server.ts'
import { TabHeader } from '#app/ui/admin/tabs.tsx'
import { StatsChart } from '#app/ui/admin/statistics/chart.tsx'
import {
  ActiveFilters,
  PeriodPicker,
  ReportPanels,
  STATISTICS_TITLE,
  TotalsCards,
} from '#app/ui/admin/statistics/panels.tsx'
import { RealtimePanel, UpdatedNote } from '#app/ui/admin/statistics/realtime.tsx'
import { StatsSettingsForm } from '#app/ui/admin/statistics/settings.tsx'
import { VitalsPanel } from '#app/ui/admin/statistics/vitals-panel.tsx'
import { longDay } from '#app/ui/admin/statistics/dates.ts'
import { StatsShareSettings } from '#app/ui/admin/statistics/share-settings.tsx'
import { shareAction } from '#app/server/admin/statistics-share.server.ts'
import { activeShare } from '#app/server/analytics/share.server.ts'
import type { Route } from './+types/statistics'
import { boolField } from '#app/domain/common.ts'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const query = StatsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  await freshRollups()
  const [report, settings] = await Promise.all([buildReport(query), getStatsSettings()])
  // Events the site-wide budget left out in the period (ADR 084).
  const ignored = await ignoredEvents(report.range.from, report.range.to, (await statsZone()).utc)
  // Real visitors' page speed (ADR 096).
  const vitals = await buildVitalsReport(query, pageTitles)
  const share = await activeShare()
  return { report, settings, period: query.period, ignored, vitals, share }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const { intent, values } = await readAdminForm(request)
  // The read-only share link (ADR 096).
  if (intent === 'share-create' || intent === 'share-revoke')
    return shareAction(request, admin, intent)
  if (intent !== 'settings') return unknownIntent(intent)
  const parsed = StatsSettingsSchema.safeParse({
    enabled: boolField.parse(values.enabled),
    retentionMonths: values.retentionMonths,
    weeklyEmail: boolField.parse(values.weeklyEmail),
    timeZone: typeof values.timeZone === 'string' ? values.timeZone.trim() : values.timeZone,
    goals: parseGoalLines(typeof values.goals === 'string' ? values.goals : ''),
    clickGoals: parseClickGoalLines(typeof values.clickGoals === 'string' ? values.clickGoals : ''),
    monthlyEmail: boolField.parse(values.monthlyEmail),
  })
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field =
      issue?.path[0] === 'timeZone' || issue?.path[0] === 'goals' || issue?.path[0] === 'clickGoals'
        ? issue.path[0]
        : 'retentionMonths'
    return {
      field,
      error:
        field === 'timeZone'
          ? 'Fuseau horaire inconnu (nom IANA, par exemple Europe/Paris)'
          : (issue?.message ?? 'Réglages invalides'),
    }
  }
  // A name Intl does not know is refused at saving (ADR 095); reads only check its shape.
  if (!isTimeZone(parsed.data.timeZone))
    return {
      field: 'timeZone',
      error: 'Fuseau horaire inconnu (nom IANA, par exemple Europe/Paris)',
    }
  await saveStatsSettings(parsed.data)
  // The privacy page names the statistics and their retention: cached pages are dropped.
  bumpContentGeneration()
  await recordActivity(request, {
    actor: admin,
    action: 'update',
    resourceType: 'settings',
    resourceName: STATISTICS_TITLE,
    details: 'Réglages des statistiques modifiés',
  })
  // Back to the same view (a page change posts to `….data`: the page's own URL, not that).
  const back = new URL(request.url).searchParams
  back.delete('_routes')
  back.delete('index')
  const query = back.toString()
  return redirectWithToast(`/admin/statistics${query ? `?${query}` : ''}`, {
    kind: 'success',
    message: 'Réglages des statistiques enregistrés',
  })
}

export function meta() {
  return [{ title: 'Statistiques — Administration du Portfolio' }]
}

export default function StatisticsTab() {
  const { report, settings, period, ignored, vitals, share } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const { search } = useLocation()
  return (
    <div>
      <TabHeader title={STATISTICS_TITLE} />
      {!settings.enabled ? (
        <p
          role="status"
          className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          La mesure d’audience est désactivée : aucune nouvelle visite n’est comptée.
        </p>
      ) : null}
      {ignored > 0 ? (
        <p
          role="status"
          className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          {`${ignored.toLocaleString('fr-FR')} ${ignored > 1 ? 'évènements ignorés' : 'évènement ignoré'} (afflux anormal) sur la période : au-delà de la limite du site, les évènements ne sont pas comptés.`}
        </p>
      ) : null}
      <PeriodPicker period={period} from={report.range.from} to={report.range.to} search={search} />
      <p className="mb-3 text-sm text-zinc-600">
        Du {longDay(report.range.from)} au {longDay(report.range.to)}, comparé au{' '}
        {longDay(report.previousRange.from)} – {longDay(report.previousRange.to)}. Visiteurs
        anonymes, comptés par jour (sans cookie).
      </p>
      <ActiveFilters filters={report.filters} search={search} />
      <TotalsCards totals={report.totals} previous={report.previous} realtime={report.realtime} />
      <UpdatedNote seconds={report.updatedAgo} />
      <StatsChart series={report.series} caption="Visiteurs et pages vues sur la période" />
      <ReportPanels panels={report.panels} goals={report.goals} search={search}>
        <RealtimePanel live={report.live} />
      </ReportPanels>
      <VitalsPanel vitals={vitals} search={search} />
      <StatsSettingsForm
        settings={settings}
        failure={failure && 'field' in failure ? failure : undefined}
      >
        <StatsShareSettings
          share={share}
          createdUrl={failure && 'shareUrl' in failure ? failure.shareUrl : undefined}
        />
      </StatsSettingsForm>
    </div>
  )
}
