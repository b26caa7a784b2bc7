// Activity log vocabulary (spec §3 activity log entry and UserInfo, §9 phrases) and the
// shapes the browser may report about itself. No I/O.
import { z } from 'zod'
import { MAX_LENGTH } from './common.ts'
import {
  ACTIVITY_ACTIONS,
  RESOURCE_TYPES,
  type ActivityAction,
  type ResourceType,
  type UserInfo,
} from './types.ts'

/** spec §3: unknown UserInfo values default to 'Unknown'. */
export const UNKNOWN = 'Unknown'

export const DEFAULT_USER_INFO: UserInfo = {
  ip: UNKNOWN,
  browser: UNKNOWN,
  os: UNKNOWN,
  device: UNKNOWN,
  location: { country: UNKNOWN, city: UNKNOWN, region: UNKNOWN },
  language: UNKNOWN,
  screenResolution: UNKNOWN,
  timezone: UNKNOWN,
  referrer: UNKNOWN,
}

/** spec §9 maps create…logout; the other three are ours, in the same voice. */
export const ACTIVITY_ACTION_PHRASES: Record<ActivityAction, string> = {
  create: 'a créé',
  update: 'a modifié',
  delete: 'a supprimé',
  login: "s'est connecté",
  logout: "s'est déconnecté",
  download: 'a téléchargé',
  access: 'a accédé à',
  access_denied: "s'est vu refuser l'accès à",
}

export const ACTIVITY_ACTION_LABELS: Record<ActivityAction, string> = {
  create: 'Création',
  update: 'Modification',
  delete: 'Suppression',
  login: 'Connexion',
  logout: 'Déconnexion',
  download: 'Téléchargement',
  access: 'Accès',
  access_denied: 'Accès refusé',
}

export const RESOURCE_TYPE_LABELS: Record<ResourceType, string> = {
  project: 'Projet',
  skill: 'Compétence',
  timeline: 'Parcours',
  process: 'Processus créatif',
  blog: 'Article de blog',
  user: 'Utilisateur',
  message: 'Message',
  media: 'Média',
  profile: 'Profil',
  settings: 'Paramètres',
  cv: 'CV',
  admin: 'Administration',
}

/** Entries per page in the admin log (server-side pagination). */
export const ACTIVITY_PAGE_SIZE = 50

/** A value the browser sent about itself: kept when plausible, dropped otherwise. */
function lenient<T extends z.ZodType>(schema: T) {
  return schema.optional().catch(undefined)
}

/** What only the browser knows (spec §3 UserInfo): sent with a beacon, never trusted. */
export const ClientInfoSchema = z.object({
  language: lenient(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/),
  ),
  screenResolution: lenient(
    z
      .string()
      .trim()
      .regex(/^\d{1,5}x\d{1,5}$/),
  ),
  timezone: lenient(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_+\-/]{1,64}$/),
  ),
  referrer: lenient(z.string().trim().min(1).max(MAX_LENGTH.url)),
})

export type ClientInfo = z.output<typeof ClientInfoSchema>

/** Query of the admin log: unknown filter values are ignored rather than refused. */
export const ActivityFilterSchema = z.object({
  action: lenient(z.enum(ACTIVITY_ACTIONS)),
  resourceType: lenient(z.enum(RESOURCE_TYPES)),
  userId: lenient(z.string().trim().min(1).max(MAX_LENGTH.short)),
  page: z.coerce.number().int().min(1).catch(1).default(1),
})

export type ActivityFilter = z.output<typeof ActivityFilterSchema>
