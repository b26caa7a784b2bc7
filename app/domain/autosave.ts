// Autosave of a post's form (ADR 092): the texts the browser sends a moment after typing
// stops, their limits (the post's own), and the French texts of the status and the banner.
import { z } from 'zod'
import { MAX_LENGTH } from './common.ts'
import { lazyDateTimeFormat } from './lazy-intl.ts'

/** How long after the last keystroke the form is sent (ms). */
export const AUTOSAVE_DELAY_MS = 3000

export const AUTOSAVE_INTENT = 'autosave'
export const DISCARD_AUTOSAVE_INTENT = 'discard-autosave'

export const AUTOSAVE_TOO_LONG = 'Texte trop long pour être enregistré automatiquement'
export const AUTOSAVE_FAILED = 'Échec de l’enregistrement automatique : enregistrez à la main.'
export const AUTOSAVE_POST_MISSING = "Cet article n'existe plus."

const text = (max: number) =>
  z.string({ error: AUTOSAVE_TOO_LONG }).max(max, { error: AUTOSAVE_TOO_LONG }).default('')

/** A draft may be incomplete (no title yet): only the lengths are checked. */
export const AutosaveSchema = z.object({
  langue: z.enum(['fr', 'en']).default('fr'),
  title: text(MAX_LENGTH.short),
  excerpt: text(MAX_LENGTH.text),
  content: text(MAX_LENGTH.long),
})

/** An autosave offered when the form opens: its texts and time (ISO). */
export interface AutosaveView {
  title: string
  excerpt: string
  content: string
  savedAt: string
}

const PARIS_DATE = lazyDateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' })
const PARIS_TIME = lazyDateTimeFormat('fr-FR', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Europe/Paris',
})

/** "14 h 32", Paris time, as French typography writes hours. */
function frenchTime(iso: string): string {
  const parts = PARIS_TIME.formatToParts(new Date(iso))
  const hour = parts.find((part) => part.type === 'hour')?.value ?? ''
  const minute = parts.find((part) => part.type === 'minute')?.value ?? ''
  return `${Number(hour)} h ${minute}`
}

/** « Enregistré automatiquement à 14 h 32 » */
export function autosavedAt(iso: string): string {
  return `Enregistré automatiquement à ${frenchTime(iso)}`
}

/** « Reprendre la version non enregistrée du 27 novembre 2026 à 14 h 32 » */
export function resumeQuestion(iso: string): string {
  return `Reprendre la version non enregistrée du ${PARIS_DATE.format(new Date(iso))} à ${frenchTime(iso)}`
}
