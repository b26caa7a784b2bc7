// Import and export (ADR 066): the paths, the report's shape and its French wording, shared
// by the server (terminal report) and the hub (« Paramètres › Importer / Exporter »).

export const IMPORT_PATH = '/api/transfer/import'
export const EXPORT_PATH = '/api/transfer/export'
/** Largest file the hub takes (a 200 MB WXR fits; the command line has no such limit). */
export const IMPORT_MAX_MB = 512

export type ItemKind = 'post' | 'page' | 'media' | 'project' | 'content' | 'menu' | 'comment'
export type Outcome = 'created' | 'updated' | 'present' | 'skipped' | 'failed'
export const OUTCOMES: Outcome[] = ['created', 'updated', 'present', 'skipped', 'failed']

export const KIND_LABELS: Record<ItemKind, string> = {
  post: 'Articles',
  page: 'Pages',
  media: 'Médias',
  project: 'Projets',
  content: 'Autres contenus',
  menu: 'Éléments de menu',
  comment: 'Commentaires',
}

/** Singular and plural, masculine; pages take the feminine. */
const OUTCOME_WORDS: Record<Outcome, [string, string, string, string]> = {
  created: ['créé', 'créés', 'créée', 'créées'],
  updated: ['mis à jour', 'mis à jour', 'mise à jour', 'mises à jour'],
  present: ['déjà présent', 'déjà présents', 'déjà présente', 'déjà présentes'],
  skipped: ['ignoré', 'ignorés', 'ignorée', 'ignorées'],
  failed: ['en échec', 'en échec', 'en échec', 'en échec'],
}

/** « 3 créés », « 1 ignorée »: the outcome agreeing with the kind and the number. */
export function outcomeLabel(kind: ItemKind, outcome: Outcome, n: number): string {
  const index = (kind === 'page' ? 2 : 0) + (n > 1 ? 1 : 0)
  return `${n} ${OUTCOME_WORDS[outcome][index]}`
}

export interface ImportReportData {
  format: string
  counts: Partial<Record<ItemKind, Partial<Record<Outcome, number>>>>
  failures: { item: string; reason: string }[]
  unreachableMedia: { url: string; reason: string }[]
  notes: string[]
  /** Lines left out of the lists above (a 5,000-post import must not make a huge report). */
  omitted: number
  /** The posts created, by the status they have now (ADR 088). */
  postStatuses?: Partial<Record<PostStatusKind, number>>
  /** What to do next: « Vérifiez… », the redirects created (ADR 088). */
  nextSteps?: string[]
}

export type PostStatusKind = 'published' | 'draft' | 'scheduled'
const STATUS_WORDS: Record<PostStatusKind, [string, string]> = {
  published: ['publié', 'publiés'],
  draft: ['brouillon', 'brouillons'],
  scheduled: ['programmé', 'programmés'],
}

/** « 3 publiés, 2 brouillons, 1 programmé » (empty when nothing was created). */
export function statusLine(statuses: ImportReportData['postStatuses']): string {
  return (['published', 'draft', 'scheduled'] as const)
    .filter((s) => statuses?.[s])
    .map((s) => `${statuses![s]} ${STATUS_WORDS[s][statuses![s]! > 1 ? 1 : 0]}`)
    .join(', ')
}

/** « Articles : 6 créés, 1 en échec » per kind, in the report's order. */
export function countLines(data: ImportReportData): string[] {
  return (Object.entries(data.counts) as [ItemKind, Partial<Record<Outcome, number>>][]).map(
    ([kind, row]) =>
      `${KIND_LABELS[kind]} : ${OUTCOMES.filter((o) => row[o])
        .map((o) => {
          const label = outcomeLabel(kind, o, row[o]!)
          const split = kind === 'post' && o === 'created' ? statusLine(data.postStatuses) : ''
          return split ? `${label} (${split})` : label
        })
        .join(', ')}`,
  )
}

export const TRANSFER_TEXTS = {
  title: 'Importer / Exporter',
  importTitle: 'Importer',
  importHelp:
    'Un export WordPress (.xml), Ghost (.json), Medium (.zip), un .zip de fichiers Markdown avec leur en-tête (titre, date, étiquettes, brouillon, slug) ou un export Vitrine (.zip). Importer deux fois le même fichier ne crée rien de plus.',
  importButton: 'Importer',
  sending: (percent: number) => `Envoi du fichier : ${percent} %`,
  importing: 'Import en cours… Les articles apparaissent sur le site au fur et à mesure.',
  noFile: 'Choisissez un fichier à importer.',
  tooLarge: `Ce fichier dépasse ${IMPORT_MAX_MB} Mo : importez-le avec « npm run import » sur le serveur.`,
  busy: 'Un import est déjà en cours. Attendez qu’il se termine.',
  failed: 'L’import a échoué : vérifiez votre connexion, puis réessayez.',
  reportTitle: 'Rapport d’import',
  failuresTitle: 'Échecs',
  unreachableTitle: 'Médias non récupérés (l’adresse d’origine est conservée)',
  notesTitle: 'Remarques',
  nextStepsTitle: 'À faire ensuite',
  omitted: (n: number) => `… et ${n} autres lignes non affichées.`,
  nothing: 'Aucun élément trouvé.',
  exportTitle: 'Exporter',
  exportHelp:
    'Une archive .zip de tout le site : contenus et réglages (JSON), articles, projets et pages en Markdown, médias et CV privé. Ni mots de passe, ni sessions, ni secrets, ni messages des visiteurs.',
  exportButton: 'Télécharger l’export',
} as const
