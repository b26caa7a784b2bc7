// Two-factor sign-in on the real database (ADR 025): enrolment, recovery codes used once,
// sessions pending until proven, the admin policy, and the rate limit of attempts.
import { beforeEach, describe, expect, it } from 'vitest'
import {
  createSessionCookie,
  createTestUser,
  TEST_AUTH_SECRET,
} from '../../../tests/fixtures/auth.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'

process.env.BETTER_AUTH_SECRET = TEST_AUTH_SECRET

const { ENROL_PATH, SECOND_FACTOR_PATH } = await import('#app/domain/two-factor.ts')
const { getDb } = await import('../db/client.server.ts')
const { resetRateLimits } = await import('../rate-limit/rate-limit.server.ts')
const { totpAt } = await import('./totp.server.ts')
const tf = await import('./two-factor.server.ts')
const { attemptSecondFactor, completeSignIn, SECOND_FACTOR_LIMITS } =
  await import('./second-factor.server.ts')
const { getCurrentSession, getPendingSecondFactor } = await import('./session.server.ts')
const { requireAdmin, requireUser } = await import('./guard.server.ts')
const { endAllSessions, endSession, listActiveSessions } =
  await import('./active-sessions.server.ts')

const ORIGIN = 'http://localhost:3000'
let ipCounter = 0

function request(cookie?: string, ip = `10.1.0.${++ipCounter}`): Request {
  const headers = new Headers({
    'x-vitrine-client-ip': ip,
    'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
  })
  if (cookie) headers.set('cookie', `better-auth.session_token=${cookie}`)
  return new Request(`${ORIGIN}/admin`, { headers })
}

async function sessionIdOf(cookie: string): Promise<string> {
  const token = decodeURIComponent(cookie).split('.')[0]!
  const row = await getDb()
    .selectFrom('session')
    .select('id')
    .where('token', '=', token)
    .executeTakeFirstOrThrow()
  return row.id
}

/** A user who enrolled from one session: returns the secret and recovery codes. */
async function enrolled(role: 'admin' | 'viewer' = 'admin') {
  const user = await createTestUser({ role })
  const cookie = await createSessionCookie(user.id)
  const sessionId = await sessionIdOf(cookie)
  const secret = (await tf.pendingEnrolmentSecret(user.id))!
  const now = Date.now()
  const codes = await tf.confirmEnrolment(user.id, sessionId, totpAt(secret, now), now)
  expect(codes).toHaveLength(10)
  return { user, cookie, sessionId, secret, codes: codes! }
}

async function redirectOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise
    return null
  } catch (error) {
    if (error instanceof Response) return error.headers.get('location')
    throw error
  }
}

describe('two-factor sign-in', () => {
  useTestDatabase()
  beforeEach(() => resetRateLimits())

  it('keeps the same secret until enrolment, stores it encrypted, and refuses a wrong first code', async () => {
    const user = await createTestUser()
    const first = await tf.pendingEnrolmentSecret(user.id)
    expect(await tf.pendingEnrolmentSecret(user.id)).toBe(first)
    const row = await getDb().selectFrom('two_factor').selectAll().executeTakeFirstOrThrow()
    expect(row.secret).not.toContain(first!)
    expect(tf.openSecret(row.secret)).toBe(first)
    const cookie = await createSessionCookie(user.id)
    const now = Date.now()
    const wrong = totpAt(first!, now - 10 * 30_000)
    if (wrong !== totpAt(first!, now)) {
      expect(await tf.confirmEnrolment(user.id, await sessionIdOf(cookie), wrong, now)).toBeNull()
    }
    expect((await tf.getTwoFactorStatus(user.id)).enabled).toBe(false)
  })

  it('stores recovery codes hashed, and each one works exactly once', async () => {
    const { user, codes } = await enrolled()
    const stored = await getDb()
      .selectFrom('recovery_code')
      .select('codeHash')
      .where('userId', '=', user.id)
      .execute()
    expect(stored).toHaveLength(10)
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/)
      expect(stored.some((s) => s.codeHash.includes(code.replace('-', '')))).toBe(false)
    }
    // Case, spaces and dashes do not matter.
    expect(await tf.checkSecondFactor(user.id, codes[0]!.toLowerCase().replace('-', ' '))).toBe(
      'recovery',
    )
    expect(await tf.checkSecondFactor(user.id, codes[0]!)).toBeNull()
    expect((await tf.getTwoFactorStatus(user.id)).recoveryCodesLeft).toBe(9)
    // Renewed codes replace the old ones.
    const renewed = await tf.replaceRecoveryCodes(user.id)
    expect(await tf.checkSecondFactor(user.id, codes[1]!)).toBeNull()
    expect(await tf.checkSecondFactor(user.id, renewed[1]!)).toBe('recovery')
    // Another user's code is refused.
    const other = await enrolled()
    expect(await tf.checkSecondFactor(user.id, other.codes[0]!)).toBeNull()
  })

  it('accepts a TOTP code once: the same time step is never accepted again', async () => {
    const { user, secret } = await enrolled()
    const now = Date.now() + 30_000
    const code = totpAt(secret, now)
    expect(await tf.checkSecondFactor(user.id, code, now)).toBe('totp')
    expect(await tf.checkSecondFactor(user.id, code, now)).toBeNull()
  })

  it('keeps a new session pending until it proves the second factor; the enrolling session is proven', async () => {
    const { user, cookie, secret } = await enrolled()
    expect((await getCurrentSession(request(cookie)))?.user.id).toBe(user.id)

    const other = await createSessionCookie(user.id)
    const req = request(other)
    expect(await getCurrentSession(req)).toBeNull()
    expect((await getPendingSecondFactor(req))?.user.id).toBe(user.id)
    expect(await redirectOf(requireAdmin(request(other)))).toBe(SECOND_FACTOR_PATH)
    expect(await redirectOf(requireUser(request(other)))).toBe(SECOND_FACTOR_PATH)

    const pending = (await getPendingSecondFactor(request(other)))!
    // The owner sees that session as not verified in their list.
    const listed = await listActiveSessions(user.id, null)
    expect(listed.find((s) => s.id === pending.session.id)?.unverified).toBe(true)
    expect(listed.filter((s) => s.unverified)).toHaveLength(1)
    // The next step: the enrolment used the current one.
    const outcome = await completeSignIn(
      request(other),
      pending,
      totpAt(secret, Date.now() + 30_000),
    )
    expect(outcome.ok).toBe(true)
    expect((await getCurrentSession(request(other)))?.user.id).toBe(user.id)
    // The entry names the session that proved the code.
    const entry = await getDb()
      .selectFrom('activity_logs')
      .select(['details', 'resourceId'])
      .where('userId', '=', user.id)
      .where('action', '=', 'login')
      .executeTakeFirstOrThrow()
    expect(entry).toEqual({
      details: 'Connexion confirmée par la double authentification',
      resourceId: pending.session.id,
    })
  })

  it('turning two-factor off makes every session complete again', async () => {
    const { user } = await enrolled()
    const other = await createSessionCookie(user.id)
    expect(await getCurrentSession(request(other))).toBeNull()
    await tf.disableTwoFactor(user.id)
    expect((await getCurrentSession(request(other)))?.user.id).toBe(user.id)
  })

  it('limits wrong codes per user, in French, with a Retry-After figure', async () => {
    const { user, secret } = await enrolled()
    const wrong = '000000' === totpAt(secret, Date.now()) ? '111111' : '000000'
    for (let i = 0; i < SECOND_FACTOR_LIMITS.user.limit; i++) {
      const outcome = await attemptSecondFactor(request(undefined, `10.2.0.${i}`), user, wrong)
      expect(outcome).toMatchObject({ ok: false, status: 401 })
    }
    // Even a right code (or a recovery code) is refused now, from any address.
    const refused = await attemptSecondFactor(
      request(undefined, '10.3.0.1'),
      user,
      totpAt(secret, Date.now() + 30_000),
    )
    expect(refused).toMatchObject({
      ok: false,
      status: 429,
      error: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.',
    })
    expect(refused.ok === false && refused.retryAfter).toBeGreaterThan(0)
    // Failures are logged against the user.
    const failures = await getDb()
      .selectFrom('activity_logs')
      .select('details')
      .where('userId', '=', user.id)
      .execute()
    expect(
      failures.filter((f) => f.details.startsWith('Échec de la double authentification')),
    ).toHaveLength(5)
  })

  it('bounds wrong codes per day too: five per quarter of an hour cannot go on all day', async () => {
    const { user, secret } = await enrolled()
    const wrong = '000000' === totpAt(secret, Date.now()) ? '111111' : '000000'
    const start = Date.now()
    const quarter = SECOND_FACTOR_LIMITS.user.windowMs
    let tries = 0
    for (let window = 0; tries < SECOND_FACTOR_LIMITS.userDaily.limit; window++) {
      for (let i = 0; i < SECOND_FACTOR_LIMITS.user.limit; i++, tries++) {
        const at = start + window * (quarter + 1000)
        const outcome = await attemptSecondFactor(
          request(undefined, `10.4.${window}.${i}`),
          user,
          wrong,
          at,
        )
        expect(outcome).toMatchObject({ ok: false, status: 401 })
      }
    }
    // A fresh quarter of an hour, a fresh address: still refused until the day is over.
    const later = start + 7 * (quarter + 1000)
    const refused = await attemptSecondFactor(request(undefined, '10.5.0.1'), user, wrong, later)
    expect(refused).toMatchObject({ ok: false, status: 429 })
    expect(refused.ok === false && refused.retryAfter).toBeGreaterThan(15 * 60)
  })

  it('sends an admin without a second factor to enrol once the policy requires it', async () => {
    const admin = await createTestUser({ role: 'admin' })
    const cookie = await createSessionCookie(admin.id)
    expect((await requireAdmin(request(cookie))).id).toBe(admin.id)
    await tf.setAdminTwoFactorRequired(true, admin.id)
    expect(await tf.isAdminTwoFactorRequired()).toBe(true)
    expect(await redirectOf(requireAdmin(request(cookie)))).toBe(`${ENROL_PATH}?obligatoire=1`)
    // Not for a viewer (no hub anyway) and not for requireUser (the enrolment page itself).
    expect((await requireUser(request(cookie))).id).toBe(admin.id)
    expect(await tf.mustEnrolTwoFactor({ id: 'x', role: 'viewer' })).toBe(false)
    // Once enrolled, the hub opens.
    const secret = (await tf.pendingEnrolmentSecret(admin.id))!
    await tf.confirmEnrolment(admin.id, await sessionIdOf(cookie), totpAt(secret, Date.now()))
    expect((await requireAdmin(request(cookie))).id).toBe(admin.id)
    await tf.setAdminTwoFactorRequired(false, admin.id)
    expect(await tf.isAdminTwoFactorRequired()).toBe(false)
  })
})

describe('active sessions', () => {
  useTestDatabase()

  it('lists the sessions with device, address and last use; ends one or all, never another user’s', async () => {
    const user = await createTestUser()
    const a = await createSessionCookie(user.id)
    const b = await createSessionCookie(user.id)
    const stranger = await createTestUser()
    const c = await createSessionCookie(stranger.id)
    const current = await getCurrentSession(request(a, '203.0.113.9'))
    const list = await listActiveSessions(user.id, current!.session.id)
    expect(list).toHaveLength(2)
    expect(list[0]).toMatchObject({
      current: true,
      address: '203.0.113.9',
      device: 'Appareil inconnu',
    })
    expect(list[1]).toMatchObject({ current: false, address: '127.0.0.1' })
    expect(await endSession(user.id, await sessionIdOf(c))).toBe(false)
    expect(await endSession(user.id, await sessionIdOf(b))).toBe(true)
    expect(await getCurrentSession(request(b))).toBeNull()
    expect((await getCurrentSession(request(c)))?.user.id).toBe(stranger.id)
    expect(await endAllSessions(user.id)).toBe(1)
    expect(await listActiveSessions(user.id, null)).toEqual([])
  })
})
