// Zod's configuration (jitless, French messages) before any schema is built.
import '#app/domain/zod-config.ts'
import { Writable } from 'node:stream'

import type { EntryContext, RouterContextProvider } from 'react-router'
import { ServerRouter } from 'react-router'
import { renderToPipeableStream, renderToString } from 'react-dom/server'
import { contentSecurityPolicy, createNonce } from './server/csp.server.ts'
import { NonceContext } from './ui/nonce.ts'

export const streamTimeout = 5_000

// Reached by server/index.ts through `build.entry.module` (one copy of every module).
export { startApp, stopApp } from './server/startup.server.ts'
export { StartupError } from './server/env.server.ts'
export { contentGeneration } from './server/cache/generation.server.ts'

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
  //
  // The loader data for the browser (React Router's turbo-stream) is read to its end first
  // and handed to its <script>s ready-made, so nothing suspends and React renders the
  // document in one synchronous pass, as a string (ADR 036): the same bytes as the streaming
  // renderer, at about half its CPU. A document that still suspends somewhere (a boundary left
  // for the client) is rendered again by the streaming renderer, which waits for it.
  return prefillHandoff(routerContext).then(() => {
    const element = (
      <NonceContext.Provider value={nonce ?? ''}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>
    )
    const html = renderToString(element)
    if (html.includes('<!--$!') || html.includes('<!--$?')) {
      routerContext.renderMeta = { streamCache: routerContext.renderMeta?.streamCache ?? {} }
      return renderStreamed(element, nonce, responseHeaders, responseStatusCode)
    }
    // The streaming renderer writes the doctype before an <html> root; this one does not.
    const body = Buffer.from(html.startsWith('<html') ? `<!DOCTYPE html>${html}` : html)
    responseHeaders.set('Content-Type', 'text/html')
    responseHeaders.set('Content-Length', String(body.length))
    return new Response(body as Uint8Array<ArrayBuffer>, {
      headers: responseHeaders,
      status: responseStatusCode,
    })
  })
}

type StreamCache = NonNullable<NonNullable<EntryContext['renderMeta']>['streamCache']>

/**
 * Reads React Router's turbo-stream of loader data to its end and stores each chunk where its
 * `StreamTransfer` component looks first (`renderMeta.streamCache`, one entry per read, exactly
 * as it would have read them), so that component renders its <script>s without suspending.
 */
async function prefillHandoff(routerContext: EntryContext): Promise<void> {
  const stream = routerContext.serverHandoffStream
  if (!stream) return
  const reader = stream.getReader()
  const decoder = new TextDecoder()
  const streamCache: StreamCache = {}
  for (let identifier = 0; ; identifier++) {
    const { done, value } = await reader.read()
    streamCache[identifier] = Object.assign(Promise.resolve(), {
      result: { done, value: decoder.decode(value, { stream: true }) },
    })
    if (done) break
  }
  routerContext.renderMeta = { ...routerContext.renderMeta, streamCache }
  // Every chunk is in the cache: the reader `ServerRouter` takes from this one is never read.
  routerContext.serverHandoffStream = new ReadableStream()
}

/** The streaming renderer, waiting for every boundary, into one buffer (ADR 031). */
function renderStreamed(
  element: React.ReactElement,
  nonce: string | undefined,
  responseHeaders: Headers,
  responseStatusCode: number,
): Promise<Response> {
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

    const { pipe, abort } = renderToPipeableStream(element, {
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
    })
    // Abort a render still waiting after `streamTimeout`, so rejected boundaries flush.
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000)
  })
}
