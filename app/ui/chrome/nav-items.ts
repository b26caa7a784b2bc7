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
/** The first-load overlay's fade (app.css), within OVERLAY_INITIAL_MAX_MS. */
const OVERLAY_FADE_MS = 300
/** Attribute on <html> that ends the first-load overlay (app.css, `.overlay-initial`). */
export const OVERLAY_DONE_ATTRIBUTE = 'data-overlay-done'

/**
 * Run in the document's head before anything is painted: ends the first-load overlay at
 * OVERLAY_INITIAL_MAX_MS counted from the navigation's start (performance.now()), whatever
 * the stylesheet, the first paint or the deferred hydration (ADR 038) take. The CSS
 * animation alone counts from the overlay's first style, which on a slow phone comes
 * more than a second after the start; it stays as the no-JavaScript fallback.
 */
export const OVERLAY_BOOT_SCRIPT = `(function(){var d=document.documentElement;setTimeout(function(){d.setAttribute(${JSON.stringify(OVERLAY_DONE_ATTRIBUTE)},'')},Math.max(0,${OVERLAY_INITIAL_MAX_MS - OVERLAY_FADE_MS}-performance.now()))})();`

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
