// The closing summary of `npm run bench:http` (ADR 030, ADR 048): per page and per
// Vitrine target, req/s as a share of the reference and as a multiple of a "Ghost-equivalent",
// p99, CPU per request; per process, start-up, idle RSS and RSS after the load; each figure
// beside its aim with "met" / "NOT met". Targets are whatever bench-http.ts measured: a new
// one (PostgreSQL, several servers…) gets its rows by being in `targets` with a `pageCache`.

/**
 * Ghost 6.65 served 71 req/s where a bare Node server sent the same bytes at 15,079 (the
 * reference table of ADR 048, same machine, same run): Ghost-equivalent = 0.47 % of this run's reference req/s.
 */
export const GHOST_SHARE_OF_REFERENCE = 71 / 15_079
/**
 * The same table had React 19 `renderToString` of a 19 KB page (no data) at 2,082 req/s: a
 * second conversion, through a reference that, like Ghost, spends its time running JavaScript
 * rather than copying bytes (printed for information; the verdict keeps the bare-Node one).
 */
export const GHOST_SHARE_OF_REACT = 71 / 2_082
/** Ghost's p99 in that run (1.5 s); the aim is a tenth of it. */
export const GHOST_P99_MS = 1_500
/**
 * nginx sent the same bytes at 23,546 req/s: half of nginx = 78 % of the reference. Used only
 * when nginx is not measured in the same run (bench-http.ts measures it when installed).
 */
export const HALF_NGINX_SHARE_OF_REFERENCE = 23_546 / 2 / 15_079

export const AIMS = {
  /** × Ghost-equivalent req/s, page cache off / on (ADR 048). */
  ghostMultipleCacheOff: 10,
  ghostMultipleCacheOn: 100,
  p99Ms: GHOST_P99_MS / 10,
  /** Ready within 1 s, under 100 MB idle (ADR 030). */
  readyMs: 1_000,
  idleRssMb: 100,
  /** After a load run, and after the last soak round (ADR 030). */
  rssAfterMb: 150,
  /** No growth: RSS after the last soak round within 10 % of after the first (ADR 030). */
  soakGrowthPercent: 10,
} as const

export interface PageFigures {
  rps: number
  p99: number
  cpuPerRequest: number
}

export interface SummaryTarget {
  key: string
  name: string
  /** Page cache on or off; undefined for the reference (no aims, no rows). */
  pageCache?: boolean
  readyMs: number
  idleRssMb: number
  /** After the page runs (before any soak), once the load has stopped for SETTLE_MS. */
  rssAfterMb: number
  /** At the very moment the last page run ended (for information: garbage not yet collected). */
  rssAtLoadEndMb?: number
  /** RSS after each soak round, when --soak was given. */
  soakRssMb: number[]
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '—')
const verdict = (ok: boolean | undefined) => (ok === undefined ? '—' : ok ? 'met' : 'NOT met')

function row(cells: string[], widths: number[]): string {
  return cells
    .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
    .join('  ')
}

/** Prints the summary; returns how many aims were not met (NaN figures count as not met). */
export function printSummary(options: {
  paths: string[]
  targets: SummaryTarget[]
  table: Record<string, Record<string, PageFigures>>
  referenceKey: string
  /** nginx measured in the same run: "half of nginx" is judged against it (ADR 035). */
  nginxKey?: string
  /** The React `renderToString` reference measured in the same run, when it was. */
  reactKey?: string
  /**
   * A real Ghost measured in the same run on one of its posts (`--ghost URL`, ADR 048): then
   * "× Ghost" is that measurement, not a conversion, and the p99 aim is a tenth of its p99.
   */
  ghost?: PageFigures
  loadAverage: string
}): number {
  const { paths, targets, table, referenceKey } = options
  const ref = table[referenceKey]
  const nginx = options.nginxKey ? table[options.nginxKey] : undefined
  const react = options.reactKey ? table[options.reactKey] : undefined
  const apps = targets.filter((t) => t.pageCache !== undefined && table[t.key])
  const ghost = options.ghost && options.ghost.rps > 0 ? options.ghost : undefined
  // The stricter of the two tenths: the measured Ghost's and the one of the reference table.
  const p99Aim = ghost ? Math.min(AIMS.p99Ms, ghost.p99 / 10) : AIMS.p99Ms
  let missed = 0
  const check = (ok: boolean | undefined) => {
    if (ok === false) missed++
    return verdict(ok)
  }

  console.log(
    `\nSummary against the performance aims of ADRs 030 and 048 (load average ${options.loadAverage}). ` +
      (ghost
        ? `Ghost measured in this run: ${fmt(ghost.rps)} req/s on a post, p99 ${fmt(ghost.p99)} ms ` +
          `(aim: a tenth, ≤${fmt(p99Aim, 1)} ms); "× Ghost" below is against it. The conversions, for information: `
        : '') +
      `Ghost-equivalent = ${fmt(GHOST_SHARE_OF_REFERENCE * 100, 2)} % of the reference's req/s (71 / 15,079)` +
      (react
        ? `; "via React": ${fmt(GHOST_SHARE_OF_REACT * 100, 1)} % of the React reference's (71 / 2,082), for information. `
        : '. ') +
      (nginx
        ? 'Half of nginx: against nginx measured in this run.'
        : `Half of nginx: nginx not measured, taken as ${fmt(HALF_NGINX_SHARE_OF_REFERENCE * 100)} % of the reference (the reference table's run).`),
  )
  const widths = [40, 11, 7, 8, 8, 9, 11, 30, 9, 8, 8]
  console.log(
    row(
      [
        'page',
        'target',
        'req/s',
        '% ref',
        '% nginx',
        '× Ghost',
        '(via React)',
        'aim',
        'p99 ms',
        `≤${fmt(p99Aim)} ms`,
        'CPU ms',
      ],
      widths,
    ),
  )
  for (const p of paths) {
    for (const target of apps) {
      const f = table[target.key]![p]
      if (!f) continue
      const share = ref?.[p] ? f.rps / ref[p].rps : NaN
      const nginxShare = nginx?.[p] ? f.rps / nginx[p].rps : NaN
      // Measured Ghost when there is one; else the conversion through bare Node (the verdict's).
      const ghostMultiple = ghost ? f.rps / ghost.rps : share / GHOST_SHARE_OF_REFERENCE
      const ghostViaReact = react?.[p] ? f.rps / react[p].rps / GHOST_SHARE_OF_REACT : NaN
      const on = target.pageCache === true
      const aimMultiple = on ? AIMS.ghostMultipleCacheOn : AIMS.ghostMultipleCacheOff
      // Cache on: also half of nginx's req/s on the same bytes (ADR 035), measured when present.
      const halfNginx = nginx ? nginxShare >= 0.5 : share >= HALF_NGINX_SHARE_OF_REFERENCE
      const rpsOk =
        ref?.[p] || ghost ? ghostMultiple >= aimMultiple && (!on || halfNginx) : undefined
      const aimText = on
        ? `≥×${aimMultiple}, ${nginx ? '≥50 % nginx' : `≥${fmt(HALF_NGINX_SHARE_OF_REFERENCE * 100)} % ref`}: ${verdict(rpsOk)}`
        : `≥×${aimMultiple}: ${verdict(rpsOk)}`
      if (rpsOk === false) missed++
      console.log(
        row(
          [
            p,
            target.pageCache ? 'cache on' : 'cache off',
            fmt(f.rps),
            `${fmt(share * 100, 1)} %`,
            nginx ? `${fmt(nginxShare * 100, 1)} %` : '—',
            `×${fmt(ghostMultiple, ghostMultiple < 10 ? 1 : 0)}`,
            react ? `×${fmt(ghostViaReact, ghostViaReact < 10 ? 1 : 0)}` : '—',
            aimText,
            fmt(f.p99, 1),
            // No answer at all has no latency worth the name: not met.
            check(f.rps > 0 && Number.isFinite(f.p99) ? f.p99 <= p99Aim : false),
            fmt(f.cpuPerRequest, 3),
          ],
          widths,
        ),
      )
    }
  }

  console.log('')
  const processWidths = [28, 22, 22, 36, 36]
  console.log(
    row(
      [
        'process',
        `ready (≤${AIMS.readyMs} ms)`,
        `idle RSS (<${AIMS.idleRssMb} MB)`,
        `RSS after (≤${AIMS.rssAfterMb} MB)`,
        `soak: last RSS, growth (≤${AIMS.soakGrowthPercent} %)`,
      ],
      processWidths,
    ),
  )
  for (const target of apps) {
    const soak = target.soakRssMb
    const last = soak.at(-1)
    const growth = soak.length > 1 ? ((soak.at(-1)! - soak[0]!) / soak[0]!) * 100 : NaN
    const soakText =
      last === undefined
        ? 'no soak (--soak 60 --soak-rounds 5)'
        : `${fmt(last)} MB ${check(last <= AIMS.rssAfterMb)}, ` +
          (soak.length > 1
            ? `${growth >= 0 ? '+' : ''}${fmt(growth, 1)} % ${check(Math.abs(growth) <= AIMS.soakGrowthPercent)}`
            : 'one round')
    console.log(
      row(
        [
          target.name,
          `${fmt(target.readyMs)} ms ${check(target.readyMs <= AIMS.readyMs)}`,
          `${fmt(target.idleRssMb)} MB ${check(target.idleRssMb < AIMS.idleRssMb)}`,
          `${fmt(target.rssAfterMb)} MB ${check(target.rssAfterMb <= AIMS.rssAfterMb)}` +
            (target.rssAtLoadEndMb === undefined
              ? ''
              : ` (at load's end ${fmt(target.rssAtLoadEndMb)})`),
          soakText,
        ],
        processWidths,
      ),
    )
  }
  console.log(
    missed === 0
      ? '\nVerdict: every aim met.'
      : `\nVerdict: ${missed} aim(s) not met (see "NOT met" above).`,
  )
  return missed
}
