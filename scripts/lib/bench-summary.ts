// The closing summary of `npm run bench:http` (ADRs 058 and 078): per page and per Vitrine target, req/s
// as a share of the references and as a multiple of a "Ghost-equivalent", p99, CPU per
// request, and the cache-off req/s against the baseline build (the commit before a change)
// measured in the same run; per process, start-up, idle RSS and RSS at the end of the load.
// The page cache on (the default) is judged beside its aims with "met" / "NOT met"; the cache
// off is recorded, not judged (ADR 076). Targets are whatever bench-http.ts measured: one with
// a `pageCache` gets rows.

/**
 * Ghost 6.65 served 71 req/s where a bare Node server sent the same bytes at 15,079 (the table
 * of ADRs 030 and 048, one run on another machine): Ghost-equivalent = 0.47 % of this run's
 * reference.
 */
export const GHOST_SHARE_OF_REFERENCE = 71 / 15_079
/**
 * The same run had React 19 `renderToString` of a 19 KB page (no data) at 2,082 req/s: a
 * second conversion, through a reference that, like Ghost, spends its time running JavaScript
 * rather than copying bytes (printed for information; the verdict keeps the bare-Node one).
 */
export const GHOST_SHARE_OF_REACT = 71 / 2_082

/** The aims of ADR 078 (one request pipeline), which replace those of ADRs 058 and 076. */
export const AIMS = {
  /** Page cache on: × Ghost-equivalent req/s, and share of nginx's req/s on the same bytes. */
  ghostMultipleCacheOn: 75,
  nginxShareCacheOn: 1 / 4,
  readyMs: 1_000,
  /** Idle RSS: recorded beside the RSS under load, judged by the same bound (ADR 078). */
  idleRssMb: 250,
  /** RSS at the end of a load of 50 connections, and at the end of every soak round (page
   * cache on). */
  loadRssMb: 250,
  /** RSS at the end of the last soak round within 10 % of the end of the first. */
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
  /** Page cache on or off; undefined for a reference or the baseline (no aims, no rows). */
  pageCache?: boolean
  readyMs: number
  idleRssMb: number
  /** RSS at the end of the page runs (the last one of this target). */
  loadRssMb: number
  /** RSS at the end of each soak round, when --soak was given. */
  soakRssMb: number[]
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '—')
const verdict = (ok: boolean | undefined) => (ok === undefined ? '—' : ok ? 'met' : 'NOT met')
const percent = (share: number) => `${fmt(share * 100, 1)} %`

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
  /** nginx measured in the same run; without it the bare Node reference stands in for it. */
  nginxKey?: string
  /** The React `renderToString` reference measured in the same run, when it was. */
  reactKey?: string
  /** The baseline build's cache-off figures (`--baseline-build`), when it was measured. */
  baselineKey?: string
  /**
   * A real Ghost measured in the same run on one of its posts (`--ghost URL`, ADR 048): then
   * "× Ghost" is that measurement, not a conversion.
   */
  ghost?: PageFigures
  loadAverage: string
}): number {
  const { paths, targets, table, referenceKey } = options
  const ref = table[referenceKey]
  const nginx = options.nginxKey ? table[options.nginxKey] : undefined
  const react = options.reactKey ? table[options.reactKey] : undefined
  const baseline = options.baselineKey ? table[options.baselineKey] : undefined
  const apps = targets.filter((t) => t.pageCache !== undefined && table[t.key])
  const ghost = options.ghost && options.ghost.rps > 0 ? options.ghost : undefined
  // nginx when measured; else the bare Node reference sending the same bytes stands in for it.
  const server = nginx ?? ref
  const serverName = nginx ? 'nginx' : 'bare Node (standing in for nginx)'
  let missed = 0
  const check = (ok: boolean | undefined) => {
    if (ok === false) missed++
    return verdict(ok)
  }

  // The cache off is recorded, not judged (ADR 076): its figures print, with no verdict.
  const judged = (target: SummaryTarget) => (target.pageCache ? check : () => 'recorded')

  console.log(
    `\nSummary against the aims of ADR 078 (load average ${options.loadAverage}). ` +
      (ghost
        ? `Ghost measured in this run: ${fmt(ghost.rps)} req/s on a post; "× Ghost" is against it. `
        : `Ghost-equivalent = ${fmt(GHOST_SHARE_OF_REFERENCE * 100, 2)} % of the reference's req/s (71 / 15,079)` +
          (react
            ? `; "via React": ${fmt(GHOST_SHARE_OF_REACT * 100, 1)} % of the React reference's, for information. `
            : '. ')) +
      `Cache on: ≥×${AIMS.ghostMultipleCacheOn} Ghost and ≥${percent(AIMS.nginxShareCacheOn)} of ${serverName}. ` +
      (baseline
        ? "Cache off: recorded beside the baseline build's req/s, not judged (ADR 076)."
        : 'Cache off: recorded, not judged (ADR 076); no baseline build measured (--baseline-build DIR).'),
  )
  const widths = [40, 10, 7, 9, 9, 8, 11, 28, 8, 8]
  console.log(
    row(
      [
        'page',
        'target',
        'req/s',
        '% ref',
        nginx ? '% nginx' : '% base',
        '× Ghost',
        '(via React)',
        'aim',
        'p99 ms',
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
      const serverShare = server?.[p] ? f.rps / server[p].rps : NaN
      const baselineShare = baseline?.[p] ? f.rps / baseline[p].rps : NaN
      // Measured Ghost when there is one; else the conversion through bare Node.
      const ghostMultiple = ghost ? f.rps / ghost.rps : share / GHOST_SHARE_OF_REFERENCE
      const ghostViaReact = react?.[p] ? f.rps / react[p].rps / GHOST_SHARE_OF_REACT : NaN
      const on = target.pageCache === true
      let aimText: string
      if (on) {
        const ok =
          ref?.[p] || ghost
            ? ghostMultiple >= AIMS.ghostMultipleCacheOn && serverShare >= AIMS.nginxShareCacheOn
            : undefined
        aimText = `≥×${AIMS.ghostMultipleCacheOn}, ≥${fmt(AIMS.nginxShareCacheOn * 100)} % ${nginx ? 'nginx' : 'ref'}: ${check(ok)}`
      } else {
        aimText = baseline ? `${percent(baselineShare)} of baseline: recorded` : 'recorded'
      }
      console.log(
        row(
          [
            p,
            on ? 'cache on' : 'cache off',
            fmt(f.rps),
            percent(share),
            nginx ? percent(f.rps / (nginx[p]?.rps ?? NaN)) : on ? '—' : percent(baselineShare),
            `×${fmt(ghostMultiple, ghostMultiple < 10 ? 1 : 0)}`,
            react ? `×${fmt(ghostViaReact, ghostViaReact < 10 ? 1 : 0)}` : '—',
            aimText,
            fmt(f.p99, 1),
            fmt(f.cpuPerRequest, 3),
          ],
          widths,
        ),
      )
    }
  }

  console.log('')
  const processWidths = [28, 22, 22, 26, 36]
  console.log(
    row(
      [
        'process',
        `ready (≤${AIMS.readyMs} ms)`,
        `idle RSS (≤${AIMS.idleRssMb} MB)`,
        `RSS at load end (≤${AIMS.loadRssMb} MB)`,
        `soak: last RSS, growth (≤${AIMS.soakGrowthPercent} %)`,
      ],
      processWidths,
    ),
  )
  for (const target of apps) {
    const judge = judged(target)
    const soak = target.soakRssMb
    const last = soak.at(-1)
    const growth = soak.length > 1 ? ((soak.at(-1)! - soak[0]!) / soak[0]!) * 100 : NaN
    const soakText =
      last === undefined
        ? 'no soak (--soak 60 --soak-rounds 5)'
        : `${fmt(last)} MB ${judge(last <= AIMS.loadRssMb)}, ` +
          (soak.length > 1
            ? `${growth >= 0 ? '+' : ''}${fmt(growth, 1)} % ${judge(Math.abs(growth) <= AIMS.soakGrowthPercent)}`
            : 'one round')
    console.log(
      row(
        [
          target.name,
          `${fmt(target.readyMs)} ms ${judge(target.readyMs <= AIMS.readyMs)}`,
          `${fmt(target.idleRssMb)} MB ${judge(target.idleRssMb <= AIMS.idleRssMb)}`,
          `${fmt(target.loadRssMb)} MB ${judge(target.loadRssMb <= AIMS.loadRssMb)}`,
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
