// Sign-in and sign-up with a password, as the /login and /register actions run them
// (spec §5, §8; issue 4 §7: rate limits per address and per account, no account oracle).
import { hashPassword, verifyPassword } from 'better-auth/crypto'
import { AUTH_TEXTS, type LoginInput, type RegisterInput } from '#app/domain/auth.ts'
import { recordActivity } from '../activity.server.ts'
import { getClientIp } from '../client-ip.server.ts'
import { getDb } from '../db/client.server.ts'
import { createId, nowIso } from '../db/util.server.ts'
import { log } from '../log.server.ts'
import { clearKey, hit, isOver } from '../rate-limit.server.ts'
import { getAuth } from './auth.server.ts'
import { consumeInvitation, findInvitation } from './invitations.server.ts'

export type AuthOutcome =
  { ok: true; headers: Headers; userId: string } | { ok: false; error: string; status: number }

const MINUTE = 60_000
/**
 * Limits of ours (the spec has no figures). Every attempt counts against its address. Only
 * failures count against an account, so the owner is never locked out by someone else: one
 * address that fails too often on an account is shut out of that account alone, and a
 * guess spread over many addresses meets the account-wide bound. A success clears the
 * account's failures from that address.
 */
export const AUTH_RATE_LIMITS = {
  address: { limit: 100, windowMs: 10 * MINUTE },
  accountAddress: { limit: 8, windowMs: 15 * MINUTE },
  account: { limit: 50, windowMs: 15 * MINUTE },
} as const

const signInKeys = (request: Request, email: string) => ({
  address: `sign-in:ip:${getClientIp(request)}`,
  accountAddress: `sign-in:account-ip:${email}|${getClientIp(request)}`,
  account: `sign-in:account:${email}`,
})

/** Counts the attempt against its address; true when it must be refused. */
export function signInLimited(request: Request, email: string): boolean {
  const keys = signInKeys(request, email)
  const byAddress = hit(keys.address, AUTH_RATE_LIMITS.address)
  return (
    !byAddress ||
    isOver(keys.accountAddress, AUTH_RATE_LIMITS.accountAddress) ||
    isOver(keys.account, AUTH_RATE_LIMITS.account)
  )
}

/** Counts a failed sign-in against the account (from this address, and anywhere). */
export function countSignInFailure(request: Request, email: string) {
  const keys = signInKeys(request, email)
  hit(keys.accountAddress, AUTH_RATE_LIMITS.accountAddress)
  hit(keys.account, AUTH_RATE_LIMITS.account)
}

/** Sign-up attempts per address and per e-mail. */
function signUpLimited(request: Request, email: string): boolean {
  const byAddress = hit(`sign-up:ip:${getClientIp(request)}`, AUTH_RATE_LIMITS.address)
  const byAccount = hit(`sign-up:account:${email}`, AUTH_RATE_LIMITS.accountAddress)
  return !byAddress || !byAccount
}

function cookiesOf(response: Response): Headers {
  const headers = new Headers()
  for (const cookie of response.headers.getSetCookie()) headers.append('set-cookie', cookie)
  return headers
}

async function errorCode(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { code?: unknown }
    return typeof body.code === 'string' ? body.code : ''
  } catch {
    return ''
  }
}

async function findUser(email: string) {
  return getDb()
    .selectFrom('user')
    .select(['id', 'email', 'name', 'status'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst()
}

async function credentialHash(userId: string): Promise<string | null | undefined> {
  const row = await getDb()
    .selectFrom('account')
    .select(['password'])
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .executeTakeFirst()
  return row?.password
}

let dummyHash: Promise<string> | undefined

/** Checks a password against the user's hash, or against a dummy one so that a user
 * without a password takes as long to refuse as any other (no timing oracle). */
async function passwordMatches(hash: string | null | undefined, password: string) {
  if (hash) return verifyPassword({ hash, password })
  dummyHash ??= hashPassword('vitrine-no-password-here')
  await verifyPassword({ hash: await dummyHash, password })
  return false
}

async function logFailedLogin(request: Request, reason: string) {
  // spec §6: failed logins are logged with user 'anonymous'; the address is in userInfo.
  await recordActivity(request, {
    actor: null,
    action: 'login',
    resourceType: 'admin',
    details: `Échec de connexion : ${reason}`,
  })
}

export async function signInWithPassword(
  request: Request,
  input: LoginInput,
): Promise<AuthOutcome> {
  const email = input.email.toLowerCase()
  if (signInLimited(request, email)) {
    await logFailedLogin(request, 'trop de tentatives')
    return { ok: false, error: AUTH_TEXTS.tooManyAttempts, status: 429 }
  }
  const existing = await findUser(email)
  if (existing && existing.status !== 'active') {
    // Say "disabled" only to someone who knows the password (no account oracle).
    const valid = await passwordMatches(await credentialHash(existing.id), input.password)
    if (!valid) countSignInFailure(request, email)
    await logFailedLogin(request, valid ? `compte ${existing.status}` : 'identifiants invalides')
    return valid
      ? { ok: false, error: AUTH_TEXTS.accountDisabled, status: 403 }
      : { ok: false, error: AUTH_TEXTS.loginFailed, status: 401 }
  }
  const response = await getAuth().api.signInEmail({
    body: { email, password: input.password, rememberMe: true },
    headers: request.headers,
    asResponse: true,
  })
  if (!response.ok) {
    countSignInFailure(request, email)
    await logFailedLogin(request, 'identifiants invalides')
    return { ok: false, error: AUTH_TEXTS.loginFailed, status: 401 }
  }
  clearKey(signInKeys(request, email).accountAddress)
  const user = existing ?? (await findUser(email))
  if (!user) return { ok: false, error: AUTH_TEXTS.loginFailed, status: 401 }
  await recordActivity(request, {
    actor: { id: user.id, email: user.email },
    action: 'login',
    resourceType: 'admin',
    details: 'Connexion par e-mail et mot de passe',
  })
  return { ok: true, headers: cookiesOf(response), userId: user.id }
}

export async function registerWithPassword(
  request: Request,
  input: RegisterInput,
  options: { invitation?: string } = {},
): Promise<AuthOutcome> {
  const email = input.email.toLowerCase()
  if (signUpLimited(request, email)) {
    return { ok: false, error: AUTH_TEXTS.tooManyAttempts, status: 429 }
  }
  const invitedId = options.invitation ? await findInvitation(options.invitation) : undefined
  if (options.invitation && !invitedId) {
    return { ok: false, error: AUTH_TEXTS.invitationInvalid, status: 400 }
  }
  const existing = await findUser(email)
  if (invitedId && existing?.id !== invitedId) {
    // The link belongs to another address.
    return { ok: false, error: AUTH_TEXTS.invitationInvalid, status: 400 }
  }
  if (existing) {
    const accounts = await getDb()
      .selectFrom('account')
      .select(['id'])
      .where('userId', '=', existing.id)
      .execute()
    if (accounts.length > 0) return { ok: false, error: AUTH_TEXTS.emailInUse, status: 409 }
    // A user an admin created in the Users tab (no account yet) is claimed with a password
    // only through the invitation link the admin handed over (ADR 015): knowing the address
    // is not enough. The user keeps the role given.
    if (!options.invitation || !(await consumeInvitation(options.invitation, existing.id))) {
      return { ok: false, error: AUTH_TEXTS.invitationRequired, status: 409 }
    }
    return claimInvitedUser(request, existing.id, email, input.password)
  }
  const response = await getAuth().api.signUpEmail({
    body: { name: input.name, email, password: input.password },
    headers: request.headers,
    asResponse: true,
  })
  if (!response.ok) {
    const code = await errorCode(response)
    if (code.startsWith('USER_ALREADY_EXISTS')) {
      return { ok: false, error: AUTH_TEXTS.emailInUse, status: 409 }
    }
    if (code === 'PASSWORD_TOO_SHORT') {
      return { ok: false, error: AUTH_TEXTS.weakPassword, status: 400 }
    }
    log.warn('Inscription refusée', { code, status: response.status })
    return { ok: false, error: AUTH_TEXTS.registerFailed, status: 400 }
  }
  const user = await findUser(email)
  if (!user) return { ok: false, error: AUTH_TEXTS.registerFailed, status: 500 }
  await recordActivity(request, {
    actor: { id: user.id, email: user.email },
    action: 'login',
    resourceType: 'admin',
    details: 'Inscription par e-mail et mot de passe',
  })
  return { ok: true, headers: cookiesOf(response), userId: user.id }
}

async function claimInvitedUser(
  request: Request,
  userId: string,
  email: string,
  password: string,
): Promise<AuthOutcome> {
  const ctx = await getAuth().$context
  const now = nowIso()
  const hash = await ctx.password.hash(password)
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto('account')
        .values({
          id: createId(),
          accountId: userId,
          providerId: 'credential',
          userId,
          accessToken: null,
          refreshToken: null,
          idToken: null,
          accessTokenExpiresAt: null,
          refreshTokenExpiresAt: null,
          scope: null,
          password: hash,
          createdAt: now,
          updatedAt: now,
        })
        .execute()
      // The admin handed the link to this person: the address counts as proven (ADR 014, 015).
      await trx
        .updateTable('user')
        .set({ emailVerified: 1, updatedAt: now })
        .where('id', '=', userId)
        .execute()
    })
  return signInWithPassword(request, { email, password })
}
