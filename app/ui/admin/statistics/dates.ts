// Dates of the statistics as a French reader writes them (ADR 096): « 29 octobre 2026 », never
// « 2026-10-29 ». The days are the periods' ISO days (UTC dates).

/** « 29 octobre 2026 » from « 2026-10-29 ». */
export function longDay(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`)
  if (Number.isNaN(date.getTime())) return iso
  return date.toLocaleDateString('fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
}
