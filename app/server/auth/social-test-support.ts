// The popup social sign-in that the auth tests drive end to end (imported by `*.test.ts`
// only): Google and Facebook stand-ins on loopback (oauth2-mock-server), requests from the
// site's origin, the provider's callback through `/api/auth` (ADR 014).
import { afterAll, beforeEach } from 'vitest'
import {
  oauthServerEnv,
  startProvider,
  type OAuthIdentity,
} from '../../../tests/fixtures/oauth-provider.ts'
import { responseOf } from './auth-test-support.ts'

/**
 * Starts both providers for the test file (stopped after it, granting again before each
 * test) and points the server environment at them: call it before the app's modules are
 * imported. `subnet` ('10.8.0') gives every request its own client address, as rate limits
 * count per address.
 */
export async function useSocialProviders(origin: string, subnet: string) {
  const google = await startProvider('google')
  const facebook = await startProvider('facebook')
  afterAll(async () => {
    await google.server.stop()
    await facebook.server.stop()
  })
  beforeEach(() => {
    google.mock.setMode('grant')
    facebook.mock.setMode('grant')
  })
  Object.assign(process.env, oauthServerEnv({ google: google.mock, facebook: facebook.mock }))

  let ipCounter = 0
  function request(pathname: string, cookie?: string) {
    const headers = new Headers({ origin, 'x-vitrine-client-ip': `${subnet}.${++ipCounter}` })
    if (cookie) headers.set('cookie', cookie)
    return new Request(new URL(pathname, origin), { headers })
  }

  /** `/api/auth/*`, called as React Router calls the route's loader. */
  async function callApi(req: Request) {
    const api = await import('#app/routes/auth/api.ts')
    return responseOf(() =>
      api.loader({ request: req, params: {}, context: {} } as unknown as Parameters<
        typeof api.loader
      >[0]),
    )
  }

  /** One full popup sign-in: start, the provider's consent, the callback. */
  async function signInWith(provider: 'google' | 'facebook', identity: OAuthIdentity) {
    const { startSocialSignIn } = await import('./social.server.ts')
    const { SESSION_COOKIE } = await import('../../../tests/fixtures/auth.ts')
    ;(provider === 'google' ? google : facebook).mock.setIdentity(identity)
    const start = await responseOf(() =>
      startSocialSignIn(
        request(`/auth/social/${provider}?popup=1&from=login&attempt=t1`),
        provider,
      ),
    )
    const authorize = start.headers.get('location')
    if (!authorize) throw new Error('no authorisation URL')
    const consent = await fetch(authorize, { redirect: 'manual' })
    const callback = consent.headers.get('location')
    if (!callback?.startsWith(`${origin}/api/auth/callback/${provider}`)) {
      throw new Error(`unexpected provider answer: ${callback}`)
    }
    const cookie = start.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    const res = await callApi(request(callback.slice(origin.length), cookie))
    const location = new URL(res.headers.get('location') ?? '/', origin)
    return {
      location,
      errors: location.searchParams.getAll('error'),
      signedIn: res.headers.getSetCookie().some((c) => c.includes(`${SESSION_COOKIE}=`)),
    }
  }

  return { request, callApi, signInWith }
}
