// Subscribers as CSV (ADR 097): the « Abonnés » tab's export and, only when asked with
// `--with-subscribers`, the site export's `abonnes.csv`. The columns are those the tab's
// import reads back as « Autre fichier CSV » (email, consentement_le, statut).
import { toCsv } from '../analytics/csv.server.ts'
import { allSubscribers } from '../repositories/newsletter.server.ts'

export const SUBSCRIBERS_CSV = 'abonnes.csv'

export async function subscribersCsv(): Promise<string> {
  const rows = await allSubscribers()
  return toCsv(
    [
      'email',
      'langue',
      'statut',
      'source',
      'consentement_le',
      'page',
      'texte_consentement',
      'ip_tronquee',
      'confirme_le',
      'desabonne_le',
    ],
    rows.map((s) => [
      s.email,
      s.locale,
      s.status,
      s.source,
      s.consentAt,
      s.consentPage ?? '',
      s.consentText ?? '',
      s.consentIp ?? '',
      s.confirmedAt ?? '',
      s.unsubscribedAt ?? '',
    ]),
  )
}
