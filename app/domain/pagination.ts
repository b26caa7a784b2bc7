// Paginated lists (ADR 091): `?page=N`, a fixed page size, and the links that keep the list's
// search and filters. Pure helpers shared by the loaders, the meta tags and the navigation.
import type { MetaTag } from './seo.ts'

/** At most this many cards on a page of /blog, /projects and their tag or category views. */
export const PUBLIC_PAGE_SIZE = 24

/** Page numbers beyond this are refused as text before any arithmetic. */
const MAX_PAGE = 1_000_000

/** The page asked for: a positive whole number, anything else is the first page. */
export function parsePage(value: string | null | undefined): number {
  if (!value || !/^\d{1,7}$/.test(value)) return 1
  const page = Number(value)
  return page >= 1 && page <= MAX_PAGE ? page : 1
}

export interface PageInfo {
  page: number
  pageCount: number
  total: number
}

/** The number of pages of `total` items: at least one, an empty list being one empty page. */
export function pageCountOf(total: number, size: number = PUBLIC_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size))
}

/**
 * One page of a list read whole, or null when the page is past the last one (the route answers
 * a 404 then, so a search engine never indexes an empty page).
 */
export function pageOf<T>(
  items: readonly T[],
  page: number,
  size: number = PUBLIC_PAGE_SIZE,
): ({ items: T[] } & PageInfo) | null {
  const pageCount = pageCountOf(items.length, size)
  if (page > pageCount) return null
  const start = (page - 1) * size
  return { items: items.slice(start, start + size), page, pageCount, total: items.length }
}

/**
 * The query string of a page of the list: the non-empty parameters kept in their order, then
 * `page` when it is not the first one ("" for the bare first page).
 */
export function pageQuery(
  params: Readonly<Record<string, string | null | undefined>>,
  page: number,
): string {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value)
  if (page > 1) search.set('page', String(page))
  const text = search.toString()
  return text ? `?${text}` : ''
}

/**
 * The meta tags of a page of a list: its own canonical (the filters and the page number, never
 * the free-text search) and `rel="prev"`/`rel="next"` to its neighbours.
 */
export function withPageLinks(
  tags: MetaTag[],
  info: PageInfo,
  params: Readonly<Record<string, string | null | undefined>>,
): MetaTag[] {
  const canonical = tags.find(
    (tag): tag is Extract<MetaTag, { rel: string }> => 'rel' in tag && tag.rel === 'canonical',
  )
  if (!canonical) return tags
  const base = canonical.href
  const at = (page: number) => `${base}${pageQuery(params, page)}`
  const own = at(info.page)
  const links: MetaTag[] = []
  if (info.page > 1) links.push({ tagName: 'link', rel: 'prev', href: at(info.page - 1) })
  if (info.page < info.pageCount)
    links.push({ tagName: 'link', rel: 'next', href: at(info.page + 1) })
  return [
    ...tags.map((tag) =>
      tag === canonical
        ? { ...canonical, href: own }
        : 'property' in tag && tag.property === 'og:url'
          ? { ...tag, content: own }
          : tag,
    ),
    ...links,
  ]
}
