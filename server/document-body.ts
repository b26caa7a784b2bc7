// A document's bytes, handed from app/entry.server.tsx to the server beside its `Response`
// (ADR 039): by the Express adapter (server/react-router-handler.ts) and a render thread
// (server/render-thread.ts, ADR 056).

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
