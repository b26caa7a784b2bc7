// Built-in audience statistics (ADR 072): the event body the endpoint accepts, the dashboard's
// periods, dimensions and filters, the settings and their French labels. No I/O.
import './zod-config.ts'
import { z } from 'zod'
import { GOAL_NAME_PATTERN, STATS_EVENTS } from './analytics-beacon.ts'
import { VitalsValuesSchema } from './web-vitals.ts'

/**
 * Stored event kinds (integers in analytics_event.kind). The newsletter's two are recorded by
 * the server, never sent by the script (ADR 097).
 */
export const EVENT_KIND = {
  pageview: 0,
  contact: 1,
  cv: 2,
  outbound: 3,
  subscribe: 4,
  unsubscribe: 5,
  /** A click on a link or button the owner marked (ADR 103); its name in `ref`. */
  goal: 6,
} as const
export type EventKind = (typeof EVENT_KIND)[keyof typeof EVENT_KIND]

/** The built-in goals, with their French labels. */
export const GOALS = [
  { kind: EVENT_KIND.contact, key: 'contact', label: 'Message de contact envoyé' },
  { kind: EVENT_KIND.cv, key: 'cv', label: 'Téléchargement du CV' },
  { kind: EVENT_KIND.outbound, key: 'outbound', label: 'Lien sortant d’un projet' },
  { kind: EVENT_KIND.subscribe, key: 'abonnement', label: 'Abonnement à la lettre confirmé' },
  { kind: EVENT_KIND.unsubscribe, key: 'desabonnement', label: 'Désabonnement de la lettre' },
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
  /** A 'goal' event's name (ADR 103). */
  g: z.string().regex(GOAL_NAME_PATTERN).optional(),
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
  /** The last page viewed in a visit (ADR 095). */
  exit: 12,
  /** A visit's channel: an index of CHANNELS (ADR 095). */
  channel: 13,
} as const
export type DimName = Exclude<keyof typeof DIM, 'total' | 'goal'>

/** The filterable dimensions, their URL keys and French headings. */
export const DIMENSIONS: { key: DimName; label: string }[] = [
  { key: 'page', label: 'Pages' },
  { key: 'entry', label: 'Pages d’entrée' },
  { key: 'exit', label: 'Pages de sortie' },
  { key: 'channel', label: 'Canaux' },
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

/** Where a visit came from, grouped (ADR 095); stored as the index (0: not counted yet). */
export const CHANNELS = [
  '',
  'Direct',
  'Recherche',
  'Réseaux sociaux',
  'E-mail',
  'Sites référents',
  'Campagnes',
] as const

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
  exit: filterValue,
  channel: filterValue,
  referrer: filterValue,
  source: filterValue,
  medium: filterValue,
  campaign: filterValue,
  country: filterValue,
  device: filterValue,
  browser: filterValue,
  os: filterValue,
  /** The panel shown beyond its first rows (« Voir plus », ADR 095). */
  more: z
    .enum(DIMENSIONS.map((d) => d.key) as [DimName, ...DimName[]])
    .optional()
    .catch(undefined),
  /** A goal's key (ADR 095): the visits that reached it. */
  goal: filterValue,
})
export type StatsQuery = z.output<typeof StatsQuerySchema>

/** An owner's goal (ADR 095): a visit of a page, such as a « merci » page. */
export const PageGoalSchema = z.object({
  name: z.string().trim().min(1, { error: 'Nom d’objectif vide' }).max(80),
  path: z
    .string()
    .trim()
    .regex(/^\/[^\s?#]*$/, { error: 'Un objectif est une adresse de page commençant par /' })
    .max(300),
})
export type PageGoal = z.output<typeof PageGoalSchema>

/**
 * A settings textarea of « name = value » lines, blank lines skipped; split at the first or the
 * last « = » (the other side may hold some); a line without one is a name with no value.
 */
function namedLines(text: string, at: 'first' | 'last'): { name: string; value: string }[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const i = at === 'first' ? line.indexOf('=') : line.lastIndexOf('=')
      return i < 0
        ? { name: line, value: '' }
        : { name: line.slice(0, i).trim(), value: line.slice(i + 1).trim() }
    })
}

/** The settings form's goals: one a line, « Nom = /chemin » (ADR 095). */
export function parseGoalLines(text: string): { name: string; path: string }[] {
  return namedLines(text, 'last').map(({ name, value }) => ({ name, path: value }))
}

export const goalLines = (goals: PageGoal[]) => goals.map((g) => `${g.name} = ${g.path}`).join('\n')

/** The filter key of an owner's page goal. */
export const pageGoalKey = (path: string) => `page:${path}`

/** The filter key of a click goal (ADR 103). */
export const clickGoalKey = (name: string) => `clic:${name}`

/**
 * A goal's value in the goal dimension (ADR 103): a built-in goal's event kind, or for a click
 * goal its name's dictionary id × 16 + its kind (kinds stay below 16).
 */
export const goalValue = (kind: number, nameId: number | null | undefined) =>
  kind === EVENT_KIND.goal && nameId ? nameId * 16 + kind : kind

/**
 * An owner's click goal set in the settings (ADR 103): a click on a link to an address (one
 * starting with / or http) or on an element a CSS selector names counts under `name`.
 */
export const ClickGoalSchema = z.object({
  name: z.string().regex(GOAL_NAME_PATTERN, {
    error: 'Nom d’objectif de clic : lettres minuscules, chiffres et tirets (40 au plus)',
  }),
  target: z.string().trim().min(1, { error: 'Lien ou sélecteur manquant' }).max(300),
})
export type ClickGoal = z.output<typeof ClickGoalSchema>

/** The settings form's click goals: one a line, « nom = sélecteur ou adresse » (ADR 103). */
export function parseClickGoalLines(text: string): { name: string; target: string }[] {
  // The first « = »: a selector may hold others (a[href="…"]), a name never does.
  return namedLines(text, 'first').map(({ name, value }) => ({ name, target: value }))
}

export const clickGoalLines = (goals: ClickGoal[]) =>
  goals.map((g) => `${g.name} = ${g.target}`).join('\n')

/** The statistics' time zone until the owner picks another (ADR 095). */
export const DEFAULT_TIME_ZONE = 'Europe/Paris'

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
  /**
   * The site's IANA time zone (ADR 095): days, hours and periods follow it. Only its shape is
   * checked here (read on every event, which must not load ICU, ADR 041); Intl checks the name
   * when the owner saves it.
   */
  timeZone: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/, { error: 'Fuseau horaire inconnu' })
    .default(DEFAULT_TIME_ZONE),
  /** The owner's page-visit goals, beside the built-in ones (ADR 095). */
  goals: z.array(PageGoalSchema).max(20, { error: '20 objectifs au plus' }).default([]),
  /** A summary of the previous month, on the 1st (ADR 096). */
  monthlyEmail: z.boolean().default(false),
  /** Click goals marked here rather than in Markdown (ADR 103). */
  clickGoals: z.array(ClickGoalSchema).max(20, { error: '20 objectifs au plus' }).default([]),
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

/** A row of the realtime lists (ADR 095): a page being read, or where visitors came from. */
export interface LiveRow {
  label: string
  visitors: number
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
  /** The last five minutes: pages being read, where their visitors came from (ADR 095). */
  live: { pages: LiveRow[]; referrers: LiveRow[] }
  /** Seconds since the rollups were brought up to date; null when the view reads raw events. */
  updatedAgo: number | null
  filters: { key: DimName | 'goal'; label: string; value: string }[]
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
