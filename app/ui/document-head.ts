// Which components write the routes' <meta> and <link> tags into <head> (app/root.tsx).
// React Router's own in the browser; the server's document render provides copies that make
// the build-dependent part once per build (app/server/render/document-head.tsx, ADR 055). Both
// write the same markup, so the browser's hydrate the server's.
import { createContext, useContext } from 'react'
import { Links, Meta } from 'react-router'

export const DocumentHeadContext = createContext<{ Meta: typeof Meta; Links: typeof Links }>({
  Meta,
  Links,
})

export function useDocumentHead() {
  return useContext(DocumentHeadContext)
}
