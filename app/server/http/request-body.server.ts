// Reading a form body without a 500 (ADR 024). The Express layer already
// refuses odd content types (server/request-guard.ts); what it cannot see without reading
// is a broken body (a multipart body that does not match its boundary, a truncated part).
// Such a body becomes a 400, counted against the address's limit like any refusal: in French,
// or in English on the English site (ADR 074).
import { data } from 'react-router'
import { REFUSALS, refusalFor } from '#app/domain/i18n/refusals.ts'
import { getClientIp } from './client-ip.server.ts'
import { hit, retryAfterHeader } from '../rate-limit/rate-limit.server.ts'
import { addressLimitFor } from '../rate-limit/rate-limit-rules.server.ts'

export const UNREADABLE_FORM = REFUSALS.fr.unreadableForm

/** The request's form data, or a thrown 400 (429 once the address is over its limit). */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData()
  } catch {
    const ip = getClientIp(request)
    const path = new URL(request.url).pathname
    const { key, rule } = addressLimitFor(path, ip)
    if (!(await hit(key, rule, Date.now(), { owner: ip }))) {
      throw data(refusalFor(path, 'tooManyRefused'), {
        status: 429,
        headers: { 'Retry-After': await retryAfterHeader(key), 'Cache-Control': 'no-store' },
      })
    }
    throw data(refusalFor(path, 'unreadableForm'), {
      status: 400,
      headers: { 'Cache-Control': 'no-store' },
    })
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
