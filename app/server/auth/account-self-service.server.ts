// `/compte` self-service (ADR 025's amendment): a user changes or removes their own password,
// downloads what the site holds about them (GDPR art. 20) and deletes their account (art. 17).
// The last active admin cannot delete itself (ADR 010). Deleting needs the same proof as
// removing the password, and the download holds contact messages only for a proven
// address (ADR 082).
import {
  ACCOUNT_TEXTS,
  passwordMinLength,
  weakPasswordText,
  type ChangePasswordInput,
  type DeleteAccountInput,
  type RemovePasswordInput,
} from '#app/domain/account.ts'
import { recordActivity, recordOwnAccountActivity } from '../activity/activity.server.ts'
import { endAllSessions, listActiveSessions } from './active-sessions.server.ts'
import { isEmailVerified } from './email-verification.server.ts'
import { attemptSecondFactor } from './second-factor.server.ts'
import type { SessionUser } from './session.server.ts'
import { getTwoFactorStatus } from './two-factor.server.ts'
import { getClientIp } from '../http/client-ip.server.ts'
import { getDb } from '../db/client.server.ts'
import { createId, nowIso, parseJson } from '../db/util.server.ts'
import { hit } from '../rate-limit/rate-limit.server.ts'
import { countActiveAdmins, deleteUser } from '../repositories/users.server.ts'

export type SelfServiceOutcome = { ok: true } | { ok: false; error: string; status: number }

const MINUTE = 60_000
/** Wrong current passwords per account, as for sign-in (ADR 023). */
const PASSWORD_CHANGE_LIMIT = { limit: 8, windowMs: 15 * MINUTE }

const refuse = (error: string, status = 400): SelfServiceOutcome => ({ ok: false, error, status })

async function credentialOf(userId: string) {
  return getDb()
    .selectFrom('account')
    .select(['id', 'password'])
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .executeTakeFirst()
}

/**
 * A new password: proven by the current one, or, for an account that has none (signed up with
 * Google or Facebook), by a fresh second-factor code. The other sessions end.
 */
export async function changeOwnPassword(
  request: Request,
  user: SessionUser,
  currentSessionId: string | undefined,
  input: ChangePasswordInput,
): Promise<SelfServiceOutcome> {
  const min = passwordMinLength(user.role)
  if (input.newPassword.length < min) return refuse(weakPasswordText(min))
  if (input.newPassword !== input.confirmPassword) return refuse(ACCOUNT_TEXTS.confirmationMismatch)
  const allowed =
    (await hit(`password-change:${user.id}`, PASSWORD_CHANGE_LIMIT)) &&
    (await hit(`password-change:ip:${getClientIp(request)}`, PASSWORD_CHANGE_LIMIT))
  if (!allowed) return refuse(ACCOUNT_TEXTS.tooManyAttempts, 429)
  // Loaded with Better Auth, on first use (ADR 037); its own hash format.
  const { hashPassword, verifyPassword } = await import('better-auth/crypto')
  const credential = await credentialOf(user.id)
  if (credential?.password) {
    if (!input.currentPassword) return refuse(ACCOUNT_TEXTS.currentPasswordRequired)
    const matches = await verifyPassword({
      hash: credential.password,
      password: input.currentPassword,
    })
    if (!matches) return refuse(ACCOUNT_TEXTS.currentPasswordWrong)
  } else {
    if (!(await getTwoFactorStatus(user.id)).enabled || !input.code)
      return refuse(ACCOUNT_TEXTS.secondFactorNeeded)
    const outcome = await attemptSecondFactor(request, user, input.code)
    if (!outcome.ok) return refuse(outcome.error, outcome.status)
  }
  const hash = await hashPassword(input.newPassword)
  const now = nowIso()
  if (credential)
    await getDb()
      .updateTable('account')
      .set({ password: hash, updatedAt: now })
      .where('id', '=', credential.id)
      .execute()
  else
    await getDb()
      .insertInto('account')
      .values({
        id: createId(),
        accountId: user.id,
        providerId: 'credential',
        userId: user.id,
        password: hash,
        createdAt: now,
        updatedAt: now,
      })
      .execute()
  return passwordChanged(request, user, currentSessionId, 'Mot de passe modifié')
}

/** After a password change or removal: the other sessions end, and the log says so. */
async function passwordChanged(
  request: Request,
  user: SessionUser,
  currentSessionId: string | undefined,
  what: string,
): Promise<SelfServiceOutcome> {
  await endAllSessions(user.id, currentSessionId)
  await recordOwnAccountActivity(
    request,
    user,
    'update',
    `${what} depuis « Mon compte » ; les autres sessions sont fermées`,
  )
  return { ok: true }
}

/** Whether the user can sign in some other way than a password (Google or Facebook linked). */
export async function hasOtherSignIn(userId: string): Promise<boolean> {
  const other = await getDb()
    .selectFrom('account')
    .select('id')
    .where('userId', '=', userId)
    .where('providerId', '!=', 'credential')
    .executeTakeFirst()
  return !!other
}

/**
 * Removes the password of an account that also signs in with Google or Facebook (ADR 014's
 * amendment keeps both ways in after a link). Proven by the current password or, for an
 * account with a second factor, a fresh code. The other sessions end, as for a change.
 */
export async function removeOwnPassword(
  request: Request,
  user: SessionUser,
  currentSessionId: string | undefined,
  input: RemovePasswordInput,
): Promise<SelfServiceOutcome> {
  const credential = await credentialOf(user.id)
  if (!credential?.password) return refuse(ACCOUNT_TEXTS.noPassword)
  if (!(await hasOtherSignIn(user.id))) return refuse(ACCOUNT_TEXTS.noOtherSignIn, 409)
  const allowed =
    (await hit(`password-change:${user.id}`, PASSWORD_CHANGE_LIMIT)) &&
    (await hit(`password-change:ip:${getClientIp(request)}`, PASSWORD_CHANGE_LIMIT))
  if (!allowed) return refuse(ACCOUNT_TEXTS.tooManyAttempts, 429)
  if (input.currentPassword) {
    const { verifyPassword } = await import('better-auth/crypto')
    const matches = await verifyPassword({
      hash: credential.password,
      password: input.currentPassword,
    })
    if (!matches) return refuse(ACCOUNT_TEXTS.currentPasswordWrong)
  } else if (input.code && (await getTwoFactorStatus(user.id)).enabled) {
    const outcome = await attemptSecondFactor(request, user, input.code)
    if (!outcome.ok) return refuse(outcome.error, outcome.status)
  } else {
    return refuse(ACCOUNT_TEXTS.currentPasswordRequired)
  }
  await getDb().deleteFrom('account').where('id', '=', credential.id).execute()
  return passwordChanged(request, user, currentSessionId, 'Mot de passe supprimé')
}

/**
 * Everything the site holds about the user, as JSON (GDPR art. 15 and 20). No secret.
 * Contact messages are keyed on an address, not on the account: they are the address
 * owner's, handed out only once the account proved it owns that address (ADR 082).
 */
export async function ownData(user: SessionUser, currentSessionId: string | null) {
  const db = getDb()
  const proven = await isEmailVerified(user.id)
  const [row, accounts, sessions, twoFactor, activity, messages] = await Promise.all([
    db
      .selectFrom('user')
      .select([
        'id',
        'name',
        'email',
        'emailVerified',
        'image',
        'role',
        'status',
        'lastLogin',
        'createdAt',
        'updatedAt',
      ])
      .where('id', '=', user.id)
      .executeTakeFirst(),
    db
      .selectFrom('account')
      .select(['providerId', 'createdAt'])
      .where('userId', '=', user.id)
      .execute(),
    listActiveSessions(user.id, currentSessionId),
    getTwoFactorStatus(user.id),
    db
      .selectFrom('activity_logs')
      .select(['timestamp', 'action', 'resourceType', 'resourceName', 'details', 'userInfo'])
      .where('userId', '=', user.id)
      .orderBy('timestamp', 'desc')
      .execute(),
    proven
      ? db
          .selectFrom('messages')
          .selectAll()
          .where('email', '=', user.email)
          .orderBy('createdAt', 'desc')
          .execute()
      : Promise.resolve([]),
  ])
  return {
    exportedAt: nowIso(),
    account: row ? { ...row, emailVerified: !!row.emailVerified } : undefined,
    signInMethods: accounts.map((a) => ({
      method: a.providerId === 'credential' ? 'mot de passe' : a.providerId,
      since: a.createdAt,
    })),
    twoFactor,
    sessions,
    activity: activity.map((a) => ({ ...a, userInfo: parseJson(a.userInfo, {}) })),
    contactMessages: messages.map((m) => ({ ...m, reply: parseJson(m.reply, null) })),
    ...(proven ? {} : { contactMessagesNote: ACCOUNT_TEXTS.messagesWithheld }),
  }
}

/** A sign-in this recent proves its holder for an account with no password nor code. */
export const FRESH_SIGN_IN_MS = 10 * MINUTE

/**
 * Deletes the user's account (sessions, sign-in methods and second factor go with it),
 * confirmed by typing the account's address and proven as for removing the password
 * (ADR 082): the current password or a second-factor code. An account with neither (Google
 * or Facebook only) proves itself by a sign-in of the last 10 minutes. The last active admin
 * is refused.
 */
export async function deleteOwnAccount(
  request: Request,
  user: SessionUser,
  input: DeleteAccountInput,
  sessionCreatedAt: Date | undefined,
): Promise<SelfServiceOutcome> {
  if (input.confirmEmail.trim().toLowerCase() !== user.email.toLowerCase())
    return refuse(ACCOUNT_TEXTS.deleteConfirmMismatch)
  if (user.role === 'admin' && user.status === 'active' && (await countActiveAdmins()) <= 1)
    return refuse(ACCOUNT_TEXTS.lastAdmin, 409)
  const allowed =
    (await hit(`password-change:${user.id}`, PASSWORD_CHANGE_LIMIT)) &&
    (await hit(`password-change:ip:${getClientIp(request)}`, PASSWORD_CHANGE_LIMIT))
  if (!allowed) return refuse(ACCOUNT_TEXTS.tooManyAttempts, 429)
  const credential = await credentialOf(user.id)
  const twoFactor = (await getTwoFactorStatus(user.id)).enabled
  if (credential?.password && input.currentPassword) {
    const { verifyPassword } = await import('better-auth/crypto')
    const matches = await verifyPassword({
      hash: credential.password,
      password: input.currentPassword,
    })
    if (!matches) return refuse(ACCOUNT_TEXTS.currentPasswordWrong)
  } else if (twoFactor && input.code) {
    const outcome = await attemptSecondFactor(request, user, input.code)
    if (!outcome.ok) return refuse(outcome.error, outcome.status)
  } else if (credential?.password) {
    return refuse(ACCOUNT_TEXTS.deleteProofRequired)
  } else if (twoFactor) {
    return refuse(ACCOUNT_TEXTS.deleteCodeRequired)
  } else if (!sessionCreatedAt || Date.now() - sessionCreatedAt.getTime() > FRESH_SIGN_IN_MS) {
    return refuse(ACCOUNT_TEXTS.deleteFreshSignInRequired)
  }
  await deleteUser(user.id)
  await recordActivity(request, {
    actor: null,
    action: 'delete',
    resourceType: 'user',
    resourceId: user.id,
    resourceName: user.email,
    details: 'Compte supprimé par son titulaire depuis « Mon compte »',
  })
  return { ok: true }
}
