// The Content-Security-Policy nonce of the response being rendered (app/server/http/csp.server.ts).
// Set on the server only: after parsing, browsers hide nonce attributes from the DOM, so the
// client renders '' and hydration still matches.
import { createContext, useContext } from 'react'

export const NonceContext = createContext('')

export function useNonce(): string {
  return useContext(NonceContext)
}
