// Zod's configuration (jitless, French messages) before any schema is built.
import '#app/domain/zod-config.ts'
// Both catalogues on the server (the browser loads its page's language only, ADR 105).
import '#app/domain/i18n/french.ts'
import '#app/domain/i18n/english.ts'

import type { EntryContext, HandleErrorFunction, RouterContextProvider } from 'react-router'
import { isRouteErrorResponse, ServerRouter } from 'react-router'
import { contentSecurityPolicy, createNonce } from './server/http/csp.server.ts'
import { renderDocument } from './server/render/render-document.server.tsx'
import { isDatabaseUnavailable } from './server/db/availability.server.ts'
import { envField } from './server/core/env.server.ts'
import { NonceContext } from './ui/nonce.ts'

export const streamTimeout = 5_000

// Reached by server/index.ts through `build.entry.module` (one copy of every module).
export { startApp, stopApp } from './server/core/startup.server.ts'
export { StartupError } from './server/core/env.server.ts'
export { countRefusal } from './server/rate-limit/rate-limit-rules.server.ts'
export {
  confirmExternalChanges,
  contentGeneration,
  contentGenerationThisTurn,
  externalChangesArriveAsEvents,
  requestArrived,
  shareProbeBetweenRequests,
} from './server/cache/generation.server.ts'

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
  const nonce = envField('NODE_ENV') === 'development' ? undefined : createNonce()
  if (nonce) responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(nonce))

  // The whole document is rendered into memory, then sent as one body with a Content-Length
  // (ADR 031): React Router's documented pattern waiting for `onAllReady`, for everybody
  // (app/server/render/render-document.server.tsx). The nonce goes to React Router's scripts through
  // `<ServerRouter nonce>` (its loader data) and the root's `<Scripts>`/`<ScrollRestoration>`.
  const { body, failed } = await renderDocument(
    <NonceContext.Provider value={nonce ?? ''}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
    nonce,
    streamTimeout + 1000,
  )
  if (failed) responseStatusCode = 500
  responseHeaders.set('Content-Type', 'text/html')
  responseHeaders.set('Content-Length', String(body.length))
  return new Response(body, {
    headers: responseHeaders,
    status: responseStatusCode,
  })
}
