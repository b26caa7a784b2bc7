// The first admin, never a default password (ADR 010): while no active admin exists, the
// server prints a one-time setup link at start-up. Only a hash of its random token is stored
// (in Better Auth's `verification` table); it expires after 24 h and works once.
// One link per database (ADR 010, amended): the row also holds the token encrypted with the
// auth secret, so every server that starts while it is unexpired prints the same link (two
// servers starting together, a rolling restart) instead of replacing the one the owner holds.
import {
  createCipheriv,
  createDecipheriv,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto'
import type { Env } from '../core/env.server.ts'
import { getDb } from '../db/client.server.ts'
import { createId, nowIso } from '../db/util.server.ts'
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
    const stored = Buffer.from(storedHash(row.value), 'hex')
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

/** `<sha256 hex>` (issueSetupToken, other tokens) or `<sha256 hex>.<sealed token>`. */
function storedHash(value: string): string {
  return value.split('.', 1)[0] ?? ''
}

function sealKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'vitrine', SETUP_IDENTIFIER, 32))
}

/** AES-256-GCM under a key derived from the auth secret: iv.tag.ciphertext, base64url. */
function seal(token: string, secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret), iv)
  const data = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()])
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.')
}

function unseal(sealed: string, secret: string): string | undefined {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'))
  if (!iv || !tag || !data) return undefined
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(secret), iv)
    decipher.setAuthTag(tag)
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8')
  } catch {
    // Sealed under another secret (BETTER_AUTH_SECRET changed): a new link replaces it.
    return undefined
  }
}

/**
 * The setup token to print: the unexpired one already in the database when this secret can
 * open it, otherwise a new one (replacing any other). One transaction: on PostgreSQL every
 * transaction takes the same advisory lock (ADR 028), so two servers starting at once
 * cannot both create one. `created` says which happened.
 */
export async function setupTokenToPrint(
  secret: string,
  now = Date.now(),
): Promise<{ token: string; created: boolean; expiresAt: string }> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const rows = await trx
        .selectFrom('verification')
        .select(['value', 'expiresAt'])
        .where('identifier', '=', SETUP_IDENTIFIER)
        .execute()
      for (const row of rows) {
        if (Date.parse(row.expiresAt) <= now) continue
        const sealed = row.value.slice(storedHash(row.value).length + 1)
        const token = sealed ? unseal(sealed, secret) : undefined
        if (token && sha256(token) === storedHash(row.value))
          return { token, created: false, expiresAt: row.expiresAt }
      }
      const token = randomBytes(32).toString('base64url')
      const stamp = new Date(now).toISOString()
      const expiresAt = new Date(now + SETUP_TOKEN_TTL_MS).toISOString()
      await trx.deleteFrom('verification').where('identifier', '=', SETUP_IDENTIFIER).execute()
      await trx
        .insertInto('verification')
        .values({
          id: createId(),
          identifier: SETUP_IDENTIFIER,
          value: `${sha256(token)}.${seal(token, secret)}`,
          expiresAt,
          createdAt: stamp,
          updatedAt: stamp,
        })
        .execute()
      return { token, created: true, expiresAt }
    })
}

/** Start-up hook: print the one-time link while no active admin exists. */
export async function printFirstAdminLink(env: Env): Promise<void> {
  if (await hasActiveAdmin()) return
  const { token, created, expiresAt } = await setupTokenToPrint(env.BETTER_AUTH_SECRET)
  // UTC, without Intl: ICU stays unloaded at start-up (ADR 041).
  const until = `${expiresAt.slice(0, 16).replace('T', ' à ')} UTC`
  // Written straight to stdout whatever LOG_LEVEL says: it is the only way in on a fresh
  // install. (README: "Premier administrateur".)
  process.stdout.write(
    `\nAucun administrateur pour l'instant.\n` +
      `Créez le premier administrateur : ${setupLink(env, token)}\n` +
      (created
        ? `(lien à usage unique, valable 24 h ; autres moyens : ADMIN_EMAIL ou npm run admin:create)\n\n`
        : `(le même lien que lors du premier démarrage, à usage unique, valable jusqu'au ${until} ; autres moyens : ADMIN_EMAIL ou npm run admin:create)\n\n`),
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
