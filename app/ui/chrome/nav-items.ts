// Shared chrome: navigation entries in order (Admin shows for everybody) and the
// footer's four links (each to its lowercased label's route).
// Labels are catalogue keys (ADR 074).
import { frenchPath, type Locale } from '#app/domain/i18n/locale.ts'
import { translate } from '#app/domain/i18n/translate.ts'
import type { MessageKey } from '#app/domain/i18n/messages.fr.ts'

export const NAV_ITEMS = [
  { to: '/', label: 'nav:home' },
  { to: '/projects', label: 'nav:projects' },
  { to: '/timeline', label: 'nav:timeline' },
  { to: '/blog', label: 'nav:blog' },
  { to: '/gallery', label: 'nav:gallery' },
  { to: '/cv', label: 'nav:cv' },
  { to: '/contact', label: 'nav:contact' },
  { to: '/admin', label: 'nav:admin' },
] as const satisfies readonly { to: string; label: MessageKey }[]

export const FOOTER_LINKS = [
  { to: '/', label: 'nav:home' },
  { to: '/projects', label: 'nav:projects' },
  { to: '/blog', label: 'nav:blog' },
  { to: '/contact', label: 'nav:contact' },
] as const satisfies readonly { to: string; label: MessageKey }[]

/** Loading overlay: timings (its messages are in the catalogues). */
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
const OTHER_SECTIONS: Record<string, MessageKey> = {
  'mentions-legales': 'nav:legalNotice',
  confidentialite: 'nav:privacy',
  conditions: 'nav:terms',
}

/**
 * The section badge: the first path segment (of the French path), named as in the
 * navigation (never 'HOME', 'PROJECTS'); 'Accueil' at the root.
 */
export function sectionName(pathname: string, locale: Locale = 'fr'): string {
  const segment = frenchPath(pathname).split('/').filter(Boolean)[0]
  if (!segment) return translate(locale, 'nav:home')
  const item = NAV_ITEMS.find((i) => i.to === `/${segment}`)
  return translate(locale, item?.label ?? OTHER_SECTIONS[segment] ?? 'nav:notFound')
}

export function isActivePath(pathname: string, to: string): boolean {
  pathname = frenchPath(pathname)
  if (to === '/') return pathname === '/'
  return pathname === to || pathname.startsWith(`${to}/`)
}
