// The French date-and-time text of the admin lists, the account page and activity details.
// Pure (no React), so server code (activity details) and UI share it.
import { lazyDateTimeFormat } from './lazy-intl.ts'

// Fixed time zone: the server and the browser render the same text (no hydration mismatch).
const DATE_TIME = lazyDateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
})

/** French long format with hours and minutes, e.g. "3 mars 2026 à 14:05"; bad input as is. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date)
}

/** The French months abbreviated as in dates ("janv.", "févr."…), January first. */
export const SHORT_MONTHS = [
  'janv.',
  'févr.',
  'mars',
  'avr.',
  'mai',
  'juin',
  'juil.',
  'août',
  'sept.',
  'oct.',
  'nov.',
  'déc.',
] as const
