// The CV document: its URL and its protection settings (ADR 018).
import { z } from 'zod'
import { requiredUrl } from './common.ts'
import type { CvSettings } from './types.ts'

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

export const CV_SETTING_LABELS: Record<keyof CvSettings, string> = {
  requireAuth: 'Exiger une connexion pour télécharger le CV',
  addWatermark: 'Ajouter un filigrane',
  trackDownloads: 'Suivre les téléchargements',
}

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
    if (values.some((v) => v === true || v === 'on' || v === 'true' || v === '1')) return true
    if (values.every((v) => v === false || v === 'off' || v === 'false' || v === '0' || v === ''))
      return false
    return value
  },
  z.boolean({ error: 'Valeur invalide' }).optional(),
)

/** A partial of requireAuth, addWatermark, trackDownloads. */
export const CvSettingsSchema = z
  .object({
    requireAuth: optionalCheckbox,
    addWatermark: optionalCheckbox,
    trackDownloads: optionalCheckbox,
  })
  // Drop absent keys so a merge never overwrites with undefined.
  .transform((value) => {
    const out: Partial<CvSettings> = {}
    if (value.requireAuth !== undefined) out.requireAuth = value.requireAuth
    if (value.addWatermark !== undefined) out.addWatermark = value.addWatermark
    if (value.trackDownloads !== undefined) out.trackDownloads = value.trackDownloads
    return out
  })
