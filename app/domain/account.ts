// `/compte` self-service (ADR 025's amendment): change or remove one's password, download
// one's data, delete one's account. French texts and the form schema; no I/O. The password
// is « code quantique » here as on the sign-in screens, in the words of their messages.
import { z } from 'zod'
import { MAX_LENGTH } from './common.ts'
import { ADMIN_PASSWORD_MIN_LENGTH, AUTH_TEXTS, PASSWORD_MIN_LENGTH } from './auth.ts'

export const ACCOUNT_TEXTS = {
  passwordChanged: 'Code quantique modifié. Vos autres sessions sont fermées.',
  currentPasswordWrong: 'Le code quantique actuel est incorrect.',
  currentPasswordRequired: 'Saisissez votre code quantique actuel.',
  secondFactorNeeded:
    'Votre compte n’a pas encore de code quantique : activez d’abord la double authentification, puis saisissez un code pour en créer un.',
  // The same words as the sign-up screen's.
  confirmationMismatch: AUTH_TEXTS.passwordsDiffer,
  tooManyAttempts: 'Trop de tentatives. Réessayez dans quelques minutes.',
  deleteConfirmMismatch: 'Saisissez exactement votre adresse e-mail pour confirmer la suppression.',
  lastAdmin:
    'Vous êtes le dernier administrateur actif : votre compte ne peut pas être supprimé. Nommez d’abord un autre administrateur.',
  deleted: 'Votre compte a été supprimé.',
  passwordRemoved:
    'Code quantique supprimé : connectez-vous désormais avec Google ou Facebook. Vos autres sessions sont fermées.',
  noPassword: 'Ce compte n’a pas de code quantique.',
  noOtherSignIn: 'Impossible : ce compte n’a pas d’autre moyen de connexion.',
  deleteProofRequired: 'Saisissez votre code quantique pour confirmer la suppression.',
  deleteCodeRequired: 'Saisissez un code de double authentification pour confirmer la suppression.',
  deleteFreshSignInRequired:
    'Pour confirmer la suppression, déconnectez-vous puis reconnectez-vous avec Google ou Facebook, et recommencez dans les 10 minutes.',
  addressToConfirm: 'Adresse à confirmer',
  addressConfirmed: 'Adresse confirmée',
  verificationSent:
    'Un lien de confirmation vient de vous être envoyé par e-mail. Il est valable 24 heures.',
  verificationAlreadyDone: 'Votre adresse e-mail est déjà confirmée.',
  verificationTooMany: 'Vous avez demandé trop de liens de confirmation. Réessayez dans une heure.',
  verificationUnavailable:
    'Ce site n’envoie pas d’e-mails pour l’instant : votre adresse ne peut pas encore être confirmée.',
  messagesWithheld:
    'Les messages envoyés avec votre adresse depuis le formulaire de contact vous seront remis une fois votre adresse confirmée depuis « Mon compte ».',
} as const

/** Where the e-mailed confirmation link lands (ADR 082); Better Auth appends `error` on failure. */
export const ADDRESS_CONFIRMED_PATH = '/compte/adresse'

export function passwordMinLength(role: string): number {
  return role === 'admin' ? ADMIN_PASSWORD_MIN_LENGTH : PASSWORD_MIN_LENGTH
}

/** The sign-up screen's refusal (AUTH_TEXTS.weakPassword), with the role's minimum. */
export function weakPasswordText(min: number): string {
  return `Code quantique trop faible - minimum ${min} caractères`
}

const text = (max: number) => z.string().max(max).optional().default('')

export const ChangePasswordSchema = z.object({
  currentPassword: text(MAX_LENGTH.password),
  code: text(64),
  newPassword: z.string().max(MAX_LENGTH.password).default(''),
  confirmPassword: z.string().max(MAX_LENGTH.password).default(''),
})
export type ChangePasswordInput = z.output<typeof ChangePasswordSchema>

/** Removing one's password: proven by the current password or a fresh second-factor code. */
export const RemovePasswordSchema = z.object({
  currentPassword: text(MAX_LENGTH.password),
  code: text(64),
})
export type RemovePasswordInput = z.output<typeof RemovePasswordSchema>

/**
 * Deleting one's account (ADR 082): the typed address, and a proof as for removing the
 * password: the current password or a second-factor code.
 */
export const DeleteAccountSchema = z.object({
  confirmEmail: text(MAX_LENGTH.email),
  currentPassword: text(MAX_LENGTH.password),
  code: text(64),
})
export type DeleteAccountInput = z.output<typeof DeleteAccountSchema>
