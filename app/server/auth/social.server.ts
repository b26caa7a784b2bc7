// Starting a Google/Facebook sign-in (issue 4 §3): the popup (or, without JavaScript, the
// page itself) opens /auth/social/:provider, which asks Better Auth for the provider's
// authorisation URL, keeps its state cookie and redirects there.
import { redirect } from 'react-router'
import {
  configuredProviders,
  getAuth,
  SOCIAL_PROVIDERS,
  type SocialProvider,
} from './auth.server.ts'

export function isSocialProvider(value: string | undefined): value is SocialProvider {
  return SOCIAL_PROVIDERS.includes(value as SocialProvider)
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
  return { callbackURL: '/admin', errorCallbackURL: `/${opts.from}?error=${provider}` }
}

export async function startSocialSignIn(request: Request, provider: SocialProvider) {
  const url = new URL(request.url)
  const popup = url.searchParams.get('popup') === '1'
  const from = url.searchParams.get('from') === 'register' ? 'register' : 'login'
  const attempt = (url.searchParams.get('attempt') ?? '').replace(/[^a-zA-Z0-9]/g, '').slice(0, 64)
  const paths = callbackPaths(provider, { popup, from, attempt })
  if (!configuredProviders()[provider]) {
    throw redirect(
      popup ? `${paths.errorCallbackURL}&error=not_configured` : `/${from}?error=${provider}-off`,
    )
  }
  const response = await getAuth().api.signInSocial({
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
