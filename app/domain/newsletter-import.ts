// Importing subscribers from another service's CSV (ADR 097): Ghost members, Substack,
// Mailchimp or any CSV. The owner maps the columns (address, consent date, confirmed); each
// source has defaults. An address is confirmed only when its file says so. Vitrine's own
// export is recognised by its columns and comes back as it left (ADR 104). No I/O.
import { z } from 'zod'
import { MAX_LENGTH } from './common.ts'
import type { Locale } from './i18n/locale.ts'
import { LOCALES } from './i18n/locale.ts'
import {
  SUBSCRIBER_SOURCES,
  SUBSCRIBER_STATUSES,
  type SubscriberSource,
  type SubscriberStatus,
} from './newsletter.ts'
import { labelKeys } from './labels.ts'

/** The columns of Vitrine's own subscribers export, in order (abonnes.csv). */
export const SUBSCRIBER_CSV_COLUMNS = [
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
] as const

export const IMPORT_SOURCE_LABELS = {
  ghost: 'Ghost (membres)',
  substack: 'Substack',
  mailchimp: 'Mailchimp',
  csv: 'Autre fichier CSV',
}
export type ImportSource = keyof typeof IMPORT_SOURCE_LABELS
export const IMPORT_SOURCES = labelKeys(IMPORT_SOURCE_LABELS)

export interface ColumnMap {
  email: string
  date: string
  /** Empty: the file says nothing, every address stays pending. */
  confirmed: string
}

/** Each service's export, as it names its columns. */
export const IMPORT_PRESETS: Record<ImportSource, ColumnMap> = {
  // Members who receive e-mails proved their address with Ghost's magic link.
  ghost: { email: 'email', date: 'created_at', confirmed: 'subscribed_to_emails' },
  // Substack's "email_disabled" is the reverse: handled by `isConfirmed`.
  substack: { email: 'email', date: 'created_at', confirmed: 'email_disabled' },
  // Mailchimp's double opt-in time: present when the address was confirmed.
  mailchimp: { email: 'Email Address', date: 'OPTIN_TIME', confirmed: 'CONFIRM_TIME' },
  csv: { email: 'email', date: 'consent_date', confirmed: 'confirmed' },
}

/** At most this many rows per file (a larger list is imported in several files). */
export const IMPORT_MAX_ROWS = 50_000
export const IMPORT_MAX_BYTES = 3 * 1024 * 1024

const column = z
  .string()
  .trim()
  .max(100, { error: '100 caractères maximum' })
  .refine((v) => !/[\r\n]/.test(v), { error: 'Nom de colonne invalide' })

export const ImportOptionsSchema = z.object({
  source: z.enum(IMPORT_SOURCES, { error: 'Source inconnue' }),
  locale: z.enum(LOCALES, { error: 'Langue invalide' }),
  emailColumn: column.optional(),
  dateColumn: column.optional(),
  confirmedColumn: column.optional(),
})
export type ImportOptions = z.output<typeof ImportOptionsSchema>

/** RFC 4180 CSV (quotes, doubled quotes, CRLF or LF); the delimiter is guessed from the header. */
export function parseCsv(text: string): string[][] {
  const input = text.replace(/^\uFEFF/, '')
  const firstLine = input.slice(0, input.search(/\r?\n|$/))
  const delimiter = [',', ';', '\t'].reduce((best, d) =>
    firstLine.split(d).length > firstLine.split(best).length ? d : best,
  )
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!
    if (quoted) {
      if (c === '"') {
        if (input[i + 1] === '"') {
          field += '"'
          i++
        } else quoted = false
      } else field += c
    } else if (c === '"' && field === '') quoted = true
    else if (c === delimiter) {
      row.push(field)
      field = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += c
  }
  if (field !== '' || row.length > 0) {
    row.push(field)
    rows.push(row)
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''))
}

const EMAIL = z.email()
const TRUE_WORDS = new Set(['true', '1', 'yes', 'oui', 'y', 'vrai', 'confirmed', 'subscribed'])

function isConfirmed(source: ImportSource, map: ColumnMap, value: string | undefined): boolean {
  if (!map.confirmed || value === undefined) return false
  const v = value.trim().toLowerCase()
  // Substack names the opposite: e-mails disabled.
  if (source === 'substack' && map.confirmed === IMPORT_PRESETS.substack.confirmed)
    return v === 'false' || v === ''
  if (source === 'mailchimp' && map.confirmed === IMPORT_PRESETS.mailchimp.confirmed)
    return v !== ''
  return TRUE_WORDS.has(v)
}

function isoDate(value: string | undefined): string | undefined {
  const v = value?.trim()
  if (!v) return undefined
  const at = Date.parse(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(v) ? v.replace(' ', 'T') : v)
  if (Number.isNaN(at)) return undefined
  return new Date(at).toISOString()
}

/** A subscriber of Vitrine's own export: status and proof of consent as they were. */
export interface RestoredSubscriber {
  status: SubscriberStatus
  source: SubscriberSource
  consentPage: string | null
  consentText: string | null
  consentIp: string | null
  confirmedAt: string | null
  unsubscribedAt: string | null
}

export interface ImportRow {
  email: string
  locale: Locale
  confirmed: boolean
  consentAt?: string
  /** Only for a row of Vitrine's own export. */
  restored?: RestoredSubscriber
}

/** Whether the header is Vitrine's own export's (its columns, in any order). */
function isVitrineExport(header: readonly string[]): boolean {
  const names = new Set(header.map((h) => h.trim().toLowerCase()))
  return ['email', 'langue', 'statut', 'source', 'consentement_le'].every((c) => names.has(c))
}

/** A free text of the file, without control characters and bounded. */
function proofText(value: string | undefined, max: number): string | null {
  // eslint-disable-next-line no-control-regex
  const v = (value ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim()
  return v ? v.slice(0, max) : null
}

function oneOf<T extends string>(values: readonly T[], value: string | undefined, fallback: T): T {
  const v = value?.trim().toLowerCase()
  return values.find((x) => x === v) ?? fallback
}

export type ImportPlan =
  { ok: true; rows: ImportRow[]; refused: number } | { ok: false; error: string }

/** The file's rows as subscribers, with the invalid addresses counted and left out. */
export function planImport(text: string, options: ImportOptions): ImportPlan {
  const preset = IMPORT_PRESETS[options.source]
  const map: ColumnMap = {
    email: options.emailColumn || preset.email,
    date: options.dateColumn || preset.date,
    confirmed: options.confirmedColumn ?? preset.confirmed,
  }
  const [header, ...lines] = parseCsv(text)
  if (!header) return { ok: false, error: 'Le fichier est vide.' }
  if (lines.length > IMPORT_MAX_ROWS)
    return {
      ok: false,
      error: `Le fichier a plus de ${IMPORT_MAX_ROWS.toLocaleString('fr-FR')} lignes : découpez-le en plusieurs fichiers.`,
    }
  const index = (name: string) =>
    name ? header.findIndex((h) => h.trim().toLowerCase() === name.toLowerCase()) : -1
  const emailAt = index(map.email)
  if (emailAt < 0)
    return {
      ok: false,
      error: `Colonne « ${map.email} » introuvable dans le fichier (colonnes : ${header.slice(0, 12).join(', ')}).`,
    }
  // Vitrine's own export, unless the owner mapped columns by hand: every column read back.
  const vitrine =
    !options.emailColumn &&
    !options.dateColumn &&
    options.confirmedColumn === undefined &&
    isVitrineExport(header)
  const cell = (line: string[], name: string) => {
    const at = index(name)
    return at >= 0 ? line[at] : undefined
  }
  const dateAt = index(vitrine ? 'consentement_le' : map.date)
  const confirmedAt = index(map.confirmed)
  const seen = new Set<string>()
  const rows: ImportRow[] = []
  let refused = 0
  for (const line of lines) {
    const email = (line[emailAt] ?? '').trim().toLowerCase()
    if (
      email.length > MAX_LENGTH.email ||
      // Header injection (CR, LF, other controls) and address lists are refused.
      // eslint-disable-next-line no-control-regex
      /[\u0000-\u001f\u007f<>,;]/.test(email) ||
      !EMAIL.safeParse(email).success
    ) {
      refused++
      continue
    }
    if (seen.has(email)) continue
    seen.add(email)
    if (vitrine) {
      const status = oneOf(SUBSCRIBER_STATUSES, cell(line, 'statut'), 'pending')
      rows.push({
        email,
        locale: oneOf(LOCALES, cell(line, 'langue'), options.locale),
        confirmed: status === 'confirmed',
        consentAt: isoDate(cell(line, 'consentement_le')),
        restored: {
          status,
          source: oneOf(SUBSCRIBER_SOURCES, cell(line, 'source'), 'csv'),
          consentPage: proofText(cell(line, 'page'), MAX_LENGTH.url),
          consentText: proofText(cell(line, 'texte_consentement'), 2000),
          consentIp: proofText(cell(line, 'ip_tronquee'), 100),
          confirmedAt: isoDate(cell(line, 'confirme_le')) ?? null,
          unsubscribedAt: isoDate(cell(line, 'desabonne_le')) ?? null,
        },
      })
      continue
    }
    rows.push({
      email,
      locale: options.locale,
      confirmed: isConfirmed(options.source, map, confirmedAt >= 0 ? line[confirmedAt] : undefined),
      consentAt: dateAt >= 0 ? isoDate(line[dateAt]) : undefined,
    })
  }
  return { ok: true, rows, refused }
}
