// A French 405 for a route that takes no form (ADR 024: React Router's own
// answer to a POST on a resource route without an action is English, "Unexpected Server
// Error"). Exported as `action` by those routes.
import { METHOD_NOT_ALLOWED } from '#app/domain/http-errors.ts'

export { METHOD_NOT_ALLOWED }

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
