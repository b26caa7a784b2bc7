// ADR 082: nothing keyed on an e-mail address is handed out or granted before the address is
// proven. A password sign-up on a site that sends e-mail gets a confirmation link; until it is
// opened, the data download holds no contact message sent with that address and ADMIN_EMAIL
// grants nothing. A Google answer grants ADMIN_EMAIL only when Google says the address is
// verified; Facebook never does. The Google/Facebook callbacks run against oauth2-mock-server.
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { useSocialProviders } from './social-test-support.ts'

const ORIGIN = 'http://localhost:3999'
const ADMIN_EMAIL = 'patronne@exemple.fr'
const { request, callApi, signInWith } = await useSocialProviders(ORIGIN, '10.8.0')

process.env.BETTER_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123'
process.env.DATA_DIR ??= path.join(os.tmpdir(), 'vitrine-email-proof-unit')
process.env.PUBLIC_URL = ORIGIN
process.env.ADMIN_EMAIL = ADMIN_EMAIL

const { ACCOUNT_TEXTS, ADDRESS_CONFIRMED_PATH } = await import('#app/domain/account.ts')
const { getDb } = await import('../db/client.server.ts')
const { configureMail, mailConfigFromEnv } = await import('../mail/config.server.ts')
const { resetRateLimits } = await import('../rate-limit/rate-limit.server.ts')
const { createMessage, replyToMessage } = await import('../repositories/messages.server.ts')
const { registerWithPassword, signInWithPassword } = await import('./password-auth.server.ts')
const { ownData } = await import('./account-self-service.server.ts')
const { createTestUser } = await import('../../../tests/fixtures/auth.ts')

const userRow = (email: string) =>
  getDb()
    .selectFrom('user')
    .select(['id', 'name', 'email', 'role', 'status', 'emailVerified'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow()

const register = (email: string, password = 'motdepasse-admin') =>
  registerWithPassword(request('/register'), {
    name: 'Quelqu’un',
    email,
    password,
    confirmPassword: password,
  })

const verifyMails = () =>
  getDb()
    .selectFrom('outbox')
    .select(['kind', 'toAddress', 'text'])
    .where('kind', '=', 'verify')
    .execute()

const linkIn = (text: string) =>
  /http:\/\/localhost:3999\/api\/auth\/verify-email\?\S+/.exec(text)?.[0]

/** The download of `/compte/donnees` for the account with that address. */
async function downloadOf(email: string) {
  const row = await userRow(email)
  return ownData({ ...row, image: null } as Parameters<typeof ownData>[0], null)
}

/** A visitor's message, sent with `email` from the contact form, and the owner's reply. */
async function visitorThread(email: string) {
  const message = await createMessage({
    name: 'Thomas Girard',
    email,
    message: 'Mon numéro personnel est le 06 12 34 56 78.',
  })
  await replyToMessage(message.id, 'Merci Thomas, je vous rappelle demain.')
  return message
}

describe('addresses proven before use (ADR 082)', () => {
  useTestDatabase()
  beforeEach(() => {
    resetRateLimits()
  })
  afterEach(() => configureMail(undefined))

  const withMail = () =>
    configureMail(
      mailConfigFromEnv({
        SMTP_URL: 'smtp://127.0.0.1:9',
        PUBLIC_URL: ORIGIN,
        MAIL_FROM: 'site@exemple.fr',
      }),
    )

  describe('the data download', () => {
    it('holds no visitor message sent with the address until the link from the e-mail is opened', async () => {
      withMail()
      await visitorThread('thomas.girard@exemple.net')
      const outcome = await register('thomas.girard@exemple.net', 'motdepasse-pirate')
      expect(outcome.ok).toBe(true)

      const before = await downloadOf('thomas.girard@exemple.net')
      expect(before.contactMessages).toEqual([])
      expect(before.contactMessagesNote).toBe(ACCOUNT_TEXTS.messagesWithheld)
      expect(JSON.stringify(before)).not.toContain('06 12 34 56 78')
      expect(JSON.stringify(before)).not.toContain('je vous rappelle')

      // The link went to the address, not to whoever registered it.
      const mails = await verifyMails()
      expect(mails).toHaveLength(1)
      expect(mails[0]?.toAddress).toBe('thomas.girard@exemple.net')
      const link = linkIn(mails[0]!.text)
      expect(link).toContain(`callbackURL=${encodeURIComponent(ADDRESS_CONFIRMED_PATH)}`)

      const opened = await callApi(request(link!.slice(ORIGIN.length)))
      expect(opened.headers.get('location')).toBe(ADDRESS_CONFIRMED_PATH)
      const after = await downloadOf('thomas.girard@exemple.net')
      expect(after.account?.emailVerified).toBe(true)
      expect(after.contactMessages).toHaveLength(1)
      expect(after.contactMessages[0]?.reply).toMatchObject({
        content: 'Merci Thomas, je vous rappelle demain.',
      })
      expect(after).not.toHaveProperty('contactMessagesNote')
    })

    it('a forged link proves nothing and lands on the confirmation page with an error', async () => {
      withMail()
      await visitorThread('faux-lien@exemple.net')
      expect((await register('faux-lien@exemple.net')).ok).toBe(true)
      const forged = await callApi(
        request(`/api/auth/verify-email?token=faux&callbackURL=${ADDRESS_CONFIRMED_PATH}`),
      )
      expect(forged.headers.get('location')).toMatch(/^\/compte\/adresse\?error=/)
      expect((await downloadOf('faux-lien@exemple.net')).contactMessages).toEqual([])
    })

    it('sends no link on a site without e-mail, and still withholds the messages', async () => {
      await visitorThread('sans-smtp@exemple.net')
      expect((await register('sans-smtp@exemple.net')).ok).toBe(true)
      expect(await verifyMails()).toEqual([])
      expect((await downloadOf('sans-smtp@exemple.net')).contactMessages).toEqual([])
    })

    it('hands the messages to an address Google verified', async () => {
      await visitorThread('verifiee@exemple.net')
      await createTestUser({ role: 'admin' })
      expect(
        (await signInWith('google', { sub: 'g-v', email: 'verifiee@exemple.net', name: 'V' }))
          .signedIn,
      ).toBe(true)
      expect((await downloadOf('verifiee@exemple.net')).contactMessages).toHaveLength(1)
    })
  })

  describe('ADMIN_EMAIL through Google and Facebook', () => {
    it('makes no admin of an unverified Google answer, at sign-up or at a later sign-in', async () => {
      const identity = { sub: 'g-boss', email: ADMIN_EMAIL, name: 'Pas la patronne' }
      expect((await signInWith('google', { ...identity, emailVerified: false })).signedIn).toBe(
        true,
      )
      expect(await userRow(ADMIN_EMAIL)).toMatchObject({ role: 'viewer', emailVerified: 0 })
      expect((await signInWith('google', { ...identity, emailVerified: false })).signedIn).toBe(
        true,
      )
      expect((await userRow(ADMIN_EMAIL)).role).toBe('viewer')
    })

    it('makes the first admin of a verified Google answer', async () => {
      const result = await signInWith('google', { sub: 'g-boss', email: ADMIN_EMAIL, name: 'P' })
      expect(result.signedIn).toBe(true)
      expect(await userRow(ADMIN_EMAIL)).toMatchObject({ role: 'admin', emailVerified: 1 })
    })

    it('a Facebook sign-in grants nothing even to an address proven some other way', async () => {
      const owner = await createTestUser({ email: ADMIN_EMAIL, role: 'viewer' })
      const now = new Date().toISOString()
      await getDb()
        .updateTable('user')
        .set({ emailVerified: 1 })
        .where('id', '=', owner.id)
        .execute()
      await getDb()
        .insertInto('account')
        .values({
          id: `fb-${owner.id}`,
          accountId: 'f-owner',
          providerId: 'facebook',
          userId: owner.id,
          password: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute()
      const identity = { sub: 'f-owner', email: ADMIN_EMAIL, name: 'P', emailVerified: true }
      expect((await signInWith('facebook', identity)).signedIn).toBe(true)
      expect((await userRow(ADMIN_EMAIL)).role).toBe('viewer')
      // The owner's own password, on a proven address, does.
      const signIn = await signInWithPassword(request('/login'), {
        email: ADMIN_EMAIL,
        password: owner.password,
      })
      expect(signIn.ok).toBe(true)
      expect((await userRow(ADMIN_EMAIL)).role).toBe('admin')
    })

    it('never makes an admin through Facebook, whatever it says', async () => {
      const identity = { sub: 'f-boss', email: ADMIN_EMAIL, name: 'P', emailVerified: true }
      expect((await signInWith('facebook', identity)).signedIn).toBe(true)
      expect((await userRow(ADMIN_EMAIL)).role).toBe('viewer')
      expect((await signInWith('facebook', identity)).signedIn).toBe(true)
      expect((await userRow(ADMIN_EMAIL)).role).toBe('viewer')
    })
  })

  describe('ADMIN_EMAIL by password', () => {
    it('on a site that sends e-mail, waits for the link before making the first admin', async () => {
      withMail()
      expect((await register(ADMIN_EMAIL)).ok).toBe(true)
      expect((await userRow(ADMIN_EMAIL)).role).toBe('viewer')
      // Signing in again proves nothing either.
      const signIn = await signInWithPassword(request('/login'), {
        email: ADMIN_EMAIL,
        password: 'motdepasse-admin',
      })
      expect(signIn.ok).toBe(true)
      expect((await userRow(ADMIN_EMAIL)).role).toBe('viewer')

      const [mail] = await verifyMails()
      await callApi(request(linkIn(mail!.text)!.slice(ORIGIN.length)))
      expect(await userRow(ADMIN_EMAIL)).toMatchObject({ role: 'admin', emailVerified: 1 })
    })

    it('a link opened once an active admin exists grants nothing', async () => {
      withMail()
      expect((await register(ADMIN_EMAIL)).ok).toBe(true)
      await createTestUser({ role: 'admin' })
      const [mail] = await verifyMails()
      await callApi(request(linkIn(mail!.text)!.slice(ORIGIN.length)))
      expect(await userRow(ADMIN_EMAIL)).toMatchObject({ role: 'viewer', emailVerified: 1 })
    })

    it('on a site without e-mail, still makes the first admin at sign-up (README)', async () => {
      expect((await register(ADMIN_EMAIL)).ok).toBe(true)
      expect(await userRow(ADMIN_EMAIL)).toMatchObject({ role: 'admin', emailVerified: 0 })
    })
  })
})
