// Built-in audience statistics (ADR 072): the event body the endpoint accepts, the dashboard's
// periods, dimensions and filters, the settings and their French labels. No I/O.
import { z } from 'zod'
import { STATS_EVENTS } from './analytics-beacon.ts'
import { VitalsValuesSchema } from './web-vitals.ts'

/** Stored event kinds (integers in analytics_event.kind). */
export const EVENT_KIND = { pageview: 0, contact: 1, cv: 2, outbound: 3 } as const
export type EventKind = (typeof EVENT_KIND)[keyof typeof EVENT_KIND]

/** The three goals, with their French labels. */
export const GOALS = [
  { kind: EVENT_KIND.contact, key: 'contact', label: 'Message de contact envoyé' },
  { kind: EVENT_KIND.cv, key: 'cv', label: 'Téléchargement du CV' },
  { kind: EVENT_KIND.outbound, key: 'outbound', label: 'Lien sortant d’un projet' },
] as const

const text = (max: number) => z.string().max(max)

/** What the script sends. Anything else (types, sizes, names) is refused with a 400. */
export const StatsEventSchema = z.object({
  /** Event name. */
  n: z.enum(STATS_EVENTS),
  /** The page's address (location.href). */
  u: text(2048).min(1),
  /** document.referrer (first page only). */
  r: text(2048).optional(),
  /** Viewport width in CSS pixels. */
  w: z.number().int().min(0).max(100_000).optional(),
  /** The browser's IANA time zone. */
  z: text(64).optional(),
  /** Outbound link's address. */
  l: text(2048).optional(),
  /** A 'vitals' event's measures (ADR 096). */
  m: VitalsValuesSchema.optional(),
})
export type StatsEvent = z.output<typeof StatsEventSchema>

/** Dimensions of the rollups (analytics_rollup.dim) and of the dashboard's filters. */
export const DIM = {
  total: 0,
  page: 1,
  entry: 2,
  referrer: 3,
  source: 4,
  medium: 5,
  campaign: 6,
  country: 7,
  device: 8,
  browser: 9,
  os: 10,
  goal: 11,
} as const
export type DimName = Exclude<keyof typeof DIM, 'total' | 'goal'>

/** The filterable dimensions, their URL keys and French headings. */
export const DIMENSIONS: { key: DimName; label: string }[] = [
  { key: 'page', label: 'Pages' },
  { key: 'entry', label: 'Pages d’entrée' },
  { key: 'referrer', label: 'Sites référents' },
  { key: 'source', label: 'Source (utm_source)' },
  { key: 'medium', label: 'Support (utm_medium)' },
  { key: 'campaign', label: 'Campagne (utm_campaign)' },
  { key: 'country', label: 'Pays' },
  { key: 'device', label: 'Appareils' },
  { key: 'browser', label: 'Navigateurs' },
  { key: 'os', label: 'Systèmes' },
]

export const DEVICES = ['', 'Ordinateur', 'Mobile', 'Tablette'] as const

export const PERIODS = [
  { key: 'today', label: 'Aujourd’hui' },
  { key: '7d', label: '7 jours' },
  { key: '30d', label: '30 jours' },
  { key: '12m', label: '12 mois' },
  { key: 'custom', label: 'Personnalisée' },
] as const
export type PeriodKey = (typeof PERIODS)[number]['key']

const DATE = /^\d{4}-\d{2}-\d{2}$/
const optionalDate = z
  .string()
  .regex(DATE)
  .refine((v) => !Number.isNaN(Date.parse(v)))
  .optional()
  .catch(undefined)

/** The dashboard's query: unknown values fall back rather than fail (filters live in URLs). */
const filterValue = z.string().min(1).max(2048).optional().catch(undefined)

export const StatsQuerySchema = z.object({
  period: z.enum(PERIODS.map((p) => p.key) as [PeriodKey, ...PeriodKey[]]).catch('30d'),
  from: optionalDate,
  to: optionalDate,
  page: filterValue,
  entry: filterValue,
  referrer: filterValue,
  source: filterValue,
  medium: filterValue,
  campaign: filterValue,
  country: filterValue,
  device: filterValue,
  browser: filterValue,
  os: filterValue,
})
export type StatsQuery = z.output<typeof StatsQuerySchema>

/** The statistics settings (the settings table's 'statistics' row, apart from the site settings). */
export const StatsSettingsSchema = z.object({
  enabled: z.boolean().default(true),
  /** Months raw events are kept: 25 at most (CNIL). */
  retentionMonths: z.coerce
    .number({ error: 'Durée invalide' })
    .int({ error: 'Durée invalide' })
    .min(1, { error: 'Au moins 1 mois' })
    .max(25, { error: '25 mois au plus (CNIL)' })
    .default(25),
  weeklyEmail: z.boolean().default(false),
  /** A summary of the previous month, on the 1st (ADR 096). */
  monthlyEmail: z.boolean().default(false),
})
export type StatsSettings = z.output<typeof StatsSettingsSchema>
export const DEFAULT_STATS_SETTINGS: StatsSettings = StatsSettingsSchema.parse({})

// What the dashboard shows (built by app/server/analytics/report.server.ts).

export interface Totals {
  visitors: number
  visits: number
  pageviews: number
  viewsPerVisit: number
  /** Percent. */
  bounceRate: number
  /** Average visit duration, seconds. */
  duration: number
}

export interface PanelRow {
  /** The value as it goes in a filter (a path, a host, a country code…). */
  value: string
  label: string
  /** A project's or post's title for a page. */
  title?: string
  visitors: number
  visits: number
  pageviews: number
  bounceRate: number
}

export interface SeriesPoint {
  label: string
  visitors: number
  pageviews: number
}

export interface GoalRow {
  key: string
  label: string
  visitors: number
  events: number
  /** Percent of the period's visitors. */
  rate: number
}

export interface Report {
  range: { from: string; to: string }
  previousRange: { from: string; to: string }
  totals: Totals
  previous: Totals
  series: SeriesPoint[]
  panels: Record<DimName, PanelRow[]>
  goals: GoalRow[]
  realtime: number
  filters: { key: DimName; label: string; value: string }[]
}

/** Two-letter country code ↔ small integer (no dictionary row for 250 values). */
export function encodeCountry(code: string): number | null {
  if (!/^[A-Z]{2}$/.test(code)) return null
  return (code.charCodeAt(0) - 65) * 26 + (code.charCodeAt(1) - 65) + 1
}
export function decodeCountry(value: number): string {
  const n = value - 1
  if (!Number.isInteger(n) || n < 0 || n >= 26 * 26) return ''
  return String.fromCharCode(65 + Math.floor(n / 26), 65 + (n % 26))
}
