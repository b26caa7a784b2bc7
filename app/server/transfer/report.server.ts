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

  /** A post created, by the status it has now. */
  created(status: 'published' | 'draft' | 'scheduled'): void {
    const statuses = (this.data.postStatuses ??= {})
    statuses[status] = (statuses[status] ?? 0) + 1
  }

  note(text: string): void {
    this.push(this.data.notes, text)
  }

  private push<T>(list: T[], entry: T): void {
    if (list.length >= MAX_LISTED) this.data.omitted++
    else list.push(entry)
  }
}

/** What an item reports to: the report itself, or a DeferredReport. */
export type ReportSink = Pick<ImportReport, 'count' | 'fail' | 'unreachable' | 'created' | 'note'>

/**
 * What one item reports while it is prepared, kept until its batch is written and then
 * replayed into the report in the items' order (ADR 102): the report reads as if each item
 * had been written alone, before the next one was read.
 */
export class DeferredReport implements ReportSink {
  private readonly calls: ((report: ReportSink) => void)[] = []

  count(kind: ItemKind, outcome: Outcome, by = 1): void {
    this.calls.push((report) => report.count(kind, outcome, by))
  }

  fail(kind: ItemKind, item: string, reason: string): void {
    this.calls.push((report) => report.fail(kind, item, reason))
  }

  unreachable(url: string, reason: string): void {
    this.calls.push((report) => report.unreachable(url, reason))
  }

  created(status: 'published' | 'draft' | 'scheduled'): void {
    this.calls.push((report) => report.created(status))
  }

  note(text: string): void {
    this.calls.push((report) => report.note(text))
  }

  replayInto(report: ReportSink): void {
    for (const call of this.calls.splice(0)) call(report)
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
  if (data.nextSteps?.length) {
    lines.push('À faire ensuite :')
    for (const step of data.nextSteps) lines.push(`  - ${step}`)
  }
  return lines.join('\n')
}

/** What to do after an import, at the end of its report (ADR 088). */
export function nextSteps(data: ImportReportData, redirects: number): string[] {
  const steps: string[] = []
  const created = data.counts.post?.created ?? 0
  if (created > 0)
    steps.push(
      'Vérifiez les articles importés dans Admin › Blog : mise en forme, images, catégorie et étiquettes.',
    )
  const pages = data.counts.page?.created ?? 0
  if (pages > 0)
    steps.push(
      'Vérifiez les pages importées dans Admin › Pages, et choisissez celles du menu et du pied de page.',
    )
  const drafts = data.postStatuses?.draft ?? 0
  if (drafts > 0)
    steps.push(
      `Relisez ${drafts > 1 ? `les ${drafts} brouillons` : 'le brouillon'} avant de publier (pages, articles privés, protégés ou réservés aux membres compris).`,
    )
  if (data.unreachableMedia.length > 0)
    steps.push(
      'Vérifiez les médias non récupérés : ils gardent leur adresse d’origine, qui disparaîtra avec l’ancien site ; ajoutez-les à la médiathèque.',
    )
  if (redirects > 0)
    steps.push(
      `${redirects} redirection${redirects > 1 ? 's' : ''} créée${redirects > 1 ? 's' : ''} : les anciennes adresses (articles, flux, catégories, étiquettes, auteurs, archives) renvoient vers ce site (301). Faites pointer l’ancien nom de domaine vers ce site pour qu’elles servent.`,
    )
  if (data.failures.length > 0)
    steps.push(
      'Corrigez les échecs ci-dessus dans le fichier source, puis importez-le de nouveau : rien ne sera créé deux fois.',
    )
  return steps
}
