// Better Auth's password-reset options (ADR 019): the link is e-mailed through
// the outbox, lasts 30 minutes, is stored hashed, serves once, and a reset ends every session
// of the user. Kept out of auth.server.ts so the flows (password-reset.server.ts) can import
// the auth instance without a cycle.
import { createHash } from 'node:crypto'
import { getDb } from '../db/client.server.ts'
import { nowIso } from '../db/util.server.ts'
import { getEnv } from '../core/env.server.ts'
import { queuePasswordReset } from '../mail/mail.server.ts'

export const RESET_TTL_SECONDS = 30 * 60

export function resetLink(token: string): string {
  return `${getEnv().PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`
}

export const PASSWORD_RESET_OPTIONS = {
  resetPasswordTokenExpiresIn: RESET_TTL_SECONDS,
  revokeSessionsOnPasswordReset: true,
  sendResetPassword: async ({
    user,
    token,
  }: {
    user: { id: string; email: string; name: string }
    token: string
  }) => {
    // A blocked or inactive account gets no link (the visitor sees the same answer).
    const row = await getDb()
      .selectFrom('user')
      .select('status')
      .where('id', '=', user.id)
      .executeTakeFirst()
    if (row?.status !== 'active') return
    await queuePasswordReset(user, resetLink(token), RESET_TTL_SECONDS * 1000)
  },
  onPasswordReset: async ({ user }: { user: { id: string } }) => {
    // The link reached the mailbox: the address is proven (ADR 014).
    await getDb()
      .updateTable('user')
      .set({ emailVerified: 1, updatedAt: nowIso() })
      .where('id', '=', user.id)
      .execute()
    // Every other link sent to that mailbox dies with the old password: an older e-mail
    // found later must not set a password again.
    await getDb()
      .deleteFrom('verification')
      .where('identifier', 'like', `${RESET_PREFIX}%`)
      .where('value', '=', user.id)
      .execute()
  },
}

const RESET_PREFIX = 'reset-password:'

/**
 * Reset tokens are stored hashed in `verification` (a database leak reveals no link), under
 * their prefix so that a reset can find and end the user's other links.
 */
export const VERIFICATION_STORAGE = {
  storeIdentifier: {
    default: 'plain' as const,
    overrides: {
      [RESET_PREFIX]: {
        hash: async (identifier: string) =>
          RESET_PREFIX + createHash('sha256').update(identifier).digest('base64url'),
      },
    },
  },
}
