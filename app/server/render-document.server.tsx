// How the document leaves React (ADRs 031 and 036): in memory, as one body.
//
// No public page suspends (no <Suspense>, <Await> or deferred data), so the document is
// rendered in one synchronous pass with `renderToString` once React Router's turbo-stream of
// loader data has been read to its end (`prefillHandoff`): the same bytes as the streaming
// renderer at a fraction of its CPU (no 2 KB chunks encoded one by one, no Node and web
// streams, no second task per Suspense boundary). A document that still suspends somewhere is
// rendered again by the streaming renderer, which waits for every boundary.
import { Writable } from 'node:stream'
import type { ReactElement } from 'react'
import { renderToPipeableStream, renderToString } from 'react-dom/server'
import type { EntryContext } from 'react-router'

type RenderMeta = NonNullable<EntryContext['renderMeta']>
type StreamCache = NonNullable<RenderMeta['streamCache']>

const handoffEncoder = new TextEncoder()

/**
 * Reads React Router's turbo-stream of loader data to its end and stores each chunk where its
 * `StreamTransfer` component looks first (`renderMeta.streamCache`: one entry per read, decoded
 * exactly as it decodes them), so that component writes its <script>s without suspending.
 *
 * Returns what makes the context ready for one more render of the same document (the
 * streaming fallback): `ServerRouter` takes a reader of the stream at each render, and
 * `Scripts` marks the render metadata.
 */
export async function prefillHandoff(
  routerContext: Pick<EntryContext, 'serverHandoffStream' | 'renderMeta'>,
): Promise<() => void> {
  const stream = routerContext.serverHandoffStream
  if (!stream) {
    const renderMeta = { ...routerContext.renderMeta }
    return () => {
      routerContext.renderMeta = { ...renderMeta }
    }
  }
  const reader = stream.getReader()
  const decoder = new TextDecoder()
  const streamCache: StreamCache = {}
  let reads = 0
  for (; ; reads++) {
    const { done, value } = await reader.read()
    streamCache[reads] = Object.assign(Promise.resolve(), {
      result: { done, value: decoder.decode(value, { stream: true }) },
    })
    if (done) break
  }
  const renderMeta = { ...routerContext.renderMeta, streamCache }
  const arm = () => {
    routerContext.renderMeta = { ...renderMeta }
    // Not read while the cache answers; should a React Router version stop looking there, it
    // reads the same text again, encoded on demand from the cache (the raw chunks are not kept
    // beside their decoded copy: ADR 041), and the streaming renderer, waiting for it, still
    // writes the right document.
    let next = 0
    routerContext.serverHandoffStream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Empty texts (a chunk ending inside a character) are skipped: every pull enqueues.
        while (next < reads) {
          const text = streamCache[next++]!.result!.value as string
          if (text) return controller.enqueue(handoffEncoder.encode(text))
        }
        controller.close()
      },
    })
  }
  arm()
  return arm
}

/** Markers of a Suspense boundary left pending or to the client by `renderToString`. */
const UNFINISHED_BOUNDARY = /<!--\$[!?]/
/** The streaming renderer writes it before an <html> root; `renderToString` does not. */
const DOCTYPE = '<!DOCTYPE html>'

/** `renderToString`'s markup, or `undefined` when part of it suspended. */
function renderWhole(element: ReactElement): string | undefined {
  const html = renderToString(element)
  return UNFINISHED_BOUNDARY.test(html) ? undefined : html
}

/**
 * The document in one synchronous pass, doctype included, or `undefined` when part of it
 * suspended (render it with `renderStreamed` then). Errors of the shell are thrown.
 */
export function renderInOnePass(element: ReactElement): string | undefined {
  const html = renderWhole(element)
  if (html === undefined) return undefined
  return html.startsWith('<html') ? `${DOCTYPE}${html}` : html
}

/**
 * `encodeDocument(renderInOnePass(element))` without joining the doctype to the markup: the
 * joined string would be a second copy of the whole document in memory (V8 flattens it again
 * to encode it), for 15 bytes written separately here.
 */
export function renderDocumentInOnePass(element: ReactElement): Buffer | undefined {
  const html = renderWhole(element)
  if (html === undefined) return undefined
  return encodeDocument(html, html.startsWith('<html') ? DOCTYPE : '')
}

const encoder = new TextEncoder()
/** Reused by every document (allocated on the first one): 256 KB holds any public page. */
let scratch: Uint8Array | undefined

/**
 * The document's UTF-8 bytes, `prefix` (ASCII) first. Same bytes as `Buffer.from(prefix +
 * html)`, at about half its CPU for a French page (a two-byte string in V8): one encoding pass
 * into a reused buffer and a copy, instead of a pass to measure, a fresh allocation and a
 * second pass to write. A document too large for the buffer is encoded the ordinary way.
 */
export function encodeDocument(html: string, prefix = ''): Buffer {
  scratch ??= new Uint8Array(256 * 1024)
  const start = prefix ? encoder.encodeInto(prefix, scratch).written : 0
  const { read, written } = encoder.encodeInto(html, scratch.subarray(start))
  return read === html.length
    ? Buffer.from(scratch.subarray(0, start + written))
    : Buffer.concat([Buffer.from(prefix), Buffer.from(html)])
}

export interface StreamedDocument {
  body: Buffer
  /** An error was thrown inside a Suspense boundary (already logged): answer 500. */
  failed: boolean
}

/**
 * The streaming renderer, waiting for every boundary, into one buffer. Rejects with an error
 * of the shell; a render still waiting after `timeoutMs` is aborted.
 */
export function renderStreamed(
  element: ReactElement,
  nonce: string | undefined,
  timeoutMs: number,
): Promise<StreamedDocument> {
  return new Promise((resolve, reject) => {
    let shellFailed = false
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
        resolve({ body: Buffer.concat(chunks, size), failed })
        callback()
      },
    })
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      onAllReady() {
        if (!shellFailed) pipe(sink)
      },
      onShellError(error: unknown) {
        shellFailed = true
        clearTimeout(timeoutId)
        reject(error)
      },
      onError(error: unknown) {
        failed = true
        // Errors of the shell reject and are logged by handleDocumentRequest; later ones
        // (inside a Suspense boundary) are logged here.
        if (!shellFailed) console.error(error)
      },
    })
    // Abort a render still waiting after the timeout, so rejected boundaries flush.
    const timeoutId = setTimeout(() => abort(), timeoutMs)
  })
}
