// Sign-in and sign-up with a password, as the /login and /register actions run them
// (rate limits per address and per account, ADR 023; no account oracle: one message for any failure).
import {
  ADMIN_PASSWORD_MIN_LENGTH,
  ADMIN_WEAK_PASSWORD,
  AUTH_TEXTS,
  type LoginInput,
  type RegisterInput,
} from '#app/domain/auth.ts'
import { recordActivity } from '../activity/activity.server.ts'
import { getClientIp } from '../http/client-ip.server.ts'
import { getDb } from '../db/client.server.ts'
import { createId, nowIso } from '../db/util.server.ts'
import { log } from '../core/log.server.ts'
import { clearKey, hit, isOver, retryAfterHeader } from '../rate-limit/rate-limit.server.ts'
import { AUTH_RATE_LIMITS } from '../rate-limit/rate-limit-rules.server.ts'
import { getEnv } from '../core/env.server.ts'
import { countActiveAdmins } from '../repositories/users.server.ts'
import { getAuth, isAdminEmail } from './auth.server.ts'
import { sendSignUpVerification } from './email-verification.server.ts'
import { consumeInvitation, findInvitation } from './invitations.server.ts'
import { knownDeviceCookie, knownDeviceFor } from './known-device.server.ts'

export type AuthOutcome =
  | { ok: true; headers: Headers; userId: string }
  | { ok: false; error: string; status: number; retryAfter?: string }

// Limits of ours, in one module the Express layer shares (it counts requests refused before any route, ADR 024).
export { AUTH_RATE_LIMITS }

/** How long a sign-in waits once the account-wide bound is met (it slows, never refuses). */
export const ACCOUNT_SLOWDOWN_MS = 2_000

/**
 * Every attempt counts against its address. Only failures count against an account: from
 * one address (or one known device, see known-device.server.ts), and account-wide. One
 * address that fails too often on an account is shut out of that account alone. The
 * account-wide bound, which many addresses can fill together, never refuses (ADR 023:
 * others could otherwise lock the owner out): past it, attempts from unknown
 * browsers wait ACCOUNT_SLOWDOWN_MS, and a browser that signed in to the account before does
 * not wait. A success clears the failures counted from that address or device.
 */
const signInKeys = (request: Request, email: string) => {
  const ip = getClientIp(request)
  const device = knownDeviceFor(request, email)
  return {
    ip,
    device,
    address: `sign-in:ip:${ip}`,
    accountAddress: device
      ? `sign-in:account-device:${email}|${device}`
      : `sign-in:account-ip:${email}|${ip}`,
    account: `sign-in:account:${email}`,
  }
}

/** Counts the attempt against its address; true when it must be refused. */
export async function signInLimited(request: Request, email: string): Promise<boolean> {
  return (await signInRefusal(request, email)) !== null
}

/** The key whose limit refuses this attempt (for Retry-After), or null when it may go on. */
async function signInRefusal(request: Request, email: string): Promise<string | null> {
  const keys = signInKeys(request, email)
  // A browser that signed in to this account before is held by its own per-device bound
  // only (ADR 023): a flood of made-up e-mails from its address must not lock its owner out.
  if (
    !keys.device &&
    !(await hit(keys.address, AUTH_RATE_LIMITS.address, Date.now(), { owner: keys.ip }))
  ) {
    return keys.address
  }
  if (await isOver(keys.accountAddress, AUTH_RATE_LIMITS.accountAddress)) {
    return keys.accountAddress
  }
  return null
}

/** Whether this attempt must wait: the account-wide bound is met and the browser is new. */
async function signInSlowed(request: Request, email: string): Promise<boolean> {
  const keys = signInKeys(request, email)
  return !keys.device && (await isOver(keys.account, AUTH_RATE_LIMITS.account))
}

/** Counts a failed sign-in against the account (from this address or device, and anywhere). */
export async function countSignInFailure(request: Request, email: string): Promise<void> {
  const keys = signInKeys(request, email)
  const now = Date.now()
  await hit(keys.accountAddress, AUTH_RATE_LIMITS.accountAddress, now, { owner: keys.ip })
  await hit(keys.account, AUTH_RATE_LIMITS.account, now)
}

/**
 * Sign-up attempts per address, then per e-mail from that address. A request the address
 * limit refuses creates no per-e-mail bucket (ADR 023: one address could otherwise
 * add keys without end), and one address holds a bounded number of them. The per-e-mail count
 * is per address too: a count shared by every address would let anyone keep an invited person
 * from claiming their invitation, or anybody from registering an address (ADR 023).
 */
async function signUpRefusal(request: Request, email: string): Promise<string | null> {
  const ip = getClientIp(request)
  const byAddress = `sign-up:ip:${ip}`
  if (!(await hit(byAddress, AUTH_RATE_LIMITS.address, Date.now(), { owner: ip }))) {
    return byAddress
  }
  const byAccount = `sign-up:account:${ip}:${email}`
  if (!(await hit(byAccount, AUTH_RATE_LIMITS.accountAddress, Date.now(), { owner: ip }))) {
    return byAccount
  }
  return null
}

const tooMany = async (key: string): Promise<AuthOutcome> => ({
  ok: false,
  error: AUTH_TEXTS.tooManyAttempts,
  status: 429,
  retryAfter: await retryAfterHeader(key),
})

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
  // Loaded with Better Auth, on the first sign-in (ADR 037).
  const { hashPassword, verifyPassword } = await import('better-auth/crypto')
  if (hash) return verifyPassword({ hash, password })
  dummyHash ??= hashPassword('vitrine-no-password-here')
  await verifyPassword({ hash: await dummyHash, password })
  return false
}

async function logFailedLogin(request: Request, reason: string) {
  // Failed logins are logged with user 'anonymous' (nobody is proven); the address is in userInfo.
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
  const refusal = await signInRefusal(request, email)
  if (refusal) {
    await logFailedLogin(request, 'trop de tentatives')
    return tooMany(refusal)
  }
  if (await signInSlowed(request, email)) {
    await new Promise((resolve) => setTimeout(resolve, ACCOUNT_SLOWDOWN_MS))
  }
  const existing = await findUser(email)
  if (existing && existing.status !== 'active') {
    // Say "disabled" only to someone who knows the password (no account oracle).
    const valid = await passwordMatches(await credentialHash(existing.id), input.password)
    if (!valid) await countSignInFailure(request, email)
    await logFailedLogin(request, valid ? `compte ${existing.status}` : 'identifiants invalides')
    return valid
      ? { ok: false, error: AUTH_TEXTS.accountDisabled, status: 403 }
      : { ok: false, error: AUTH_TEXTS.loginFailed, status: 401 }
  }
  const response = await (
    await getAuth()
  ).api.signInEmail({
    body: { email, password: input.password, rememberMe: true },
    headers: request.headers,
    asResponse: true,
  })
  if (!response.ok) {
    await countSignInFailure(request, email)
    await logFailedLogin(request, 'identifiants invalides')
    return { ok: false, error: AUTH_TEXTS.loginFailed, status: 401 }
  }
  await clearKey(signInKeys(request, email).accountAddress)
  const user = existing ?? (await findUser(email))
  if (!user) return { ok: false, error: AUTH_TEXTS.loginFailed, status: 401 }
  const headers = cookiesOf(response)
  headers.append('set-cookie', knownDeviceCookie(request, email))
  await recordActivity(request, {
    actor: { id: user.id, email: user.email },
    action: 'login',
    resourceType: 'admin',
    details: 'Connexion par e-mail et mot de passe',
  })
  return { ok: true, headers, userId: user.id }
}

/**
 * A sign-up that ADMIN_EMAIL will make admin (no active admin yet, ADR 010) needs an admin's
 * 12 characters, as the setup link and `admin:create` do (ADR 025's amendment).
 */
async function tooShortForAdmin(email: string, password: string): Promise<boolean> {
  return (
    password.length < ADMIN_PASSWORD_MIN_LENGTH &&
    isAdminEmail(email, getEnv().ADMIN_EMAIL) &&
    (await countActiveAdmins()) === 0
  )
}

/**
 * `operatorVouches`: the setup link's form, whose address the operator proves right after
 * (promoteToAdmin), so no confirmation link is e-mailed (ADR 082).
 */
export async function registerWithPassword(
  request: Request,
  input: RegisterInput,
  options: { invitation?: string; operatorVouches?: boolean } = {},
): Promise<AuthOutcome> {
  const email = input.email.toLowerCase()
  const refusal = await signUpRefusal(request, email)
  if (refusal) return tooMany(refusal)
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
    if (options.invitation && (await tooShortForAdmin(email, input.password))) {
      return { ok: false, error: ADMIN_WEAK_PASSWORD, status: 400 }
    }
    if (!options.invitation || !(await consumeInvitation(options.invitation, existing.id))) {
      return { ok: false, error: AUTH_TEXTS.invitationRequired, status: 409 }
    }
    return claimInvitedUser(request, existing.id, email, input.password)
  }
  if (await tooShortForAdmin(email, input.password)) {
    return { ok: false, error: ADMIN_WEAK_PASSWORD, status: 400 }
  }
  const response = await (
    await getAuth()
  ).api.signUpEmail({
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
  const headers = cookiesOf(response)
  // Nothing keyed on the address is trusted until its owner opens this link (ADR 082).
  if (!options.operatorVouches) await sendSignUpVerification(email, headers)
  return { ok: true, headers, userId: user.id }
}

async function claimInvitedUser(
  request: Request,
  userId: string,
  email: string,
  password: string,
): Promise<AuthOutcome> {
  const ctx = await (await getAuth()).$context
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
