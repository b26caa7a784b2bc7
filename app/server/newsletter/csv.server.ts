// Subscribers as CSV (ADR 097): the « Abonnés » tab's export and, only when asked with
// `--with-subscribers`, the site export's `abonnes.csv`. The tab's import recognises these
// columns and reads every one back (ADR 104).
import { SUBSCRIBER_CSV_COLUMNS } from '#app/domain/newsletter-import.ts'
import { toCsv } from '../analytics/csv.server.ts'
import { allSubscribers } from '../repositories/newsletter.server.ts'

export const SUBSCRIBERS_CSV = 'abonnes.csv'

export async function subscribersCsv(): Promise<string> {
  const rows = await allSubscribers()
  return toCsv(
    [...SUBSCRIBER_CSV_COLUMNS],
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
