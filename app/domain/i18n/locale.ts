// The public site's two languages (ADR 074): French at the root, English under /en/. The
// language is read from the path alone (never a cookie or Accept-Language), so the page cache,
// which keys on the path, keeps one page per language. No I/O.
import { LEGAL_PAGES } from '#app/domain/routes.ts'

export const LOCALES = ['fr', 'en'] as const
export type Locale = (typeof LOCALES)[number]

/** The English site's prefix. */
export const EN_PREFIX = '/en'

/** Open Graph's locale codes. */
export const OG_LOCALES: Record<Locale, string> = { fr: 'fr_FR', en: 'en_GB' }

/** Each language's own name, as the switcher writes it. */
export const LANGUAGE_NAMES: Record<Locale, string> = { fr: 'Français', en: 'English' }

/** The language of a path: "/en", "/en/…" and the data requests "/en.data" are English. */
export function localeOfPath(pathname: string): Locale {
  if (pathname.length < 3) return 'fr'
  const start = pathname.slice(0, 3).toLowerCase()
  if (start !== EN_PREFIX) return 'fr'
  const next = pathname.charAt(3)
  return next === '' || next === '/' || pathname.slice(3).toLowerCase() === '.data' ? 'en' : 'fr'
}

/** The English paths of the legal pages (their French ones stay as they are). */
export const LEGAL_EN_PATHS: Record<keyof typeof LEGAL_PAGES, string> = {
  notice: '/legal-notice',
  privacy: '/privacy',
  terms: '/terms',
}

const PUBLIC_SECTIONS = ['/projects', '/timeline', '/blog', '/gallery', '/contact']

/** True for a French path of a public page (those that have an English version). */
function isPublicPage(path: string): boolean {
  if (path === '/' || path === '/cv') return true
  if (Object.values(LEGAL_PAGES).some((p) => p.path === path)) return true
  return PUBLIC_SECTIONS.some((s) => path === s || path.startsWith(`${s}/`))
}

/** The RSS feed of the site's posts in `locale` (routes `rss.xml` and `en/rss.xml`). */
export function feedPath(locale: Locale): string {
  return locale === 'fr' ? '/rss.xml' : `${EN_PREFIX}/rss.xml`
}

/**
 * The French path of a public page in `locale`: "/projects" → "/en/projects", "/" → "/en/",
 * "/mentions-legales" → "/en/legal-notice". Anything else (the hub, sign-in, files) and
 * French targets are returned unchanged. Query and hash are kept.
 */
export function localizePath(to: string, locale: Locale): string {
  if (locale === 'fr' || !to.startsWith('/') || to.startsWith('//')) return to
  const cut = to.search(/[?#]/)
  const path = cut < 0 ? to : to.slice(0, cut)
  const rest = cut < 0 ? '' : to.slice(cut)
  if (!isPublicPage(path)) return to
  if (path === '/') return `${EN_PREFIX}/${rest}`
  const legal = (Object.keys(LEGAL_PAGES) as (keyof typeof LEGAL_PAGES)[]).find(
    (k) => LEGAL_PAGES[k].path === path,
  )
  return `${EN_PREFIX}${legal ? LEGAL_EN_PATHS[legal] : path}${rest}`
}

/**
 * The French path of an English one ("/en/legal-notice" → "/mentions-legales"); a French path
 * is returned unchanged.
 */
export function frenchPath(pathname: string): string {
  if (localeOfPath(pathname) !== 'en') return pathname
  const path = pathname.slice(EN_PREFIX.length).replace(/\.data$/, '') || '/'
  const legal = (Object.keys(LEGAL_EN_PATHS) as (keyof typeof LEGAL_PAGES)[]).find(
    (k) => LEGAL_EN_PATHS[k] === path,
  )
  return legal ? LEGAL_PAGES[legal].path : path
}

/** The route id of a public route in `locale` (the English routes reuse the same files). */
export function localizedRouteId(id: string, locale: Locale): string {
  return locale === 'fr' ? id : `en-${id}`
}

/** The language of a page from its route matches: the English routes' ids start with "en-". */
export function localeOfMatches(matches: readonly ({ id: string } | undefined)[]): Locale {
  return matches.some((m) => m?.id.startsWith('en-')) ? 'en' : 'fr'
}

/** A page's own paths per language, when its loader knows them (content with a twin or not). */
export type Alternates = Record<Locale, string | null>

/**
 * Where the language switcher goes from `pathname` to `target`: the page's twin — the one its
 * loader named, else the same page in the other language — or that language's home when
 * the page has none there.
 */
export function twinPath(pathname: string, target: Locale, alternates?: Alternates): string {
  const home = target === 'fr' ? '/' : `${EN_PREFIX}/`
  if (alternates) return alternates[target] ?? home
  return localizePath(frenchPath(pathname), target)
}

/** The language of a request (a page or its data request), from its path alone. */
export function requestLocale(request: Request): Locale {
  return localeOfPath(new URL(request.url).pathname)
}
