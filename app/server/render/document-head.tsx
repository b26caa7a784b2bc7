// React Router's `<Meta>` and `<Links>` (react-router 8.4.0, `lib/dom/ssr/components.tsx` and
// `lib/dom/ssr/links.ts`, MIT licence) for the server's document render (ADR 055).
//
// Upstream, every document recomputes both:
// - `<Links>` walks the manifest for the matched routes' modules, calls their `links()`, sorts
//   and JSON-encodes every descriptor to deduplicate them. All of it depends on the build and
//   on which routes matched, never on the request, so here it is made once per build and
//   route chain (a WeakMap keyed by the build's manifest) and reused.
// - `<Meta>` calls the routes' `meta()` with this request's data, as here, but keys each tag
//   with `JSON.stringify` of its props. Keys are never written into the markup and the server
//   renders once, so here a tag's key is its index.
// The elements and their props are the upstream ones, so the HTML is the same:
// `document-head.test.tsx` renders every kind of document with both and compares. The browser
// keeps React Router's own components (app/ui/document-head.ts), which hydrate this markup.
// Anything this copy does not cover (SPA mode, critical CSS, page link descriptors) renders
// the upstream component.
import * as React from 'react'
import {
  Links as UpstreamLinks,
  Meta as UpstreamMeta,
  UNSAFE_DataRouterDataContext as DataRouterDataContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_FrameworkContext as FrameworkContext,
  useLocation,
  type EntryContext,
} from 'react-router'
import { escapeHtml } from './server-router.tsx'

type Manifest = EntryContext['manifest']
type RouteModules = EntryContext['routeModules']
type RouterState = NonNullable<React.ContextType<typeof DataRouterStateContext>>
type RouterMatch = RouterState['matches'][number]
type Descriptor = Record<string, unknown>
interface KeyedLink {
  key: string
  link: Descriptor
}

/** `getActiveMatches` outside SPA mode: up to the route whose error is shown. */
function activeMatches(
  matches: RouterMatch[],
  errors: Record<string, unknown> | null | undefined,
): RouterMatch[] {
  if (!errors) return matches
  const errorIndex = matches.findIndex((m) => errors[m.route.id] !== undefined)
  return matches.slice(0, errorIndex + 1)
}

// --- <Links> --------------------------------------------------------------------------------

const isPageLinkDescriptor = (object: Descriptor) => typeof object?.page === 'string'

function sortKeys(object: Descriptor): Descriptor {
  const sorted: Descriptor = {}
  for (const key of Object.keys(object).sort()) sorted[key] = object[key]
  return sorted
}

/** `getKeyedLinksForMatches` (with `getModuleLinkHrefs` and `dedupeLinkDescriptors`). */
function keyedLinksFor(
  matches: RouterMatch[],
  routeModules: RouteModules,
  manifest: Manifest,
): KeyedLink[] {
  const descriptors: Descriptor[] = []
  const preloads = new Set<string>()
  for (const match of matches) {
    const route = manifest.routes[match.route.id]
    for (const href of route?.css ?? []) descriptors.push({ rel: 'stylesheet', href })
    const links = routeModules[match.route.id]?.links?.() as Descriptor[] | undefined
    if (links) descriptors.push(...links)
    if (!route) continue
    preloads.add(route.module)
    if (route.clientActionModule) preloads.add(route.clientActionModule)
    if (route.clientLoaderModule) preloads.add(route.clientLoaderModule)
    for (const href of route.imports ?? []) preloads.add(href)
  }
  const seen = new Set<string>()
  const keyed: KeyedLink[] = []
  for (const descriptor of descriptors) {
    if (
      !isPageLinkDescriptor(descriptor) &&
      descriptor.as === 'script' &&
      typeof descriptor.href === 'string' &&
      preloads.has(descriptor.href)
    )
      continue
    const key = JSON.stringify(sortKeys(descriptor))
    if (seen.has(key)) continue
    seen.add(key)
    keyed.push({ key, link: descriptor })
  }
  return keyed
}

/** Per build (its manifest), per matched route chain: the keyed links, or null (upstream). */
const linksByBuild = new WeakMap<Manifest, Map<string, KeyedLink[] | null>>()

function linksOf(matches: RouterMatch[], routeModules: RouteModules, manifest: Manifest) {
  let byChain = linksByBuild.get(manifest)
  if (byChain === undefined) {
    byChain = new Map()
    linksByBuild.set(manifest, byChain)
  }
  const chain = matches.map((m) => m.route.id).join('\n')
  let links = byChain.get(chain)
  if (links === undefined) {
    const keyed = keyedLinksFor(matches, routeModules, manifest)
    // A page link renders <PrefetchPageLinks>, with effects of its own: upstream does it.
    links = keyed.some(({ link }) => isPageLinkDescriptor(link)) ? null : keyed
    byChain.set(chain, links)
  }
  return links
}

export function ServerLinks({
  nonce,
  crossOrigin,
}: {
  nonce?: string
  crossOrigin?: 'anonymous' | 'use-credentials'
}) {
  const framework = React.useContext(FrameworkContext)
  const state = React.useContext(DataRouterStateContext)
  const data = React.useContext(DataRouterDataContext)
  if (!framework || !state || !data || framework.isSpaMode || framework.criticalCss != null)
    return <UpstreamLinks nonce={nonce} crossOrigin={crossOrigin} />
  const links = linksOf(
    activeMatches(state.matches, data.errors),
    framework.routeModules,
    framework.manifest,
  )
  if (links === null) return <UpstreamLinks nonce={nonce} crossOrigin={crossOrigin} />
  const linkNonce = nonce ?? framework.nonce
  return (
    <>
      {links.map(({ key, link }) => (
        <link
          key={key}
          nonce={linkNonce}
          {...link}
          crossOrigin={(link.crossOrigin as typeof crossOrigin) ?? crossOrigin}
        />
      ))}
    </>
  )
}

// --- <Meta> ---------------------------------------------------------------------------------

type MetaDescriptor = Record<string, unknown>
type MetaFunction = (args: Record<string, unknown>) => MetaDescriptor[] | undefined

export function ServerMeta() {
  const framework = React.useContext(FrameworkContext)
  const state = React.useContext(DataRouterStateContext)
  const data = React.useContext(DataRouterDataContext)
  const location = useLocation()
  if (!framework || !state || !data || framework.isSpaMode) return <UpstreamMeta />
  const { routeModules } = framework
  const { errors, loaderData } = data
  const active = activeMatches(state.matches, errors)
  const error = errors ? errors[active[active.length - 1]!.route.id] : null
  let meta: MetaDescriptor[] = []
  let leafMeta: MetaDescriptor[] | null = null
  const matches: Record<string, unknown>[] = []
  for (let i = 0; i < active.length; i++) {
    const routerMatch = active[i]!
    const routeId = routerMatch.route.id
    const routeModule = routeModules[routeId]
    const match = {
      id: routeId,
      loaderData: loaderData[routeId],
      meta: [] as MetaDescriptor[],
      params: routerMatch.params,
      pathname: routerMatch.pathname,
      handle: routerMatch.route.handle,
      error,
    }
    matches[i] = match
    let routeMeta: MetaDescriptor[] | undefined = []
    const exported = routeModule?.meta as MetaFunction | MetaDescriptor[] | undefined
    if (exported)
      routeMeta =
        typeof exported === 'function'
          ? exported({
              loaderData: match.loaderData,
              params: routerMatch.params,
              location,
              matches,
              error,
            })
          : Array.isArray(exported)
            ? [...exported]
            : exported
    else if (leafMeta) routeMeta = [...leafMeta]
    routeMeta = routeMeta || []
    if (!Array.isArray(routeMeta))
      throw new Error(
        `The route at ${routerMatch.route.path} returns an invalid value. All route meta functions must return an array of meta objects.`,
      )
    match.meta = routeMeta
    meta = [...routeMeta]
    leafMeta = meta
  }
  return <>{meta.flat().map(metaElement)}</>
}

function metaElement(metaProps: MetaDescriptor | null | undefined, index: number) {
  if (!metaProps) return null
  if ('tagName' in metaProps) {
    const { tagName, ...rest } = metaProps
    if (typeof tagName !== 'string' || !/^(meta|link)$/.test(tagName)) return null
    return React.createElement(tagName, { key: index, ...rest })
  }
  if ('title' in metaProps) return <title key={index}>{String(metaProps.title)}</title>
  if ('charset' in metaProps) {
    metaProps.charSet ??= metaProps.charset
    delete metaProps.charset
  }
  if ('charSet' in metaProps && metaProps.charSet != null)
    return typeof metaProps.charSet === 'string' ? (
      <meta key={index} charSet={metaProps.charSet} />
    ) : null
  if ('script:ld+json' in metaProps) {
    try {
      const json = JSON.stringify(metaProps['script:ld+json'])
      return (
        <script
          key={index}
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: escapeHtml(json) }}
        />
      )
    } catch {
      return null
    }
  }
  return <meta key={index} {...metaProps} />
}
