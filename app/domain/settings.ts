// Site settings (spec §3 settings, §4 "saved by merging, then re-read", §5 rules) and the
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

/** Keys holding nested objects: merged key by key rather than replaced (spec §4). */
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
 * Settings merge (spec §4, Firestore `merge: true`): keys absent from the patch keep their
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

export const SettingsSchema = z.preprocess(
  nestDottedKeys,
  z.object({
    siteName: requiredText('Le nom du site est requis'),
    siteDescription: requiredText('La description du site est requise', MAX_LENGTH.text),
    logo: optionalUrl(),
    favicon: optionalUrl(),
    metaImage: optionalUrl(),
    keywords: listField(100, MAX_LENGTH.list),
    googleAnalyticsId: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : (v ?? undefined)),
      z
        .string()
        .regex(GA_ID, {
          error: 'Identifiant Google Analytics invalide (ex. : UA-XXXXXXXX-X ou G-XXXXXXXXXX)',
        })
        .optional(),
    ),
    maintenanceMode: z.preprocess(
      // A hidden "false" followed by the checkbox arrives as ["false", "on"].
      (v) => (Array.isArray(v) ? v.some((x) => x === 'on' || x === 'true' || x === true) : v),
      boolField,
    ),
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
  }),
)

export type SettingsData = z.output<typeof SettingsSchema>

export const SETTINGS_SAVED = 'Paramètres mis à jour avec succès'
export const SETTINGS_SAVE_FAILED = 'Erreur lors de la mise à jour des paramètres'

/** French fallbacks shown until an admin saves the settings. */
export const DEFAULT_SETTINGS: SiteSettings = {
  siteName: 'Vitrine',
  siteDescription:
    'Portfolio personnel : projets, parcours, articles et processus créatif d’un créateur numérique.',
  keywords: ['portfolio', 'développement web', 'design', 'création numérique'],
  maintenanceMode: false,
  maintenanceMessage: 'Le site est en maintenance. Revenez bientôt !',
  socialMedia: {},
  contact: {
    email: 'contact@exemple.fr',
    phone: '+33 1 23 45 67 89',
    address: 'Paris, France',
  },
  legal: {
    notice:
      'Éditeur du site : le titulaire du portfolio, joignable via la page Contact.\n' +
      'Hébergement : le prestataire d’hébergement choisi par l’éditeur.\n' +
      'Les contenus (textes, images, vidéos) sont protégés par le droit d’auteur ; toute ' +
      'reproduction sans autorisation est interdite.',
    privacy:
      'Les données envoyées par le formulaire de contact (nom, adresse e-mail, message) ne ' +
      'servent qu’à vous répondre et ne sont jamais cédées à des tiers.\n' +
      'Le journal d’activité conserve des adresses IP tronquées pendant une durée limitée, ' +
      'pour la sécurité du site.\n' +
      'Conformément au RGPD, vous pouvez demander l’accès, la rectification ou l’effacement ' +
      'de vos données via la page Contact.',
    terms:
      'L’utilisation de ce site implique l’acceptation des présentes conditions.\n' +
      'Les comptes peuvent être suspendus en cas d’usage abusif.\n' +
      'L’éditeur s’efforce de fournir des informations exactes mais ne saurait garantir ' +
      'l’absence d’erreurs.',
  },
}

/**
 * Settings as public pages read them: stored values when saved, French fallbacks otherwise.
 * Legal texts left empty fall back one by one so the legal pages are never blank.
 */
export function withDefaultSettings(stored: SiteSettings | undefined): SiteSettings {
  if (!stored) return DEFAULT_SETTINGS
  return {
    ...stored,
    maintenanceMessage: stored.maintenanceMessage ?? DEFAULT_SETTINGS.maintenanceMessage,
    legal: {
      notice: stored.legal?.notice ?? DEFAULT_SETTINGS.legal?.notice,
      privacy: stored.legal?.privacy ?? DEFAULT_SETTINGS.legal?.privacy,
      terms: stored.legal?.terms ?? DEFAULT_SETTINGS.legal?.terms,
    },
  }
}
