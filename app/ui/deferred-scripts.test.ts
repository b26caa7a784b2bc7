import { describe, expect, it } from 'vitest'
import type { UNSAFE_AssetsManifest } from 'react-router'
import {
  deferredModuleScript,
  HYDRATION_START_MAX_MS,
  MAX_MEMOISED_SCRIPTS,
  memoisedModuleScript,
  memoisedScriptCount,
} from './deferred-scripts.tsx'

const route = (id: string, module: string, extra: Record<string, unknown> = {}) => ({
  id,
  module,
  hasAction: false,
  hasLoader: true,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: false,
  hasDefaultExport: true,
  css: [],
  ...extra,
})

const manifest = {
  entry: { module: '/assets/entry.client-a.js', imports: ['/assets/framework-b.js'], css: [] },
  routes: {
    root: route('root', '/assets/root-c.js', { path: '', imports: ['/assets/framework-b.js'] }),
    layout: route('layout', '/assets/layout-main-d.js', {
      parentId: 'root',
      hasClientLoader: true,
      clientLoaderModule: '/assets/layout-client-loader-e.js',
      imports: ['/assets/icons-f.js'],
    }),
    blog: route('blog', '/assets/blog-g.js', { parentId: 'layout', path: 'blog' }),
    post: route('post', '/assets/post-h.js', { parentId: 'layout', path: 'blog/:slug' }),
    admin: route('admin', '/assets/admin-i.js', { parentId: 'root', path: 'admin' }),
  },
  url: '/assets/manifest-1.js',
  version: '1',
} as unknown as UNSAFE_AssetsManifest

const matches = ['root', 'layout', 'post'].map((id) => ({ route: { id } }))
const router = {
  state: { location: { pathname: '/blog/un-billet' }, matches },
  match: (path: string) =>
    path === '/blog' ? ['root', 'layout', 'blog'].map((id) => ({ route: { id } })) : null,
}

describe('the deferred module script (ADR 038)', () => {
  const script = deferredModuleScript(manifest, matches, router)

  it("waits for the load event, the images' decoding and a frame, or the time limit, before any request", () => {
    const wait = script.indexOf('"first-contentful-paint"')
    expect(wait).toBeGreaterThan(-1)
    expect(script).toContain(`${HYDRATION_START_MAX_MS} - performance.now()`)
    // Loaded images are not yet painted: their decoding is awaited too.
    expect(script).toContain('image.decode()')
    expect(script).toContain('addEventListener("load"')
    expect(script.indexOf('modulepreload')).toBeGreaterThan(wait)
    expect(script.indexOf('import(')).toBeGreaterThan(wait)
  })

  it('preloads every module of the page at once: entry, framework, routes and their imports', () => {
    const list = JSON.parse(/for \(const href of (\[[^\]]*\])\)/.exec(script)![1]!) as string[]
    expect(new Set(list)).toEqual(
      new Set([
        '/assets/entry.client-a.js',
        '/assets/framework-b.js',
        '/assets/root-c.js',
        '/assets/layout-main-d.js',
        '/assets/layout-client-loader-e.js',
        '/assets/icons-f.js',
        '/assets/post-h.js',
      ]),
    )
    expect(list).toHaveLength(new Set(list).size)
  })

  it('hands React Router the route modules and the partial manifest, then imports the entry last', () => {
    expect(script).toContain('route1: { ...route1_clientLoader, ...route1_main }')
    expect(script).toContain(
      'window.__reactRouterRouteModules = { "root": m.route0, "layout": m.route1, "post": m.route2 }',
    )
    const manifestJson = /window\.__reactRouterManifest = (\{.*\});/.exec(script)![1]!
    const partial = JSON.parse(manifestJson) as UNSAFE_AssetsManifest
    // The matched routes and those of the parent path /blog; not the admin hub's.
    expect(Object.keys(partial.routes).sort()).toEqual(['blog', 'layout', 'post', 'root'])
    expect(script.trimEnd().endsWith('import("/assets/entry.client-a.js");')).toBe(true)
  })

  it('cannot close its <script> element, whatever a route id holds', () => {
    const hostile = deferredModuleScript(
      {
        ...manifest,
        routes: { ...manifest.routes, '</script><b>': route('</script><b>', '/assets/x.js') },
      } as unknown as UNSAFE_AssetsManifest,
      [{ route: { id: '</script><b>' } }],
      { state: { location: { pathname: '/' }, matches: [{ route: { id: '</script><b>' } }] } },
    )
    expect(hostile).not.toContain('</script')
    expect(hostile).toContain('\\u003c/script>')
  })
})

describe('the module script memoised per build and page shape (ADR 039)', () => {
  const routerAt = (pathname: string, ids: string[]) => {
    const counted = { matchCalls: 0 }
    const pageMatches = ids.map((id) => ({ route: { id } }))
    return {
      counted,
      matches: pageMatches,
      router: {
        state: { location: { pathname }, matches: pageMatches },
        match: (path: string) => {
          counted.matchCalls++
          if (path === '/blog') return ['root', 'layout', 'blog'].map((id) => ({ route: { id } }))
          if (path === '/admin') return ['root', 'admin'].map((id) => ({ route: { id } }))
          return null
        },
      },
    }
  }
  // A manifest of its own: the memo is per manifest object (per build).
  const build = () => ({ ...manifest }) as UNSAFE_AssetsManifest

  it('gives the very script of deferredModuleScript, computed once for every page of a shape', () => {
    const ownManifest = build()
    const first = routerAt('/blog/un-billet', ['root', 'layout', 'post'])
    const second = routerAt('/blog/un-autre', ['root', 'layout', 'post'])
    const script = memoisedModuleScript(ownManifest, first.matches, first.router)
    expect(script).toBe(deferredModuleScript(ownManifest, first.matches, first.router))
    const callsBefore = second.counted.matchCalls
    expect(memoisedModuleScript(ownManifest, second.matches, second.router)).toBe(script)
    // Served from memory: no route matching for the second post.
    expect(second.counted.matchCalls).toBe(callsBefore)
  })

  it('keeps pages with other routes, other parent paths or another build apart', () => {
    const ownManifest = build()
    const post = routerAt('/blog/un-billet', ['root', 'layout', 'post'])
    const blog = routerAt('/blog', ['root', 'layout', 'blog'])
    const underAdmin = routerAt('/admin/un-billet', ['root', 'layout', 'post'])
    const postScript = memoisedModuleScript(ownManifest, post.matches, post.router)
    for (const other of [blog, underAdmin]) {
      const script = memoisedModuleScript(ownManifest, other.matches, other.router)
      expect(script).toBe(deferredModuleScript(ownManifest, other.matches, other.router))
      expect(script).not.toBe(postScript)
    }
    // Same shape, another build: computed from that build's manifest.
    const otherBuild = {
      ...manifest,
      entry: { ...manifest.entry, module: '/assets/entry.client-z.js' },
    } as UNSAFE_AssetsManifest
    const fromOtherBuild = memoisedModuleScript(otherBuild, post.matches, post.router)
    expect(fromOtherBuild).toContain('/assets/entry.client-z.js')
    expect(fromOtherBuild).not.toContain('/assets/entry.client-a.js')
  })

  it('stays bounded when endless distinct paths reach the catch-all route', () => {
    const ownManifest = build()
    const shapes = MAX_MEMOISED_SCRIPTS * 3
    for (let i = 0; i < shapes; i++) {
      const page = routerAt(`/x${i}/y`, ['root', 'layout', 'blog'])
      const script = memoisedModuleScript(ownManifest, page.matches, page.router)
      expect(script).toBe(deferredModuleScript(ownManifest, page.matches, page.router))
      expect(memoisedScriptCount(ownManifest)).toBeLessThanOrEqual(MAX_MEMOISED_SCRIPTS)
    }
    expect(memoisedScriptCount(ownManifest)).toBeGreaterThan(0)
    const again = routerAt('/blog/un-billet', ['root', 'layout', 'post'])
    expect(memoisedModuleScript(ownManifest, again.matches, again.router)).toBe(
      deferredModuleScript(ownManifest, again.matches, again.router),
    )
  })
})
