// The Express adapter of ADR 039 against @react-router/express itself: the same status, headers
// and bytes over real HTTP, whether the document's bytes are written at once (in memory) or
// pumped through its web stream (anything else: redirects, resource routes, HEAD).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequestHandler as upstreamHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'
import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'
import { data, Outlet, redirect, ServerRouter, useLoaderData } from 'react-router'
import type { EntryContext } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRequestHandler, DOCUMENT_BODY, documentBody } from './react-router-handler.ts'
import {
  inMemoryBuild,
  manifestRoute,
  rootAndPostRoutes,
} from '../tests/fixtures/router-manifest.ts'

function Root() {
  return h('html', { lang: 'fr' }, h('body', null, h(Outlet)))
}
function Post() {
  const { title } = useLoaderData<{ title: string }>()
  return h('h1', null, title)
}

const blog = rootAndPostRoutes(Root, () => ({}), {
  default: Post,
  loader: ({ params }: { params: { slug?: string } }) => ({
    title: `« ${params.slug} » — l’article 😀`,
  }),
  headers: () => ({ 'Cache-Control': 'public, max-age=60', Vary: 'Cookie' }),
})

/** A build whose entry renders in memory and marks its bytes as app/entry.server.tsx does. */
const build = inMemoryBuild({
  entry: {
    module: {
      async default(request: Request, status: number, headers: Headers, context: EntryContext) {
        if (request.method === 'HEAD') return new Response(null, { status, headers })
        const body = Buffer.from(
          `<!DOCTYPE html>${renderToString(h(ServerRouter, { context, url: request.url }))}`,
        )
        headers.set('Content-Type', 'text/html')
        headers.set('Content-Length', String(body.length))
        headers.append('Set-Cookie', 'a=1; Path=/')
        headers.append('Set-Cookie', 'b=2; Path=/')
        const response = new Response(body, { status, headers })
        Object.defineProperty(response, DOCUMENT_BODY, { value: body })
        return response
      },
    },
  },
  routes: {
    ...blog.routes,
    missing: {
      id: 'missing',
      parentId: 'root',
      path: '*',
      module: {
        default: () => h('h1', null, 'Dimension Inconnue'),
        loader: () => data({}, { status: 404 }),
      },
    },
    old: {
      id: 'old',
      parentId: 'root',
      path: 'ancien',
      module: { loader: () => redirect('/blog/nouveau', 301) },
    },
    feed: {
      id: 'feed',
      parentId: 'root',
      path: 'flux.txt',
      module: {
        loader: () =>
          new Response('ligne élevée\n'.repeat(2000), {
            headers: { 'Content-Type': 'text/plain; charset=utf-8' },
          }),
      },
    },
  },
  assetRoutes: {
    ...blog.assetRoutes,
    old: manifestRoute('old', 'root', 'ancien'),
    feed: manifestRoute('feed', 'root', 'flux.txt'),
    missing: manifestRoute('missing', 'root', '*'),
  },
  version: 'test',
})

function serve(handler: express.RequestHandler): Promise<{ server: http.Server; base: string }> {
  const app = express()
  app.use(compression())
  app.all('/{*splat}', handler)
  const server = http.createServer(app)
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  )
}

interface Answer {
  status: number
  statusMessage: string
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}
function get(url: string, method = 'GET', headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const { date: _date, ...rest } = res.headers
          resolve({
            status: res.statusCode!,
            statusMessage: res.statusMessage!,
            headers: rest,
            body: Buffer.concat(chunks),
          })
        })
      })
      .on('error', reject)
      .end()
  })
}

let ours: { server: http.Server; base: string }
let theirs: { server: http.Server; base: string }
beforeAll(async () => {
  ours = await serve(createRequestHandler({ build, mode: 'production' }))
  theirs = await serve(upstreamHandler({ build, mode: 'production' }))
})
afterAll(() => {
  ours.server.close()
  theirs.server.close()
})

describe('the Express adapter of React Router (ADR 039)', () => {
  const cases: [string, string, Record<string, string>][] = [
    ['a document', '/blog/lyon', {}],
    ['a compressed document', '/blog/lyon', { 'Accept-Encoding': 'gzip' }],
    ['a 404 document', '/nulle-part', {}],
    ['a redirect', '/ancien', {}],
    ['a resource route', '/flux.txt', {}],
    ['a compressed resource route', '/flux.txt', { 'Accept-Encoding': 'br' }],
    ['a HEAD request', '/blog/lyon', {}],
  ]
  for (const [what, path, headers] of cases) {
    it(`answers ${what} exactly as @react-router/express does`, async () => {
      const method = what === 'a HEAD request' ? 'HEAD' : 'GET'
      const [a, b] = [
        await get(ours.base + path, method, headers),
        await get(theirs.base + path, method, headers),
      ]
      expect(a.status).toBe(b.status)
      expect(a.statusMessage).toBe(b.statusMessage)
      expect(a.headers).toEqual(b.headers)
      expect(a.body.equals(b.body)).toBe(true)
    })
  }

  it('writes the in-memory bytes of a document, and never those of a body already read', async () => {
    const answer = await get(`${ours.base}/blog/lyon`)
    expect(answer.body.toString('utf8')).toContain('<h1>« lyon » — l’article 😀</h1>')
    expect(answer.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/'])
    const bytes = Buffer.from('<p>x</p>')
    const fresh = new Response(bytes)
    Object.defineProperty(fresh, DOCUMENT_BODY, { value: bytes })
    expect(documentBody(fresh)).toBe(bytes)
    const read = new Response(bytes)
    Object.defineProperty(read, DOCUMENT_BODY, { value: bytes })
    await read.text()
    expect(documentBody(read)).toBeUndefined()
    expect(documentBody(new Response(bytes))).toBeUndefined()
  })
})
