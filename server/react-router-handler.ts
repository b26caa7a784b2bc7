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
import { DOCUMENT_REQUEST } from '#app/server/render/hydration-data.server.ts'
import { requestBodyStream } from './request-body-stream.ts'
import { requestUrl } from './request-url.ts'

export { requestUrl }

/**
 * Where app/entry.server.tsx leaves the bytes of a document it rendered into memory, on the
 * `Response` it returns (the server and the app are separate bundles: a registered symbol is
 * the one name both see).
 */
export const DOCUMENT_BODY = Symbol.for('vitrine.documentBody')

/** The bytes entry.server.tsx attached to its `Response`, when its body was never read. */
export function documentBody(response: Response): Uint8Array | undefined {
  const body = (response as unknown as Record<symbol, unknown>)[DOCUMENT_BODY]
  return body instanceof Uint8Array && response.body !== null && !response.bodyUsed
    ? body
    : undefined
}

export function createRequestHandler({
  build,
  mode = process.env.NODE_ENV,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>)
  mode?: string
}) {
  const handleRequest = createRouterHandler(build, mode)
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      await sendResponse(res, await handleRequest(createFetchRequest(req, res)))
    } catch (error) {
      next(error)
    }
  }
}

/**
 * The same request and response conversion around another fetch handler: the statistics
 * beacon, answered before the render queue (server/index.ts, ADR 072).
 */
export function createFetchHandler(handle: (request: Request) => Promise<Response>) {
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      await sendResponse(res, await handle(createFetchRequest(req, res)))
    } catch (error) {
      next(error)
    }
  }
}

function createFetchHeaders(requestHeaders: ExpressRequest['headers']): Headers {
  const headers = new Headers()
  for (const key in requestHeaders) {
    const values = requestHeaders[key]
    if (!values) continue
    if (Array.isArray(values)) for (const value of values) headers.append(key, value)
    else headers.set(key, values)
  }
  return headers
}

/**
 * A document GET: its loaders may leave out of the hydration data what the page already
 * shows (app/server/render/hydration-data.server.ts); a page change's `.data` request gets it all.
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
