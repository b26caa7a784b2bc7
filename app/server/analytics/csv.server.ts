// CSV of a statistics table: RFC 4180 quoting, and a leading ', so a value starting with
// = + - @ (a hostile path or campaign) is never read as a formula by a spreadsheet. Cells are
// separated by ';' after a UTF-8 BOM: what Excel in French expects (',' is its decimal comma, so
// a comma-separated file opens as one column); nothing reads these files back (ADR 096).
import type { Kysely } from 'kysely'
import { CHANNELS, DEVICES, DIM, GOALS, decodeCountry } from '#app/domain/analytics.ts'
import { getDb } from '../db/client.server.ts'
import type { Database } from '../db/schema.server.ts'
import { DAY_S, isoDay } from './periods.server.ts'

export function toCsv(header: string[], rows: (string | number)[][]): string {
  const cell = (value: string | number) => {
    let text = String(value)
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
    return /[",\n\r;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
  }
  // A BOM so spreadsheets read the accents as UTF-8.
  return '\uFEFF' + [header, ...rows].map((r) => r.map(cell).join(';')).join('\r\n') + '\r\n'
}

const DIM_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(DIM).map(([name, id]) => [id, name]),
)

/** Every daily rollup row with its value spelled out (the export, ADR 066). */
export async function dailyStatisticsCsv(db: Kysely<Database> = getDb()): Promise<string> {
  const rows = await db
    .selectFrom('analytics_rollup as r')
    .leftJoin('analytics_dict as d', 'd.id', 'r.value')
    .select([
      'r.start',
      'r.dim',
      'r.value',
      'd.value as text',
      'r.visitors',
      'r.visits',
      'r.pageviews',
      'r.bounces',
      'r.duration',
    ])
    .where('r.gran', '=', 1)
    .orderBy('r.start')
    .orderBy('r.dim')
    .execute()
  const spelled = (dim: number, value: number, text: string | null) => {
    if (dim === DIM.total) return ''
    if (dim === DIM.country) return decodeCountry(value)
    if (dim === DIM.device) return DEVICES[value] ?? ''
    if (dim === DIM.channel) return CHANNELS[value] ?? ''
    if (dim === DIM.goal) return GOALS.find((g) => g.kind === value)?.key ?? ''
    return value > 0 ? (text ?? '') : ''
  }
  return toCsv(
    ['jour', 'dimension', 'valeur', 'visiteurs', 'visites', 'pages_vues', 'rebonds', 'duree_s'],
    rows.map((r) => [
      isoDay(Number(r.start) / DAY_S),
      DIM_NAMES[Number(r.dim)] ?? '',
      spelled(Number(r.dim), Number(r.value), r.text),
      Number(r.visitors),
      Number(r.visits),
      Number(r.pageviews),
      Number(r.bounces),
      Number(r.duration),
    ]),
  )
}
