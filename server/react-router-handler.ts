// React Router's Express adapter (@react-router/express 8.4.0, `createRequestHandler`), with
// one shortcut (ADR 039): a document that app/entry.server.tsx rendered into memory is written
// with one `res.end(buffer)` instead of being pumped through its `Response`'s web stream
// (a reader, a promise race per chunk, error monitors on the socket). Everything else is the
// adapter's own code: the same fetch `Request` (URL, headers, abort signal, body stream) and
// the same status line and headers (`res.append`, so Express adds the same charset).
// Compare it with node_modules/@react-router/express/dist/index.js on every upgrade.
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { writeReadableStreamToWritable } from '@react-router/node'
import { createRequestHandler as createRouterHandler, type ServerBuild } from 'react-router'
import { DOCUMENT_REQUEST } from '#app/server/hydration-data.server.ts'
import { documentBody } from './document-body.ts'
import { requestBodyStream } from './request-body-stream.ts'
import { requestUrl } from './request-url.ts'
import type { RenderWorkers, Rendered } from './render-workers.ts'

export { requestUrl }

export { DOCUMENT_BODY, documentBody } from './document-body.ts'

export function createRequestHandler({
  build,
  mode = process.env.NODE_ENV,
  threads,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>)
  mode?: string
  /** Render threads for anonymous public pages while renders queue (ADR 056). */
  threads?: RenderWorkers
}) {
  const handleRequest = createRouterHandler(build, mode)
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const rendered = await threads?.render(req)
      if (rendered) return sendRendered(res, rendered)
      await sendResponse(res, await handleRequest(createFetchRequest(req, res)))
    } catch (error) {
      next(error)
    }
  }
}

function createFetchHeaders(requestHeaders: ExpressRequest['headers']): Headers {
  return new Headers(headerPairs(requestHeaders))
}

/** The request's headers as name-value pairs (a render thread's job, ADR 056). */
export function headerPairs(requestHeaders: ExpressRequest['headers']): [string, string][] {
  const pairs: [string, string][] = []
  for (const key in requestHeaders) {
    const values = requestHeaders[key]
    if (!values) continue
    if (Array.isArray(values)) for (const value of values) pairs.push([key, value])
    else pairs.push([key, values])
  }
  return pairs
}

/**
 * A document GET: its loaders may leave out of the hydration data what the page already
 * shows (app/server/hydration-data.server.ts); a page change's `.data` request gets it all.
 */
export function isDocumentGet(method: string, url: URL): boolean {
  return method === 'GET' && !url.pathname.endsWith('.data')
}

function createFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const url = requestUrl(req)
  let controller: AbortController | null = new AbortController()
  const init: RequestInit & { duplex?: 'half' } = {
    method: req.method,
    headers: createFetchHeaders(req.headers),
    signal: controller.signal,
  }
  res.on('finish', () => (controller = null))
  res.on('close', () => controller?.abort())
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = requestBodyStream(req)
    init.duplex = 'half'
  }
  const request = new Request(url.href, init)
  if (isDocumentGet(req.method, url))
    Object.defineProperty(request, DOCUMENT_REQUEST, { value: true })
  return request
}

/** A render thread's answer, written as `sendResponse` writes a document rendered here. */
function sendRendered(res: ExpressResponse, rendered: Rendered) {
  if (res.destroyed || res.writableEnded) return
  res.locals.renderThread = true
  res.statusMessage = rendered.statusText
  res.status(rendered.status)
  for (const [key, value] of rendered.headers) res.append(key, value)
  const { body } = rendered
  res.end(Buffer.from(body.buffer, body.byteOffset, body.byteLength))
}

async function sendResponse(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel()
    return
  }
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [key, value] of response.headers.entries()) res.append(key, value)
  if (response.headers.get('Content-Type')?.match(/text\/event-stream/i)) res.flushHeaders()
  const inMemory = documentBody(response)
  if (inMemory) {
    res.end(inMemory)
    return
  }
  if (response.body) {
    try {
      await writeReadableStreamToWritable(response.body, res)
    } catch (error) {
      if (res.destroyed || res.writableEnded) return
      throw error
    }
  } else res.end()
}
