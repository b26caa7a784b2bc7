// What the browser does not need twice (ADR 050).
//
// A document carries each route's loader data a second time, for hydration (React Router's
// turbo-stream in the page). A post's or a project's rendered Markdown is already in the page
// as HTML: sending it again in that data doubled the longest part of the longest pages. The
// Express adapter (server/react-router-handler.ts) marks the fetch `Request` of a document GET;
// a loader given that request hides such fields from the serialiser (non-enumerable: the
// turbo-stream encoder walks `Object.keys`), while the server render still reads them. A page
// change in the browser (a `.data` request, never marked) gets them in full. Should a React
// Router version stop handing loaders the very request, or stop walking `Object.keys`, the
// fields are simply sent twice again (tests/e2e/public/blog.spec.ts notices).

/** Set on the fetch `Request` of a document GET (a registered symbol: the server and the
 * app are separate bundles). */
export const DOCUMENT_REQUEST = Symbol.for('vitrine.documentRequest')

export function isDocumentRequest(request: Request): boolean {
  return (request as unknown as Record<symbol, unknown>)[DOCUMENT_REQUEST] === true
}

/**
 * `data`, with `keys` left out of a document's hydration data (they stay readable by the server
 * render). The component must then render those fields so that the browser keeps what the
 * server wrote without them (e.g. `dangerouslySetInnerHTML` with `''`, app/ui/public/markdown-body.tsx).
 */
export function renderedOnce<T extends object>(request: Request, data: T, keys: (keyof T)[]): T {
  if (!isDocumentRequest(request)) return data
  for (const key of keys) {
    Object.defineProperty(data, key, { value: data[key], enumerable: false })
  }
  return data
}
