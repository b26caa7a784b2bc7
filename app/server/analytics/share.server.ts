// The statistics' read-only share link (ADR 096): one secret key at a time, stored only as its
// SHA-256 hash in analytics_state, compared in constant time, revoked by deleting it. Creating
// a new link revokes the previous one.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import { isShareKeyShaped } from '#app/domain/statistics-share.ts'
import { getDb } from '../db/client.server.ts'
import type { Database } from '../db/schema.server.ts'
import { parseJson } from '../db/util.server.ts'
import { readState, writeState } from './store.server.ts'

const SHARE_STATE = 'share'

interface StoredShare {
  hash: string
  createdAt: string
}

const digest = (key: string) => createHash('sha256').update(key).digest()

async function stored(db: Kysely<Database>): Promise<StoredShare | null> {
  const value = parseJson<Partial<StoredShare> | null>(await readState(SHARE_STATE, db), null)
  return typeof value?.hash === 'string' && typeof value.createdAt === 'string'
    ? { hash: value.hash, createdAt: value.createdAt }
    : null
}

/** A new key (returned once, never stored in clear); the previous link stops working. */
export async function createShareKey(
  now = new Date(),
  db: Kysely<Database> = getDb(),
): Promise<string> {
  const key = randomBytes(32).toString('base64url')
  const share: StoredShare = { hash: digest(key).toString('hex'), createdAt: now.toISOString() }
  await writeState(SHARE_STATE, JSON.stringify(share), db)
  return key
}

export async function revokeShareKey(db: Kysely<Database> = getDb()): Promise<void> {
  await db.deleteFrom('analytics_state').where('key', '=', SHARE_STATE).execute()
}

/** When the active link was made, or null when there is none. */
export async function activeShare(
  db: Kysely<Database> = getDb(),
): Promise<{ createdAt: string } | null> {
  const share = await stored(db)
  return share ? { createdAt: share.createdAt } : null
}

/** Whether `key` opens the shared dashboard now. */
export async function shareKeyValid(
  key: unknown,
  db: Kysely<Database> = getDb(),
): Promise<boolean> {
  if (!isShareKeyShaped(key)) return false
  const share = await stored(db)
  if (!share) return false
  const expected = Buffer.from(share.hash, 'hex')
  const given = digest(key)
  return expected.length === given.length && timingSafeEqual(expected, given)
}
