// « Performances ressenties » (ADR 096): real visitors' Core Web Vitals of the period, for every
// page load, per device class and per page: the 75th percentile of LCP, INP, CLS and TTFB,
// rated with Google's thresholds, and the shares of bon / à améliorer / mauvais page loads.
// Values are React text: a hostile path stays inert.
import {
  RATING_LABELS,
  VITALS,
  formatVital,
  rateVital,
  type VitalSummary,
  type VitalsReport,
  type VitalsRow,
} from '#app/domain/web-vitals.ts'
import { RowName } from './panels.tsx'

const RATING_CLASS = {
  good: 'text-emerald-800',
  'needs-improvement': 'text-amber-800',
  poor: 'text-red-800',
} as const

function Cell({ vital, summary }: { vital: (typeof VITALS)[number]; summary: VitalSummary }) {
  if (summary.p75 === null)
    return (
      <td className="px-2 py-1 text-right text-zinc-500">
        <span aria-label="aucune mesure">—</span>
      </td>
    )
  const rating = rateVital(vital.key, summary.p75)
  const shares = `${RATING_LABELS.good} ${summary.good} % · ${RATING_LABELS['needs-improvement']} ${summary.needsImprovement} % · ${RATING_LABELS.poor} ${summary.poor} %`
  return (
    <td className="px-2 py-1 text-right align-top" data-vital={vital.key}>
      <span className={`font-semibold ${RATING_CLASS[rating]}`}>
        {formatVital(vital.key, summary.p75)}
      </span>
      <span className={`block text-xs ${RATING_CLASS[rating]}`}>{RATING_LABELS[rating]}</span>
      <span className="block text-xs text-zinc-600">{shares}</span>
    </td>
  )
}

function VitalsTable({
  caption,
  heading,
  rows,
  filter,
  search,
}: {
  caption: string
  heading: string
  rows: VitalsRow[]
  filter?: 'page' | 'device'
  search: string
}) {
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="mb-1 text-left font-medium text-zinc-800">{caption}</caption>
        <thead>
          <tr className="text-zinc-600">
            <th scope="col" className="py-1">
              {heading}
            </th>
            {VITALS.map((v) => (
              <th key={v.key} scope="col" className="px-2 text-right">
                <abbr title={v.name}>{v.label}</abbr>
              </th>
            ))}
            <th scope="col" className="px-2 text-right">
              Chargements
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.value || row.label} className="border-t border-zinc-100">
              <th scope="row" className="max-w-[14rem] truncate py-1 align-top font-normal">
                <RowName row={row} param={row.value ? filter : undefined} search={search} />
              </th>
              {VITALS.map((v) => (
                <Cell key={v.key} vital={v} summary={row.metrics[v.key]} />
              ))}
              <td className="px-2 py-1 text-right align-top">
                {row.loads.toLocaleString('fr-FR')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function VitalsPanel({ vitals, search }: { vitals: VitalsReport; search: string }) {
  return (
    <section
      aria-labelledby="stats-vitals"
      className="mt-4 rounded-md border border-zinc-200 bg-white p-4"
      data-stats-panel="vitals"
    >
      <h3 id="stats-vitals" className="font-semibold text-zinc-900">
        Performances ressenties
      </h3>
      <p className="mt-1 text-sm text-zinc-600">
        La vitesse du site mesurée chez les visiteurs (Core Web Vitals), au 75ᵉ centile de leurs
        chargements de page. Seuils de Google : LCP bon ≤ 2,5 s, mauvais &gt; 4 s ; INP 200 / 500 ms
        ; CLS 0,1 / 0,25 ; TTFB 0,8 / 1,8 s.
      </p>
      {vitals.all.loads === 0 ? (
        <p className="mt-3 text-sm text-zinc-600">Aucune mesure pour cette période.</p>
      ) : (
        <>
          <VitalsTable
            caption="Par appareil"
            heading="Appareil"
            rows={[vitals.all, ...vitals.devices]}
            filter="device"
            search={search}
          />
          <VitalsTable
            caption="Par page"
            heading="Page"
            rows={vitals.pages}
            filter="page"
            search={search}
          />
        </>
      )}
    </section>
  )
}
