// The import report (ADR 066): counts per kind and outcome, each failure with its reason,
// the media that could not be fetched, and notes (status changes, renamed slugs). Shown in
// French in the terminal and in the hub.

export type ItemKind = 'post' | 'page' | 'media' | 'project' | 'content' | 'menu' | 'comment'
export type Outcome = 'created' | 'updated' | 'present' | 'skipped' | 'failed'

export const KIND_LABELS: Record<ItemKind, string> = {
  post: 'Articles',
  page: 'Pages',
  media: 'Médias',
  project: 'Projets',
  content: 'Autres contenus',
  menu: 'Éléments de menu',
  comment: 'Commentaires',
}

export const OUTCOME_LABELS: Record<Outcome, string> = {
  created: 'créés',
  updated: 'mis à jour',
  present: 'déjà présents',
  skipped: 'ignorés',
  failed: 'en échec',
}

const OUTCOMES: Outcome[] = ['created', 'updated', 'present', 'skipped', 'failed']

/** Beyond this many lines per list, the report says how many more there were. */
const MAX_LISTED = 200

export interface ImportReportData {
  format: string
  counts: Partial<Record<ItemKind, Partial<Record<Outcome, number>>>>
  failures: { item: string; reason: string }[]
  unreachableMedia: { url: string; reason: string }[]
  notes: string[]
  /** Lines left out of the lists above (a 5,000-post import must not make a huge report). */
  omitted: number
}

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

  total(outcome: Outcome): number {
    return Object.values(this.data.counts).reduce((sum, row) => sum + (row?.[outcome] ?? 0), 0)
  }
}

/** The report as French text lines (the terminal prints them; the hub shows the same data). */
export function formatReport(data: ImportReportData): string {
  const lines = [`Import terminé (${data.format}).`]
  for (const [kind, row] of Object.entries(data.counts) as [ItemKind, Record<Outcome, number>][]) {
    const parts = OUTCOMES.filter((o) => row[o]).map((o) => `${row[o]} ${OUTCOME_LABELS[o]}`)
    lines.push(`  ${KIND_LABELS[kind]} : ${parts.join(', ')}`)
  }
  if (Object.keys(data.counts).length === 0) lines.push('  Aucun élément trouvé.')
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
