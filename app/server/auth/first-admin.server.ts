// The first admin, never a default password (ADR 010): while no active admin exists, the
// server prints a one-time setup link at start-up. Only a hash of its random token is stored
// (in Better Auth's `verification` table); it expires after 24 h and works once.
import { timingSafeEqual } from 'node:crypto'
import type { Env } from '../env.server.ts'
import { getDb } from '../db/client.server.ts'
import { nowIso } from '../db/util.server.ts'
import { issueToken, sha256, TOKEN_FORMAT } from './tokens.server.ts'

export const SETUP_IDENTIFIER = 'first-admin-setup'
export const SETUP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000

/** Whether an active admin exists, leaving `exceptUserId` out of the count. */
export async function hasActiveAdmin(exceptUserId?: string): Promise<boolean> {
  let query = getDb()
    .selectFrom('user')
    .select('id')
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
  if (exceptUserId) query = query.where('id', '!=', exceptUserId)
  const row = await query.executeTakeFirst()
  return !!row
}

/** A fresh token (any earlier one stops working); returns the token to print. */
export function issueSetupToken(now = Date.now()): Promise<string> {
  return issueToken(SETUP_IDENTIFIER, SETUP_TOKEN_TTL_MS, now)
}

/** The stored row matching the token (constant-time comparison), if valid and unexpired. */
async function findSetupRow(token: string, now: number) {
  if (!TOKEN_FORMAT.test(token)) return undefined
  const rows = await getDb()
    .selectFrom('verification')
    .select(['id', 'value', 'expiresAt'])
    .where('identifier', '=', SETUP_IDENTIFIER)
    .execute()
  const wanted = Buffer.from(sha256(token), 'hex')
  return rows.find((row) => {
    const stored = Buffer.from(row.value, 'hex')
    return (
      stored.length === wanted.length &&
      timingSafeEqual(stored, wanted) &&
      Date.parse(row.expiresAt) > now
    )
  })
}

/** Whether the link may be used now: valid token and still no active admin. */
export async function isSetupTokenValid(token: string, now = Date.now()): Promise<boolean> {
  if (await hasActiveAdmin()) return false
  return !!(await findSetupRow(token, now))
}

/**
 * Uses the token up; true only for the one caller that consumed a valid token. `forUserId` is
 * the account the setup form just created: with ADMIN_EMAIL naming that address it is already
 * an admin (ADR 010), which must not count as "an admin exists" against its own link.
 */
export async function consumeSetupToken(
  token: string,
  now = Date.now(),
  forUserId?: string,
): Promise<boolean> {
  if (await hasActiveAdmin(forUserId)) return false
  const row = await findSetupRow(token, now)
  if (!row) return false
  const result = await getDb()
    .deleteFrom('verification')
    .where('id', '=', row.id)
    .executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

export function setupLink(env: Pick<Env, 'PUBLIC_URL'>, token: string): string {
  return `${env.PUBLIC_URL}/setup/${token}`
}

/** Start-up hook: print the one-time link while no active admin exists. */
export async function printFirstAdminLink(env: Env): Promise<void> {
  if (await hasActiveAdmin()) return
  const token = await issueSetupToken()
  // Written straight to stdout whatever LOG_LEVEL says: it is the only way in on a fresh
  // install. (README: "Premier administrateur".)
  process.stdout.write(
    `\nAucun administrateur pour l'instant.\n` +
      `Créez le premier administrateur : ${setupLink(env, token)}\n` +
      `(lien à usage unique, valable 24 h ; autres moyens : ADMIN_EMAIL ou npm run admin:create)\n\n`,
  )
}

/**
 * Turns an existing user into an active admin (used after the setup form and by the CLI).
 * `emailProven`: the operator created this account (setup link, CLI), so its address counts
 * as proven (ADR 014, ADR 018's verified-address CV access).
 */
export async function promoteToAdmin(
  userId: string,
  options: { emailProven?: boolean } = {},
): Promise<void> {
  await getDb()
    .updateTable('user')
    .set({
      role: 'admin',
      status: 'active',
      updatedAt: nowIso(),
      ...(options.emailProven ? { emailVerified: 1 } : {}),
    })
    .where('id', '=', userId)
    .execute()
}
