// Zod's configuration (jitless, French messages) before any schema is built.
import '#app/domain/zod-config.ts'

import type { EntryContext, HandleErrorFunction, RouterContextProvider } from 'react-router'
import { isRouteErrorResponse, ServerRouter as UpstreamServerRouter } from 'react-router'
import { contentSecurityPolicy, createNonce } from './server/csp.server.ts'
import {
  prefillHandoff,
  renderDocumentInOnePass,
  renderStreamed,
} from './server/render-document.server.tsx'
import { isDatabaseUnavailable } from './server/db/availability.server.ts'
import { log } from './server/log.server.ts'
import { ServerLinks, ServerMeta } from './server/render/document-head.tsx'
import { ServerRouter as BuildServerRouter } from './server/render/server-router.tsx'
import { DocumentHeadContext } from './ui/document-head.ts'
import { NonceContext } from './ui/nonce.ts'

export const streamTimeout = 5_000

// Reached by server/index.ts through `build.entry.module` (one copy of every module).
export { startApp, stopApp } from './server/startup.server.ts'
export { StartupError } from './server/env.server.ts'
export { followGeneration, startRenderReader } from './server/render-reader.server.ts'
export {
  contentGeneration,
  contentGenerationThisTurn,
  externalChangesArriveAsEvents,
  requestArrived,
  shareProbeBetweenRequests,
} from './server/cache/generation.server.ts'

// Routes built once per build (ADR 047), and the <head> links once per build and route chain
// (ADR 055); development rebuilds modules, so keeps upstream's.
const development = process.env.NODE_ENV === 'development'
const ServerRouter = development ? UpstreamServerRouter : BuildServerRouter
const documentHead = development ? undefined : { Meta: ServerMeta, Links: ServerLinks }

/**
 * Errors worth the log: not a client's mistake that React Router answers itself (a form
 * posted to a page that takes none, 405; no such route, 404), which the page says in French
 * and anyone could repeat to fill the log (ADR 024: only real faults are logged).
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) return
  // An internal error response (React Router's own) carries the error it stands for.
  const cause = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined
  // The database unreachable: logged once per outage, by availability.server.ts (ADR 069).
  if (isDatabaseUnavailable(cause ?? error)) return
  console.error(cause ?? error)
}

let warnedStreamed = false
/** A page that suspends costs about twice the CPU (ADR 036): said once per process. */
function warnStreamedOnce() {
  if (warnedStreamed) return
  warnedStreamed = true
  log.warn('Rendu du document en flux : une page attend des données (Suspense)')
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    })
  }

  // Development keeps Vite's own inline scripts (HMR) working: no policy there.
  const nonce = process.env.NODE_ENV === 'development' ? undefined : createNonce()
  if (nonce) responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(nonce))

  // The whole document is rendered into memory, then sent as one body with a Content-Length
  // (ADR 031): in one synchronous pass once the loader data for the browser is read ahead,
  // or by the streaming renderer if something suspends (ADR 036,
  // app/server/render-document.server.tsx). Bots and people get the same complete document.
  const rearm = await prefillHandoff(routerContext)
  let element = (
    <NonceContext.Provider value={nonce ?? ''}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>
  )
  if (documentHead)
    element = (
      <DocumentHeadContext.Provider value={documentHead}>{element}</DocumentHeadContext.Provider>
    )
  let body = renderDocumentInOnePass(element)
  if (body === undefined) {
    warnStreamedOnce()
    rearm()
    const streamed = await renderStreamed(element, nonce, streamTimeout + 1000)
    body = streamed.body
    if (streamed.failed) responseStatusCode = 500
  }
  responseHeaders.set('Content-Type', 'text/html')
  responseHeaders.set('Content-Length', String(body.length))
  const response = new Response(body as Uint8Array<ArrayBuffer>, {
    headers: responseHeaders,
    status: responseStatusCode,
  })
  // The same bytes, for the Express adapter to write at once (server/react-router-handler.ts).
  Object.defineProperty(response, DOCUMENT_BODY, { value: body })
  return response
}

/** server/react-router-handler.ts's name for a document's bytes (ADR 039). */
const DOCUMENT_BODY = Symbol.for('vitrine.documentBody')
