// How the document leaves React (ADR 031): React Router's documented entry pattern,
// `renderToPipeableStream` waiting for `onAllReady` (as it does for bots), for every request,
// into memory. The whole document is then sent as one body with a Content-Length, the page
// cache captures it whole, and bots and people get the same complete document.
import { Writable } from 'node:stream'
import type { ReactElement } from 'react'
import { renderToPipeableStream } from 'react-dom/server'

export interface RenderedDocument {
  body: Buffer<ArrayBuffer>
  /** An error was thrown inside a Suspense boundary (already logged): answer 500. */
  failed: boolean
}

/**
 * The document, doctype included, once every Suspense boundary has settled. Rejects with an
 * error of the shell (React Router logs and answers it); a render still waiting after
 * `timeoutMs` is aborted, so its pending boundaries are left to the browser.
 */
export function renderDocument(
  element: ReactElement,
  nonce: string | undefined,
  timeoutMs: number,
): Promise<RenderedDocument> {
  return new Promise((resolve, reject) => {
    let shellFailed = false
    const errors: unknown[] = []
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
        resolve({ body: Buffer.concat(chunks, size), failed: errors.length > 0 })
        callback()
      },
    })
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      onAllReady() {
        if (shellFailed) return
        // Errors inside a boundary: the shell rendered, so nobody else logs them.
        for (const error of errors) console.error(error)
        pipe(sink)
      },
      onShellError(error: unknown) {
        shellFailed = true
        clearTimeout(timeoutId)
        reject(error)
      },
      onError(error: unknown) {
        errors.push(error)
      },
    })
    const timeoutId = setTimeout(() => abort(), timeoutMs)
  })
}
