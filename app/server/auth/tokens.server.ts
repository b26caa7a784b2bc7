// Single-use secret links (first-admin setup, invitations): a random token goes into the
// link, only its SHA-256 is stored, in Better Auth's `verification` table, under an
// identifier that says what it is for.
import { createHash, randomBytes } from 'node:crypto'
import { getDb } from '../db/client.server.ts'
import { createId } from '../db/util.server.ts'

/** What a well-formed token looks like (checked before any lookup). */
export const TOKEN_FORMAT = /^[A-Za-z0-9_-]{20,100}$/

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** Stores a fresh token for `identifier` (any earlier one stops working); returns it. */
export async function issueToken(identifier: string, ttlMs: number, now = Date.now()) {
  const token = randomBytes(32).toString('base64url')
  const stamp = new Date(now).toISOString()
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom('verification').where('identifier', '=', identifier).execute()
      await trx
        .insertInto('verification')
        .values({
          id: createId(),
          identifier,
          value: sha256(token),
          expiresAt: new Date(now + ttlMs).toISOString(),
          createdAt: stamp,
          updatedAt: stamp,
        })
        .execute()
    })
  return token
}
