// The newsletter (ADR 085): subscribers' statuses and their French labels, the subscription
// form's schema and the texts a reader sees in both languages. No I/O.
import { z } from 'zod'
import { boolField, MAX_LENGTH, requiredEmail } from './common.ts'
import { LOCALES, type Locale } from './i18n/locale.ts'
import { labelKeys } from './labels.ts'

export const SUBSCRIBER_STATUS_LABELS = {
  pending: 'En attente de confirmation',
  confirmed: 'Confirmé',
  unsubscribed: 'Désabonné',
  rejected: 'Rejetée',
}
export type SubscriberStatus = keyof typeof SUBSCRIBER_STATUS_LABELS
export const SUBSCRIBER_STATUSES = labelKeys(SUBSCRIBER_STATUS_LABELS)

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

/** Sending rate bounds (mails per minute): providers cap bulk senders (ADR 097). */
export const NEWSLETTER_RATE_MIN = 1
export const NEWSLETTER_RATE_MAX = 60_000

/** The newsletter's own settings (settings document `newsletter`, ADR 097). */
export const NewsletterSettingsSchema = z.object({
  ratePerMinute: z.coerce
    .number({ error: 'Le rythme d’envoi doit être un nombre' })
    .int({ error: 'Le rythme d’envoi doit être un nombre entier' })
    .min(NEWSLETTER_RATE_MIN, { error: `Au moins ${NEWSLETTER_RATE_MIN} e-mail par minute` })
    .max(NEWSLETTER_RATE_MAX, {
      error: `Au plus ${NEWSLETTER_RATE_MAX.toLocaleString('fr-FR')} e-mails par minute`,
    }),
  sendByDefault: boolField,
})
export type NewsletterSettings = z.output<typeof NewsletterSettingsSchema>

export const DEFAULT_NEWSLETTER_SETTINGS: NewsletterSettings = {
  ratePerMinute: 600,
  sendByDefault: true,
}

/** The publish form's checkbox (ADR 097); the marker says the form offered it. */
export const NEWSLETTER_SEND_FIELD = 'newsletter.send'
export const NEWSLETTER_OFFERED_FIELD = 'newsletter.offered'

/** What the newsletter e-mail says around the post, in the post's language. */
export const NEWSLETTER_MAIL_TEXTS = {
  fr: {
    readOnline: 'Lire en ligne',
    unsubscribe: 'Se désabonner',
    why: (site: string, owner: string) =>
      `Vous recevez cet e-mail parce que vous êtes abonné aux nouveaux articles de ${site}${owner ? ` (${owner})` : ''}. Aucun pixel de suivi, aucun lien réécrit.`,
  },
  en: {
    readOnline: 'Read online',
    unsubscribe: 'Unsubscribe',
    why: (site: string, owner: string) =>
      `You receive this e-mail because you subscribed to the new posts of ${site}${owner ? ` (${owner})` : ''}. No tracking pixel, no rewritten links.`,
  },
} as const

/** The publish form's newsletter box asks and posts here (admins only, ADR 097). */
export const NEWSLETTER_PUBLISH_PATH = '/admin/newsletter/publish'

/** What the publish form shows of the newsletter for one post and language. */
export interface NewsletterPublishView {
  /** Confirmed subscribers of the language: who would receive it now. */
  subscribers: number
  /** The box's state: the post's saved choice, else the settings' default. */
  send: boolean
  /** Already public in that language: the box is not offered (an edit sends nothing). */
  isPublic: boolean
  progress: IssueProgress | null
  mailConfigured: boolean
}

export const NEWSLETTER_PUBLISH_TEXTS = {
  checkbox: 'Envoyer aux abonnés',
  receivers: (n: number, locale: Locale) =>
    n === 0
      ? `Aucun abonné ${locale === 'en' ? 'anglophone' : 'francophone'} confirmé pour l’instant`
      : `${n.toLocaleString('fr-FR')} abonné${n > 1 ? 's' : ''} ${locale === 'en' ? 'anglophone' : 'francophone'}${n > 1 ? 's' : ''} le recevr${n > 1 ? 'ont' : 'a'}`,
  alreadyPublic: 'Déjà publié dans cette langue : une modification n’est pas envoyée aux abonnés.',
  test: 'M’envoyer un test',
  testSent: (to: string) => `E-mail de test mis dans la file d’envoi pour ${to}.`,
  testNeedsSave: 'Enregistrez d’abord l’article pour recevoir un test.',
  notConfigured: 'L’envoi d’e-mails n’est pas configuré (SMTP_URL) : les e-mails attendent.',
} as const
