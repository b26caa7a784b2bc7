// Accounts on the real database: sign-up, sign-in, roles, status, sessions, guard.
import './auth-test-env.ts'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'

process.env.ADMIN_EMAIL ??= 'chef@exemple.fr'

const { createTestUser } = await import('../../../tests/fixtures/auth.ts')
const { ADMIN_WEAK_PASSWORD, AUTH_TEXTS } = await import('#app/domain/auth.ts')
const { getDb } = await import('../db/client.server.ts')
const { resetRateLimits } = await import('../rate-limit/rate-limit.server.ts')
const {
  registerWithPassword,
  signInWithPassword,
  countSignInFailure,
  signInLimited,
  AUTH_RATE_LIMITS,
} = await import('./password-auth.server.ts')
const { getSessionUser } = await import('./session.server.ts')
const { issueInvitation } = await import('./invitations.server.ts')
const { getAuth } = await import('./auth.server.ts')
const { createAuth } = await import('./better-auth.server.ts')
const { requireAdmin, requireUser } = await import('./guard.server.ts')

const ORIGIN = 'http://localhost:3999'
let ipCounter = 0

function formRequest(path: string, cookie?: string, ip?: string): Request {
  const headers = new Headers({
    origin: ORIGIN,
    'x-vitrine-client-ip': ip ?? `10.0.0.${++ipCounter}`,
  })
  if (cookie) headers.set('cookie', cookie)
  return new Request(`${ORIGIN}${path}`, { method: 'POST', headers })
}

function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

async function register(email: string, password = 'secret1', name = 'Ada') {
  return registerWithPassword(formRequest('/register'), {
    name,
    email,
    password,
    confirmPassword: password,
  })
}

async function activity(action: string) {
  return getDb()
    .selectFrom('activity_logs')
    .select(['userId', 'userName', 'action', 'resourceType', 'details'])
    .where('action', '=', action)
    .execute()
}

/** A password sign-in from a plain form post to /login. */
function signIn(email: string, password: string) {
  return signInWithPassword(formRequest('/login'), { email, password })
}

describe('accounts', () => {
  useTestDatabase()
  beforeEach(() => resetRateLimits())

  it('registers a viewer/active user with an httpOnly SameSite=Lax session cookie', async () => {
    const outcome = await register('ada@exemple.fr')
    expect(outcome.ok).toBe(true)
    if (!outcome.ok) return
    const setCookie = outcome.headers.getSetCookie().join('\n')
    expect(setCookie).toMatch(/better-auth\.session_token=/)
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/SameSite=Lax/i)
    const user = await getSessionUser(formRequest('/', cookieFrom(outcome.headers)))
    expect(user).toMatchObject({ email: 'ada@exemple.fr', role: 'viewer', status: 'active' })
    const row = await getDb().selectFrom('user').selectAll().executeTakeFirstOrThrow()
    expect(row.lastLogin).toMatch(/^\d{4}-\d\d-\d\dT/)
    const account = await getDb().selectFrom('account').selectAll().executeTakeFirstOrThrow()
    expect(account.password).not.toContain('secret1')
  })

  it('any other sign-up failure says the portal could not be created', async () => {
    // Called with asResponse: true, the endpoint answers a Response (not its typed body).
    const failing = Response.json({ code: 'FAILED_TO_CREATE_USER' }, { status: 422 })
    const api = (await getAuth()).api as unknown as { signUpEmail: () => Promise<Response> }
    vi.spyOn(api, 'signUpEmail').mockResolvedValue(failing)
    expect(await register('zoe@exemple.fr')).toMatchObject({
      ok: false,
      error: 'Erreur lors de la création du portail',
    })
  })

  it('marks the session cookie Secure when the site is served over https', async () => {
    const auth = createAuth({
      db: getDb(),
      secret: 'unit-test-secret-unit-test-secret-0123456',
      baseURL: 'https://vitrine.exemple.fr',
    })
    const res = await auth.api.signUpEmail({
      body: { name: 'Sécu', email: 'secu@exemple.fr', password: 'motdepasse' },
      asResponse: true,
    })
    const cookie = res.headers.getSetCookie().join('\n')
    expect(cookie).toMatch(/__Secure-better-auth\.session_token=/)
    expect(cookie).toMatch(/; Secure/i)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
  })

  it('refuses a second sign-up with the same e-mail and short passwords', async () => {
    expect((await register('bob@exemple.fr')).ok).toBe(true)
    expect(await register('BOB@exemple.fr')).toMatchObject({
      ok: false,
      error: AUTH_TEXTS.emailInUse,
    })
    expect(await register('carl@exemple.fr', '12345')).toMatchObject({
      ok: false,
      error: AUTH_TEXTS.weakPassword,
    })
  })

  it('gives admin to ADMIN_EMAIL at sign-up, with an admin’s 12-character password', async () => {
    // Under 12 characters the sign-up that would make an admin is refused, nothing created.
    expect(await register('Chef@exemple.fr', 'onze-signes')).toEqual({
      ok: false,
      error: ADMIN_WEAK_PASSWORD,
      status: 400,
    })
    expect(await getDb().selectFrom('user').select('id').execute()).toEqual([])
    const outcome = await register('Chef@exemple.fr', 'douze-signes')
    expect(outcome.ok).toBe(true)
    const row = await getDb().selectFrom('user').select(['role']).executeTakeFirstOrThrow()
    expect(row.role).toBe('admin')
  })

  it('keeps the visitors’ 6 characters for ADMIN_EMAIL once an active admin exists', async () => {
    await createTestUser({ role: 'admin' })
    const outcome = await register('chef@exemple.fr', 'secret1')
    expect(outcome.ok).toBe(true)
    const row = await getDb()
      .selectFrom('user')
      .select(['role'])
      .where('email', '=', 'chef@exemple.fr')
      .executeTakeFirstOrThrow()
    expect(row.role).toBe('viewer')
  })

  it('lets a user created by an admin claim the account with the invitation link only, keeping the role', async () => {
    // Created by an admin: no password, no provider yet.
    const { id } = await createTestUser({
      name: 'Invitée',
      email: 'invitee@exemple.fr',
      role: 'editor',
      withPassword: false,
    })
    // Knowing the address is not enough: a password claims it only with the link (ADR 015).
    expect(await register('invitee@exemple.fr', 'motdepasse')).toMatchObject({
      ok: false,
      error: AUTH_TEXTS.invitationRequired,
    })
    const token = await issueInvitation(id)
    const withLink = (email: string, invitation: string) =>
      registerWithPassword(
        formRequest('/register'),
        { name: 'Ada', email, password: 'motdepasse', confirmPassword: 'motdepasse' },
        { invitation },
      )
    // A link for another address, or a made-up one, claims nothing.
    expect(await withLink('autre@exemple.fr', token)).toMatchObject({
      error: AUTH_TEXTS.invitationInvalid,
    })
    expect(await withLink('invitee@exemple.fr', 'x'.repeat(43))).toMatchObject({
      error: AUTH_TEXTS.invitationInvalid,
    })
    expect(await getDb().selectFrom('account').select('id').execute()).toHaveLength(0)
    const outcome = await withLink('invitee@exemple.fr', token)
    expect(outcome.ok).toBe(true)
    const users = await getDb().selectFrom('user').select(['id', 'role', 'emailVerified']).execute()
    // The admin vouched for the address: it counts as verified (ADR 014, 015).
    expect(users).toEqual([{ id, role: 'editor', emailVerified: 1 }])
    // Once claimed, the e-mail is taken and the link is spent.
    expect(await register('invitee@exemple.fr', 'autre-mdp')).toMatchObject({
      error: AUTH_TEXTS.emailInUse,
    })
    expect(await withLink('invitee@exemple.fr', token)).toMatchObject({
      error: AUTH_TEXTS.invitationInvalid,
    })
  })

  it('signs in with the right password only, logging failures as anonymous', async () => {
    await register('dan@exemple.fr', 'bonmotdepasse')
    const bad = await signIn('dan@exemple.fr', 'mauvais')
    expect(bad).toMatchObject({ ok: false, error: AUTH_TEXTS.loginFailed })
    const unknown = await signIn('personne@exemple.fr', 'mauvais')
    expect(unknown).toMatchObject({ ok: false, error: AUTH_TEXTS.loginFailed })
    const failures = (await activity('login')).filter((e) => e.userId === 'anonymous')
    expect(failures).toHaveLength(2)
    expect(failures[0]).toMatchObject({ userName: 'anonymous', resourceType: 'admin' })
    const good = await signIn('DAN@exemple.fr', 'bonmotdepasse')
    expect(good.ok).toBe(true)
    expect((await activity('login')).some((e) => e.userName === 'dan@exemple.fr')).toBe(true)
  })

  it('refuses blocked and inactive users, and drops their open sessions', async () => {
    const outcome = await register('eve@exemple.fr', 'motdepasse')
    if (!outcome.ok) throw new Error('sign-up failed')
    const cookie = cookieFrom(outcome.headers)
    expect(await getSessionUser(formRequest('/', cookie))).not.toBeNull()
    for (const status of ['blocked', 'inactive']) {
      await getDb().updateTable('user').set({ status }).execute()
      expect(await getSessionUser(formRequest('/', cookie))).toBeNull()
      const denied = await signIn('eve@exemple.fr', 'motdepasse')
      expect(denied).toMatchObject({ ok: false, error: AUTH_TEXTS.accountDisabled })
      // A wrong password says nothing about the account.
      const wrong = await signIn('eve@exemple.fr', 'autre-chose')
      expect(wrong).toMatchObject({ ok: false, error: AUTH_TEXTS.loginFailed })
    }
    expect(await getDb().selectFrom('session').selectAll().execute()).toHaveLength(0)
  })

  it('rate-limits sign-in failures per account from one address, per account, and per address', async () => {
    await register('fay@exemple.fr', 'motdepasse')
    const attempt = (email: string, ip: string, password = 'faux-faux') =>
      signInWithPassword(formRequest('/login', undefined, ip), { email, password })
    for (let i = 0; i < AUTH_RATE_LIMITS.accountAddress.limit; i++) {
      expect(await attempt('fay@exemple.fr', '192.0.2.1')).toMatchObject({
        error: AUTH_TEXTS.loginFailed,
      })
    }
    expect(await attempt('fay@exemple.fr', '192.0.2.1')).toMatchObject({
      error: AUTH_TEXTS.tooManyAttempts,
    })
    // Even the right password is refused from that address until the window ends…
    expect(await attempt('fay@exemple.fr', '192.0.2.1', 'motdepasse')).toMatchObject({
      ok: false,
      error: AUTH_TEXTS.tooManyAttempts,
    })
    // …but the owner, elsewhere, is not locked out by someone else's failures.
    expect(await attempt('fay@exemple.fr', '192.0.2.2', 'motdepasse')).toMatchObject({ ok: true })

    // A success clears the failures counted from that address.
    await resetRateLimits()
    for (let i = 0; i < AUTH_RATE_LIMITS.accountAddress.limit - 1; i++) {
      await attempt('fay@exemple.fr', '192.0.2.3')
    }
    expect(await attempt('fay@exemple.fr', '192.0.2.3', 'motdepasse')).toMatchObject({ ok: true })
    expect(await attempt('fay@exemple.fr', '192.0.2.3')).toMatchObject({
      error: AUTH_TEXTS.loginFailed,
    })

    // Failures spread over many addresses meet the account-wide bound, which slows attempts
    // but never refuses the owner (ADR 023): 8 failures from each of 7 addresses
    // used to lock the right password out everywhere. (The counters are filled directly:
    // hashing 56 wrong passwords would only make the test slow.)
    await resetRateLimits()
    for (let i = 0; i < 7 * AUTH_RATE_LIMITS.accountAddress.limit; i++) {
      await countSignInFailure(
        formRequest('/login', undefined, `198.51.100.${i % 7}`),
        'fay@exemple.fr',
      )
    }
    expect(await attempt('fay@exemple.fr', '198.51.100.250', 'motdepasse')).toMatchObject({
      ok: true,
    })
    expect(await attempt('fay@exemple.fr', '198.51.100.251')).toMatchObject({
      error: AUTH_TEXTS.loginFailed,
      status: 401,
    })

    // Every attempt counts against its address, whatever the account: the gate each sign-in
    // passes first, then a real sign-in from that address is refused, even the right one.
    await resetRateLimits()
    for (let i = 0; i < AUTH_RATE_LIMITS.address.limit; i++) {
      expect(
        await signInLimited(
          formRequest('/login', undefined, '203.0.113.9'),
          `inconnu-${i}@exemple.fr`,
        ),
      ).toBe(false)
    }
    expect(await attempt('fay@exemple.fr', '203.0.113.9', 'motdepasse')).toMatchObject({
      error: AUTH_TEXTS.tooManyAttempts,
    })
    expect(await attempt('fay@exemple.fr', '203.0.113.10', 'motdepasse')).toMatchObject({
      ok: true,
    })
    const refusals = (await activity('login')).filter((e) =>
      e.details.includes('trop de tentatives'),
    )
    expect(refusals.length).toBeGreaterThanOrEqual(3)
  }, 60_000)

  it('guards admin pages: /login when signed out, / for non-admins, entries for each check', async () => {
    const viewer = await register('gus@exemple.fr', 'motdepasse', 'Gus')
    const admin = await register('chef@exemple.fr', 'motdepasse-admin', 'Cheffe')
    if (!viewer.ok || !admin.ok) throw new Error('sign-up failed')
    const location = async (fn: () => Promise<unknown>) => {
      try {
        await fn()
        return 'allowed'
      } catch (thrown) {
        if (thrown instanceof Response) return thrown.headers.get('location')
        throw thrown
      }
    }
    expect(await location(() => requireAdmin(formRequest('/admin/projects')))).toBe('/login')
    expect(await location(() => requireUser(formRequest('/admin')))).toBe('/login')
    expect(
      await location(() =>
        requireAdmin(formRequest('/admin/projects', cookieFrom(viewer.headers))),
      ),
    ).toBe('/')
    expect(
      await location(() => requireAdmin(formRequest('/admin/projects', cookieFrom(admin.headers)))),
    ).toBe('allowed')
    const denied = await activity('access_denied')
    // Entries name the user (ADR 005); the anonymous visitor is 'anonymous'.
    expect(denied.map((e) => e.userName)).toEqual(['anonymous', 'Gus'])
    expect(denied.every((e) => e.resourceType === 'admin')).toBe(true)
    expect((await activity('access')).map((e) => e.userName)).toEqual(['Cheffe'])
  })
})
