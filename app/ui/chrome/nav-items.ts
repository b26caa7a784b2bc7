// Shared chrome: navigation entries in order (Admin only for admins and editors, ADR 093) and the
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

/** One of the owner's pages in the menu or the footer (ADR 090): its address and title. */
export interface OwnPageLink {
  to: string
  title: string
}

export const FOOTER_LINKS = [
  { to: '/', label: 'nav:home' },
  { to: '/projects', label: 'nav:projects' },
  { to: '/blog', label: 'nav:blog' },
  { to: '/contact', label: 'nav:contact' },
] as const satisfies readonly { to: string; label: MessageKey }[]

/** Loading overlay: timings (its messages are in the catalogues). */
export const OVERLAY_ROUTE_MS = 1500
export const OVERLAY_INITIAL_MAX_MS = 2000
/**
 * The first-load indicator only shows on a page still not interactive this long after its
 * first frame (ADR 086); it never covers the page the server rendered (ADR 106).
 */
export const OVERLAY_INITIAL_DELAY_MS = 1000
/** The first-load indicator's fade (app.css), within OVERLAY_INITIAL_MAX_MS. */
const OVERLAY_FADE_MS = 300
/** Attribute on <html> that ends the first-load indicator (app.css, `.overlay-initial`). */
export const OVERLAY_DONE_ATTRIBUTE = 'data-overlay-done'
/** Attribute on <html> that shows the first-load indicator: the page is slow to start (ADR 086). */
export const OVERLAY_SLOW_ATTRIBUTE = 'data-overlay-slow'

/**
 * Run in the document's head before anything is painted. The first-load indicator (a thin
 * bar, ADR 106) is hidden by default (app.css): this script shows it (OVERLAY_SLOW_ATTRIBUTE)
 * only if the page is not hydrated OVERLAY_INITIAL_DELAY_MS after its first frame, and ends it
 * (OVERLAY_DONE_ATTRIBUTE) at OVERLAY_INITIAL_MAX_MS counted from the navigation's start
 * (performance.now()), ADR 086. Without JavaScript there is nothing to wait for: it never shows.
 */
export const OVERLAY_BOOT_SCRIPT = `(function(){var d=document.documentElement;requestAnimationFrame(function(){setTimeout(function(){if(!('hydrated' in d.dataset))d.setAttribute(${JSON.stringify(OVERLAY_SLOW_ATTRIBUTE)},'')},${OVERLAY_INITIAL_DELAY_MS})});setTimeout(function(){d.setAttribute(${JSON.stringify(OVERLAY_DONE_ATTRIBUTE)},'')},Math.max(0,${OVERLAY_INITIAL_MAX_MS - OVERLAY_FADE_MS}-performance.now()))})();`

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
