// Every page has a French <title>, a description, Open Graph / Twitter
// tags (title, description, image) and a canonical URL, built from its content and the site
// settings (which the root loader exposes as `seo`).

import { localizePath, OG_LOCALES, type Locale } from './i18n/locale.ts'

export interface SiteSeo {
  siteName: string
  siteDescription: string
  /** Absolute image URL for social cards, when the settings have one. */
  metaImage?: string
  keywords: string[]
  /** Public origin, no trailing slash (PUBLIC_URL). */
  origin: string
}

export interface PageSeo {
  /** Page title without the site name; omitted for the home page. */
  title?: string
  description?: string
  /** Absolute or site-relative image. */
  image?: string
  /** French path of the page ("/blog/mon-article"); query strings are dropped. */
  path: string
  /**
   * The page's path in each language when it is not the French path's twin (a translated
   * slug), or null when the page has no version in that language (ADR 074).
   */
  alternates?: Partial<Record<Locale, string | null>>
  type?: 'website' | 'article'
  /** Ask search engines not to index (404 pages). */
  noindex?: boolean
  /** Articles: Open Graph article:published_time / article:modified_time. */
  publishedTime?: string
  modifiedTime?: string
}

export type MetaTag =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: 'link'; rel: string; href: string; hrefLang?: string }

/** Finds the root loader's `seo` among meta matches (typed loosely on purpose). */
export function siteSeoFromMatches(
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
): SiteSeo {
  const root = matches.find((m) => m?.id === 'root')?.loaderData
  if (root && typeof root === 'object' && 'seo' in root) {
    const seo = (root as { seo: unknown }).seo
    if (seo && typeof seo === 'object' && 'siteName' in seo) return seo as SiteSeo
  }
  return FALLBACK_SEO
}

export const FALLBACK_SEO: SiteSeo = {
  siteName: 'Portfolio',
  siteDescription: 'Portfolio personnel',
  keywords: [],
  origin: '',
}

export function absoluteUrl(origin: string, value: string): string {
  if (/^https?:\/\//i.test(value)) return value
  return `${origin}${value.startsWith('/') ? '' : '/'}${value}`
}

/** One-line, bounded text for descriptions. */
export function summarize(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= max ? flat : flat.slice(0, max - 1).replace(/\s+\S*$/, '') + '…'
}

/** The page's path in each language, null where it has no version (ADR 074). */
function pathsOf(page: PageSeo): Record<Locale, string | null> {
  const path = page.path.split('?')[0] || '/'
  const given = page.alternates ?? {}
  return {
    fr: given.fr !== undefined ? given.fr : path,
    en: given.en !== undefined ? given.en : localizePath(path, 'en'),
  }
}

export function buildMeta(site: SiteSeo, page: PageSeo, locale: Locale = 'fr'): MetaTag[] {
  const title = page.title ? `${page.title} — ${site.siteName}` : site.siteName
  const description = summarize(page.description || site.siteDescription)
  const paths = pathsOf(page)
  const own = paths[locale] ?? (locale === 'fr' ? page.path : localizePath(page.path, 'en'))
  const url = absoluteUrl(site.origin, own.split('?')[0] || '/')
  const other: Locale = locale === 'fr' ? 'en' : 'fr'
  // A pair is announced only when both versions exist, reciprocally; x-default is French.
  const paired = !page.noindex && paths.fr !== null && paths.en !== null
  const imageSource = page.image || site.metaImage
  const image = imageSource ? absoluteUrl(site.origin, imageSource) : undefined
  const tags: MetaTag[] = [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
  ]
  if (paired) {
    const fr = absoluteUrl(site.origin, paths.fr!)
    tags.push(
      { tagName: 'link', rel: 'alternate', hrefLang: 'fr', href: fr },
      {
        tagName: 'link',
        rel: 'alternate',
        hrefLang: 'en',
        href: absoluteUrl(site.origin, paths.en!),
      },
      { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: fr },
    )
  }
  tags.push(
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:site_name', content: site.siteName },
    { property: 'og:locale', content: OG_LOCALES[locale] },
  )
  if (paired) tags.push({ property: 'og:locale:alternate', content: OG_LOCALES[other] })
  tags.push(
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
  )
  if (image) {
    tags.push({ property: 'og:image', content: image }, { name: 'twitter:image', content: image })
  }
  if (page.publishedTime)
    tags.push({ property: 'article:published_time', content: page.publishedTime })
  if (page.modifiedTime)
    tags.push({ property: 'article:modified_time', content: page.modifiedTime })
  if (site.keywords.length > 0) tags.push({ name: 'keywords', content: site.keywords.join(', ') })
  if (page.noindex) tags.push({ name: 'robots', content: 'noindex' })
  return tags
}

/** Title of a page outside the public site (sign-in, setup): "<title> — <site name>", not indexed. */
export function privatePageMeta(
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
  title: string,
): MetaTag[] {
  return [
    { title: `${title} — ${siteSeoFromMatches(matches).siteName}` },
    { name: 'robots', content: 'noindex' },
  ]
}
