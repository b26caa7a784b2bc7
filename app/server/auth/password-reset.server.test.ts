// 'Code oublié ?' end to end on the server: Better Auth's reset flow, the link e-mailed
// through the outbox to a real SMTP server, single use, expiry, no account enumeration,
// rate limits, every session ended (ADR 019).
import './auth-test-env.ts'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { startSmtpServer, type TestSmtpServer } from '../../../tests/fixtures/smtp.ts'
import { createTestUser } from '../../../tests/fixtures/auth.ts'
import { MAIL_TEXTS } from '#app/domain/mail.ts'
import { AUTH_TEXTS } from '#app/domain/auth.ts'
import { getDb } from '../db/client.server.ts'
import { resetRateLimits } from '../rate-limit/rate-limit.server.ts'
import { configureMail, mailConfigFromEnv } from '../mail/config.server.ts'
import { MailWorker } from '../mail/worker.server.ts'
import {
  requestPasswordReset,
  resetPassword,
  findResetUser,
  RESET_RATE_LIMITS,
} from './password-reset.server.ts'
import { signInWithPassword } from './password-auth.server.ts'

const db = useTestDatabase()
const ORIGIN = process.env.PUBLIC_URL!
let smtp: TestSmtpServer
let worker: InstanceType<typeof MailWorker>
let ip = 0

const request = (address = `10.9.0.${++ip}`) =>
  new Request(`${ORIGIN}/forgot-password`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'x-vitrine-client-ip': address },
  })

beforeEach(async () => {
  await resetRateLimits()
  smtp = await startSmtpServer()
  const config = mailConfigFromEnv({
    SMTP_URL: smtp.url,
    PUBLIC_URL: ORIGIN,
    MAIL_FROM: 'site@exemple.fr',
  })!
  configureMail(config)
  worker = new MailWorker({ config })
})

afterEach(async () => {
  configureMail(undefined)
  await worker.stop()
  await smtp.close()
})

async function linkFor(email: string, count: number): Promise<string> {
  await worker.runOnce()
  const mails = await smtp.waitFor(count)
  const mail = mails[count - 1]!
  expect(mail.envelope.to).toEqual([email])
  const link = /http:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.parsed.text ?? '')?.[0]
  expect(link).toBeTruthy()
  return link!
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!

describe('password reset', () => {
  it('e-mails a link that resets the password once and ends every session', async () => {
    const user = await createTestUser({ password: 'ancien-code-1' })
    const signedIn = await signInWithPassword(request(), {
      email: user.email,
      password: 'ancien-code-1',
    })
    expect(signedIn.ok).toBe(true)
    expect(
      await getDb().selectFrom('session').select('id').where('userId', '=', user.id).execute(),
    ).toHaveLength(1)

    expect(await requestPasswordReset(request(), user.email.toUpperCase())).toEqual({
      ok: true,
      message: MAIL_TEXTS.forgotSent,
    })
    const link = await linkFor(user.email, 1)
    const mail = smtp.received[0]!
    expect(mail.parsed.subject).toMatch(/^Réinitialisation de votre code — /)
    expect(mail.parsed.text).toContain('valable 30 minutes')
    // The token is not stored in clear.
    const stored = await getDb().selectFrom('verification').select(['identifier']).execute()
    expect(stored.some((r) => r.identifier.includes(tokenOf(link)))).toBe(false)
    expect(await findResetUser(tokenOf(link))).toBe(user.id)

    expect(await resetPassword(request(), tokenOf(link), 'nouveau-code-2')).toEqual({ ok: true })
    expect(
      await getDb().selectFrom('session').select('id').where('userId', '=', user.id).execute(),
    ).toHaveLength(0)
    expect(
      (await signInWithPassword(request(), { email: user.email, password: 'ancien-code-1' })).ok,
    ).toBe(false)
    expect(
      (await signInWithPassword(request(), { email: user.email, password: 'nouveau-code-2' })).ok,
    ).toBe(true)
    // Single use.
    expect(await resetPassword(request(), tokenOf(link), 'troisieme-code-3')).toMatchObject({
      ok: false,
      error: MAIL_TEXTS.resetInvalid,
    })
    expect(await findResetUser(tokenOf(link))).toBeUndefined()
  })

  it('a reset ends every other link sent to that mailbox', async () => {
    const user = await createTestUser({ password: 'ancien-code-1' })
    const other = await createTestUser()
    await requestPasswordReset(request(), user.email)
    const older = await linkFor(user.email, 1)
    await requestPasswordReset(request(), other.email)
    const others = await linkFor(other.email, 2)
    await requestPasswordReset(request(), user.email)
    const newer = await linkFor(user.email, 3)
    expect(await resetPassword(request(), tokenOf(newer), 'nouveau-code-2')).toEqual({ ok: true })
    expect(await findResetUser(tokenOf(older))).toBeUndefined()
    expect(await resetPassword(request(), tokenOf(older), 'vieux-lien-3')).toMatchObject({
      ok: false,
      error: MAIL_TEXTS.resetInvalid,
    })
    expect(
      (await signInWithPassword(request(), { email: user.email, password: 'nouveau-code-2' })).ok,
    ).toBe(true)
    // Another account's link still works.
    expect(await findResetUser(tokenOf(others))).toBe(other.id)
  })

  it('an expired link is refused', async () => {
    const user = await createTestUser()
    await requestPasswordReset(request(), user.email)
    const link = await linkFor(user.email, 1)
    await getDb()
      .updateTable('verification')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .execute()
    expect(await findResetUser(tokenOf(link))).toBeUndefined()
    expect(await resetPassword(request(), tokenOf(link), 'nouveau-code-2')).toMatchObject({
      ok: false,
      error: MAIL_TEXTS.resetInvalid,
    })
    expect(
      (await signInWithPassword(request(), { email: user.email, password: user.password })).ok,
    ).toBe(true)
  })

  it('an unknown or blocked address gets the same answer and no e-mail', async () => {
    const blocked = await createTestUser({ status: 'blocked' })
    const known = await createTestUser()
    const answers = [
      await requestPasswordReset(request(), 'personne@exemple.fr'),
      await requestPasswordReset(request(), blocked.email),
      await requestPasswordReset(request(), known.email),
    ]
    expect(answers[0]).toEqual(answers[2])
    expect(answers[1]).toEqual(answers[2])
    await worker.runOnce()
    await smtp.waitFor(1)
    expect(smtp.received.map((m) => m.envelope.to[0])).toEqual([known.email])
    expect(await db.current.db.selectFrom('outbox').select('id').execute()).toHaveLength(1)
  })

  it('is rate-limited per address and per client, and says when e-mail is not configured', async () => {
    const user = await createTestUser()
    for (let i = 0; i < RESET_RATE_LIMITS.account.limit; i++)
      expect((await requestPasswordReset(request(), user.email)).ok).toBe(true)
    expect(await requestPasswordReset(request(), user.email)).toMatchObject({
      ok: false,
      status: 429,
      error: AUTH_TEXTS.tooManyAttempts,
    })
    for (let i = 0; i < RESET_RATE_LIMITS.address.limit; i++)
      await requestPasswordReset(request('10.8.0.1'), `x${i}@exemple.fr`)
    expect((await requestPasswordReset(request('10.8.0.1'), 'y@exemple.fr')).ok).toBe(false)
    // Requests that address's limit refused sent nothing, and use up no mailbox's quota: the
    // owner of y@ still gets a link from elsewhere.
    for (let i = 0; i < RESET_RATE_LIMITS.account.limit; i++)
      await requestPasswordReset(request('10.8.0.1'), 'y@exemple.fr')
    expect((await requestPasswordReset(request('10.8.0.2'), 'y@exemple.fr')).ok).toBe(true)

    configureMail(undefined)
    expect(await requestPasswordReset(request(), 'z@exemple.fr')).toMatchObject({
      ok: false,
      error: MAIL_TEXTS.forgotNotConfigured,
    })
  })
})
