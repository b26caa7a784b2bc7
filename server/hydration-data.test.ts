// ADR 050: what a document shows is not sent a second time in its hydration data
// (app/server/render/hydration-data.server.ts), through the real adapter and React Router: the
// adapter marks document GETs, a loader leaves the marked fields out of the turbo-stream, the
// server render still shows them, and a `.data` request (a page change) carries them.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { createElement as h } from 'react'
import { Outlet, Scripts, ServerRouter, useLoaderData } from 'react-router'
import type { EntryContext } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DOCUMENT_REQUEST,
  isDocumentRequest,
  renderedOnce,
} from '#app/server/render/hydration-data.server.ts'
import { renderDocument } from '#app/server/render/render-document.server.tsx'
import { createRequestHandler } from './react-router-handler.ts'
import { inMemoryBuild, rootAndPostRoutes } from '../tests/fixtures/router-manifest.ts'

const BODY = '<p>Un corps « rendu » une seule fois, long comme un article.</p>'

function Root() {
  return h('html', { lang: 'fr' }, h('body', null, h(Outlet), h(Scripts)))
}
function Post() {
  const { title, body } = useLoaderData<{ title: string; body?: string }>()
  return h(
    'article',
    null,
    h('h1', null, title),
    h('div', { dangerouslySetInnerHTML: { __html: body ?? '' } }),
  )
}

const seen: boolean[] = []
const build = inMemoryBuild({
  entry: {
    module: {
      async default(request: Request, status: number, headers: Headers, context: EntryContext) {
        const { body } = await renderDocument(
          h(ServerRouter, { context, url: request.url }),
          undefined,
          5_000,
        )
        headers.set('Content-Type', 'text/html')
        return new Response(body, { status, headers })
      },
    },
  },
  ...rootAndPostRoutes(Root, () => ({}), {
    default: Post,
    loader: ({ request, params }: { request: Request; params: { slug?: string } }) => {
      seen.push(isDocumentRequest(request))
      return renderedOnce(request, { title: `Article ${params.slug}`, body: BODY }, ['body'])
    },
  }),
})

let server: http.Server
let base: string
beforeAll(async () => {
  const app = express()
  app.all('/{*splat}', createRequestHandler({ build, mode: 'production' }))
  server = http.createServer(app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const occurrences = (text: string, part: string) => text.split(part).length - 1

describe('fields rendered once', () => {
  it('leaves them out of a document’s hydration data, which the render still shows', async () => {
    seen.length = 0
    const html = await (await fetch(`${base}/blog/premier`)).text()
    expect(seen).toEqual([true])
    expect(html).toContain('<h1>Article premier</h1>')
    expect(occurrences(html, 'Un corps « rendu » une seule fois')).toBe(1)
    // The rest of the loader data is still there for hydration: the title twice (page, data).
    expect(occurrences(html, 'Article premier')).toBe(2)
    expect(html).toContain('window.__reactRouterContext.streamController.enqueue')
  })

  it('sends them in full to a page change (a .data request)', async () => {
    seen.length = 0
    const data = await (await fetch(`${base}/blog/premier.data`)).text()
    expect(seen).toEqual([false])
    expect(data).toContain('Un corps « rendu » une seule fois')
  })

  it('marks only document GETs, and hides the fields from serialisers only then', () => {
    const marked = new Request('http://localhost/blog/x')
    Object.defineProperty(marked, DOCUMENT_REQUEST, { value: true })
    const fields = renderedOnce(marked, { title: 'T', body: BODY }, ['body'])
    expect(fields.body).toBe(BODY)
    expect(Object.keys(fields)).toEqual(['title'])
    expect(JSON.stringify(fields)).toBe('{"title":"T"}')
    const plain = renderedOnce(new Request('http://localhost/blog/x'), { title: 'T', body: BODY }, [
      'body',
    ])
    expect(Object.keys(plain)).toEqual(['title', 'body'])
  })
})
