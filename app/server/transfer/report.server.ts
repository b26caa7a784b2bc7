// The import report (ADR 066): counts per kind and outcome, each failure with its reason,
// the media that could not be fetched, and notes (status changes, renamed slugs). Shown in
// French in the terminal and in the hub (wording in app/domain/transfer.ts).
import {
  countLines,
  type ImportReportData,
  type ItemKind,
  type Outcome,
} from '#app/domain/transfer.ts'

export type { ImportReportData, ItemKind, Outcome }

/** Beyond this many lines per list, the report says how many more there were. */
const MAX_LISTED = 200

export class ImportReport {
  readonly data: ImportReportData

  constructor(format: string) {
    this.data = { format, counts: {}, failures: [], unreachableMedia: [], notes: [], omitted: 0 }
  }

  count(kind: ItemKind, outcome: Outcome, by = 1): void {
    const row = (this.data.counts[kind] ??= {})
    row[outcome] = (row[outcome] ?? 0) + by
  }

  fail(kind: ItemKind, item: string, reason: string): void {
    this.count(kind, 'failed')
    this.push(this.data.failures, { item, reason })
  }

  unreachable(url: string, reason: string): void {
    if (this.data.unreachableMedia.some((entry) => entry.url === url)) return
    this.push(this.data.unreachableMedia, { url, reason })
  }

  note(text: string): void {
    this.push(this.data.notes, text)
  }

  private push<T>(list: T[], entry: T): void {
    if (list.length >= MAX_LISTED) this.data.omitted++
    else list.push(entry)
  }
}

/** The report as French text (the terminal prints it; the hub shows the same data). */
export function formatReport(data: ImportReportData): string {
  const lines = [`Import terminé (${data.format}).`]
  const counts = countLines(data)
  lines.push(
    ...(counts.length > 0 ? counts.map((line) => `  ${line}`) : ['  Aucun élément trouvé.']),
  )
  if (data.failures.length > 0) {
    lines.push('Échecs :')
    for (const f of data.failures) lines.push(`  - ${f.item} : ${f.reason}`)
  }
  if (data.unreachableMedia.length > 0) {
    lines.push('Médias non récupérés (l’adresse d’origine est conservée) :')
    for (const m of data.unreachableMedia) lines.push(`  - ${m.url} (${m.reason})`)
  }
  if (data.notes.length > 0) {
    lines.push('Remarques :')
    for (const n of data.notes) lines.push(`  - ${n}`)
  }
  if (data.omitted > 0) lines.push(`… et ${data.omitted} autres lignes non affichées.`)
  return lines.join('\n')
}
