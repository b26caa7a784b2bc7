// ADR 014: a Google/Facebook sign-in links into an existing account only when the provider
// says it verified the address (Google's `email_verified`; Facebook never), keeps the local
// password, and tells the account's address through the outbox. The whole callback runs
// against oauth2-mock-server providers on loopback, as in the browser tests.
import os from 'node:os'
import path from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { useSocialProviders } from './social-test-support.ts'

const ORIGIN = 'http://localhost:3999'
const { signInWith } = await useSocialProviders(ORIGIN, '10.3.0')

process.env.BETTER_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123'
process.env.DATA_DIR ??= path.join(os.tmpdir(), 'vitrine-social-linking-unit')
process.env.PUBLIC_URL = ORIGIN

const { AUTH_TEXTS, socialFailureText } = await import('#app/domain/auth.ts')
const { getDb } = await import('../db/client.server.ts')
const { resetRateLimits } = await import('../rate-limit/rate-limit.server.ts')
const { signInWithPassword } = await import('./password-auth.server.ts')
const { NOT_LINKED_CODE, socialFailureReason } = await import('./social.server.ts')
const { createSessionCookie, createTestUser, providersOf, uniqueEmail } =
  await import('../../../tests/fixtures/auth.ts')

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
