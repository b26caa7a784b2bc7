// The visitors and page views over time (ADR 072): an SVG drawn on the server (no chart
// library, nothing more for the public pages), labelled for assistive technology and
// reachable with the keyboard, with the same figures as a table.
import type { SeriesPoint } from '#app/domain/analytics.ts'

function niceMax(value: number): number {
  if (value <= 5) return 5
  const magnitude = 10 ** Math.floor(Math.log10(value))
  const step = [1, 2, 5, 10].find((s) => s * magnitude >= value / 4)! * magnitude
  return Math.ceil(value / step) * step
}

/**
 * One drawing of the chart. The figure holds two (ADR 096): a wide one, and on narrow screens
 * (below 640 px) a narrower drawing with larger text and fewer date labels, so that at 390 px
 * the labels stay at least 11 px high once the SVG is scaled to the screen.
 */
function ChartSvg({
  series,
  caption,
  width: W,
  height: H,
  fontSize,
  maxLabels,
  narrow,
}: {
  series: SeriesPoint[]
  caption: string
  width: number
  height: number
  fontSize: number
  maxLabels: number
  narrow: boolean
}) {
  const max = niceMax(Math.max(0, ...series.map((p) => Math.max(p.visitors, p.pageviews))))
  const PAD = {
    top: 12,
    right: narrow ? 16 : 12,
    bottom: narrow ? 30 : 28,
    left: narrow ? 40 : 44,
  }
  const innerW = W - PAD.left - PAD.right
  const innerH = H - PAD.top - PAD.bottom
  const n = Math.max(1, series.length)
  const x = (i: number) => PAD.left + (n === 1 ? innerW / 2 : (i * innerW) / (n - 1))
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH
  const line = (key: 'visitors' | 'pageviews') =>
    series
      .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p[key]).toFixed(1)}`)
      .join(' ')
  const labelEvery = Math.max(1, Math.ceil(series.length / maxLabels))
  const total = series.reduce((s, p) => s + p.visitors, 0)
  const titleId = narrow ? 'stats-chart-title-narrow' : 'stats-chart-title'
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-labelledby={titleId}
      tabIndex={0}
      className={`h-auto w-full focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-500 ${narrow ? 'sm:hidden' : 'hidden sm:block'}`}
      {...(narrow ? { 'data-stats-chart-narrow': '' } : { 'data-stats-chart': '' })}
    >
      <title id={titleId}>
        {`${caption} : ${total} visiteurs au total, de ${series[0]?.label ?? ''} à ${series[series.length - 1]?.label ?? ''}`}
      </title>
      {[0, 0.5, 1].map((f) => (
        <g key={f}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(max * f)} y2={y(max * f)} stroke="#e4e4e7" />
          <text
            x={PAD.left - 6}
            y={y(max * f) + fontSize / 3}
            textAnchor="end"
            fontSize={fontSize}
            fill="#52525b"
          >
            {Math.round(max * f)}
          </text>
        </g>
      ))}
      {series.map((p, i) =>
        i % labelEvery === 0 ? (
          <text key={i} x={x(i)} y={H - 8} textAnchor="middle" fontSize={fontSize} fill="#52525b">
            {p.label}
          </text>
        ) : null,
      )}
      <path
        d={line('pageviews')}
        fill="none"
        stroke="#a78bfa"
        strokeWidth="2"
        strokeDasharray="4 3"
      />
      <path d={line('visitors')} fill="none" stroke="#6d28d9" strokeWidth="2.5" />
      {series.map((p, i) => (
        <circle key={i} cx={x(i)} cy={y(p.visitors)} r="2.5" fill="#6d28d9">
          <title>{`${p.label} : ${p.visitors} visiteurs, ${p.pageviews} pages vues`}</title>
        </circle>
      ))}
    </svg>
  )
}

/** The figure's two drawings: the wide one, then the narrow screens' one (ADR 096). */
const DRAWINGS = [
  { width: 720, height: 220, fontSize: 11, maxLabels: 8, narrow: false },
  { width: 340, height: 200, fontSize: 13, maxLabels: 4, narrow: true },
]

export function StatsChart({ series, caption }: { series: SeriesPoint[]; caption: string }) {
  return (
    <figure className="rounded-md border border-zinc-200 bg-white p-4">
      {DRAWINGS.map((drawing) => (
        <ChartSvg key={drawing.width} series={series} caption={caption} {...drawing} />
      ))}
      <figcaption className="mt-2 flex flex-wrap gap-4 text-sm text-zinc-700">
        <span>
          <span
            aria-hidden="true"
            className="mr-1 inline-block h-0.5 w-4 bg-violet-700 align-middle"
          />
          Visiteurs
        </span>
        <span>
          <span
            aria-hidden="true"
            className="mr-1 inline-block h-0.5 w-4 border-t-2 border-dashed border-violet-400 align-middle"
          />
          Pages vues
        </span>
      </figcaption>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm text-violet-700">
          Voir les données du graphique sous forme de tableau
        </summary>
        <table className="mt-2 w-full text-left text-sm" data-stats-chart-table="">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Période</th>
              <th scope="col">Visiteurs</th>
              <th scope="col">Pages vues</th>
            </tr>
          </thead>
          <tbody>
            {series.map((p, i) => (
              <tr key={i} className="border-t border-zinc-100">
                <th scope="row" className="font-normal">
                  {p.label}
                </th>
                <td>{p.visitors}</td>
                <td>{p.pageviews}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
