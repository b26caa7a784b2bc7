// 'Code oublié ?' (ADR 019) on Better Auth's reset flow: our pages (/forgot-password,
// /reset-password) call its server API; /api/auth stays closed. The answer to a request is
// the same whether the address exists or not; requests are rate-limited per address and per
// client; a used or expired link is refused; every session of the user ends after a reset.
import { AUTH_TEXTS } from '#app/domain/auth.ts'
import { MAIL_TEXTS } from '#app/domain/mail.ts'
import { recordOwnAccountActivity } from '../activity/activity.server.ts'
import { getClientIp } from '../http/client-ip.server.ts'
import { getDb } from '../db/client.server.ts'
import { log } from '../core/log.server.ts'
import { isMailConfigured } from '../mail/mail.server.ts'
import { kickMailWorker } from '../mail/worker.server.ts'
import { hit, type RateLimitRule } from '../rate-limit/rate-limit.server.ts'
import { getAuth } from './auth.server.ts'

const MINUTE = 60_000
export const RESET_RATE_LIMITS = {
  /** Link requests per client address. */
  address: { limit: 10, windowMs: 15 * MINUTE },
  /** Link requests per e-mail address (a mailbox cannot be flooded). */
  account: { limit: 3, windowMs: 15 * MINUTE },
  /** New-password submissions per client address. */
  submit: { limit: 20, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimitRule>

export type ResetRequestOutcome =
  { ok: true; message: string } | { ok: false; error: string; status: number }

export async function requestPasswordReset(
  request: Request,
  email: string,
): Promise<ResetRequestOutcome> {
  const address = email.trim().toLowerCase()
  // The address first: a request it refuses sends nothing, so it must not use up the mailbox's
  // quota either (else anyone could keep the owner from ever getting a link), and it creates no
  // per-mailbox bucket; those an address creates count against its cap (ADR 023).
  const ip = getClientIp(request)
  const now = Date.now()
  const refused =
    !(await hit(`reset:ip:${ip}`, RESET_RATE_LIMITS.address, now, { owner: ip })) ||
    !(await hit(`reset:account:${address}`, RESET_RATE_LIMITS.account, now, { owner: ip }))
  if (refused) return { ok: false, error: AUTH_TEXTS.tooManyAttempts, status: 429 }
  // Says nothing about the account: the site cannot send any e-mail at all.
  if (!isMailConfigured()) return { ok: false, error: MAIL_TEXTS.forgotNotConfigured, status: 503 }
  try {
    await (await getAuth()).api.requestPasswordReset({ body: { email: address } })
    kickMailWorker()
  } catch (error) {
    // Logged, never shown: the answer stays the same.
    log.error('Réinitialisation : la demande a échoué', {
      error: error instanceof Error ? error.message : String(error),
    })
  }
  return { ok: true, message: MAIL_TEXTS.forgotSent }
}

/** The user a valid, unexpired, unused reset token belongs to. */
export async function findResetUser(token: string): Promise<string | undefined> {
  if (!/^[A-Za-z0-9_-]{10,200}$/.test(token)) return undefined
  const ctx = await (await getAuth()).$context
  const verification = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`)
  if (!verification || new Date(verification.expiresAt).getTime() <= Date.now()) return undefined
  return verification.value
}

export type ResetOutcome = { ok: true } | { ok: false; error: string; status: number }

export async function resetPassword(
  request: Request,
  token: string,
  newPassword: string,
): Promise<ResetOutcome> {
  if (!(await hit(`reset:submit:${getClientIp(request)}`, RESET_RATE_LIMITS.submit)))
    return { ok: false, error: AUTH_TEXTS.tooManyAttempts, status: 429 }
  const userId = await findResetUser(token)
  if (!userId) return { ok: false, error: MAIL_TEXTS.resetInvalid, status: 400 }
  try {
    // Better Auth consumes the token, stores the hash and deletes every session (one
    // transaction), then onPasswordReset marks the address proven.
    await (await getAuth()).api.resetPassword({ body: { token, newPassword } })
  } catch {
    return { ok: false, error: MAIL_TEXTS.resetInvalid, status: 400 }
  }
  const user = await getDb()
    .selectFrom('user')
    .select(['id', 'email', 'name'])
    .where('id', '=', userId)
    .executeTakeFirst()
  if (user)
    await recordOwnAccountActivity(
      request,
      user,
      'update',
      'Code réinitialisé par le lien reçu par e-mail ; toutes les sessions sont fermées',
    )
  return { ok: true }
}
