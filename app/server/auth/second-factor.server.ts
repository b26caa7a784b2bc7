// The second step of a sign-in (ADR 025): a session that signed in (password, Google or
// Facebook) proves the TOTP code or a recovery code before it counts. Attempts are limited
// per user and per address, like the password form (rate-limit.server.ts).
import { TWO_FACTOR_TEXTS } from '#app/domain/two-factor.ts'
import { recordActivity } from '../activity/activity.server.ts'
import { getClientIp } from '../http/client-ip.server.ts'
import { clearKey, hit, isOver, retryAfterSeconds } from '../rate-limit/rate-limit.server.ts'
import { checkSecondFactor, markSessionVerified } from './two-factor.server.ts'

const MINUTE = 60_000
/**
 * Wrong codes per user (per 15 minutes, and per day: someone who already holds the password
 * gets ~30 guesses a day, about 1 chance in 11,000 a day of hitting one of the 3 codes
 * accepted at a time), and attempts per address (figures of ours, ADR 023).
 */
export const SECOND_FACTOR_LIMITS = {
  user: { limit: 5, windowMs: 15 * MINUTE },
  userDaily: { limit: 30, windowMs: 24 * 60 * MINUTE },
  address: { limit: 30, windowMs: 15 * MINUTE },
} as const

const keys = (request: Request, userId: string) => ({
  user: `second-factor:user:${userId}`,
  userDaily: `second-factor:user-day:${userId}`,
  address: `second-factor:ip:${getClientIp(request)}`,
})

export type SecondFactorOutcome =
  | { ok: true; method: 'totp' | 'recovery' }
  | { ok: false; error: string; status: number; retryAfter?: number }

/** Counts and checks a code typed by the user, for a session or a sensitive change. */
export async function attemptSecondFactor(
  request: Request,
  user: { id: string; email: string },
  code: string,
  nowMs = Date.now(),
): Promise<SecondFactorOutcome> {
  const k = keys(request, user.id)
  const blocked = [
    (await hit(k.address, SECOND_FACTOR_LIMITS.address, nowMs)) ? null : k.address,
    (await isOver(k.user, SECOND_FACTOR_LIMITS.user, nowMs)) ? k.user : null,
    (await isOver(k.userDaily, SECOND_FACTOR_LIMITS.userDaily, nowMs)) ? k.userDaily : null,
  ].filter((key): key is string => key !== null)
  if (blocked.length > 0) {
    return {
      ok: false,
      error: TWO_FACTOR_TEXTS.tooManyAttempts,
      status: 429,
      retryAfter: Math.max(
        ...(await Promise.all(blocked.map((key) => retryAfterSeconds(key, nowMs)))),
      ),
    }
  }
  const method = await checkSecondFactor(user.id, code)
  if (!method) {
    await hit(k.user, SECOND_FACTOR_LIMITS.user, nowMs)
    await hit(k.userDaily, SECOND_FACTOR_LIMITS.userDaily, nowMs)
    await recordActivity(request, {
      actor: { id: user.id, email: user.email },
      action: 'login',
      resourceType: 'admin',
      details: 'Échec de la double authentification : code invalide',
    })
    return { ok: false, error: TWO_FACTOR_TEXTS.codeInvalid, status: 401 }
  }
  await clearKey(k.user)
  await clearKey(k.userDaily)
  return { ok: true, method }
}

/** Completes a pending sign-in with a valid code. */
export async function completeSignIn(
  request: Request,
  pending: { user: { id: string; email: string }; session: { id: string } },
  code: string,
): Promise<SecondFactorOutcome> {
  const outcome = await attemptSecondFactor(request, pending.user, code)
  if (!outcome.ok) return outcome
  await markSessionVerified(pending.session.id, pending.user.id)
  await recordActivity(request, {
    actor: { id: pending.user.id, email: pending.user.email },
    action: 'login',
    resourceType: 'admin',
    resourceId: pending.session.id,
    details:
      outcome.method === 'recovery'
        ? 'Connexion confirmée par un code de récupération'
        : 'Connexion confirmée par la double authentification',
  })
  return outcome
}

/** Whether a user's enrolment attempts are over the limit (counts against the address). */
export async function enrolmentLimited(request: Request, userId: string): Promise<boolean> {
  const k = keys(request, userId)
  return (
    !(await hit(k.address, SECOND_FACTOR_LIMITS.address)) ||
    (await isOver(k.user, SECOND_FACTOR_LIMITS.user))
  )
}

export async function countEnrolmentFailure(request: Request, userId: string): Promise<void> {
  await hit(keys(request, userId).user, SECOND_FACTOR_LIMITS.user)
}
