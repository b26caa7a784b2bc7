// Core Web Vitals from real visitors (ADR 096): the four metrics, Google's thresholds, what the
// statistics script may send and what the dashboard shows. No I/O.
import './zod-config.ts'
import { z } from 'zod'

export const VITALS = [
  { key: 'lcp', label: 'LCP', name: 'Affichage du contenu principal', good: 2500, poor: 4000 },
  { key: 'inp', label: 'INP', name: 'Réactivité aux interactions', good: 200, poor: 500 },
  { key: 'cls', label: 'CLS', name: 'Stabilité de la mise en page', good: 0.1, poor: 0.25 },
  { key: 'ttfb', label: 'TTFB', name: 'Délai de réponse du serveur', good: 800, poor: 1800 },
] as const
export type VitalKey = (typeof VITALS)[number]['key']

export type VitalRating = 'good' | 'needs-improvement' | 'poor'
export const RATING_LABELS: Record<VitalRating, string> = {
  good: 'Bon',
  'needs-improvement': 'À améliorer',
  poor: 'Mauvais',
}

/** Google's rating: good up to the first threshold included, poor above the second. */
export function rateVital(key: VitalKey, value: number): VitalRating {
  const vital = VITALS.find((v) => v.key === key)!
  return value <= vital.good ? 'good' : value <= vital.poor ? 'needs-improvement' : 'poor'
}

/** Milliseconds a time metric may take: ten minutes, beyond which a value is no measure. */
const time = z.number().finite().min(0).max(600_000)

/** The metrics a 'vitals' event carries (ms, and CLS as its score); anything else is refused. */
export const VitalsValuesSchema = z
  .strictObject({
    lcp: time.optional(),
    inp: time.optional(),
    cls: z.number().finite().min(0).max(100).optional(),
    ttfb: time.optional(),
  })
  .refine((m) => Object.values(m).some((v) => v !== undefined), { error: 'Aucune mesure' })
export type VitalsValues = z.output<typeof VitalsValuesSchema>

/** One metric over a group of page loads: its 75th percentile and its ratings' shares. */
export interface VitalSummary {
  /** Page loads that measured it. */
  count: number
  /** 75th percentile (ms; the score for CLS); null without a measure. */
  p75: number | null
  /** Percent of the measures, each rounded. */
  good: number
  needsImprovement: number
  poor: number
}

export interface VitalsRow {
  /** The filter value (a path or a device label); '' for every page load. */
  value: string
  label: string
  title?: string
  loads: number
  metrics: Record<VitalKey, VitalSummary>
}

export interface VitalsReport {
  all: VitalsRow
  devices: VitalsRow[]
  pages: VitalsRow[]
}

/** A value as the dashboard writes it: « 2,4 s », « 180 ms », « 0,05 ». */
export function formatVital(key: VitalKey, value: number): string {
  if (key === 'cls') return value.toLocaleString('fr-FR', { maximumFractionDigits: 2 })
  if (value >= 1000)
    return `${(value / 1000).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} s`
  return `${Math.round(value).toLocaleString('fr-FR')} ms`
}
