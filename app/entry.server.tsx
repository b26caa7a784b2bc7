// Zod's configuration (jitless, French messages) before any schema is built.
import '#app/domain/zod-config.ts'
import { Writable } from 'node:stream'

import type { EntryContext, RouterContextProvider } from 'react-router'
import { ServerRouter } from 'react-router'
import { renderToPipeableStream } from 'react-dom/server'
import { contentSecurityPolicy, createNonce } from './server/csp.server.ts'
import { NonceContext } from './ui/nonce.ts'

export const streamTimeout = 5_000

// Reached by server/index.ts through `build.entry.module` (one copy of every module).
export { startApp, stopApp } from './server/startup.server.ts'
export { StartupError } from './server/env.server.ts'
export { contentGeneration, contentGenerationThisTurn } from './server/cache/generation.server.ts'

export default function handleRequest(
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

  // The whole document is rendered into memory, then sent as one body (ADR 031). No public
  // page suspends, so the first byte would not come earlier with streaming, while React's
  // 2 KB chunks each cost a trip through a Node stream, a web stream, `res.write` (and a
  // compression flush per chunk). Bots and people get the same complete document.
  return new Promise((resolve, reject) => {
    let failed = false
    const chunks: Buffer[] = []
    let size = 0
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk)
        size += chunk.length
        callback()
      },
      final(callback) {
        clearTimeout(timeoutId)
        responseHeaders.set('Content-Type', 'text/html')
        responseHeaders.set('Content-Length', String(size))
        resolve(
          new Response(Buffer.concat(chunks, size) as Uint8Array<ArrayBuffer>, {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        )
        callback()
      },
    })

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce ?? ''}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          if (!failed) pipe(sink)
        },
        onShellError(error: unknown) {
          failed = true
          clearTimeout(timeoutId)
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors of the shell reject and are logged by handleDocumentRequest; later ones
          // (inside a Suspense boundary) are logged here.
          if (!failed) console.error(error)
        },
      },
    )
    // Abort a render still waiting after `streamTimeout`, so rejected boundaries flush.
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000)
  })
}
