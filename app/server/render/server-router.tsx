// React Router's `ServerRouter` (react-router 8.4.0, `lib/dom/ssr/server.tsx`, MIT licence)
// with its routes built once per build instead of on every request (ADR 047).
//
// The upstream component turns the build's route manifest into route objects
// (`createServerRoutes`), then `createStaticRouter` turns those into data routes
// (`convertRoutesToDataRoutes`) — on every document request, although both depend only on the
// build. Here both are made at the first request of a build and kept (a WeakMap keyed by the
// build's assets manifest); each request gets a router object over them with its own location,
// matches and data. The component tree and its props are the upstream ones, so the HTML is the
// same: `server-router.test.tsx` renders every kind of document with both and compares.
//
// Development keeps the upstream component (a rebuilt module keeps the same manifest object), and
// so does a build this copy does not cover (SPA mode, a root without an ErrorBoundary).
import * as React from 'react'
import {
  IDLE_BLOCKER,
  IDLE_FETCHER,
  IDLE_NAVIGATION,
  ServerRouter as UpstreamServerRouter,
  StaticRouterProvider,
  UNSAFE_FrameworkContext as FrameworkContext,
  UNSAFE_RemixErrorBoundary as RemixErrorBoundary,
  UNSAFE_shouldHydrateRouteLoader as shouldHydrateRouteLoader,
  createStaticRouter,
  type DataRouteObject,
  type DataRouter,
  type EntryContext,
  type Location,
  type RouteObject,
  type StaticHandlerContext,
} from 'react-router'

type Manifest = EntryContext['manifest']
type ManifestRoute = NonNullable<Manifest['routes'][string]>
type RouteModules = EntryContext['routeModules']
type RouteModule = NonNullable<RouteModules[string]>

interface BuildRoutes {
  /** A router made once for the build: its data routes, route manifest and helpers. */
  template: DataRouter
}

const builds = new WeakMap<Manifest, BuildRoutes>()

// `lib/dom/ssr/routes.tsx`: `groupRoutesByParentId`, `getRouteModuleComponent`,
// `getRouteComponents` and `createServerRoutes`, as the server calls them (never SPA mode).
function groupRoutesByParentId(manifest: Manifest['routes']) {
  const routes: Record<string, ManifestRoute[]> = {}
  for (const route of Object.values(manifest)) {
    if (!route) continue
    const parentId = route.parentId || ''
    ;(routes[parentId] ??= []).push(route)
  }
  return routes
}

function getRouteModuleComponent(routeModule: RouteModule) {
  if (routeModule.default == null) return undefined
  if (!(typeof routeModule.default === 'object' && Object.keys(routeModule.default).length === 0))
    return routeModule.default
  return undefined
}

function getRouteComponents(route: ManifestRoute, routeModule: RouteModule) {
  const Component = getRouteModuleComponent(routeModule)
  // React Router's defaults for the root (its own error page and hydration fallback) are not
  // exported: a root without an ErrorBoundary keeps the upstream component (`routesOfBuild`),
  // and no hydration fallback is rendered on the server outside SPA mode.
  const HydrateFallback = routeModule.HydrateFallback
  const ErrorBoundary = routeModule.ErrorBoundary
  if (route.id === 'root' && routeModule.Layout) {
    const Layout = routeModule.Layout
    return {
      ...(Component
        ? {
            element: (
              <Layout>
                <Component />
              </Layout>
            ),
          }
        : { Component }),
      ...(ErrorBoundary
        ? {
            errorElement: (
              <Layout>
                <ErrorBoundary />
              </Layout>
            ),
          }
        : { ErrorBoundary }),
      ...(HydrateFallback
        ? {
            hydrateFallbackElement: (
              <Layout>
                <HydrateFallback />
              </Layout>
            ),
          }
        : { HydrateFallback }),
    }
  }
  return { Component, ErrorBoundary, HydrateFallback }
}

function createServerRoutes(
  manifest: Manifest['routes'],
  routeModules: RouteModules,
  parentId = '',
  routesByParentId = groupRoutesByParentId(manifest),
): RouteObject[] {
  return (routesByParentId[parentId] ?? []).map((route) => {
    const routeModule = routeModules[route.id]
    if (!routeModule) throw new Error('No `routeModule` available to create server routes')
    const dataRoute = {
      ...getRouteComponents(route, routeModule),
      caseSensitive: route.caseSensitive,
      id: route.id,
      index: route.index,
      path: route.path,
      handle: routeModule.handle,
      lazy: undefined,
      loader: route.hasLoader || route.hasClientLoader ? () => null : undefined,
    } as RouteObject
    const children = createServerRoutes(manifest, routeModules, route.id, routesByParentId)
    if (children.length > 0) (dataRoute as { children?: RouteObject[] }).children = children
    return dataRoute
  })
}

function routesOfBuild(context: EntryContext): BuildRoutes | undefined {
  if (context.isSpaMode || !context.routeModules.root?.ErrorBoundary) return undefined
  let built = builds.get(context.manifest)
  if (!built) {
    const routes = createServerRoutes(context.manifest.routes, context.routeModules)
    // A context with no match: only the data routes, manifest and helpers are kept.
    const empty = { matches: [], basename: '/', location: { pathname: '/' } }
    const template = createStaticRouter(routes, empty as unknown as StaticHandlerContext, {
      future: context.future,
    })
    built = { template }
    builds.set(context.manifest, built)
  }
  return built
}

/** `createStaticRouter`'s router (`lib/dom/server.tsx`) over the build's data routes. */
function staticRouter(template: DataRouter, context: StaticHandlerContext): DataRouter {
  const manifest = template.manifest
  const mapRouteMatch = <M extends { route: DataRouteObject }>(match: M): M => ({
    ...match,
    route: manifest[match.route.id] ?? match.route,
  })
  const matches = context.matches.map(mapRouteMatch)
  const matchRoutes = (context as unknown as { _match: (location: unknown) => typeof matches })
    ._match
  const router: DataRouter = Object.create(template)
  return Object.defineProperties(router, {
    basename: { get: () => context.basename },
    state: {
      get: () => ({
        historyAction: 'POP',
        location: context.location,
        matches,
        loaderData: context.loaderData,
        actionData: context.actionData,
        errors: context.errors,
        initialized: true,
        renderFallback: false,
        navigation: IDLE_NAVIGATION,
        restoreScrollPosition: null,
        preventScrollReset: false,
        revalidation: 'idle',
        fetchers: new Map(),
        blockers: new Map(),
      }),
    },
    match: {
      value: (location: unknown) => matchRoutes(location)?.map(mapRouteMatch) ?? null,
    },
    getFetcher: { value: () => IDLE_FETCHER },
    getBlocker: { value: () => IDLE_BLOCKER },
    _internalFetchControllers: { value: new Map() },
  })
}

// `lib/dom/ssr/markup.ts` (also used by ./document-head.tsx)
const ESCAPE_LOOKUP: Record<string, string> = {
  '&': '\\u0026',
  '>': '\\u003e',
  '<': '\\u003c',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
}
export const escapeHtml = (html: string) =>
  html.replace(/[&><\u2028\u2029]/g, (c) => ESCAPE_LOOKUP[c]!)

type StreamCache = NonNullable<NonNullable<EntryContext['renderMeta']>['streamCache']>
type StreamEntry = StreamCache[number]

// `lib/dom/ssr/single-fetch.tsx`: the loader data for the browser, one <script> per chunk.
function StreamTransfer({
  context,
  identifier,
  reader,
  textDecoder,
  nonce,
}: {
  context: EntryContext
  identifier: number
  reader: ReadableStreamDefaultReader<Uint8Array>
  textDecoder: TextDecoder
  nonce?: string
}): React.ReactNode {
  if (!context.renderMeta || !context.renderMeta.didRenderScripts) return null
  context.renderMeta.streamCache ??= {}
  const { streamCache } = context.renderMeta
  let promise: StreamEntry | undefined = streamCache[identifier]
  if (!promise) {
    const entry: StreamEntry = (streamCache[identifier] = reader
      .read()
      .then((result) => {
        entry.result = {
          done: result.done,
          value: textDecoder.decode(result.value, { stream: true }),
        }
      })
      .catch((error: unknown) => {
        entry.error = error
      }) as StreamEntry)
    promise = entry
  }
  if (promise.error) throw promise.error
  if (promise.result === undefined) throw promise
  const { done, value } = promise.result
  const scriptTag = value ? (
    <script
      nonce={nonce}
      dangerouslySetInnerHTML={{
        __html: `window.__reactRouterContext.streamController.enqueue(${escapeHtml(JSON.stringify(value))});`,
      }}
    />
  ) : null
  if (done)
    return (
      <>
        {scriptTag}
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{
            __html: `window.__reactRouterContext.streamController.close();`,
          }}
        />
      </>
    )
  return (
    <>
      {scriptTag}
      <React.Suspense>
        <StreamTransfer
          context={context}
          identifier={identifier + 1}
          reader={reader}
          textDecoder={textDecoder}
          nonce={nonce}
        />
      </React.Suspense>
    </>
  )
}

export function ServerRouter({
  context,
  url,
  nonce,
}: {
  context: EntryContext
  url: string | URL
  nonce?: string
}) {
  const built = routesOfBuild(context)
  if (!built) return <UpstreamServerRouter context={context} url={url} nonce={nonce} />
  const { manifest, routeModules, criticalCss, serverHandoffString } = context
  const { template } = built
  context.staticHandlerContext.loaderData = { ...context.staticHandlerContext.loaderData }
  for (const match of context.staticHandlerContext.matches) {
    const routeId = match.route.id
    const route = routeModules[routeId]
    const manifestRoute = context.manifest.routes[routeId]
    if (
      route &&
      manifestRoute &&
      shouldHydrateRouteLoader(
        routeId,
        route.clientLoader,
        manifestRoute.hasLoader,
        context.isSpaMode,
      ) &&
      (route.HydrateFallback || !manifestRoute.hasLoader)
    )
      delete context.staticHandlerContext.loaderData[routeId]
  }
  void url // the location comes from the static handler's context, as upstream
  const router = staticRouter(template, context.staticHandlerContext)
  return (
    <>
      <FrameworkContext.Provider
        value={{
          manifest,
          routeModules,
          criticalCss,
          serverHandoffString,
          future: context.future,
          ssr: context.ssr,
          isSpaMode: context.isSpaMode,
          routeDiscovery: context.routeDiscovery,
          nonce,
          serializeError: context.serializeError,
          renderMeta: context.renderMeta,
        }}
      >
        <RemixErrorBoundary location={router.state.location as Location}>
          <StaticRouterProvider
            router={router}
            context={context.staticHandlerContext}
            hydrate={false}
          />
        </RemixErrorBoundary>
      </FrameworkContext.Provider>
      {context.serverHandoffStream ? (
        <React.Suspense>
          <StreamTransfer
            context={context}
            identifier={0}
            reader={context.serverHandoffStream.getReader()}
            textDecoder={new TextDecoder()}
            nonce={nonce}
          />
        </React.Suspense>
      ) : null}
    </>
  )
}
