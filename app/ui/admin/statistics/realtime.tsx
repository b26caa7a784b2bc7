// The realtime panel (ADR 095): the pages the last five minutes' visitors are reading and where
// they came from. Values are React text (a hostile path stays inert).
import type { LiveRow } from '#app/domain/analytics.ts'

const fr = (n: number) => n.toLocaleString('fr-FR')

function LiveTable({ caption, rows }: { caption: string; rows: LiveRow[] }) {
  return (
    <table className="w-full table-fixed text-left text-sm">
      <caption className="mb-1 text-left text-sm font-medium text-zinc-700">{caption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{caption}</th>
          <th scope="col">Visiteurs</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.label} className="border-t border-zinc-100">
            <th scope="row" className="truncate py-1 font-normal">
              {r.label}
            </th>
            <td className="w-16 text-right">{fr(r.visitors)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export function RealtimePanel({ live }: { live: { pages: LiveRow[]; referrers: LiveRow[] } }) {
  return (
    <section
      aria-labelledby="stats-live"
      className="rounded-md border border-emerald-200 bg-white p-4"
      data-stats-panel="live"
    >
      <h3 id="stats-live" className="mb-2 font-semibold text-zinc-900">
        En ce moment (5 dernières minutes)
      </h3>
      {live.pages.length === 0 ? (
        <p className="text-sm text-zinc-600">Aucun visiteur ces 5 dernières minutes.</p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          <LiveTable caption="Pages lues" rows={live.pages} />
          <LiveTable caption="Venus de" rows={live.referrers} />
        </div>
      )}
    </section>
  )
}

/** How fresh the unfiltered figures are (the rollups lag the realtime count, ADR 095). */
export function UpdatedNote({ seconds }: { seconds: number | null }) {
  if (seconds === null) return null
  const text = seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`
  return (
    <p className="-mt-2 mb-4 text-xs text-zinc-600" data-stats-updated="">
      Chiffres mis à jour il y a {text} ; « En ce moment » compte les dernières secondes.
    </p>
  )
}
