// The refusals of a request's shape (ADR 024) in the language of the page it was sent to
// (ADR 074): French at the root, as they always were; English under /en/. Plain texts sent by
// the Express layer and the form reader; a page's error boundary shows them as they come.
// The language comes from the path alone, like every public page's. No I/O.
import { localeOfPath, type Locale } from './locale.ts'

const FRENCH = {
  badHost: 'Requête refusée : en-tête Host invalide.',
  badPath: 'Adresse invalide : le chemin demandé est mal encodé.',
  unsupportedType:
    'Type de contenu non pris en charge : envoyez un formulaire (application/x-www-form-urlencoded ou multipart/form-data).',
  missingBoundary: 'Formulaire illisible : la limite (boundary) du contenu multipart manque.',
  unreadableForm: 'Formulaire illisible : veuillez renvoyer le formulaire depuis le site.',
  tooManyRefused: 'Trop de requêtes refusées. Veuillez réessayer dans quelques minutes.',
  unknownMethod: 'Méthode non autorisée.',
  notFound: 'Page introuvable.',
  forbidden: 'Accès refusé.',
  badRequest: 'Requête invalide.',
  internalError: 'Erreur interne du serveur',
} as const

export type RefusalKey = keyof typeof FRENCH

export const REFUSALS: Record<Locale, Record<RefusalKey, string>> = {
  fr: FRENCH,
  en: {
    badHost: 'Request refused: invalid Host header.',
    badPath: 'Invalid address: the requested path is badly encoded.',
    unsupportedType:
      'Unsupported content type: send a form (application/x-www-form-urlencoded or multipart/form-data).',
    missingBoundary: 'Unreadable form: the multipart content has no boundary.',
    unreadableForm: 'Unreadable form: please send the form again from the site.',
    tooManyRefused: 'Too many refused requests. Please try again in a few minutes.',
    unknownMethod: 'Method not allowed.',
    notFound: 'Page not found.',
    forbidden: 'Access denied.',
    badRequest: 'Invalid request.',
    internalError: 'Internal server error',
  },
}

/** The refusal in the language of `path` ("/en/…" English, anything else French). */
export function refusalFor(path: string, key: RefusalKey): string {
  return REFUSALS[localeOfPath(path)][key]
}
