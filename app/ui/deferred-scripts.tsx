// React Router's <Scripts>, with a public page's JavaScript requested only once the page has
// painted (ADR 038). The server's HTML is complete and usable without JavaScript (links are
// plain links, the first-load overlay hides itself by CSS), so on a phone the stylesheet, the
// fonts and the largest image get the whole connection first, and the ~130 KB of modules that
// only hydrate the page come after: no <link rel="modulepreload"> in the HTML, and the inline
// module script waits for the window's `load` event, the eager images' decoding, the first
// contentful paint and two frames (at most HYDRATION_START_MAX_MS after navigation start),
// then preloads every module of the page at once (no request waterfall), imports the route
// modules and starts `entry.client`, exactly as React Router's own script does.
//
// What it mirrors: `Scripts` in react-router/dist/…/lib/dom/ssr/components.js (8.4.0, pinned:
// compare it on every upgrade). Anything it does not cover (development with HMR, SPA mode,
// subresource integrity, route discovery off) falls back to React Router's own <Scripts>.
import { useContext, useMemo, useState } from 'react'
import {
  Scripts,
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FrameworkContext,
  type UNSAFE_AssetsManifest,
} from 'react-router'

/** Hydration starts after `load` and a frame, or this long after navigation start at most. */
export const HYDRATION_START_MAX_MS = 2000

type Manifest = UNSAFE_AssetsManifest
type RouteEntry = NonNullable<Manifest['routes'][string]>
interface Match {
  route: { id: string }
}
interface MatchingRouter {
  state: { location: { pathname: string }; matches: Match[] }
  match?: (path: string) => Match[] | null
}

/** JSON for an inline script: nothing in it can close the <script> element. */
const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/**
 * The manifest's routes the page starts with: the matched ones and those of every parent path
 * (React Router's `getPartialManifest`); the others are discovered lazily on navigation.
 */
function partialManifest(manifest: Manifest, router: MatchingRouter): Manifest {
  const ids = new Set(router.state.matches.map((m) => m.route.id))
  for (const path of parentPaths(router.state.location.pathname)) {
    for (const m of router.match?.(path) ?? []) ids.add(m.route.id)
  }
  const routes: Manifest['routes'] = {}
  for (const id of ids) routes[id] = manifest.routes[id]
  const { sri: _sri, ...rest } = manifest
  return { ...rest, routes }
}

/** The paths whose routes the partial manifest also holds: `/` and every parent of the page. */
function parentPaths(pathname: string): string[] {
  const segments = pathname.split('/').filter(Boolean)
  const paths = ['/']
  segments.pop()
  while (segments.length > 0) {
    paths.push(`/${segments.join('/')}`)
    segments.pop()
  }
  return paths
}

/** The modules of one route, as React Router splits them (client loader, action…, main). */
function routeChunks(entry: RouteEntry, index: number): { name: string; url: string }[] {
  const name = `route${index}`
  const chunks = [
    entry.clientActionModule && { name: `${name}_clientAction`, url: entry.clientActionModule },
    entry.clientLoaderModule && { name: `${name}_clientLoader`, url: entry.clientLoaderModule },
    entry.clientMiddlewareModule && {
      name: `${name}_clientMiddleware`,
      url: entry.clientMiddlewareModule,
    },
    entry.hydrateFallbackModule && {
      name: `${name}_HydrateFallback`,
      url: entry.hydrateFallbackModule,
    },
    { name: `${name}_main`, url: entry.module },
  ]
  return chunks.filter((c): c is { name: string; url: string } => !!c)
}

/** The inline module script: wait for the paint, preload everything, import, hydrate. */
export function deferredModuleScript(
  manifest: Manifest,
  matches: Match[],
  router: MatchingRouter,
): string {
  const entries = matches.map((m) => {
    const entry = manifest.routes[m.route.id]
    if (!entry) throw new Error(`Route ${m.route.id} not found in manifest`)
    return entry
  })
  const preloads = new Set<string>([manifest.entry.module, ...manifest.entry.imports])
  for (const entry of entries) {
    for (const chunk of routeChunks(entry, 0)) preloads.add(chunk.url)
    for (const url of entry.imports ?? []) preloads.add(url)
  }
  const chunks = entries.flatMap((entry, i) => routeChunks(entry, i))
  const routeObjects = entries
    .map(
      (entry, i) =>
        `route${i}: { ${routeChunks(entry, i)
          .map((c) => `...${c.name}`)
          .join(', ')} }`,
    )
    .join(', ')
  const routeModules = matches.map((m, i) => `${inlineJson(m.route.id)}: m.route${i}`).join(', ')
  return [
    `await new Promise((go) => {`,
    `  setTimeout(go, Math.max(0, ${HYDRATION_START_MAX_MS} - performance.now()));`,
    // Loaded is not painted: a large image is decoded off the main thread and may show a
    // frame or two after `load`; and a frame is painted on screen (the time Lighthouse reads)
    // some time after its animation frame. So: `load`, the eager images' decoding, the first
    // contentful paint as reported, then two more frames.
    `  const loaded = new Promise((done) => document.readyState === "complete" ? done() : addEventListener("load", done, { once: true }));`,
    `  const presented = new Promise((done) => {`,
    `    if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return done();`,
    `    new PerformanceObserver((list, observer) => {`,
    `      if (list.getEntriesByName("first-contentful-paint").length > 0) { observer.disconnect(); done(); }`,
    `    }).observe({ type: "paint", buffered: true });`,
    `  });`,
    `  loaded`,
    `    .then(() => Promise.all([...document.images]`,
    `      .filter((image) => image.loading !== "lazy")`,
    `      .map((image) => image.decode().catch(() => {}))))`,
    `    .then(() => presented)`,
    `    .then(() => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(go))));`,
    `});`,
    `for (const href of ${inlineJson([...preloads])}) {`,
    `  const link = document.createElement("link");`,
    `  link.rel = "modulepreload";`,
    `  link.href = href;`,
    `  document.head.append(link);`,
    `}`,
    `const [${chunks.map((c) => c.name).join(', ')}] = await Promise.all([${chunks
      .map((c) => `import(${inlineJson(c.url)})`)
      .join(', ')}]);`,
    `const m = { ${routeObjects} };`,
    `window.__reactRouterManifest = ${inlineJson(partialManifest(manifest, router))};`,
    `window.__reactRouterRouteModules = { ${routeModules} };`,
    `import(${inlineJson(manifest.entry.module)});`,
  ].join('\n')
}

/** Scripts kept per build (manifest) and per page shape; a bound on the 404's endless paths. */
const scriptsByManifest = new WeakMap<Manifest, Map<string, string>>()
export const MAX_MEMOISED_SCRIPTS = 256

/** How many scripts are held for a build (the bound's test). */
export const memoisedScriptCount = (manifest: Manifest) =>
  scriptsByManifest.get(manifest)?.size ?? 0

/**
 * `deferredModuleScript`, computed once per build and page shape (ADR 039): the script depends
 * only on the manifest, the matched route ids and the routes of the page's parent paths, so
 * every post (or project) of the site shares one string instead of rebuilding the partial
 * manifest, matching the parent paths again and serialising it all on each request.
 */
export function memoisedModuleScript(
  manifest: Manifest,
  matches: Match[],
  router: MatchingRouter,
): string {
  let scripts = scriptsByManifest.get(manifest)
  if (!scripts) {
    scripts = new Map()
    scriptsByManifest.set(manifest, scripts)
  }
  let key = ''
  for (const m of matches) key += `${m.route.id}\n`
  key += `\n${parentPaths(router.state.location.pathname).join('\n')}`
  let script = scripts.get(key)
  if (script === undefined) {
    script = deferredModuleScript(manifest, matches, router)
    if (scripts.size >= MAX_MEMOISED_SCRIPTS) scripts.clear()
    scripts.set(key, script)
  }
  return script
}

/**
 * The layout whose pages start their scripts after the paint: the public site, measured by
 * Lighthouse. The admin hub, sign-in and account pages keep React Router's <Scripts />.
 */
export const DEFERRED_LAYOUT_ID = 'routes/public/layout'

/** In place of React Router's <Scripts /> in the root layout. */
export function DeferredScripts() {
  const framework = useContext(UNSAFE_FrameworkContext)
  const dataRouter = useContext(UNSAFE_DataRouterContext)
  const state = useContext(UNSAFE_DataRouterStateContext)
  const supported =
    !!framework &&
    !!dataRouter &&
    !!state &&
    framework.ssr &&
    !framework.isSpaMode &&
    framework.routeDiscovery.mode === 'lazy' &&
    typeof framework.manifest.sri !== 'object' &&
    !framework.manifest.hmr
  // Decided once, on the first page: the same in the server's render and at hydration.
  const [deferred] = useState(
    () => supported && state.matches.some((m) => m.route.id === DEFERRED_LAYOUT_ID),
  )
  if (deferred && framework?.renderMeta) framework.renderMeta.didRenderScripts = true

  // Computed once, as React Router does: the scripts run once, hydration keeps them as they are.
  const scripts = useMemo(() => {
    if (!deferred || !framework || !dataRouter || !state) return null
    const nonce = framework.nonce
    // In the browser the texts are those already in the page (suppressHydrationWarning).
    const context = dataRouter.staticContext
      ? `window.__reactRouterContext = ${framework.serverHandoffString};window.__reactRouterContext.stream = new ReadableStream({start(controller){window.__reactRouterContext.streamController = controller;}}).pipeThrough(new TextEncoderStream());`
      : ' '
    const modules = dataRouter.static
      ? memoisedModuleScript(
          framework.manifest,
          state.matches,
          dataRouter.router as unknown as MatchingRouter,
        )
      : ' '
    return (
      <>
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: context }}
        />
        <script
          nonce={nonce}
          suppressHydrationWarning
          type="module"
          async
          dangerouslySetInnerHTML={{ __html: modules }}
        />
      </>
    )
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, like React Router's <Scripts>
  }, [])

  return deferred ? scripts : <Scripts />
}
