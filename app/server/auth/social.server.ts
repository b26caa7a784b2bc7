// Starting a Google/Facebook sign-in (ADR 011): the popup (or, without JavaScript, the
// page itself) opens /auth/social/:provider, which asks Better Auth for the provider's
// authorisation URL, keeps its state cookie and redirects there.
import { redirect } from 'react-router'
import type { SocialFailureReason } from '#app/domain/auth.ts'
import { getClientIp } from '../http/client-ip.server.ts'
import { hit } from '../rate-limit/rate-limit.server.ts'
import {
  ACCOUNT_DISABLED_CODE,
  configuredProviders,
  getAuth,
  SOCIAL_PROVIDERS,
  type SocialProvider,
} from './auth.server.ts'

/** Starts per client address: each start stores a `verification` row (abuse resistance). */
export const SOCIAL_START_LIMIT = { limit: 30, windowMs: 10 * 60_000 } as const
/** Error code of a start refused by SOCIAL_START_LIMIT. */
export const RATE_LIMITED_CODE = 'too_many_attempts'
/** Better Auth's code when an address already has a user and the provider did not verify it
 * (ADR 014): the callback links only verified addresses. */
export const NOT_LINKED_CODE = 'account_not_linked'

export function isSocialProvider(value: string | undefined): value is SocialProvider {
  return SOCIAL_PROVIDERS.includes(value as SocialProvider)
}

/** The reason behind the error codes appended to an error callback, if one we name. */
export function socialFailureReason(codes: string[]): SocialFailureReason | undefined {
  if (codes.includes(ACCOUNT_DISABLED_CODE)) return 'disabled'
  if (codes.includes(RATE_LIMITED_CODE)) return 'rate-limited'
  if (codes.includes(NOT_LINKED_CODE)) return 'not-linked'
  return undefined
}

/** Where the provider sends the browser back to, for the popup or the full-page flow. */
export function callbackPaths(
  provider: SocialProvider,
  opts: { popup: boolean; from: 'login' | 'register'; attempt: string },
) {
  if (opts.popup) {
    const done = `/auth/popup?provider=${provider}&from=${opts.from}&attempt=${opts.attempt}`
    return { callbackURL: done, errorCallbackURL: done }
  }
  // A full-page failure comes back here (`failed`) to pick the page and the message.
  return {
    callbackURL: '/admin',
    errorCallbackURL: `/auth/social/${provider}?from=${opts.from}&failed=1`,
  }
}

/** The page a full-page (no-JavaScript) failure ends on: the page it started from, with the
 * reason when we know one (/register says why, like /login). */
export function fullPageFailure(
  provider: SocialProvider,
  from: 'login' | 'register',
  reason: SocialFailureReason | undefined,
): string {
  if (reason === 'disabled') return `/${from}?error=disabled`
  if (reason === 'rate-limited') return `/${from}?error=too-many`
  if (reason === 'not-linked') return `/${from}?error=not-linked`
  return `/${from}?error=${provider}`
}

export async function startSocialSignIn(request: Request, provider: SocialProvider) {
  const url = new URL(request.url)
  const popup = url.searchParams.get('popup') === '1'
  const from = url.searchParams.get('from') === 'register' ? 'register' : 'login'
  if (url.searchParams.has('failed')) {
    const reason = socialFailureReason(url.searchParams.getAll('error'))
    throw redirect(fullPageFailure(provider, from, reason))
  }
  const attempt = (url.searchParams.get('attempt') ?? '').replace(/[^a-zA-Z0-9]/g, '').slice(0, 64)
  const paths = callbackPaths(provider, { popup, from, attempt })
  if (!(await hit(`social-start:ip:${getClientIp(request)}`, SOCIAL_START_LIMIT))) {
    throw redirect(
      popup
        ? `${paths.errorCallbackURL}&error=${RATE_LIMITED_CODE}`
        : fullPageFailure(provider, from, 'rate-limited'),
    )
  }
  if (!configuredProviders()[provider]) {
    throw redirect(
      popup ? `${paths.errorCallbackURL}&error=not_configured` : `/${from}?error=${provider}-off`,
    )
  }
  const response = await (
    await getAuth()
  ).api.signInSocial({
    body: {
      provider,
      callbackURL: paths.callbackURL,
      errorCallbackURL: paths.errorCallbackURL,
      newUserCallbackURL: paths.callbackURL,
      disableRedirect: true,
    },
    headers: request.headers,
    asResponse: true,
  })
  const body = response.ok ? ((await response.json()) as { url?: unknown }) : null
  if (!body || typeof body.url !== 'string') {
    throw redirect(
      popup ? `${paths.errorCallbackURL}&error=start_failed` : `/${from}?error=${provider}`,
    )
  }
  const headers = new Headers()
  for (const cookie of response.headers.getSetCookie()) headers.append('set-cookie', cookie)
  return redirect(body.url, { headers })
}
