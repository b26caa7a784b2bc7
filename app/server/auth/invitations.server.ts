// Invitations for users an admin creates in the Users tab (ADR 015). The site sends no
// e-mail, so a password sign-up cannot prove that the person owns the address: the admin
// hands the invitee a single-use link instead, and only that link lets a password claim the
// pre-created user and its role. Google and Facebook prove the address themselves and claim
// it without a link. Like the first-admin setup link, only a hash of the random token is
// stored, in Better Auth's `verification` table.
import type { Env } from '../core/env.server.ts'
import { getDb } from '../db/client.server.ts'
import { issueToken, sha256, TOKEN_FORMAT } from './tokens.server.ts'

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000
const PREFIX = 'invitation:'

/** A fresh link token for the user (any earlier one stops working). */
export function issueInvitation(userId: string, now = Date.now()): Promise<string> {
  return issueToken(PREFIX + userId, INVITATION_TTL_MS, now)
}

/** The invited user's id for a valid, unexpired token; undefined otherwise. */
export async function findInvitation(token: string, now = Date.now()): Promise<string | undefined> {
  if (!TOKEN_FORMAT.test(token)) return undefined
  // The lookup is by hash: timing reveals nothing about the token itself.
  const row = await getDb()
    .selectFrom('verification')
    .select(['identifier', 'expiresAt'])
    .where('value', '=', sha256(token))
    .where('identifier', 'like', `${PREFIX}%`)
    .executeTakeFirst()
  if (!row || Date.parse(row.expiresAt) <= now) return undefined
  return row.identifier.slice(PREFIX.length)
}

/** Uses the token up for that user; true only for the one caller that consumed it. */
export async function consumeInvitation(
  token: string,
  userId: string,
  now = Date.now(),
): Promise<boolean> {
  if ((await findInvitation(token, now)) !== userId) return false
  const result = await getDb()
    .deleteFrom('verification')
    .where('identifier', '=', PREFIX + userId)
    .where('value', '=', sha256(token))
    .executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

/** Drops the user's pending invitation (user deleted, or claimed another way). */
export async function revokeInvitation(userId: string): Promise<void> {
  await getDb()
    .deleteFrom('verification')
    .where('identifier', '=', PREFIX + userId)
    .execute()
}

export function invitationLink(env: Pick<Env, 'PUBLIC_URL'>, token: string): string {
  return `${env.PUBLIC_URL}/register?invitation=${token}`
}

/** Which of these users have no way to sign in yet (no password, no Google/Facebook). */
export async function usersWithoutAccount(userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set()
  const rows = await getDb()
    .selectFrom('account')
    .select('userId')
    .where('userId', 'in', userIds)
    .execute()
  const withAccount = new Set(rows.map((r) => r.userId))
  return new Set(userIds.filter((id) => !withAccount.has(id)))
}
