// Reading a form body without a 500 (ADR 024). The Express layer already
// refuses odd content types (server/request-guard.ts); what it cannot see without reading
// is a broken body (a multipart body that does not match its boundary, a truncated part).
// Such a body becomes a French 400, counted against the address's limit like any refusal.
import { data } from 'react-router'
import { getClientIp } from './client-ip.server.ts'
import { hit, retryAfterHeader } from '../rate-limit/rate-limit.server.ts'
import { addressLimitFor } from '../rate-limit/rate-limit-rules.server.ts'

export const UNREADABLE_FORM =
  'Formulaire illisible : veuillez renvoyer le formulaire depuis le site.'
export const TOO_MANY_REFUSED =
  'Trop de requêtes refusées. Veuillez réessayer dans quelques minutes.'

/** The request's form data, or a thrown French 400 (429 once the address is over its limit). */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData()
  } catch {
    const ip = getClientIp(request)
    const { key, rule } = addressLimitFor(new URL(request.url).pathname, ip)
    if (!(await hit(key, rule, Date.now(), { owner: ip }))) {
      throw data(TOO_MANY_REFUSED, {
        status: 429,
        headers: { 'Retry-After': await retryAfterHeader(key), 'Cache-Control': 'no-store' },
      })
    }
    throw data(UNREADABLE_FORM, { status: 400, headers: { 'Cache-Control': 'no-store' } })
  }
}

/** Headers of a refused outcome: Retry-After on a 429. */
export function retryAfterHeaders(outcome: { retryAfter?: string }): HeadersInit | undefined {
  return outcome.retryAfter ? { 'Retry-After': outcome.retryAfter } : undefined
}

/**
 * A route's `headers` export that keeps its action's (or loader's) Retry-After: without one,
 * React Router drops the headers a route's `data()` set, and the 429 would say 60 s whatever
 * the real wait (ADR 023).
 */
export function keepRetryAfter(args: {
  parentHeaders: Headers
  actionHeaders: Headers
  loaderHeaders: Headers
}): Headers {
  const headers = new Headers(args.parentHeaders)
  const retryAfter = args.actionHeaders.get('Retry-After') ?? args.loaderHeaders.get('Retry-After')
  if (retryAfter) headers.set('Retry-After', retryAfter)
  return headers
}
