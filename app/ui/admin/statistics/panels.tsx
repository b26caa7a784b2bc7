// The statistics tab's figures (ADR 072): period picker, totals compared with the previous
// period, realtime, panels whose values filter the view when clicked (the filter lives in the
// URL), goals, and a CSV link under every table. Every value is rendered as React text, so a
// hostile path, referrer or campaign stays inert.
import { useContext, type ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { STATS_SHARE_PARAM } from '#app/domain/statistics-share.ts'
import { StatsReadOnly } from './read-only.ts'
import {
  DIMENSIONS,
  PERIODS,
  type DimName,
  type GoalRow,
  type PanelRow,
  type PeriodKey,
  type Totals,
} from '#app/domain/analytics.ts'

export const STATISTICS_TITLE = 'Statistiques'

/** A panel's rows before « Voir plus » (the report's PANEL_ROWS, ADR 095). */
const PANEL_FIRST_ROWS = 10

const fr = (n: number) => n.toLocaleString('fr-FR')

export function formatDuration(seconds: number): string {
  const m = Math.floor(seconds / 60)
  const s = seconds % 60
  return m ? `${m} min ${String(s).padStart(2, '0')} s` : `${s} s`
}

/** The URL with one parameter set (or removed with null). */
export function withParam(search: string, key: string, value: string | null): string {
  const params = new URLSearchParams(search)
  if (value === null) params.delete(key)
  else params.set(key, value)
  if (key !== 'csv') params.delete('csv')
  const query = params.toString()
  return query ? `?${query}` : '?'
}

/**
 * A table row's name (a page's title over its path): a link adding its value to the filters,
 * or plain text where the row cannot filter (no `param`).
 */
export function RowName({
  row,
  param,
  search,
}: {
  row: { value: string; label: string; title?: string }
  param: string | undefined
  search: string
}) {
  const name = row.title ?? row.label
  return (
    <>
      {param ? (
        <FilterLink search={search} param={param} value={row.value} label={row.label}>
          {name}
        </FilterLink>
      ) : (
        name
      )}
      {row.title ? <span className="block truncate text-xs text-zinc-500">{row.label}</span> : null}
    </>
  )
}

function FilterLink({
  search,
  param,
  value,
  label,
  children,
}: {
  search: string
  param: string
  value: string
  label: string
  children: ReactNode
}) {
  return (
    <Link
      to={withParam(search, param, value)}
      className="text-violet-800 hover:underline"
      title={`Filtrer : ${label}`}
    >
      {children}
    </Link>
  )
}

/** The CSV of one table, with the view's period and filters. */
function exportHref(search: string, table: string): string {
  return `/api/statistics/export${withParam(search, 'csv', table)}`
}

export function PeriodPicker({
  period,
  from,
  to,
  search,
}: {
  period: PeriodKey
  from: string
  to: string
  search: string
}) {
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <nav aria-label="Période" className="flex flex-wrap gap-1">
        {PERIODS.filter((p) => p.key !== 'custom').map((p) => (
          <Link
            key={p.key}
            to={withParam(withParam(withParam(search, 'from', null), 'to', null), 'period', p.key)}
            aria-current={p.key === period ? 'page' : undefined}
            className={
              'rounded-md border px-3 py-1.5 text-sm ' +
              (p.key === period
                ? 'border-violet-600 bg-violet-600 text-white'
                : 'border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-50')
            }
          >
            {p.label}
          </Link>
        ))}
      </nav>
      <Form
        method="get"
        className="flex flex-wrap items-end gap-2"
        aria-label="Période personnalisée"
      >
        <input type="hidden" name="period" value="custom" />
        {[...new URLSearchParams(search)]
          .filter(([k]) => DIMENSIONS.some((d) => d.key === k) || k === STATS_SHARE_PARAM)
          .map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
        <label className="text-sm text-zinc-700">
          Du
          <input
            type="date"
            name="from"
            defaultValue={from}
            className="ml-1 rounded-md border border-zinc-300 px-2 py-1"
          />
        </label>
        <label className="text-sm text-zinc-700">
          au
          <input
            type="date"
            name="to"
            defaultValue={to}
            className="ml-1 rounded-md border border-zinc-300 px-2 py-1"
          />
        </label>
        <button
          type="submit"
          className="rounded-md border border-zinc-300 bg-white px-3 py-1.5 text-sm hover:bg-zinc-50"
        >
          Afficher
        </button>
      </Form>
    </div>
  )
}

function Change({
  now,
  before,
  invert = false,
}: {
  now: number
  before: number
  invert?: boolean
}) {
  if (!before) return <span className="text-xs text-zinc-500">—</span>
  const pct = Math.round(((now - before) / before) * 100)
  const good = invert ? pct <= 0 : pct >= 0
  return (
    <span className={`text-xs ${good ? 'text-emerald-700' : 'text-red-700'}`}>
      {pct >= 0 ? '+' : ''}
      {pct} % par rapport à la période précédente
    </span>
  )
}

export function TotalsCards({
  totals,
  previous,
  realtime,
}: {
  totals: Totals
  previous: Totals
  realtime: number
}) {
  const cards: { label: string; value: string; now: number; before: number; invert?: boolean }[] = [
    {
      label: 'Visiteurs',
      value: fr(totals.visitors),
      now: totals.visitors,
      before: previous.visitors,
    },
    {
      label: 'Pages vues',
      value: fr(totals.pageviews),
      now: totals.pageviews,
      before: previous.pageviews,
    },
    {
      label: 'Pages par visite',
      value: totals.viewsPerVisit.toLocaleString('fr-FR'),
      now: totals.viewsPerVisit,
      before: previous.viewsPerVisit,
    },
    {
      label: 'Taux de rebond',
      value: `${totals.bounceRate} %`,
      now: totals.bounceRate,
      before: previous.bounceRate,
      invert: true,
    },
    {
      label: 'Durée de visite',
      value: formatDuration(totals.duration),
      now: totals.duration,
      before: previous.duration,
    },
  ]
  return (
    <dl className="mb-4 grid gap-3 sm:grid-cols-3 lg:grid-cols-6" data-stats-totals="">
      <div className="rounded-md border border-emerald-200 bg-emerald-50 p-3">
        <dt className="text-sm text-emerald-900">En ce moment</dt>
        <dd className="text-2xl font-semibold text-emerald-900" data-stats-realtime="">
          {fr(realtime)}
        </dd>
        <dd className="text-xs text-emerald-800">visiteurs ces 5 dernières minutes</dd>
      </div>
      {cards.map((c) => (
        <div key={c.label} className="rounded-md border border-zinc-200 bg-white p-3">
          <dt className="text-sm text-zinc-600">{c.label}</dt>
          <dd className="text-2xl font-semibold text-zinc-900">{c.value}</dd>
          <dd>
            <Change now={c.now} before={c.before} invert={c.invert} />
          </dd>
        </div>
      ))}
    </dl>
  )
}

export function ActiveFilters({
  filters,
  search,
}: {
  filters: { key: DimName | 'goal'; label: string; value: string }[]
  search: string
}) {
  if (filters.length === 0) return null
  return (
    <ul aria-label="Filtres actifs" className="mb-4 flex flex-wrap gap-2">
      {filters.map((f) => (
        <li
          key={f.key}
          className="rounded-full border border-violet-300 bg-violet-50 px-3 py-1 text-sm text-violet-900"
        >
          {f.label} : <strong>{f.value}</strong>{' '}
          <Link
            to={withParam(search, f.key, null)}
            className="ml-1 underline"
            aria-label={`Retirer le filtre ${f.label}`}
          >
            ×
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** A titled panel of the dashboard, its table exported as CSV below it. */
function PanelBox({
  headingId,
  table,
  title,
  search,
  children,
}: {
  headingId: string
  table: string
  title: string
  search: string
  children: React.ReactNode
}) {
  const readOnly = useContext(StatsReadOnly)
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-md border border-zinc-200 bg-white p-4"
      data-stats-panel={table}
    >
      <h3 id={headingId} className="mb-2 font-semibold text-zinc-900">
        {title}
      </h3>
      {children}
      {readOnly ? null : (
        <a
          href={exportHref(search, table)}
          className="mt-2 inline-block text-xs text-violet-700 underline"
          download
        >
          Exporter en CSV
        </a>
      )}
    </section>
  )
}

function Panel({
  dim,
  label,
  rows,
  search,
}: {
  dim: DimName
  label: string
  rows: PanelRow[]
  search: string
}) {
  return (
    <PanelBox headingId={`stats-panel-${dim}`} table={dim} title={label} search={search}>
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-600">Aucune donnée pour cette période.</p>
      ) : (
        <table className="w-full table-fixed text-left text-sm">
          <thead>
            <tr className="text-zinc-600">
              <th scope="col" className="w-3/5">
                {label}
              </th>
              <FigureHeads labels={['Visiteurs', dim === 'page' ? 'Vues' : 'Visites']} />
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.value} className="border-t border-zinc-100">
                <th scope="row" className="truncate py-1 font-normal">
                  <RowName row={r} param={dim} search={search} />
                </th>
                <td className="text-right">{fr(r.visitors)}</td>
                <td className="text-right">{fr(dim === 'page' ? r.pageviews : r.visits)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows.length === PANEL_FIRST_ROWS ? (
        <Link
          to={withParam(search, 'more', dim)}
          preventScrollReset
          className="mt-2 mr-3 inline-block text-xs text-violet-700 underline"
        >
          Voir plus
        </Link>
      ) : null}
    </PanelBox>
  )
}

/** The column headers of a table's figures, right-aligned like the figures. */
function FigureHeads({ labels }: { labels: string[] }) {
  return labels.map((label) => (
    <th key={label} scope="col" className="text-right">
      {label}
    </th>
  ))
}

function GoalsPanel({ goals, search }: { goals: GoalRow[]; search: string }) {
  return (
    <PanelBox headingId="stats-goals" table="goals" title="Objectifs" search={search}>
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="text-zinc-600">
            <th scope="col">Objectif</th>
            <FigureHeads labels={['Visiteurs', 'Événements', 'Conversion']} />
          </tr>
        </thead>
        <tbody>
          {goals.map((g) => (
            <tr key={g.key} className="border-t border-zinc-100">
              <th scope="row" className="py-1 font-normal">
                <FilterLink search={search} param="goal" value={g.key} label={g.label}>
                  {g.label}
                </FilterLink>
              </th>
              <td className="text-right">{fr(g.visitors)}</td>
              <td className="text-right">{fr(g.events)}</td>
              <td className="text-right">{g.rate.toLocaleString('fr-FR')} %</td>
            </tr>
          ))}
        </tbody>
      </table>
    </PanelBox>
  )
}

/**
 * The period's tables: one a dimension, then the goals; `children` come first (the owner's
 * live panel).
 */
export function ReportPanels({
  panels,
  goals,
  search,
  children,
}: {
  panels: Record<DimName, PanelRow[]>
  goals: GoalRow[]
  search: string
  children?: ReactNode
}) {
  return (
    <div className="mt-4 grid gap-4 lg:grid-cols-2">
      {children}
      {DIMENSIONS.map((d) => (
        <Panel key={d.key} dim={d.key} label={d.label} rows={panels[d.key]} search={search} />
      ))}
      <GoalsPanel goals={goals} search={search} />
    </div>
  )
}
