// The session secret on a shared database (ADR 033). Every app server must sign
// and check sessions, device cookies, toasts and two-factor secrets with the same secret. A
// file in each server's DATA_DIR would differ from server to server, so on PostgreSQL
// without BETTER_AUTH_SECRET the secret lives in the database: the first server to start
// creates it (INSERT … ON CONFLICT DO NOTHING), every server reads the one that won.
// BETTER_AUTH_SECRET, when set, always wins (and keeps the secret out of database dumps).
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.server.ts'
import { nowIso } from '../db/util.server.ts'
import type { Env } from '../core/env.server.ts'

const AUTH_SECRET = 'auth'

/** The database's session secret, created by the first caller. */
export async function sharedAuthSecret(db: Kysely<Database>): Promise<string> {
  await db
    .insertInto('shared_secret')
    .values({
      name: AUTH_SECRET,
      value: randomBytes(32).toString('base64url'),
      createdAt: nowIso(),
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
  const value = await storedAuthSecret(db)
  if (value === undefined) throw new Error('No auth secret in shared_secret after its insert')
  return value
}

/** Stores `value` as the database's session secret (a site moved by `npm run db:copy`). */
export async function storeAuthSecret(db: Kysely<Database>, value: string): Promise<void> {
  await db
    .insertInto('shared_secret')
    .values({ name: AUTH_SECRET, value, createdAt: nowIso() })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute()
}

/** The database's session secret, if one was created (read only: a render thread, ADR 056). */
export async function storedAuthSecret(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db
    .selectFrom('shared_secret')
    .select('value')
    .where('name', '=', AUTH_SECRET)
    .executeTakeFirst()
  return row?.value
}

/** Start-up: fills in `env.BETTER_AUTH_SECRET` from the database when it was not set. */
export async function resolveAuthSecret(env: Env, db: Kysely<Database>): Promise<void> {
  if (env.BETTER_AUTH_SECRET) return
  env.BETTER_AUTH_SECRET = await sharedAuthSecret(db)
}
