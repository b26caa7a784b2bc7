// Two-factor sign-in (ADR 025): TOTP enrolment, second-factor checks, single-use
// recovery codes and the "required for admins" policy. A session of a user whose second
// factor is enabled is complete only once that session proved it (session_state): the rule
// is checked on every request (app/server/auth/session.server.ts), so it holds for the
// password form, the Google/Facebook popup, an invitation claim or any future sign-in.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto'
import { RECOVERY_CODE_COUNT, normaliseRecoveryCode } from '#app/domain/two-factor.ts'
import { getDb } from '../db/client.server.ts'
import { createId, nowIso } from '../db/util.server.ts'
import { getEnv } from '../core/env.server.ts'
import { base32Encode, generateTotpSecret, verifyTotp } from './totp.server.ts'

// ---------------------------------------------------------------------------------------
// Secret at rest: AES-256-GCM under a key derived from BETTER_AUTH_SECRET (a copy of the
// database alone does not give the codes away).

function secretKey(): Buffer {
  return Buffer.from(
    hkdfSync('sha256', getEnv().BETTER_AUTH_SECRET, 'vitrine', 'two-factor-totp-secret', 32),
  )
}

export function sealSecret(secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', secretKey(), iv)
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.')
}

export function openSecret(sealed: string): string | undefined {
  const [version, iv, tag, body] = sealed.split('.')
  if (version !== 'v1' || !iv || !tag || !body) return undefined
  try {
    const decipher = createDecipheriv('aes-256-gcm', secretKey(), Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8')
  } catch {
    // Another BETTER_AUTH_SECRET, or a damaged value: the secret is unusable.
    return undefined
  }
}

// ---------------------------------------------------------------------------------------
// Status and enrolment

export interface TwoFactorStatus {
  enabled: boolean
  enabledAt: string | null
  /** Recovery codes not used yet. */
  recoveryCodesLeft: number
}

export async function getTwoFactorStatus(userId: string): Promise<TwoFactorStatus> {
  const db = getDb()
  const row = await db
    .selectFrom('two_factor')
    .select(['enabledAt'])
    .where('userId', '=', userId)
    .executeTakeFirst()
  const left = await db
    .selectFrom('recovery_code')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .executeTakeFirst()
  return {
    enabled: !!row?.enabledAt,
    enabledAt: row?.enabledAt ?? null,
    recoveryCodesLeft: Number(left?.n ?? 0),
  }
}

export async function hasTwoFactor(userId: string): Promise<boolean> {
  const row = await getDb()
    .selectFrom('two_factor')
    .select(['userId'])
    .where('userId', '=', userId)
    .where('enabledAt', 'is not', null)
    .executeTakeFirst()
  return !!row
}

/** The user's stored secret and when the second factor was enabled, if enrolment began. */
function twoFactorRow(userId: string) {
  return getDb()
    .selectFrom('two_factor')
    .select(['secret', 'enabledAt'])
    .where('userId', '=', userId)
    .executeTakeFirst()
}

/**
 * The secret of an enrolment under way (created on first call, kept until confirmed so a
 * reload shows the same QR code); undefined when the second factor is already enabled.
 */
export async function pendingEnrolmentSecret(userId: string): Promise<string | undefined> {
  const db = getDb()
  const row = await twoFactorRow(userId)
  if (row?.enabledAt) return undefined
  const existing = row ? openSecret(row.secret) : undefined
  if (existing) return existing
  const secret = generateTotpSecret()
  const now = nowIso()
  await db
    .insertInto('two_factor')
    .values({
      userId,
      secret: sealSecret(secret),
      enabledAt: null,
      lastStep: 0,
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((oc) =>
      oc.column('userId').doUpdateSet({ secret: sealSecret(secret), updatedAt: now }),
    )
    .execute()
  return secret
}

function hashRecoveryCode(code: string): string {
  return createHash('sha256')
    .update(`vitrine-recovery:${normaliseRecoveryCode(code)}`)
    .digest('hex')
}

/** Ten new codes of 10 base32 characters (50 bits each), shown as XXXXX-XXXXX. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = base32Encode(randomBytes(7)).slice(0, 10)
    return `${raw.slice(0, 5)}-${raw.slice(5)}`
  })
}

/** Replaces every recovery code of the user; returns the new ones (shown once). */
export async function replaceRecoveryCodes(userId: string): Promise<string[]> {
  const codes = newRecoveryCodes()
  const now = nowIso()
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom('recovery_code').where('userId', '=', userId).execute()
      await trx
        .insertInto('recovery_code')
        .values(
          codes.map((code) => ({
            id: createId(),
            userId,
            codeHash: hashRecoveryCode(code),
            usedAt: null,
            createdAt: now,
          })),
        )
        .execute()
    })
  return codes
}

/**
 * Confirms an enrolment with a first code from the app: the second factor is on, the
 * session that enrolled counts as proven, and the recovery codes are returned (once).
 */
export async function confirmEnrolment(
  userId: string,
  sessionId: string,
  code: string,
  nowMs = Date.now(),
): Promise<string[] | null> {
  const db = getDb()
  const row = await twoFactorRow(userId)
  if (!row || row.enabledAt) return null
  const secret = openSecret(row.secret)
  const step = secret ? verifyTotp(secret, code, { nowMs }) : null
  if (step === null) return null
  const now = nowIso()
  const updated = await db
    .updateTable('two_factor')
    .set({ enabledAt: now, lastStep: step, updatedAt: now })
    .where('userId', '=', userId)
    .where('enabledAt', 'is', null)
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) !== 1) return null
  await markSessionVerified(sessionId, userId)
  return replaceRecoveryCodes(userId)
}

/** Turns the second factor off (codes and secret deleted). */
export async function disableTwoFactor(userId: string): Promise<void> {
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom('recovery_code').where('userId', '=', userId).execute()
      await trx.deleteFrom('two_factor').where('userId', '=', userId).execute()
    })
}

// ---------------------------------------------------------------------------------------
// Checking a second factor

/** A TOTP code of the user, never the same time step twice (atomic against a replay race). */
export async function checkTotpCode(
  userId: string,
  code: string,
  nowMs = Date.now(),
): Promise<boolean> {
  const db = getDb()
  const row = await db
    .selectFrom('two_factor')
    .select(['secret', 'lastStep'])
    .where('userId', '=', userId)
    .where('enabledAt', 'is not', null)
    .executeTakeFirst()
  const secret = row ? openSecret(row.secret) : undefined
  if (!row || !secret) return false
  const step = verifyTotp(secret, code, { nowMs, lastStep: Number(row.lastStep) })
  if (step === null) return false
  const updated = await db
    .updateTable('two_factor')
    .set({ lastStep: step, updatedAt: nowIso() })
    .where('userId', '=', userId)
    .where('lastStep', '<', step)
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) === 1
}

/** Uses a recovery code: true once per code (atomic), false afterwards. */
export async function redeemRecoveryCode(userId: string, code: string): Promise<boolean> {
  if (!(await hasTwoFactor(userId))) return false
  const updated = await getDb()
    .updateTable('recovery_code')
    .set({ usedAt: nowIso() })
    .where('userId', '=', userId)
    .where('codeHash', '=', hashRecoveryCode(code))
    .where('usedAt', 'is', null)
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) === 1
}

/** A TOTP code or, failing that, an unused recovery code ('totp' | 'recovery' | null). */
export async function checkSecondFactor(
  userId: string,
  code: string,
  nowMs = Date.now(),
): Promise<'totp' | 'recovery' | null> {
  const compact = code.replace(/\s/g, '')
  if (/^\d{6}$/.test(compact)) return (await checkTotpCode(userId, compact, nowMs)) ? 'totp' : null
  return (await redeemRecoveryCode(userId, code)) ? 'recovery' : null
}

// ---------------------------------------------------------------------------------------
// Sessions and the second factor

export async function markSessionVerified(sessionId: string, userId: string): Promise<void> {
  const now = nowIso()
  await getDb()
    .insertInto('session_state')
    .values({ sessionId, userId, secondFactorAt: now, lastSeenAt: now, lastIp: null })
    .onConflict((oc) => oc.column('sessionId').doUpdateSet({ secondFactorAt: now }))
    .execute()
}

/** True when the user has a second factor and this session has not proven it yet. */
export async function isSecondFactorPending(userId: string, sessionId: string): Promise<boolean> {
  const row = await getDb()
    .selectFrom('two_factor')
    .leftJoin('session_state', (join) =>
      join.on('session_state.sessionId', '=', sessionId).on('session_state.userId', '=', userId),
    )
    .select(['session_state.secondFactorAt as provenAt'])
    .where('two_factor.userId', '=', userId)
    .where('two_factor.enabledAt', 'is not', null)
    .executeTakeFirst()
  return !!row && !row.provenAt
}

// ---------------------------------------------------------------------------------------
// Policy: a second factor required for admins

const POLICY_ID = 'main'

export async function isAdminTwoFactorRequired(): Promise<boolean> {
  const row = await getDb()
    .selectFrom('security_policy')
    .select(['requireAdminTwoFactor'])
    .where('id', '=', POLICY_ID)
    .executeTakeFirst()
  return row?.requireAdminTwoFactor === 1
}

export async function setAdminTwoFactorRequired(required: boolean, by: string): Promise<void> {
  const now = nowIso()
  const value = required ? 1 : 0
  await getDb()
    .insertInto('security_policy')
    .values({ id: POLICY_ID, requireAdminTwoFactor: value, updatedAt: now, updatedBy: by })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ requireAdminTwoFactor: value, updatedAt: now, updatedBy: by }),
    )
    .execute()
}

/** An admin who must enrol before reaching the hub (policy on, no second factor yet). */
export async function mustEnrolTwoFactor(user: { id: string; role: string }): Promise<boolean> {
  if (user.role !== 'admin') return false
  return (await isAdminTwoFactorRequired()) && !(await hasTwoFactor(user.id))
}
