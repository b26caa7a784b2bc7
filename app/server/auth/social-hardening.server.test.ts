// Sign-in hardening (ADRs 010, 014): the /api/auth allowlist, ADMIN_EMAIL as bootstrap only,
// a social link keeping the password and e-mailing the address, blocked users refused a link,
// popup login entries only for a new session, and the rate limit on starting a social sign-in.
import os from 'node:os'
import path from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { responseOf } from './auth-test-support.ts'

process.env.BETTER_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123'
process.env.DATA_DIR ??= path.join(os.tmpdir(), 'vitrine-social-hardening-unit')
process.env.PUBLIC_URL = 'http://localhost:3999'
process.env.ADMIN_EMAIL = 'chef@exemple.fr'
// Facebook is configured through explicit endpoints: starting a sign-in needs no network.
process.env.FACEBOOK_CLIENT_ID = 'facebook-unit-client'
process.env.FACEBOOK_CLIENT_SECRET = 'facebook-unit-secret'
process.env.FACEBOOK_AUTHORIZATION_URL = 'http://127.0.0.1:9/authorize'

const { AUTH_TEXTS } = await import('#app/domain/auth.ts')
const { getDb } = await import('../db/client.server.ts')
const { resetRateLimits } = await import('../rate-limit/rate-limit.server.ts')
const { registerWithPassword, signInWithPassword } = await import('./password-auth.server.ts')
const { ACCOUNT_DISABLED_CODE, getAuth } = await import('./auth.server.ts')
const { RATE_LIMITED_CODE, SOCIAL_START_LIMIT, startSocialSignIn } =
  await import('./social.server.ts')
const { createSessionCookie, createTestUser, providersOf, SESSION_COOKIE } =
  await import('../../../tests/fixtures/auth.ts')
const api = await import('#app/routes/auth/api.ts')
const popup = await import('#app/routes/auth/popup.tsx')

const ORIGIN = 'http://localhost:3999'
let ipCounter = 0

function request(
  pathname: string,
  init: { method?: string; body?: unknown; cookie?: string; ip?: string } = {},
) {
  const headers = new Headers({
    origin: ORIGIN,
    'x-vitrine-client-ip': init.ip ?? `10.1.0.${++ipCounter}`,
  })
  if (init.cookie) headers.set('cookie', init.cookie)
  if (init.body !== undefined) headers.set('content-type', 'application/json')
  return new Request(`${ORIGIN}${pathname}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
}

type Args<T extends (...args: never[]) => unknown> = Parameters<T>[0]
const callLoader = (req: Request) =>
  api.loader({ request: req, params: {}, context: {} } as unknown as Args<typeof api.loader>)
// Called as React Router would (the action takes no arguments, having nothing to forward).
const callAction = (req: Request) =>
  (api.action as (args: unknown) => unknown)({ request: req, params: {}, context: {} })

async function cookieOf(userId: string) {
  return `${SESSION_COOKIE}=${await createSessionCookie(userId)}`
}

const countRows = async (table: 'user' | 'session' | 'verification') =>
  Number(
    (
      await getDb()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('sign-in hardening', () => {
  useTestDatabase()
  beforeEach(() => resetRateLimits())

  describe('/api/auth/* allowlist', () => {
    it("answers 404 to Better Auth's own sign-up, sign-in and account endpoints, creating nothing", async () => {
      const user = await createTestUser({ email: 'ada@exemple.fr' })
      const sessionsBefore = await countRows('session')
      const cookie = await cookieOf(user.id)
      for (const [pathname, body] of [
        [
          '/api/auth/sign-up/email',
          { name: 'x'.repeat(5000), email: 'pirate@exemple.fr', password: 'motdepasse' },
        ],
        ['/api/auth/sign-in/email', { email: user.email, password: user.password }],
        ['/api/auth/update-user', { name: 'Pirate', image: 'javascript:alert(1)' }],
        ['/api/auth/change-password', { currentPassword: user.password, newPassword: 'x1x2x3' }],
        ['/api/auth/sign-in/social', { provider: 'facebook' }],
        ['/api/auth/sign-out', {}],
      ] as const) {
        const res = await responseOf(() =>
          callAction(request(pathname, { method: 'POST', body, cookie })),
        )
        expect(res.status, pathname).toBe(404)
      }
      for (const pathname of [
        '/api/auth/list-accounts',
        '/api/auth/list-sessions',
        '/api/auth/sign-up/email',
        '/api/auth/callback/github',
        '/api/auth/ok',
      ]) {
        const res = await responseOf(() => callLoader(request(pathname, { cookie })))
        expect(res.status, pathname).toBe(404)
      }
      const users = await getDb().selectFrom('user').select(['email', 'name', 'image']).execute()
      expect(users).toEqual([{ email: 'ada@exemple.fr', name: user.name, image: null }])
      // Only the session the test made: no sign-in happened.
      expect(await countRows('session')).toBe(sessionsBefore + 1)
    })

    it('forwards get-session and the Google/Facebook callbacks', async () => {
      const user = await createTestUser()
      const session = await responseOf(() =>
        callLoader(request('/api/auth/get-session', { cookie: undefined })),
      )
      expect(session.status).toBe(200)
      expect(await session.json()).toBeNull()
      const signedIn = await responseOf(async () =>
        callLoader(request('/api/auth/get-session', { cookie: await cookieOf(user.id) })),
      )
      const token = await createSessionCookie(user.id)
      const fresh = await responseOf(() =>
        callLoader(request('/api/auth/get-session', { cookie: `${SESSION_COOKIE}=${token}` })),
      )
      const text = await fresh.text()
      const body = JSON.parse(text) as { user: { id: string }; session: Record<string, unknown> }
      expect(body.user.id).toBe(user.id)
      expect(typeof body.session.id).toBe('string')
      // ADR 060: the session token (the HttpOnly cookie's value) is never in the JSON.
      expect(body.session).not.toHaveProperty('token')
      expect(text).not.toContain(decodeURIComponent(token).split('.')[0]!)
      expect(fresh.headers.get('content-type')).toMatch(/^application\/json/)
      expect(((await signedIn.json()) as { session: object }).session).not.toHaveProperty('token')
      for (const provider of ['google', 'facebook']) {
        // No state: Better Auth itself answers, redirecting to its error path.
        const res = await responseOf(() =>
          callLoader(request(`/api/auth/callback/${provider}?code=abc`)),
        )
        expect(res.status, provider).toBe(302)
        expect(res.headers.get('location')).toContain('/api/auth/error')
      }
      const error = await responseOf(() =>
        callLoader(request('/api/auth/error?error=state_not_found')),
      )
      expect(error.headers.get('location')).toBe('/login?error=social')
    })
  })

  describe('ADMIN_EMAIL is for the first admin only', () => {
    const register = (email: string) =>
      registerWithPassword(request('/register', { method: 'POST' }), {
        name: 'Cheffe',
        email,
        // An admin's 12 characters (ADR 025's amendment).
        password: 'motdepasse-admin',
        confirmPassword: 'motdepasse-admin',
      })
    const roleOf = async (email: string) =>
      (
        await getDb()
          .selectFrom('user')
          .select('role')
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
      ).role

    it('promotes at sign-up while the site has no active admin', async () => {
      // A blocked admin is no admin.
      await createTestUser({ role: 'admin', status: 'blocked' })
      expect((await register('chef@exemple.fr')).ok).toBe(true)
      expect(await roleOf('chef@exemple.fr')).toBe('admin')
    })

    it('grants nothing at sign-up once an active admin exists', async () => {
      await createTestUser({ role: 'admin' })
      expect((await register('Chef@exemple.fr')).ok).toBe(true)
      expect(await roleOf('chef@exemple.fr')).toBe('viewer')
    })

    it('promotes at sign-in only while there is no active admin', async () => {
      const owner = await createTestUser({ email: 'chef@exemple.fr', role: 'viewer' })
      const admin = await createTestUser({ role: 'admin' })
      const signIn = () =>
        signInWithPassword(request('/login', { method: 'POST' }), {
          email: owner.email,
          password: owner.password,
        })
      expect((await signIn()).ok).toBe(true)
      expect(await roleOf(owner.email)).toBe('viewer')
      await getDb()
        .updateTable('user')
        .set({ status: 'inactive' })
        .where('id', '=', admin.id)
        .execute()
      expect((await signIn()).ok).toBe(true)
      expect(await roleOf(owner.email)).toBe('admin')
    })
  })

  describe('a Google/Facebook link (ADR 014)', () => {
    const link = async (userId: string, providerId = 'google') => {
      const ctx = await (await getAuth()).$context
      return ctx.internalAdapter.linkAccount({
        providerId,
        accountId: `sub-${userId}`,
        userId,
      })
    }
    it('keeps the password and the sessions, and e-mails the address', async () => {
      const user = await createTestUser({ role: 'editor' })
      await cookieOf(user.id)
      await link(user.id)
      expect(await providersOf(user.id)).toEqual(['credential', 'google'])
      const sessions = await getDb().selectFrom('session').select('userId').execute()
      expect(sessions).toEqual([{ userId: user.id }])
      expect(
        await signInWithPassword(request('/login', { method: 'POST' }), {
          email: user.email,
          password: user.password,
        }),
      ).toMatchObject({ ok: true })
      const mails = await getDb().selectFrom('outbox').select(['kind', 'toAddress']).execute()
      expect(mails).toEqual([{ kind: 'link', toAddress: user.email }])
    })

    it('refuses to link a blocked or inactive user, keeping the password', async () => {
      for (const status of ['blocked', 'inactive'] as const) {
        const user = await createTestUser({ status })
        await expect(link(user.id)).rejects.toMatchObject({
          body: { code: ACCOUNT_DISABLED_CODE },
        })
        expect(await providersOf(user.id)).toEqual(['credential'])
      }
    })
  })

  describe('the popup login entry', () => {
    const visit = async (cookie: string) =>
      popup.loader({
        request: request('/auth/popup?provider=google&from=login&attempt=abc', { cookie }),
        params: {},
        context: {},
      } as unknown as Args<typeof popup.loader>)
    const entries = async (userId: string) =>
      getDb()
        .selectFrom('activity_logs')
        .select(['details', 'resourceId'])
        .where('userId', '=', userId)
        .where('action', '=', 'login')
        .execute()

    it('is written once for the session the sign-in just created', async () => {
      const user = await createTestUser()
      const cookie = await cookieOf(user.id)
      expect(await visit(cookie)).toMatchObject({ ok: true })
      expect(await visit(cookie)).toMatchObject({ ok: true })
      const written = await entries(user.id)
      expect(written).toHaveLength(1)
      expect(written[0]?.details).toBe('Connexion avec Google')
    })

    it('is not written for a session older than two minutes', async () => {
      const user = await createTestUser()
      const cookie = await cookieOf(user.id)
      await getDb()
        .updateTable('session')
        .set({ createdAt: new Date(Date.now() - 3 * 60_000).toISOString() })
        .where('userId', '=', user.id)
        .execute()
      expect(await visit(cookie)).toMatchObject({ ok: true })
      expect(await entries(user.id)).toEqual([])
    })

    it('tells the opener why a sign-in failed', async () => {
      const fail = async (error: string) =>
        popup.loader({
          request: request(`/auth/popup?provider=google&from=register&attempt=a&error=${error}`),
          params: {},
          context: {},
        } as unknown as Args<typeof popup.loader>)
      expect(await fail(ACCOUNT_DISABLED_CODE)).toMatchObject({
        ok: false,
        reason: 'disabled',
        message: AUTH_TEXTS.accountDisabled,
      })
      expect(await fail(RATE_LIMITED_CODE)).toMatchObject({
        reason: 'rate-limited',
        message: AUTH_TEXTS.tooManyAttempts,
      })
      expect(await fail('access_denied')).toMatchObject({
        reason: undefined,
        message: AUTH_TEXTS.socialRegisterFailed,
      })
    })
  })

  describe('starting a social sign-in', () => {
    const start = (query: string, ip = '192.0.2.7') =>
      responseOf(() =>
        startSocialSignIn(request(`/auth/social/facebook?${query}`, { ip }), 'facebook'),
      )

    it(`allows ${SOCIAL_START_LIMIT.limit} starts per address in 10 minutes, then refuses in French`, async () => {
      expect(SOCIAL_START_LIMIT).toEqual({ limit: 30, windowMs: 10 * 60_000 })
      for (let i = 0; i < SOCIAL_START_LIMIT.limit; i++) {
        const res = await start('popup=1&from=login&attempt=a1')
        expect(res.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:9\/authorize\?/)
      }
      expect(await countRows('verification')).toBe(SOCIAL_START_LIMIT.limit)
      const popupRes = await start('popup=1&from=login&attempt=a1')
      expect(popupRes.headers.get('location')).toBe(
        `/auth/popup?provider=facebook&from=login&attempt=a1&error=${RATE_LIMITED_CODE}`,
      )
      const page = await start('from=register')
      expect(page.headers.get('location')).toBe('/register?error=too-many')
      expect(await countRows('verification')).toBe(SOCIAL_START_LIMIT.limit)
      // Another address is not affected.
      const other = await start('popup=1&from=login&attempt=a2', '192.0.2.8')
      expect(other.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:9\/authorize\?/)
    })

    it('sends a full-page failure to the right page and message', async () => {
      const back = async (query: string) =>
        (await start(`from=register&failed=1&${query}`)).headers.get('location')
      expect(await back('error=access_denied')).toBe('/register?error=facebook')
      expect(await back(`error=${ACCOUNT_DISABLED_CODE}`)).toBe('/register?error=disabled')
      expect(await back(`error=${RATE_LIMITED_CODE}`)).toBe('/register?error=too-many')
    })
  })
})
