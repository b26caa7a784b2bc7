// The document entry (app/entry.server.tsx) through React Router's own request handler, on a
// small in-memory build whose root is written as app/root.tsx's: React Router's public
// `ServerRouter`, `Meta`, `Links`, `Scripts` and `ScrollRestoration` write the head and the
// scripts, every script carries the response's CSP nonce (ADR 016), and the document is sent
// whole, in one buffer with its length (ADR 031), even when a page suspends.
import {
  createRequestHandler,
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
} from 'react-router'
import type { ServerBuild } from 'react-router'
import { Suspense, use, type ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { inMemoryBuild, manifestRoute } from '../tests/fixtures/router-manifest.ts'
import * as entry from './entry.server.tsx'
import { useNonce } from './ui/nonce.ts'

function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce()
  return (
    <html lang="fr">
      <head>
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce || undefined} />
        <Scripts nonce={nonce || undefined} />
      </body>
    </html>
  )
}

function RootError() {
  const error = useRouteError()
  return <h1>{isRouteErrorResponse(error) ? `Erreur ${error.status}` : 'Erreur inattendue'}</h1>
}

function Post() {
  const { title } = useLoaderData<{ title: string }>()
  return <h1>{title}</h1>
}

let late: Promise<string> = Promise.resolve('')
function Late() {
  return <p>{use(late)}</p>
}
function Slow() {
  return (
    <Suspense fallback={<p>Chargement…</p>}>
      <Late />
    </Suspense>
  )
}

const build: ServerBuild = inMemoryBuild({
  entry: { module: entry },
  routes: {
    root: {
      id: 'root',
      path: '',
      module: {
        default: () => <Outlet />,
        Layout,
        ErrorBoundary: RootError,
        loader: () => ({ site: 'Vitrine' }),
        links: () => [
          { rel: 'stylesheet', href: '/assets/app.css', precedence: 'default' },
          { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
          // The same descriptor twice (keys in another order): written once.
          { type: 'image/svg+xml', href: '/favicon.svg', rel: 'icon' },
        ],
        meta: () => [
          { charset: 'utf-8' },
          { title: 'Vitrine' },
          { name: 'description', content: 'Le site Vitrine & « les autres »' },
        ],
      },
    },
    post: {
      id: 'post',
      parentId: 'root',
      path: 'blog/:slug',
      module: {
        default: Post,
        links: () => [{ rel: 'preload', href: '/images/hero.webp', as: 'image' }],
        loader: ({ params }: { params: { slug?: string } }) => {
          if (params.slug === 'absent') throw data(null, { status: 404 })
          return { title: `Vitrine : « ${params.slug} »` }
        },
        meta: ({
          loaderData,
          matches,
        }: {
          loaderData?: { title: string }
          matches: { id: string; meta: object[] }[]
        }) => [
          ...(matches[0]?.meta ?? []).filter((m) => !('title' in m)),
          { title: loaderData?.title },
          { property: 'og:title', content: loaderData?.title },
          { tagName: 'link', rel: 'canonical', href: 'https://exemple.fr/blog/ecrire' },
          { 'script:ld+json': { '@type': 'BlogPosting', headline: '</script><b>' } },
        ],
      },
    },
    slow: {
      id: 'slow',
      parentId: 'root',
      path: 'lent',
      module: { default: Slow, loader: () => ({}) },
    },
  },
  assetRoutes: {
    root: { ...manifestRoute('root', undefined, ''), css: ['/assets/root.css'] },
    post: manifestRoute('post', 'root', 'blog/:slug'),
    slow: manifestRoute('slow', 'root', 'lent'),
  },
})
const handler = createRequestHandler(build, 'production')

async function get(path: string, method = 'GET') {
  const response = await handler(new Request(`http://localhost${path}`, { method }))
  const html = await response.text()
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1]
  return { response, html, nonce }
}

const head = (html: string) => html.slice(0, html.indexOf('</head>'))

describe('the document entry on React Router’s public components', () => {
  it('writes the head: title, description, Open Graph, canonical, JSON-LD, links', async () => {
    const { response, html } = await get('/blog/ecrire')
    expect(response.status).toBe(200)
    expect(html.startsWith('<!DOCTYPE html><html lang="fr">')).toBe(true)
    const top = head(html)
    expect(top).toContain('<meta charSet="utf-8"/>')
    expect(top).toContain('<title>Vitrine : « ecrire »</title>')
    expect(top).toContain(
      '<meta name="description" content="Le site Vitrine &amp; « les autres »"/>',
    )
    expect(top).toContain('<meta property="og:title" content="Vitrine : « ecrire »"/>')
    expect(top).toContain('<link rel="canonical" href="https://exemple.fr/blog/ecrire"/>')
    // JSON-LD cannot close its <script> element.
    expect(top).toContain('\\u003c/script\\u003e')
    expect(top.match(/rel="icon"/g)).toHaveLength(1)
    expect(top).toContain('href="/assets/app.css"')
    expect(top).toContain('href="/assets/root.css"')
    expect(top).toContain('href="/images/hero.webp"')
    expect(html).toContain('<h1>Vitrine : « ecrire »</h1>')
  })

  it('shows a loader’s 404 and an unknown URL in the root’s error page, without the page’s links', async () => {
    for (const path of ['/blog/absent', '/inconnu']) {
      const { response, html } = await get(path)
      expect(response.status).toBe(404)
      expect(html).toContain('<h1>Erreur 404</h1>')
      expect(html).not.toContain('hero.webp')
    }
  })

  it('puts a fresh CSP nonce on every script React Router writes', async () => {
    const nonces = new Set<string>()
    for (const path of ['/blog/ecrire', '/blog/ecrire', '/inconnu']) {
      const { html, nonce } = await get(path)
      expect(nonce).toBeTruthy()
      nonces.add(nonce!)
      const scripts = html.match(/<script\b[^>]*>/g) ?? []
      // Scroll restoration, the context, the route modules, and the loader data (two or more).
      expect(scripts.length, path).toBeGreaterThanOrEqual(5)
      for (const tag of scripts) {
        if (tag.includes('application/ld+json')) continue
        expect(tag, path).toContain(`nonce="${nonce}"`)
      }
      expect(html).toContain('window.__reactRouterContext.streamController.enqueue(')
      expect(html).toContain('window.__reactRouterContext.streamController.close()')
      expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/entry\.client\.js"/)
    }
    expect(nonces.size).toBe(3)
  })

  it('sends the document as one buffer with its length, for the adapter and the page cache', async () => {
    const { response, html } = await get('/blog/ecrire')
    expect(response.headers.get('Content-Length')).toBe(String(Buffer.byteLength(html)))
    expect(response.headers.get('Content-Type')).toBe('text/html')
  })

  it('waits for a page that suspends, and sends it complete with its loader data', async () => {
    late = new Promise((resolve) => setTimeout(() => resolve('Arrivé plus tard'), 20))
    const { response, html } = await get('/lent')
    expect(response.status).toBe(200)
    expect(html).toContain('<p>Arrivé plus tard</p>')
    expect(html).not.toContain('Chargement…')
    expect(html).toContain('streamController.close()')
  })

  it('answers HEAD without a body', async () => {
    const { response, html } = await get('/blog/ecrire', 'HEAD')
    expect(response.status).toBe(200)
    expect(html).toBe('')
  })
})
