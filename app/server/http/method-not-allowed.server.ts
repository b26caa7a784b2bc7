// A French 405 for a route that takes no form (ADR 024: React Router's own
// answer to a POST on a resource route without an action is English, "Unexpected Server
// Error"). Exported as `action` by those routes.
import { fr } from '#app/domain/i18n/messages.fr.ts'

export const METHOD_NOT_ALLOWED = fr['error:methodNotAllowed']

export function methodNotAllowed(): Response {
  return new Response(METHOD_NOT_ALLOWED, {
    status: 405,
    headers: {
      Allow: 'GET, HEAD',
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
    },
  })
}
