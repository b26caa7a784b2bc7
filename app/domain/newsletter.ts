// The newsletter (ADR 085): subscribers' statuses and their French labels, the subscription
// form's schema and the texts a reader sees in both languages. No I/O.
import { z } from 'zod'
import { MAX_LENGTH, requiredEmail } from './common.ts'
import { LOCALES, type Locale } from './i18n/locale.ts'

export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed', 'rejected'] as const
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number]

export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatus, string> = {
  pending: 'En attente de confirmation',
  confirmed: 'Confirmé',
  unsubscribed: 'Désabonné',
  rejected: 'Rejetée',
}

/** Where a subscriber came from: the site's own form, or an imported file. */
export const SUBSCRIBER_SOURCES = ['form', 'ghost', 'substack', 'mailchimp', 'csv'] as const
export type SubscriberSource = (typeof SUBSCRIBER_SOURCES)[number]

/** The confirmation link's life (double opt-in). */
export const CONFIRM_TTL_MS = 7 * 24 * 60 * 60_000
/** At most one confirmation e-mail per address in this window. */
export const CONFIRM_RESEND_MS = 24 * 60 * 60_000

/** A subscription request from a public page. */
export const SubscribeSchema = z.object({
  email: requiredEmail("L'adresse e-mail est requise").transform((v) => v.toLowerCase()),
  locale: z.enum(LOCALES, { error: 'Langue invalide' }).catch('fr'),
  // The path of the page the form was on, kept in the proof of consent.
  page: z
    .string()
    .max(MAX_LENGTH.url, { error: `${MAX_LENGTH.url} caractères maximum` })
    .refine((v) => v.startsWith('/') && !v.startsWith('//'), { error: 'Page invalide' })
    .catch('/blog'),
})

export type SubscribeInput = z.input<typeof SubscribeSchema>
export type SubscribeData = z.output<typeof SubscribeSchema>

/** What the hub shows of one subscriber, proof of consent included. */
export interface Subscriber {
  id: string
  email: string
  locale: Locale
  status: SubscriberStatus
  source: SubscriberSource
  consentAt: string
  consentPage: string | null
  consentText: string | null
  consentIp: string | null
  confirmedAt: string | null
  unsubscribedAt: string | null
  createdAt: string
}

/** Progress of one issue (« 1 234 / 5 000 envoyés, 3 rejetées »). */
export interface IssueProgress {
  total: number
  sent: number
  rejected: number
}

export function issueProgressText(p: IssueProgress): string {
  const n = (v: number) => v.toLocaleString('fr-FR')
  return `${n(p.sent)} / ${n(p.total)} envoyés, ${n(p.rejected)} rejetée${p.rejected > 1 ? 's' : ''}`
}
