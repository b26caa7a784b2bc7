// Two-factor sign-in and active sessions (ADR 025): forms shared by page and
// action, French texts, and the device label of a session.
import './zod-config.ts'
import { z } from 'zod'

export const RECOVERY_CODE_COUNT = 10

/** Where a signed-in user proves the second factor, and where they enrol. */
export const SECOND_FACTOR_PATH = '/auth/verification'
export const ENROL_PATH = '/compte/double-authentification'
export const ACCOUNT_PATH = '/compte'

export const TWO_FACTOR_TEXTS = {
  codeRequired: 'Saisissez le code de vérification',
  codeInvalid: "Code invalide ou déjà utilisé. Vérifiez l'heure de votre téléphone et réessayez.",
  recoveryInvalid: 'Code de récupération invalide ou déjà utilisé.',
  tooManyAttempts: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.',
  enrolRequired:
    "La double authentification est obligatoire pour les administrateurs : activez-la pour accéder à l'administration.",
  requiredForAdmins:
    'La double authentification est obligatoire pour les administrateurs : elle ne peut pas être désactivée.',
  enableFirst: "Activez d'abord la double authentification sur votre compte.",
  alreadyEnabled: 'La double authentification est déjà active sur ce compte.',
} as const

/** Recovery codes are compared without case, spaces or dashes. */
export function normaliseRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '')
}

export const SecondFactorSchema = z.object({
  code: z
    .string({ error: TWO_FACTOR_TEXTS.codeRequired })
    .trim()
    .min(1, { error: TWO_FACTOR_TEXTS.codeRequired })
    .max(64, { error: TWO_FACTOR_TEXTS.codeInvalid }),
})
export type SecondFactorInput = z.infer<typeof SecondFactorSchema>

/** A six-digit code from the authenticator app (spaces allowed). */
export const TotpCodeSchema = z.object({
  code: z
    .string({ error: TWO_FACTOR_TEXTS.codeRequired })
    .trim()
    .min(1, { error: TWO_FACTOR_TEXTS.codeRequired })
    .max(16, { error: TWO_FACTOR_TEXTS.codeInvalid })
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, { error: 'Le code comporte 6 chiffres.' })),
})

/** 'Firefox sur Windows', 'Chrome sur Android'… from what the user-agent parser found. */
export function deviceLabel(browser: string | null, system: string | null): string {
  if (browser && system) return `${browser} sur ${system}`
  return browser ?? system ?? 'Appareil inconnu'
}
