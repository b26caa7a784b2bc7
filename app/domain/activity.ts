// Activity log vocabulary (entry, visitor information, French action phrases) and the
// shapes the browser may report about itself. No I/O.
import { z } from 'zod'
import { ADMIN_TABS } from './admin-tabs.ts'
import { MAX_LENGTH, boolField } from './common.ts'
import { labelKeys } from './labels.ts'
import type { ActivityLog, UserInfo } from './types.ts'

/** Stored for any visitor value that cannot be told (read 'Inconnu' in the interface). */
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

/** The actions the log records, declared by their filter labels (labels.ts). */
export const ACTIVITY_ACTION_LABELS = {
  create: 'Création',
  update: 'Modification',
  delete: 'Suppression',
  login: 'Connexion',
  logout: 'Déconnexion',
  download: 'Téléchargement',
  access: 'Accès',
  access_denied: 'Accès refusé',
}
export type ActivityAction = keyof typeof ACTIVITY_ACTION_LABELS

/** The original site's phrases for create…logout; the other three are ours, in the same voice. */
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

/** What an entry is about, declared by its labels (labels.ts). */
export const RESOURCE_TYPE_LABELS = {
  project: 'Projet',
  skill: 'Compétence',
  timeline: 'Parcours',
  process: 'Processus créatif',
  blog: 'Article de blog',
  page: 'Page',
  user: 'Utilisateur',
  message: 'Message',
  media: 'Média',
  profile: 'Profil',
  settings: 'Paramètres',
  cv: 'CV',
  admin: 'Administration',
}
export type ResourceType = keyof typeof RESOURCE_TYPE_LABELS

/** Entries per page in the admin log (server-side pagination). */
export const ACTIVITY_PAGE_SIZE = 50

/** The log counts its matching entries up to this many, then says « Plus de 1 000 » (ADR 098). */
export const ACTIVITY_COUNT_CAP = 1_000

/** A pagination cursor (timestamp and id of an entry) never needs more than this. */
export const ACTIVITY_CURSOR_MAX_LENGTH = 400

/** « 55 entrées », « 1 entrée », « Plus de 1 000 entrées » (a bounded count, ADR 098). */
export function activityCountLabel(count: number, capped: boolean): string {
  const n = count.toLocaleString('fr-FR')
  if (capped) return `Plus de ${n} entrées`
  return `${n} entrée${count > 1 ? 's' : ''}`
}

/** A value the browser sent about itself: kept when plausible, dropped otherwise. */
function lenient<T extends z.ZodType>(schema: T) {
  return schema.optional().catch(undefined)
}

/** What only the browser knows about the visitor: sent with a beacon, never trusted. */
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
  action: lenient(z.enum(labelKeys(ACTIVITY_ACTION_LABELS))),
  /** '1' shows page views (`access` entries), hidden by default so that actions stand out. */
  pageViews: z
    .unknown()
    .transform((v) => boolField.parse(v))
    .catch(false),
  resourceType: lenient(z.enum(labelKeys(RESOURCE_TYPE_LABELS))),
  userId: lenient(z.string().trim().min(1).max(MAX_LENGTH.short)),
  /**
   * Keyset pagination (ADR 098): `apres` opens the page of entries older than that cursor,
   * `avant` the page of entries newer than it. Opaque to the browser; a cursor the server
   * cannot read gives the first page.
   */
  apres: lenient(z.string().trim().min(1).max(ACTIVITY_CURSOR_MAX_LENGTH)),
  avant: lenient(z.string().trim().min(1).max(ACTIVITY_CURSOR_MAX_LENGTH)),
})

export type ActivityFilter = z.output<typeof ActivityFilterSchema>

/** How an unknown visitor value reads in the interface (stored as 'Unknown'). */
export const UNKNOWN_LABEL = 'Inconnu'

/** A visitor value for display: French when unknown or empty. */
export function displayInfo(value: string | undefined): string {
  return !value || value === UNKNOWN ? UNKNOWN_LABEL : value
}

/** Who acted, for display: anonymous entries and nameless accounts in French. */
export function displayActor(entry: Pick<ActivityLog, 'userId' | 'userName'>): string {
  if (entry.userId === 'anonymous' || entry.userName === 'anonymous') return 'Un visiteur anonyme'
  if (!entry.userName.trim() || entry.userName === 'Unknown User') return 'Un utilisateur inconnu'
  return entry.userName
}

/** The thing acted upon, with its article, inside a sentence. */
const RESOURCE_NOUNS: Record<ResourceType, string> = {
  project: 'le projet',
  skill: 'la compétence',
  timeline: "l'étape de parcours",
  process: "l'étape du processus créatif",
  blog: "l'article",
  page: 'la page',
  user: "l'utilisateur",
  message: 'le message',
  media: 'le média',
  profile: 'le profil',
  settings: 'les paramètres du site',
  cv: 'le CV',
  admin: "l'administration",
}

/** Single documents: their name adds nothing to the sentence. */
const SINGLE_DOCUMENTS: readonly ResourceType[] = ['profile', 'settings', 'cv', 'admin']

function resourcePhrase(entry: Pick<ActivityLog, 'resourceType' | 'resourceName'>): string {
  const noun = RESOURCE_NOUNS[entry.resourceType]
  const name = entry.resourceName?.trim()
  return name && !SINGLE_DOCUMENTS.includes(entry.resourceType) ? `${noun} « ${name} »` : noun
}

/** An admin path as a place: '/admin/projects' → "l'onglet « Projets »". */
export function adminPlace(path: string | undefined): string {
  const clean = (path ?? '').replace(/\/+$/, '')
  if (clean === '' || clean === '/admin') return "l'administration"
  const tab = ADMIN_TABS.find((t) => clean === `/admin/${t.id}`)
  return tab ? `l'onglet « ${tab.label} »` : `la page ${clean}`
}

const FAILED_LOGIN = /^Échec de connexion\s*/

/** Whether an entry records a refused sign-in (logged under 'anonymous'). */
export function isFailedLogin(entry: Pick<ActivityLog, 'action' | 'details'>): boolean {
  return entry.action === 'login' && FAILED_LOGIN.test(entry.details)
}

/**
 * The entry as one natural French sentence, keeping the action phrases above:
 * "Camille a créé le projet « Atlas »", "Un visiteur anonyme n'a pas pu se connecter :
 * identifiants invalides", "Camille a accédé à l'onglet « Projets »".
 */
export function activitySentence(entry: ActivityLog): { actor: string; text: string } {
  const actor = displayActor(entry)
  const details = entry.details.trim()
  switch (entry.action) {
    case 'login': {
      if (isFailedLogin(entry)) {
        const rest = details.replace(FAILED_LOGIN, '')
        const reason = rest ? ` ${rest}` : ''
        return { actor, text: `n'a pas pu se connecter${reason}` }
      }
      // 'Connexion par e-mail et mot de passe' → "s'est connecté par e-mail et mot de passe".
      const signUp = /^Inscription\s+/.exec(details)
      if (signUp) return { actor, text: `a créé son compte ${details.slice(signUp[0].length)}` }
      const signIn = /^Connexion\s+/.exec(details)
      const how = signIn ? ` ${details.slice(signIn[0].length)}` : ''
      return { actor, text: `${ACTIVITY_ACTION_PHRASES.login}${how}` }
    }
    case 'logout':
      return { actor, text: ACTIVITY_ACTION_PHRASES.logout }
    case 'access':
      return {
        actor,
        text: `${ACTIVITY_ACTION_PHRASES.access} ${adminPlace(entry.resourceName)}`,
      }
    case 'access_denied':
      return {
        actor,
        text: `${ACTIVITY_ACTION_PHRASES.access_denied} ${adminPlace(entry.resourceName)}`,
      }
    default:
      return { actor, text: `${ACTIVITY_ACTION_PHRASES[entry.action]} ${resourcePhrase(entry)}` }
  }
}

/** Whether the details line says more than the sentence (not for sign-ins and page views). */
export function detailsWorthShowing(entry: ActivityLog): boolean {
  return (
    !!entry.details.trim() && !['login', 'logout', 'access', 'access_denied'].includes(entry.action)
  )
}
