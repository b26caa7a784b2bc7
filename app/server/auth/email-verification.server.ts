// What an account's address is trusted for (ADR 082): nothing keyed on an e-mail address
// (visitors' contact messages, ADMIN_EMAIL, the CV for verified addresses) is handed out or
// granted before the address is proven. Proof: a link we e-mailed and its owner opened,
// Google's `email_verified`, a password-reset link, or an operator who vouched for it (setup
// link, `admin:create`, an invitation link).
import { ADDRESS_CONFIRMED_PATH } from '#app/domain/account.ts'
import { log } from '../core/log.server.ts'
import { getDb } from '../db/client.server.ts'
import { isMailConfigured } from '../mail/mail.server.ts'
import { getAuth } from './auth.server.ts'

/** Whether the account's address is proven. */
export async function isEmailVerified(userId: string): Promise<boolean> {
  const row = await getDb()
    .selectFrom('user')
    .select('emailVerified')
    .where('id', '=', userId)
    .executeTakeFirst()
  return !!row?.emailVerified
}

/**
 * After a password sign-up: the confirmation link, through the outbox, when this site sends
 * e-mail. `sessionCookies` are the new session's, so Better Auth sends it for that account.
 * A failure is logged and never undoes the sign-up: « Mon compte » sends the link again.
 */
export async function sendSignUpVerification(email: string, sessionCookies: Headers) {
  if (!isMailConfigured()) return
  const cookie = sessionCookies
    .getSetCookie()
    .map((c) => c.split(';', 1)[0])
    .join('; ')
  try {
    await (
      await getAuth()
    ).api.sendVerificationEmail({
      body: { email, callbackURL: ADDRESS_CONFIRMED_PATH },
      headers: new Headers({ cookie }),
    })
  } catch (error) {
    log.warn("Lien de confirmation d'adresse non envoyé", {
      error: error instanceof Error ? error.message : String(error),
    })
  }
}
