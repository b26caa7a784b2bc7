// React Router's <Link> for the public pages, cheaper on the server (ADR 040). On the server, React Router's Link resolves its `to` against the route tree at
// every render (useHref → useResolvedPath → resolveTo, a JSON round trip of the matches, then
// the click and prefetch hooks) although a plain absolute path such as "/blog" always gives
// itself as href. Such a link is written here as the very <a> React Router writes (same
// attributes, `data-discover="true"`); anything else (relative paths, objects, `prefetch`,
// `reloadDocument`, `mask`, another `discover`) goes through React Router's Link. In the
// browser this *is* React Router's Link, so client navigation, prefetching and focus are
// untouched; hydration compares the DOM, which is the same.
//
// On an English page (ADR 074) a plain path to a public page is written in English
// ("/projects" → "/en/projects"), so the pages and the chrome name their French paths once.
import { createElement, useContext, type ComponentProps } from 'react'
import { Link as RouterLink } from 'react-router'
import { localizePath } from '#app/domain/i18n/locale.ts'
import { LocaleContext } from './i18n.tsx'

type LinkProps = ComponentProps<typeof RouterLink>

/**
 * True when React Router would write `to` unchanged as the href: an absolute path without
 * empty, "." or ".." segments and backslashes, whose search and hash, when present, are more
 * than their "?" or "#" (React Router drops those), and no protocol-relative "//".
 */
export function isPlainAbsolutePath(to: string): boolean {
  if (to.charCodeAt(0) !== 47 /* / */ || to.includes('\\')) return false
  const hashAt = to.indexOf('#')
  const beforeHash = hashAt < 0 ? to : to.slice(0, hashAt)
  if (hashAt >= 0 && hashAt === to.length - 1) return false
  const searchAt = beforeHash.indexOf('?')
  const pathname = searchAt < 0 ? beforeHash : beforeHash.slice(0, searchAt)
  if (searchAt >= 0 && searchAt === beforeHash.length - 1) return false
  if (pathname === '/') return true
  // Segments between slashes; a trailing slash leaves one empty segment, which React Router
  // keeps ("/blog/" stays "/blog/").
  const segments = pathname.slice(1).split('/')
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!
    if (segment === '.' || segment === '..') return false
    if (segment === '' && i !== segments.length - 1) return false
  }
  return true
}

/** Props of React Router's Link that never reach the <a> (`target` is written after `href`). */
const LINK_ONLY = new Set([
  'to',
  'target',
  'discover',
  'prefetch',
  'reloadDocument',
  'mask',
  'onClick',
  'relative',
  'replace',
  'state',
  'preventScrollReset',
  'viewTransition',
  'defaultShouldRevalidate',
  'ref',
])

/** Paths seen so far: a page's links are the same at every render (bounded). */
const plainPaths = new Map<string, boolean>()

function isPlain(to: string): boolean {
  let plain = plainPaths.get(to)
  if (plain === undefined) {
    plain = isPlainAbsolutePath(to)
    if (plainPaths.size >= 1000) plainPaths.clear()
    plainPaths.set(to, plain)
  }
  return plain
}

function ServerLink(props: LinkProps) {
  const { to, discover, prefetch } = props
  if (
    typeof to !== 'string' ||
    props.reloadDocument ||
    props.mask !== undefined ||
    (prefetch !== undefined && prefetch !== 'none') ||
    (discover !== undefined && discover !== 'render') ||
    !isPlain(to)
  ) {
    return createElement(RouterLink, props)
  }
  // What React Router's Link writes: the other props, then href, target, data-discover.
  const attributes: Record<string, unknown> = {}
  for (const name in props) {
    if (!LINK_ONLY.has(name)) attributes[name] = props[name as keyof LinkProps]
  }
  attributes.href = to
  attributes.target = props.target
  attributes['data-discover'] = 'true'
  return createElement('a', attributes)
}

const BaseLink = typeof document === 'undefined' ? ServerLink : RouterLink

/** The link in the page's language: a string `to` of a public page goes to its English twin. */
function LocalizedLink(props: LinkProps) {
  const locale = useContext(LocaleContext)
  if (locale === 'fr' || typeof props.to !== 'string') return createElement(BaseLink, props)
  return createElement(BaseLink, { ...props, to: localizePath(props.to, locale) })
}

/** React Router's `Link` in the browser; the same markup, cheaper, on the server. */
export const Link: typeof RouterLink = LocalizedLink as typeof RouterLink
