// ADR 014: a Google/Facebook sign-in links into an existing account only when the provider
// says it verified the address (Google's `email_verified`; Facebook never), keeps the local
// password, and tells the account's address through the outbox. The whole callback runs
// against oauth2-mock-server providers on loopback, as in the browser tests.
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { responseOf } from './auth-test-support.ts'
import {
  oauthServerEnv,
  startProvider,
  type OAuthIdentity,
} from '../../../tests/fixtures/oauth-provider.ts'

const google = await startProvider('google')
const facebook = await startProvider('facebook')
afterAll(async () => {
  await google.server.stop()
  await facebook.server.stop()
})

process.env.BETTER_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123'
process.env.DATA_DIR ??= path.join(os.tmpdir(), 'vitrine-social-linking-unit')
process.env.PUBLIC_URL = 'http://localhost:3999'
Object.assign(process.env, oauthServerEnv({ google: google.mock, facebook: facebook.mock }))

const { AUTH_TEXTS, socialFailureText } = await import('#app/domain/auth.ts')
const { getDb } = await import('../db/client.server.ts')
const { resetRateLimits } = await import('../rate-limit/rate-limit.server.ts')
const { signInWithPassword } = await import('./password-auth.server.ts')
const { NOT_LINKED_CODE, socialFailureReason, startSocialSignIn } =
  await import('./social.server.ts')
const { createSessionCookie, createTestUser, providersOf, SESSION_COOKIE, uniqueEmail } =
  await import('../../../tests/fixtures/auth.ts')
const api = await import('#app/routes/auth/api.ts')

const ORIGIN = 'http://localhost:3999'
let ipCounter = 0

function request(pathname: string, cookie?: string) {
  const headers = new Headers({ origin: ORIGIN, 'x-vitrine-client-ip': `10.3.0.${++ipCounter}` })
  if (cookie) headers.set('cookie', cookie)
  return new Request(new URL(pathname, ORIGIN), { headers })
}

const cookiePairs = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')

/** One full popup sign-in: start, the provider's consent, the callback. */
async function signInWith(provider: 'google' | 'facebook', identity: OAuthIdentity) {
  ;(provider === 'google' ? google : facebook).mock.setIdentity(identity)
  const start = await responseOf(() =>
    startSocialSignIn(request(`/auth/social/${provider}?popup=1&from=login&attempt=t1`), provider),
  )
  const authorize = start.headers.get('location')
  if (!authorize) throw new Error('no authorisation URL')
  const consent = await fetch(authorize, { redirect: 'manual' })
  const callback = consent.headers.get('location')
  if (!callback || !callback.startsWith(`${ORIGIN}/api/auth/callback/${provider}`)) {
    throw new Error(`unexpected provider answer: ${callback}`)
  }
  const res = await responseOf(() =>
    api.loader({
      request: request(callback.slice(ORIGIN.length), cookiePairs(start)),
      params: {},
      context: {},
    } as unknown as Parameters<typeof api.loader>[0]),
  )
  const location = new URL(res.headers.get('location') ?? '/', ORIGIN)
  return {
    location,
    errors: location.searchParams.getAll('error'),
    signedIn: res.headers.getSetCookie().some((c) => c.includes(`${SESSION_COOKIE}=`)),
  }
}

const sessionsOf = async (userId: string) =>
  getDb().selectFrom('session').select('id').where('userId', '=', userId).execute()

const outbox = async () =>
  getDb().selectFrom('outbox').select(['kind', 'toAddress', 'subject', 'text']).execute()

const passwordStillWorks = async (email: string, password: string) =>
  (
    await signInWithPassword(
      new Request(`${ORIGIN}/login`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'x-vitrine-client-ip': '10.3.9.9' },
      }),
      { email, password },
    )
  ).ok

describe('social sign-in into an existing account (ADR 014)', () => {
  useTestDatabase()
  beforeEach(() => {
    resetRateLimits()
    google.mock.setMode('grant')
    facebook.mock.setMode('grant')
  })

  for (const role of ['viewer', 'admin'] as const) {
    it(`refuses an unverified Google address for a ${role}, leaving the account untouched`, async () => {
      const user = await createTestUser({ role })
      const result = await signInWith('google', {
        sub: `g-${user.id}`,
        email: user.email,
        name: 'Pirate',
        emailVerified: false,
      })
      expect(result.errors).toContain(NOT_LINKED_CODE)
      expect(result.signedIn).toBe(false)
      expect(socialFailureReason(result.errors)).toBe('not-linked')
      expect(socialFailureText('google', 'login', 'not-linked')).toBe(AUTH_TEXTS.socialNotLinked)
      expect(await providersOf(user.id)).toEqual(['credential'])
      expect(await sessionsOf(user.id)).toEqual([])
      expect(await outbox()).toEqual([])
      const row = await getDb()
        .selectFrom('user')
        .select(['role', 'emailVerified', 'name'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow()
      expect(row).toEqual({ role, emailVerified: 0, name: user.name })
    })

    it(`links a verified Google address for a ${role}, keeping the password and the other sessions, and e-mails the address`, async () => {
      const user = await createTestUser({ role })
      await createSessionCookie(user.id)
      const result = await signInWith('google', {
        sub: `g-${user.id}`,
        email: user.email,
        name: 'Propriétaire',
      })
      expect(result.errors).toEqual([])
      expect(result.signedIn).toBe(true)
      expect(await providersOf(user.id)).toEqual(['credential', 'google'])
      expect(await sessionsOf(user.id)).toHaveLength(2)
      expect(await passwordStillWorks(user.email, user.password)).toBe(true)
      const mails = await outbox()
      expect(mails).toHaveLength(1)
      expect(mails[0]).toMatchObject({ kind: 'link', toAddress: user.email })
      expect(mails[0]?.subject).toContain('Connexion avec Google associée')
      expect(mails[0]?.text).toContain(`${ORIGIN}/forgot-password`)
      const row = await getDb()
        .selectFrom('user')
        .select(['role', 'emailVerified'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow()
      expect(row).toEqual({ role, emailVerified: 1 })
    })
  }

  it('never links Facebook into an existing account, whatever its answer says', async () => {
    const admin = await createTestUser({ role: 'admin' })
    const invited = await createTestUser({ role: 'editor', withPassword: false })
    for (const user of [admin, invited]) {
      const result = await signInWith('facebook', {
        sub: `f-${user.id}`,
        email: user.email,
        name: 'Quelqu’un',
      })
      expect(result.errors).toContain(NOT_LINKED_CODE)
      expect(result.signedIn).toBe(false)
      expect(await sessionsOf(user.id)).toEqual([])
    }
    expect(await providersOf(admin.id)).toEqual(['credential'])
    expect(await providersOf(invited.id)).toEqual([])
    expect(await outbox()).toEqual([])
  })

  it('a new address signs up without a link e-mail; Facebook leaves it unverified', async () => {
    for (const provider of ['google', 'facebook'] as const) {
      const email = uniqueEmail(provider)
      const result = await signInWith(provider, { sub: `n-${email}`, email, name: 'Nouveau' })
      expect(result.signedIn).toBe(true)
      const row = await getDb()
        .selectFrom('user')
        .select(['role', 'emailVerified'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
      expect(row).toEqual({ role: 'viewer', emailVerified: provider === 'google' ? 1 : 0 })
    }
    expect(await outbox()).toEqual([])
  })
})
