// « Mon compte » › removing one's password (ADR 025's amendment): only for an account that can
// still sign in with Google or Facebook, proven by the current password; refusals change nothing.
// Deleting one's account asks for the same proof (ADR 082).
import os from 'node:os'
import path from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'

process.env.BETTER_AUTH_SECRET ??= 'unit-test-secret-unit-test-secret-0123456'
process.env.DATA_DIR ??= path.join(os.tmpdir(), 'vitrine-self-service-unit')
process.env.PUBLIC_URL ??= 'http://localhost:3999'

const { createTestUser, providersOf } = await import('../../../tests/fixtures/auth.ts')
const { ACCOUNT_TEXTS } = await import('#app/domain/account.ts')
const { getDb } = await import('../db/client.server.ts')
const { createId, nowIso } = await import('../db/util.server.ts')
const { resetRateLimits } = await import('../rate-limit/rate-limit.server.ts')
const { signInWithPassword } = await import('./password-auth.server.ts')
const { deleteOwnAccount, FRESH_SIGN_IN_MS, removeOwnPassword } =
  await import('./account-self-service.server.ts')

useTestDatabase()
const ORIGIN = process.env.PUBLIC_URL!
let ip = 0

const request = () =>
  new Request(`${ORIGIN}/compte`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'x-vitrine-client-ip': `10.11.0.${++ip}` },
  })

beforeEach(async () => {
  await resetRateLimits()
})

async function linkGoogle(userId: string) {
  const now = nowIso()
  await getDb()
    .insertInto('account')
    .values({
      id: createId(),
      accountId: `google-${userId}`,
      providerId: 'google',
      userId,
      password: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute()
}

const sessionUser = (user: Awaited<ReturnType<typeof createTestUser>>) => ({
  id: user.id,
  email: user.email,
  name: user.name,
  image: null,
  role: user.role,
  status: user.status,
})

/** The signed-in `user` removes their password from « Mon compte ». */
const removePassword = (
  user: Awaited<ReturnType<typeof createTestUser>>,
  currentPassword: string,
  code = '',
) => removeOwnPassword(request(), sessionUser(user), undefined, { currentPassword, code })

describe('removing one’s password', () => {
  it('drops the password of an account linked with Google; the password no longer signs in', async () => {
    const user = await createTestUser({ password: 'code-a-retirer-1' })
    await linkGoogle(user.id)
    expect(await removePassword(user, 'code-a-retirer-1')).toEqual({ ok: true })
    expect(await providersOf(user.id)).toEqual(['google'])
    const signIn = await signInWithPassword(request(), {
      email: user.email,
      password: 'code-a-retirer-1',
    })
    expect(signIn.ok).toBe(false)
    const logged = await getDb()
      .selectFrom('activity_logs')
      .select('details')
      .where('userId', '=', user.id)
      .execute()
    expect(logged.map((l) => l.details)).toContain(
      'Mot de passe supprimé depuis « Mon compte » ; les autres sessions sont fermées',
    )
  })

  it('refuses an account with no other way to sign in, and changes nothing', async () => {
    const user = await createTestUser({ password: 'seul-moyen-123' })
    expect(await removePassword(user, 'seul-moyen-123')).toEqual({
      ok: false,
      error: ACCOUNT_TEXTS.noOtherSignIn,
      status: 409,
    })
    expect(await providersOf(user.id)).toEqual(['credential'])
    expect(
      (await signInWithPassword(request(), { email: user.email, password: 'seul-moyen-123' })).ok,
    ).toBe(true)
  })

  it('refuses a wrong or missing current password, and keeps it', async () => {
    const user = await createTestUser({ password: 'le-bon-code-1' })
    await linkGoogle(user.id)
    expect(await removePassword(user, 'pas-le-bon-code')).toEqual({
      ok: false,
      error: ACCOUNT_TEXTS.currentPasswordWrong,
      status: 400,
    })
    // A code is accepted only from an account with a second factor.
    expect(await removePassword(user, '', '123456')).toEqual({
      ok: false,
      error: ACCOUNT_TEXTS.currentPasswordRequired,
      status: 400,
    })
    expect(await providersOf(user.id)).toEqual(['credential', 'google'])
  })

  it('refuses an account without a password', async () => {
    const user = await createTestUser({ withPassword: false })
    await linkGoogle(user.id)
    expect(await removePassword(user, 'peu-importe-1')).toEqual({
      ok: false,
      error: ACCOUNT_TEXTS.noPassword,
      status: 400,
    })
    expect(await providersOf(user.id)).toEqual(['google'])
  })
})

describe('deleting one’s account', () => {
  const exists = async (id: string) =>
    !!(await getDb().selectFrom('user').select('id').where('id', '=', id).executeTakeFirst())
  const deleteAccount = (
    user: Awaited<ReturnType<typeof createTestUser>>,
    input: { confirmEmail?: string; currentPassword?: string; code?: string },
    signedInAt: Date | undefined = new Date(Date.now() - 60 * 60_000),
  ) =>
    deleteOwnAccount(
      request(),
      sessionUser(user),
      { confirmEmail: user.email, currentPassword: '', code: '', ...input },
      signedInAt,
    )

  it('asks for the password: a session and the typed address are not enough', async () => {
    const user = await createTestUser({ password: 'mon-code-secret-1' })
    expect(await deleteAccount(user, {})).toEqual({
      ok: false,
      error: ACCOUNT_TEXTS.deleteProofRequired,
      status: 400,
    })
    // A fresh session proves nothing for an account that has a password.
    expect(await deleteAccount(user, {}, new Date())).toMatchObject({ ok: false })
    expect(await deleteAccount(user, { currentPassword: 'pas-le-bon' })).toEqual({
      ok: false,
      error: ACCOUNT_TEXTS.currentPasswordWrong,
      status: 400,
    })
    expect(await deleteAccount(user, { code: '123456' })).toMatchObject({ ok: false })
    expect(await exists(user.id)).toBe(true)
    expect(await deleteAccount(user, { currentPassword: 'mon-code-secret-1' })).toEqual({
      ok: true,
    })
    expect(await exists(user.id)).toBe(false)
  })

  it('still wants the typed address, with the right password', async () => {
    const user = await createTestUser({ password: 'mon-code-secret-2' })
    expect(
      await deleteAccount(user, {
        confirmEmail: 'autre@exemple.fr',
        currentPassword: 'mon-code-secret-2',
      }),
    ).toEqual({ ok: false, error: ACCOUNT_TEXTS.deleteConfirmMismatch, status: 400 })
    expect(await exists(user.id)).toBe(true)
  })

  it('bounds wrong passwords per account', async () => {
    const user = await createTestUser({ password: 'mon-code-secret-3' })
    let last
    for (let i = 0; i < 9; i++) last = await deleteAccount(user, { currentPassword: `faux-${i}` })
    expect(last).toEqual({ ok: false, error: ACCOUNT_TEXTS.tooManyAttempts, status: 429 })
    expect(await deleteAccount(user, { currentPassword: 'mon-code-secret-3' })).toMatchObject({
      ok: false,
      status: 429,
    })
    expect(await exists(user.id)).toBe(true)
  })

  it('takes a recent Google sign-in from an account with neither password nor second factor', async () => {
    const user = await createTestUser({ withPassword: false })
    await linkGoogle(user.id)
    expect(await deleteAccount(user, {}, new Date(Date.now() - FRESH_SIGN_IN_MS - 60_000))).toEqual(
      { ok: false, error: ACCOUNT_TEXTS.deleteFreshSignInRequired, status: 400 },
    )
    expect(await exists(user.id)).toBe(true)
    expect(await deleteAccount(user, {}, new Date(Date.now() - 60_000))).toEqual({ ok: true })
    expect(await exists(user.id)).toBe(false)
  })
})
