// Outgoing e-mail (ADR 019): outbox statuses and their French labels, the
// 'Paramètres › E-mails' forms and the password-reset forms. No I/O.
import { z } from 'zod'
import {
  AUTH_TEXTS,
  confirmPassword,
  newPassword,
  PASSWORDS_DIFFER,
  samePasswords,
} from './auth.ts'
import { boolField, optionalEmail, requiredEmail } from './common.ts'

export const OUTBOX_STATUS_LABELS = {
  queued: 'En attente',
  unconfigured: 'Non configuré',
  sent: 'Envoyé',
  failed: "Échec de l'envoi",
}
export type OutboxStatus = keyof typeof OUTBOX_STATUS_LABELS

export const OUTBOX_KIND_LABELS = {
  reply: 'Réponse à un message',
  alert: 'Alerte nouveau message',
  digest: 'Résumé des nouveaux messages',
  reset: 'Réinitialisation du code',
  invitation: 'Invitation',
  test: "E-mail d'essai",
  link: 'Connexion associée au compte',
  verify: "Vérification de l'adresse",
  stats: 'Résumé hebdomadaire des statistiques',
  'newsletter-confirm': "Confirmation d'abonnement à la lettre",
}
export type OutboxKind = keyof typeof OUTBOX_KIND_LABELS

/** What the admin sees of one outbox row. */
export interface OutboxEntry {
  id: string
  kind: OutboxKind
  to: string
  subject: string
  status: OutboxStatus
  attempts: number
  nextAttemptAt: string
  lastError: string | null
  sentAt: string | null
  createdAt: string
  relatedMessageId: string | null
}

/** The delivery of a reply, as the inbox shows it. */
export interface ReplyDelivery {
  outboxId: string
  status: OutboxStatus
  sentAt: string | null
  lastError: string | null
  attempts: number
  nextAttemptAt: string
}

export const MAIL_TEXTS = {
  notConfigured:
    "L'envoi d'e-mails n'est pas configuré : les e-mails attendent dans la file d'envoi. Renseignez SMTP_URL et MAIL_FROM (voir le README), puis redémarrez le site.",
  replyNotConfigured:
    "Réponse enregistrée, mais non envoyée : l'envoi d'e-mails n'est pas configuré.",
  replyQueued: "Réponse enregistrée : envoi de l'e-mail en cours.",
  replyWaiting: 'Envoi en attente',
  sendFailed: "Échec de l'envoi",
  retry: 'Réessayer',
  retried: "L'e-mail est de nouveau dans la file d'envoi.",
  testQueued: "E-mail d'essai ajouté à la file d'envoi.",
  settingsSaved: 'Réglages des e-mails enregistrés',
  settingsFailed: "Erreur lors de l'enregistrement des réglages des e-mails",
  forgotSent:
    "Si un compte existe pour cette adresse, un e-mail contenant un lien de réinitialisation vient de lui être envoyé. Le lien est valable 30 minutes et ne sert qu'une fois.",
  forgotNotConfigured:
    "L'envoi d'e-mails n'est pas configuré sur ce site : la réinitialisation par e-mail est indisponible. Contactez l'administrateur.",
  resetInvalid:
    "Ce lien de réinitialisation n'est plus valide (déjà utilisé ou expiré). Demandez-en un nouveau.",
  resetDone: 'Votre code quantique a été modifié. Connectez-vous avec le nouveau.',
} as const

/** Alerts past this many per hour are gathered into one digest, so a spam wave sends the owner one e-mail (ADR 019). */
export const ALERTS_PER_HOUR = 5

/** 'Paramètres › E-mails': new-message alerts on/off and where they go. */
export const MailSettingsSchema = z.object({
  alertsEnabled: boolField,
  alertEmail: optionalEmail(),
})
export type MailSettings = z.output<typeof MailSettingsSchema>

export const DEFAULT_MAIL_SETTINGS: MailSettings = { alertsEnabled: true }

/** The test-send form. */
export const TestMailSchema = z.object({
  to: requiredEmail("L'adresse du destinataire est requise"),
})

/** 'Code oublié ?': the address to send the link to. */
export const ForgotPasswordSchema = z.object({
  email: requiredEmail(AUTH_TEXTS.emailRequired),
})

/** The new password, twice (same rules as sign-up). */
export const ResetPasswordSchema = z
  .object({
    token: z.string().min(1).max(200),
    password: newPassword,
    confirmPassword,
  })
  .refine(samePasswords, PASSWORDS_DIFFER)
