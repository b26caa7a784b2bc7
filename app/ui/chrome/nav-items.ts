// Shared chrome: navigation entries in order (Admin shows for everybody) and the
// footer's four links (each to its lowercased label's route).
export const NAV_ITEMS = [
  { to: '/', label: 'Accueil' },
  { to: '/projects', label: 'Projets' },
  { to: '/timeline', label: 'Parcours' },
  { to: '/blog', label: 'Blog' },
  { to: '/gallery', label: 'Galerie' },
  { to: '/cv', label: 'CV' },
  { to: '/contact', label: 'Contact' },
  { to: '/admin', label: 'Admin' },
] as const

export const FOOTER_LINKS = [
  { to: '/', label: 'Accueil' },
  { to: '/projects', label: 'Projets' },
  { to: '/blog', label: 'Blog' },
  { to: '/contact', label: 'Contact' },
] as const

/** Loading overlay: messages and timings. */
export const OVERLAY_INITIAL_MESSAGE = "Initialisation de l'expérience..."
export const OVERLAY_ROUTE_MESSAGE = 'Préparation de votre voyage...'
export const OVERLAY_DEFAULT_MESSAGE = 'Chargement en cours...'
export const OVERLAY_ROUTE_MS = 1500
export const OVERLAY_INITIAL_MAX_MS = 2000

/** Sections without a navigation entry: the legal pages. */
const OTHER_SECTIONS: Record<string, string> = {
  'mentions-legales': 'Mentions légales',
  confidentialite: 'Confidentialité',
  conditions: 'Conditions',
}

/**
 * The section badge: the first path segment, named in French as in the
 * navigation (never 'HOME', 'PROJECTS'); 'Accueil' at the root.
 */
export function sectionName(pathname: string): string {
  const segment = pathname.split('/').filter(Boolean)[0]
  if (!segment) return 'Accueil'
  const item = NAV_ITEMS.find((i) => i.to === `/${segment}`)
  return item?.label ?? OTHER_SECTIONS[segment] ?? 'Page introuvable'
}

export function isActivePath(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/'
  return pathname === to || pathname.startsWith(`${to}/`)
}
