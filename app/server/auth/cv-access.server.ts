// Who may download the CV (ADR 018 amendment). With a sign-in required, the owner picks the
// accounts: any account, accounts whose e-mail is verified, or accounts the owner approved.
// Admins always may. Every route that serves the CV (download, preview, the /cv page) asks here.
import { CV_ACCESS_REFUSED_PATH } from '#app/domain/cv.ts'
import type { CvSettings } from '#app/domain/types.ts'
import { getDb } from '../db/client.server.ts'
import { nowIso } from '../db/util.server.ts'
import type { SessionUser } from './session.server.ts'
import { ValidationError } from '../http/errors.server.ts'
import { getAuth } from './auth.server.ts'
import { hit } from '../rate-limit/rate-limit.server.ts'

export type CvAccess = 'allowed' | 'login' | 'unverified' | 'unapproved'

export { CV_ACCESS_REFUSED_PATH }

export async function cvAccess(
  settings: CvSettings,
  user: Pick<SessionUser, 'id' | 'role'> | null,
): Promise<CvAccess> {
  if (!settings.requireAuth) return 'allowed'
  if (!user) return 'login'
  const audience = settings.audience ?? 'any'
  if (audience === 'any' || user.role === 'admin') return 'allowed'
  if (audience === 'verified') {
    const row = await getDb()
      .selectFrom('user')
      .select('emailVerified')
      .where('id', '=', user.id)
      .executeTakeFirst()
    return row?.emailVerified ? 'allowed' : 'unverified'
  }
  const approval = await getDb()
    .selectFrom('cv_approval')
    .select('userId')
    .where('userId', '=', user.id)
    .executeTakeFirst()
  return approval ? 'allowed' : 'unapproved'
}

export interface CvApprovalEntry {
  id: string
  name: string
  email: string
  emailVerified: boolean
  approved: boolean
}

/** Every account but admins (who always may), with its approval, for the CV tab. */
export async function listCvApprovals(): Promise<CvApprovalEntry[]> {
  const rows = await getDb()
    .selectFrom('user')
    .leftJoin('cv_approval', 'cv_approval.userId', 'user.id')
    .select([
      'user.id',
      'user.name',
      'user.email',
      'user.emailVerified',
      'cv_approval.userId as approvedId',
    ])
    .where('user.role', '!=', 'admin')
    .orderBy('user.email')
    .limit(500)
    .execute()
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    emailVerified: row.emailVerified === 1,
    approved: row.approvedId !== null,
  }))
}

/** Approves (or withdraws) one account; refuses an unknown one in French. */
export async function setCvApproval(
  userId: unknown,
  approved: boolean,
  approvedBy: string,
): Promise<{ email: string }> {
  const id = typeof userId === 'string' ? userId.slice(0, 64) : ''
  const user = id
    ? await getDb()
        .selectFrom('user')
        .select(['id', 'email'])
        .where('id', '=', id)
        .executeTakeFirst()
    : undefined
  if (!user) throw new ValidationError({ userId: 'Compte introuvable' })
  if (approved) {
    await getDb()
      .insertInto('cv_approval')
      .values({ userId: user.id, approvedBy, approvedAt: nowIso() })
      .onConflict((oc) => oc.column('userId').doNothing())
      .execute()
  } else {
    await getDb().deleteFrom('cv_approval').where('userId', '=', user.id).execute()
  }
  return { email: user.email }
}

/** Links one account may ask for (each one is an e-mail to its address). */
export const VERIFICATION_REQUEST_LIMIT = { limit: 3, windowMs: 60 * 60_000 } as const

/**
 * Sends the signed-in account a link proving its address (through the outbox). 'sent', or
 * why not: already verified, or too many links asked for this hour. The link lands on
 * `callbackURL` (/cv here, /compte/adresse from « Mon compte », ADR 082).
 */
export async function requestEmailVerification(
  request: Request,
  user: Pick<SessionUser, 'id' | 'email'>,
  callbackURL = '/cv?verification=ok',
): Promise<'sent' | 'verified' | 'rate-limited'> {
  const row = await getDb()
    .selectFrom('user')
    .select('emailVerified')
    .where('id', '=', user.id)
    .executeTakeFirst()
  if (row?.emailVerified) return 'verified'
  if (!(await hit(`verify-email:${user.id}`, VERIFICATION_REQUEST_LIMIT))) return 'rate-limited'
  await (
    await getAuth()
  ).api.sendVerificationEmail({
    body: { email: user.email, callbackURL },
    headers: request.headers,
  })
  return 'sent'
}
