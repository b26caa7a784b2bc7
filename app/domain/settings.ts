// Site settings (saved by merging, then re-read) and the
// French fallbacks public pages use before an admin saved anything.
import { z } from 'zod'
import {
  MAX_LENGTH,
  boolField,
  listField,
  optionalText,
  optionalUrl,
  requiredEmail,
  requiredText,
} from './common.ts'
import type { SiteSettings } from './types.ts'

/** Keys holding nested objects: merged key by key rather than replaced. */
export const NESTED_SETTINGS_KEYS = ['socialMedia', 'contact', 'legal'] as const

export const SOCIAL_NETWORKS = [
  'facebook',
  'twitter',
  'instagram',
  'linkedin',
  'github',
  'youtube',
] as const

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Flat form names to nested objects: { "contact.email": "a@b.fr" } → { contact: { email } }.
 * Non-objects pass through untouched (the schema then reports them).
 */
export function nestDottedKeys(value: unknown): unknown {
  if (!isPlainObject(value)) return value
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value)) {
    const parts = key.split('.')
    let target = out
    for (const part of parts.slice(0, -1)) {
      const next = target[part]
      // Copy so that filling it never mutates the caller's object.
      const copy: Record<string, unknown> = isPlainObject(next) ? { ...next } : {}
      target[part] = copy
      target = copy
    }
    const last = parts[parts.length - 1]!
    const existing = target[last]
    target[last] = isPlainObject(v) ? { ...(isPlainObject(existing) ? existing : {}), ...v } : v
  }
  return out
}

/**
 * Settings merge (like Firestore's `merge: true`): keys absent from the patch keep their
 * stored value; socialMedia, contact and legal merge key by key. Accepts flat form names.
 */
export function mergeSettings(stored: unknown, patch: unknown): Record<string, unknown> {
  const base = isPlainObject(stored) ? stored : {}
  const nested = nestDottedKeys(patch)
  const changes = isPlainObject(nested) ? nested : {}
  const out: Record<string, unknown> = { ...base }
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue
    const current = out[key]
    if (
      (NESTED_SETTINGS_KEYS as readonly string[]).includes(key) &&
      isPlainObject(current) &&
      isPlainObject(value)
    ) {
      const merged: Record<string, unknown> = { ...current }
      for (const [k, v] of Object.entries(value)) if (v !== undefined) merged[k] = v
      out[key] = merged
    } else out[key] = value
  }
  return out
}

/** An absent nested object reads as {} so its own required fields report by name. */
const objectOrEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === undefined || v === null || v === '' ? {} : v), schema)

const GA_ID = /^(UA-\d{4,10}-\d{1,4}|G-[A-Z0-9]{4,16})$/

/** The settings' fields (English versions pick from them, ADR 079). */
export const SettingsFieldsSchema = z.object({
  siteName: requiredText('Le nom du site est requis'),
  siteDescription: requiredText('La description du site est requise', MAX_LENGTH.text),
  logo: optionalUrl(),
  favicon: optionalUrl(),
  metaImage: optionalUrl(),
  keywords: listField(100, MAX_LENGTH.list),
  // The word over a project's tags (ADR 092): blank = « Tags ».
  projectTagsLabel: optionalText(MAX_LENGTH.tag),
  googleAnalyticsId: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : (v ?? undefined)),
    z
      .string()
      .regex(GA_ID, {
        error: 'Identifiant Google Analytics invalide (ex. : UA-XXXXXXXX-X ou G-XXXXXXXXXX)',
      })
      .optional(),
  ),
  maintenanceMode: boolField,
  maintenanceMessage: optionalText(MAX_LENGTH.text),
  customCss: optionalText(MAX_LENGTH.long),
  customJs: optionalText(MAX_LENGTH.long),
  socialMedia: objectOrEmpty(
    z.object({
      facebook: optionalUrl(),
      twitter: optionalUrl(),
      instagram: optionalUrl(),
      linkedin: optionalUrl(),
      github: optionalUrl(),
      youtube: optionalUrl(),
    }),
  ),
  contact: objectOrEmpty(
    z.object({
      email: requiredEmail("L'adresse e-mail de contact est requise"),
      phone: optionalText(50),
      address: optionalText(500),
      hours: optionalText(),
      whatsapp: optionalText(),
      telegram: optionalText(),
    }),
  ),
  legal: objectOrEmpty(
    z.object({
      notice: optionalText(MAX_LENGTH.long),
      privacy: optionalText(MAX_LENGTH.long),
      terms: optionalText(MAX_LENGTH.long),
    }),
  ),
})

export const SettingsSchema = z.preprocess(nestDottedKeys, SettingsFieldsSchema)

export type SettingsData = z.output<typeof SettingsSchema>

export const SETTINGS_SAVED = 'Paramètres mis à jour avec succès'
export const SETTINGS_SAVE_FAILED = 'Erreur lors de la mise à jour des paramètres'

/**
 * Fallbacks shown until an admin saves the settings: only the site's name and description
 * (ADR 021). Contact details are never invented: an empty field shows nothing. Legal texts
 * come from French templates filled with the owner's details (app/domain/legal.ts).
 */
export const DEFAULT_SETTINGS: SiteSettings = {
  siteName: 'Vitrine',
  siteDescription:
    'Portfolio personnel : projets, parcours, articles et processus créatif d’un créateur numérique.',
  keywords: ['portfolio', 'développement web', 'design', 'création numérique'],
  maintenanceMode: false,
  maintenanceMessage: 'Le site est en maintenance. Revenez bientôt !',
  socialMedia: {},
  contact: { email: '' },
  legal: {},
}

/**
 * Settings as public pages read them: stored values when saved, French fallbacks otherwise.
 * Legal texts left empty are filled from templates by the legal pages (app/domain/legal.ts).
 */
export function withDefaultSettings(stored: SiteSettings | undefined): SiteSettings {
  if (!stored) return DEFAULT_SETTINGS
  return {
    ...stored,
    maintenanceMessage: stored.maintenanceMessage ?? DEFAULT_SETTINGS.maintenanceMessage,
    legal: stored.legal ?? {},
  }
}

/** The label of a project's tags: the owner's word, else « Tags » (ADR 092). */
export const DEFAULT_PROJECT_TAGS_LABEL = 'Tags'
export function projectTagsLabel(settings: Pick<SiteSettings, 'projectTagsLabel'>): string {
  return settings.projectTagsLabel?.trim() || DEFAULT_PROJECT_TAGS_LABEL
}
