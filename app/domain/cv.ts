// The CV document: its URL and its protection settings (ADR 018).
import { z } from 'zod'
import { boolField, requiredUrl } from './common.ts'
import type { CvAudience, CvSettings } from './types.ts'

/** The settings a CV gets when its URL is first set: protected by default. */
export const DEFAULT_CV_SETTINGS: CvSettings = {
  requireAuth: true,
  addWatermark: false,
  trackDownloads: true,
}

/** The guarded route that shows an uploaded CV (ADR 018); downloads use /cv/telecharger. */
export const CV_FILE_PATH = '/cv/fichier'
export const CV_DOWNLOAD_PATH = '/cv/telecharger'
/** Where a refused download sends the visitor: /cv with the sign-in banner. */
export const CV_LOGIN_REQUIRED_PATH = '/cv?connexion=requise'

export const CV_SETTING_LABELS: Record<Exclude<keyof CvSettings, 'audience'>, string> = {
  requireAuth: 'Exiger une connexion pour télécharger le CV',
  addWatermark: 'Ajouter un filigrane',
  trackDownloads: 'Suivre les téléchargements',
}

/** ADR 018 amendment: who may download, once a sign-in is required. */
export const CV_AUDIENCES = ['any', 'verified', 'approved'] as const satisfies readonly CvAudience[]
export const CV_AUDIENCE_LEGEND = 'Comptes autorisés à télécharger le CV'
export const CV_AUDIENCE_LABELS: Record<CvAudience, string> = {
  any: 'Tout compte connecté',
  verified: "Les comptes dont l'adresse e-mail est vérifiée",
  approved: "Les comptes que j'ai approuvés",
}

/** Where a download refused to a signed-in account sends it: /cv with the reason. */
export const CV_ACCESS_REFUSED_PATH = '/cv?acces=refuse'
export const CV_ACCESS_TEXTS = {
  unverified: "Le téléchargement du CV est réservé aux comptes dont l'adresse e-mail est vérifiée.",
  unapproved:
    'Le téléchargement du CV est réservé aux comptes approuvés par le propriétaire du site.',
  sendVerification: 'Recevoir un lien de vérification',
  verificationSent:
    'Un lien de vérification a été envoyé à votre adresse e-mail. Il est valable 24 heures.',
  verified: 'Votre adresse e-mail est vérifiée.',
  verificationFailed: "Ce lien de vérification n'est plus valide. Demandez-en un nouveau.",
} as const

export const CvUrlSchema = z.object({
  url: requiredUrl("L'URL du CV est requise"),
})

/**
 * Checkbox that may be absent (left unchanged). A form can send a hidden "false" before the
 * checkbox so that an unticked box still arrives: ["false", "on"] reads as true.
 */
export const optionalCheckbox = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return undefined
    const values = Array.isArray(value) ? value : [value]
    if (boolField.parse(values)) return true
    if (values.every((v) => v === false || v === 'off' || v === 'false' || v === '0' || v === ''))
      return false
    return value
  },
  z.boolean({ error: 'Valeur invalide' }).optional(),
)

/** A partial of requireAuth, addWatermark, trackDownloads; and who may download. */
export const CvSettingsSchema = z
  .object({
    requireAuth: optionalCheckbox,
    addWatermark: optionalCheckbox,
    trackDownloads: optionalCheckbox,
    audience: z.enum(CV_AUDIENCES, { error: 'Valeur invalide' }).optional(),
  })
  // Drop absent keys so a merge never overwrites with undefined.
  .transform((value) => {
    const out: Partial<CvSettings> = {}
    if (value.requireAuth !== undefined) out.requireAuth = value.requireAuth
    if (value.addWatermark !== undefined) out.addWatermark = value.addWatermark
    if (value.trackDownloads !== undefined) out.trackDownloads = value.trackDownloads
    if (value.audience !== undefined) out.audience = value.audience
    return out
  })
