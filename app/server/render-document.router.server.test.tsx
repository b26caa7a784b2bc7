// The contract with React Router that the one-pass render relies on (ADR 036): once its
// loader-data stream is read ahead by prefillHandoff, ServerRouter renders without
// suspending, and the document has the very bytes the streaming renderer gives it.
import {
  createRequestHandler,
  Links,
  Meta,
  Outlet,
  Scripts,
  ServerRouter,
  useLoaderData,
} from 'react-router'
import type { EntryContext, ServerBuild } from 'react-router'
import { Suspense, use } from 'react'
import { describe, expect, it } from 'vitest'
import { prefillHandoff, renderInOnePass, renderStreamed } from './render-document.server.tsx'
import {
  inMemoryBuild,
  manifestRoute,
  rootAndPostRoutes,
} from '../../tests/fixtures/router-manifest.ts'

const NONCE = 'bm9uY2Utb2YtdGhlLXRlc3Q'

function Root() {
  return (
    <html lang="fr">
      <head>
        <Meta />
        <Links />
      </head>
      <body>
        <Outlet />
        <Scripts nonce={NONCE} />
      </body>
    </html>
  )
}

function Post() {
  const { title, tags } = useLoaderData<{ title: string; tags: string[] }>()
  return (
    <article>
      <h1>{title}</h1>
      <p>{tags.join(', ')}</p>
    </article>
  )
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

const blog = rootAndPostRoutes(Root, () => ({ site: 'Vitrine' }), {
  default: Post,
  loader: ({ params }: { params: { slug?: string } }) => ({
    title: `« ${params.slug} » — l’article`,
    tags: ['Accessibilité', 'Émoji 😀'],
  }),
})

/** Renders each document both ways; `once` is undefined when the one-pass render gave up. */
function buildWith(results: { once?: string; streamed?: string }[]): ServerBuild {
  return inMemoryBuild({
    entry: {
      module: {
        async default(request: Request, status: number, headers: Headers, context: EntryContext) {
          const rearm = await prefillHandoff(context)
          const element = <ServerRouter context={context} url={request.url} nonce={NONCE} />
          const once = renderInOnePass(element)
          rearm()
          const streamed = (await renderStreamed(element, NONCE, 5_000)).body.toString('utf8')
          results.push({ once, streamed })
          return new Response(streamed, { status, headers })
        },
      },
    },
    routes: {
      ...blog.routes,
      slow: {
        id: 'slow',
        parentId: 'root',
        path: 'lent',
        module: { default: Slow, loader: () => ({}) },
      },
    },
    assetRoutes: {
      ...blog.assetRoutes,
      slow: manifestRoute('slow', 'root', 'lent'),
    },
    version: 'test',
  })
}

describe('the one-pass render with React Router', () => {
  it('renders the loader data without suspending, with the streaming renderer’s bytes', async () => {
    const results: { once?: string; streamed?: string }[] = []
    const handler = createRequestHandler(buildWith(results), 'production')
    const response = await handler(new Request('http://localhost/blog/ecrire-a-lyon'))
    expect(response.status).toBe(200)
    expect(results).toHaveLength(1)
    const [{ once, streamed }] = results as [{ once?: string; streamed?: string }]
    expect(once).toBeDefined()
    expect(once).toContain('<h1>« ecrire-a-lyon » — l’article</h1>')
    expect(once).toContain('streamController.enqueue(')
    expect(once).toContain('streamController.close()')
    expect(once).toBe(streamed)
  })

  it('leaves a page that suspends to the streaming renderer, which still gets the loader data', async () => {
    const results: { once?: string; streamed?: string }[] = []
    const handler = createRequestHandler(buildWith(results), 'production')
    late = new Promise((resolve) => setTimeout(() => resolve('Arrivé plus tard'), 20))
    const response = await handler(new Request('http://localhost/lent'))
    expect(response.status).toBe(200)
    const [{ once, streamed }] = results as [{ once?: string; streamed?: string }]
    expect(once).toBeUndefined()
    expect(streamed).toContain('<p>Arrivé plus tard</p>')
    expect(streamed).toContain('streamController.close()')
  })
})
