// Sign-in and sign-up forms: one schema each, used by the page and the action.
import { z } from 'zod'
import { MAX_LENGTH, requiredEmail, requiredText, tooLong } from './common.ts'

/** The authentication provider rejects passwords under 6 characters ('minimum 6 caractères'). */
export const PASSWORD_MIN_LENGTH = 6

export const AUTH_TEXTS = {
  loginFailed: 'Identifiants invalides. Veuillez réessayer.',
  googleFailed: 'Erreur lors de la connexion avec Google',
  facebookFailed: 'Erreur lors de la connexion avec Facebook',
  emailInUse: 'Cette dimension est déjà occupée',
  weakPassword: 'Code quantique trop faible - minimum 6 caractères',
  registerFailed: 'Erreur lors de la création du portail',
  socialRegisterFailed: 'Erreur lors de la connexion',
  passwordsDiffer: 'Les codes quantiques ne correspondent pas',
  // Ours: refusals the original site never showed.
  accountDisabled: 'Ce compte est désactivé ou bloqué. Contactez un administrateur.',
  tooManyAttempts: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.',
  socialNotLinked:
    "Un compte existe déjà avec cette adresse e-mail, mais le fournisseur ne confirme pas qu'elle vous appartient. Connectez-vous avec votre code quantique.",
  providerNotConfigured: (name: string) =>
    `La connexion avec ${name} n'est pas configurée sur ce site.`,
  popupBlocked:
    'La fenêtre de connexion a été bloquée par le navigateur. Autorisez les fenêtres surgissantes et réessayez.',
  emailRequired: "L'adresse e-mail est requise",
  passwordRequired: 'Le code quantique est requis',
  nameRequired: 'Le nom est requis',
  confirmRequired: 'Veuillez confirmer le code quantique',
  invitationRequired:
    "Cette adresse a été invitée par l'administrateur : ouvrez le lien d'invitation reçu, ou connectez-vous avec Google ou Facebook.",
  invitationInvalid:
    "Ce lien d'invitation n'est plus valide ou ne correspond pas à cette adresse. Demandez-en un nouveau à l'administrateur.",
} as const

export const PROVIDER_LABELS = { google: 'Google', facebook: 'Facebook' } as const

/** Why a Google/Facebook sign-in failed, when it is more than "it failed". */
export const SOCIAL_FAILURE_REASONS = ['disabled', 'rate-limited', 'not-linked'] as const
export type SocialFailureReason = (typeof SOCIAL_FAILURE_REASONS)[number]

export function isSocialFailureReason(value: unknown): value is SocialFailureReason {
  return SOCIAL_FAILURE_REASONS.includes(value as SocialFailureReason)
}

/** The message a failed Google/Facebook sign-in ends with (the generic failure, or our more precise reasons). */
export function socialFailureText(
  provider: keyof typeof PROVIDER_LABELS,
  from: 'login' | 'register',
  reason?: SocialFailureReason,
): string {
  if (reason === 'disabled') return AUTH_TEXTS.accountDisabled
  if (reason === 'rate-limited') return AUTH_TEXTS.tooManyAttempts
  if (reason === 'not-linked') return AUTH_TEXTS.socialNotLinked
  if (from === 'register') return AUTH_TEXTS.socialRegisterFailed
  return provider === 'facebook' ? AUTH_TEXTS.facebookFailed : AUTH_TEXTS.googleFailed
}

/**
 * The message of the `?error=` code a full-page (no-JavaScript) social sign-in ends with,
 * for /login and /register alike (the reason is said on both pages).
 */
export function socialErrorFromQuery(
  error: string | null,
  from: 'login' | 'register',
): string | undefined {
  switch (error) {
    case 'google':
    case 'facebook':
      return socialFailureText(error, from)
    case 'google-off':
    case 'facebook-off':
      return AUTH_TEXTS.providerNotConfigured(
        PROVIDER_LABELS[error === 'google-off' ? 'google' : 'facebook'],
      )
    case 'disabled':
      return AUTH_TEXTS.accountDisabled
    case 'too-many':
      return AUTH_TEXTS.tooManyAttempts
    case 'not-linked':
      return AUTH_TEXTS.socialNotLinked
    case 'social':
      return AUTH_TEXTS.socialRegisterFailed
    default:
      return undefined
  }
}

/** Login: e-mail (email-typed) and password required. */
export const LoginSchema = z.object({
  email: requiredEmail(AUTH_TEXTS.emailRequired),
  password: z
    .string({ error: AUTH_TEXTS.passwordRequired })
    .min(1, { error: AUTH_TEXTS.passwordRequired })
    .max(MAX_LENGTH.password, { error: tooLong(MAX_LENGTH.password) }),
})
export type LoginInput = z.infer<typeof LoginSchema>

/** A new password (sign-up, reset): required, long enough, bounded. */
export const newPassword = z
  .string({ error: AUTH_TEXTS.passwordRequired })
  .min(1, { error: AUTH_TEXTS.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, { error: AUTH_TEXTS.weakPassword })
  .max(MAX_LENGTH.password, { error: tooLong(MAX_LENGTH.password) })

/** The new password typed again. */
export const confirmPassword = z
  .string({ error: AUTH_TEXTS.confirmRequired })
  .min(1, { error: AUTH_TEXTS.confirmRequired })
  .max(MAX_LENGTH.password, { error: tooLong(MAX_LENGTH.password) })

/** With `PASSWORDS_DIFFER`: the confirmation repeats the password. */
export const samePasswords = (v: { password: string; confirmPassword: string }) =>
  v.password === v.confirmPassword

/** The refusal of a confirmation that differs, shown on the confirmation field. */
export const PASSWORDS_DIFFER = { error: AUTH_TEXTS.passwordsDiffer, path: ['confirmPassword'] }

/** Register: name, e-mail, password and confirmation required; both must match. */
export const RegisterSchema = z
  .object({
    name: requiredText(AUTH_TEXTS.nameRequired),
    email: requiredEmail(AUTH_TEXTS.emailRequired),
    password: newPassword,
    confirmPassword,
  })
  .refine(samePasswords, PASSWORDS_DIFFER)
export type RegisterInput = z.infer<typeof RegisterSchema>

/** An admin's password is longer than a visitor's: a hub account is worth more. */
export const ADMIN_PASSWORD_MIN_LENGTH = 12
export const ADMIN_WEAK_PASSWORD = `Code quantique trop faible - minimum ${ADMIN_PASSWORD_MIN_LENGTH} caractères pour un administrateur`

/** First admin (setup link): the rules of sign-up, with an admin's password length. */
export const SetupAdminSchema = RegisterSchema.refine(
  (v) => v.password.length >= ADMIN_PASSWORD_MIN_LENGTH,
  { error: ADMIN_WEAK_PASSWORD, path: ['password'] },
)

/** localStorage key of the remembered e-mail (the 'Ancrage temporel' checkbox). */
export const REMEMBERED_EMAIL_KEY = 'vitrine-remembered-email'
