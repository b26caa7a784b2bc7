// ADR 047: our ServerRouter (routes built once per build) renders every kind of document as
// React Router's own does, request after request through one build, and never mixes builds.
import {
  createRequestHandler,
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  NavLink,
  Outlet,
  Scripts,
  useLoaderData,
  useLocation,
  useMatches,
  useParams,
  useRouteError,
} from 'react-router'
import type { ServerBuild } from 'react-router'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { inMemoryBuild, manifestRoute } from '../../../tests/fixtures/router-manifest.ts'
import {
  comparingEntry,
  NONCE,
  requestEach,
  type Rendered,
} from '../../../tests/fixtures/compare-render.tsx'
import { ServerRouter } from './server-router.tsx'

function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="fr">
      <head>
        <Meta />
        <Links />
      </head>
      <body>
        <nav>
          <NavLink to="/blog">Blog</NavLink> <Link to="../">Accueil</Link>
        </nav>
        {children}
        <Scripts nonce={NONCE} />
      </body>
    </html>
  )
}

function Root() {
  const matches = useMatches()
  return (
    <>
      <p data-matches={matches.map((m) => m.id).join(' ')}>{useLocation().pathname}</p>
      <Outlet />
    </>
  )
}

function RootError() {
  const error = useRouteError()
  return <h1>{isRouteErrorResponse(error) ? `Erreur ${error.status}` : 'Erreur inattendue'}</h1>
}

function Blog() {
  return (
    <section>
      <Link to="design">Relatif</Link>
      <Outlet />
    </section>
  )
}

function Post() {
  const { title } = useLoaderData<{ title: string }>()
  return (
    <article>
      <h1>{title}</h1>
      <p>{useParams().slug}</p>
    </article>
  )
}

function Index() {
  return <p>Liste des articles</p>
}

function buildWith(label: string, results: Rendered[]): ServerBuild {
  return inMemoryBuild({
    entry: {
      module: comparingEntry(results, (context, url) => (
        <ServerRouter context={context} url={url} nonce={NONCE} />
      )),
    },
    routes: {
      root: {
        id: 'root',
        path: '',
        module: {
          // A component of this build only: a router of another build would not render it.
          default: () => (
            <div data-build={label}>
              <Root />
            </div>
          ),
          Layout,
          ErrorBoundary: RootError,
          loader: () => ({ site: label }),
          meta: () => [{ title: label }],
        },
      },
      blog: {
        id: 'blog',
        parentId: 'root',
        path: 'blog',
        module: { default: Blog, handle: { section: 'blog' } },
      },
      'blog-index': {
        id: 'blog-index',
        parentId: 'blog',
        index: true,
        module: { default: Index },
      },
      post: {
        id: 'post',
        parentId: 'blog',
        path: ':slug',
        module: {
          default: Post,
          loader: ({ params }: { params: { slug?: string } }) => {
            if (params.slug === 'absent') throw data(null, { status: 404 })
            return { title: `${label} : « ${params.slug} »` }
          },
          meta: ({ loaderData }: { loaderData?: { title: string } }) => [
            { title: loaderData?.title },
          ],
        },
      },
    },
    assetRoutes: {
      root: manifestRoute('root', undefined, ''),
      blog: { ...manifestRoute('blog', 'root', 'blog'), hasLoader: false },
      'blog-index': {
        ...manifestRoute('blog-index', 'blog', undefined),
        index: true,
        hasLoader: false,
      },
      post: manifestRoute('post', 'blog', ':slug'),
    },
    version: label,
  })
}

describe('ServerRouter with routes built once per build (ADR 047)', () => {
  it('renders each document as React Router’s own, request after request', async () => {
    const urls = [
      '/blog/ecrire-a-lyon',
      '/blog',
      '/blog/design',
      '/blog/absent', // the loader's 404: the root's error boundary, in the Layout
      '/inconnu', // no route at all
      '/blog/ecrire-a-lyon', // again, after the others
    ]
    const { statuses, results } = await requestEach((r) => buildWith('Vitrine', r), urls)
    expect(statuses).toEqual([200, 200, 200, 404, 404, 200])
    expect(results).toHaveLength(urls.length)
    for (const { upstream, ours } of results) {
      expect(upstream).toBeDefined()
      expect(ours).toBe(upstream)
    }
    const [first, list, second, missing, unknown, again] = results.map((r) => r.ours!)
    expect(first).toContain('<h1>Vitrine : « ecrire-a-lyon »</h1>')
    expect(first).toContain('data-matches="root blog post"')
    expect(first).toContain('<title>Vitrine : « ecrire-a-lyon »</title>')
    expect(first).toContain('<a href="/blog/design" data-discover="true">Relatif</a>')
    expect(list).toContain('<p>Liste des articles</p>')
    expect(list).toContain('aria-current="page"')
    expect(second).toContain('<h1>Vitrine : « design »</h1>')
    expect(missing).toContain('<h1>Erreur 404</h1>')
    expect(unknown).toContain('<h1>Erreur 404</h1>')
    expect(again).toBe(first)
  })

  it('keeps the routes of two builds apart', async () => {
    const resultsA: Rendered[] = []
    const resultsB: Rendered[] = []
    const a = createRequestHandler(buildWith('Première', resultsA), 'production')
    const b = createRequestHandler(buildWith('Seconde', resultsB), 'production')
    await a(new Request('http://localhost/blog/un'))
    await b(new Request('http://localhost/blog/un'))
    await a(new Request('http://localhost/blog/un'))
    expect(resultsA.map((r) => r.ours === r.upstream)).toEqual([true, true])
    expect(resultsB[0]!.ours).toBe(resultsB[0]!.upstream)
    expect(resultsA[1]!.ours).toContain('<div data-build="Première">')
    expect(resultsB[0]!.ours).toContain('<div data-build="Seconde">')
  })
})
