// ADR 055: our <Meta> and <Links> (links made once per build and route chain) write every kind
// of document's <head> as React Router's own do, request after request, and never mix builds.
import {
  createRequestHandler,
  data,
  isRouteErrorResponse,
  Outlet,
  ServerRouter,
  useLoaderData,
  useRouteError,
} from 'react-router'
import type { ServerBuild } from 'react-router'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { DocumentHeadContext, useDocumentHead } from '#app/ui/document-head.ts'
import { inMemoryBuild, manifestRoute } from '../../../tests/fixtures/router-manifest.ts'
import {
  comparingEntry,
  NONCE,
  requestEach,
  type Rendered,
} from '../../../tests/fixtures/compare-render.tsx'
import { ServerLinks, ServerMeta } from './document-head.tsx'

const OURS = { Meta: ServerMeta, Links: ServerLinks }

function Layout({ children }: { children: ReactNode }) {
  const { Meta, Links } = useDocumentHead()
  return (
    <html lang="fr">
      <head>
        <Meta />
        <Links />
      </head>
      <body>{children}</body>
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

function buildWith(label: string, results: Rendered[]): ServerBuild {
  return inMemoryBuild({
    entry: {
      module: comparingEntry(results, (context, url) => (
        <DocumentHeadContext.Provider value={OURS}>
          <ServerRouter context={context} url={url} nonce={NONCE} />
        </DocumentHeadContext.Provider>
      )),
    },
    routes: {
      root: {
        id: 'root',
        path: '',
        module: {
          default: () => <Outlet />,
          Layout,
          ErrorBoundary: RootError,
          loader: () => ({ site: label }),
          links: () => [
            { rel: 'stylesheet', href: `/assets/${label}.css`, precedence: 'default' },
            { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
            // The same descriptor twice (keys in another order), and a module preload the
            // manifest already covers: both left out, as upstream does.
            { type: 'image/svg+xml', href: '/favicon.svg', rel: 'icon' },
            { rel: 'preload', as: 'script', href: '/assets/root.js' },
          ],
          meta: () => [
            { charset: 'utf-8' },
            { title: label },
            { name: 'description', content: `Le site ${label} & « les autres »` },
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
            return { title: `${label} : ${params.slug}` }
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
            { tagName: 'link', rel: 'canonical', href: `https://exemple.fr/${label}` },
            { 'script:ld+json': { '@type': 'BlogPosting', headline: '</script><b>' } },
          ],
        },
      },
    },
    assetRoutes: {
      root: { ...manifestRoute('root', undefined, ''), css: [`/assets/${label}-root.css`] },
      post: manifestRoute('post', 'root', 'blog/:slug'),
    },
    version: label,
  })
}

describe('<Meta> and <Links> for the server (ADR 055)', () => {
  it('write the head of each document as React Router’s own, request after request', async () => {
    const urls = ['/blog/ecrire', '/blog/absent', '/inconnu', '/blog/autre', '/blog/ecrire']
    const { statuses, results } = await requestEach((r) => buildWith('Vitrine', r), urls)
    expect(statuses).toEqual([200, 404, 404, 200, 200])
    for (const { upstream, ours } of results) {
      expect(upstream).toBeDefined()
      expect(ours).toBe(upstream)
    }
    const [post, missing, , other, again] = results.map((r) => r.ours!)
    expect(post).toContain('<title>Vitrine : ecrire</title>')
    expect(post).toContain('<meta property="og:title" content="Vitrine : ecrire"/>')
    expect(post).toContain('<link rel="canonical" href="https://exemple.fr/Vitrine"/>')
    expect(post).toContain('\\u003c/script\\u003e')
    expect(post?.match(/rel="icon"/g)).toHaveLength(1)
    expect(post).toContain('/assets/Vitrine-root.css')
    expect(post).toContain('href="/images/hero.webp"')
    expect(missing).toContain('<h1>Erreur 404</h1>')
    expect(missing).not.toContain('hero.webp') // the post's links are not the error's
    expect(other).toContain('<title>Vitrine : autre</title>')
    expect(again).toBe(post)
  })

  it('keeps the links of two builds apart', async () => {
    const first: Rendered[] = []
    const second: Rendered[] = []
    await createRequestHandler(
      buildWith('Alpha', first),
      'production',
    )(new Request('http://localhost/blog/un'))
    await createRequestHandler(
      buildWith('Beta', second),
      'production',
    )(new Request('http://localhost/blog/un'))
    expect(first[0]!.ours).toBe(first[0]!.upstream)
    expect(second[0]!.ours).toBe(second[0]!.upstream)
    expect(second[0]!.ours).toContain('/assets/Beta.css')
    expect(second[0]!.ours).not.toContain('Alpha')
  })
})
