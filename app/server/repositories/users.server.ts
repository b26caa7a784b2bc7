// Users live in Better Auth's `user` table: avatar is `image`; role, status
// and lastLogin are our columns. Admin-created accounts have no password until they
// register or sign in with a provider.
import type { Kysely, Selectable } from 'kysely'
import { DUPLICATE_EMAIL, UserFormSchema, type UserFormData } from '#app/domain/user.ts'
import {
  USER_ROLES,
  USER_STATUSES,
  type User,
  type UserRole,
  type UserStatus,
} from '#app/domain/types.ts'
import type { UserTable } from '#app/server/db/auth-schema.server.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { isUniqueViolation } from '#app/server/db/dialect.server.ts'
import type { Database } from '#app/server/db/schema.server.ts'
import { createId, nowIso } from '#app/server/db/util.server.ts'
import { parseOrThrow, ValidationError } from '#app/server/http/errors.server.ts'
import { firstRow } from './collection.server.ts'

const COLUMNS = [
  'id',
  'name',
  'email',
  'image',
  'role',
  'status',
  'lastLogin',
  'createdAt',
] as const

type UserRow = Pick<Selectable<UserTable>, (typeof COLUMNS)[number]>

function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: (USER_ROLES as readonly string[]).includes(row.role) ? (row.role as UserRole) : 'viewer',
    status: (USER_STATUSES as readonly string[]).includes(row.status)
      ? (row.status as UserStatus)
      : 'inactive',
    ...(row.image ? { avatar: row.image } : {}),
    ...(row.lastLogin ? { lastLogin: row.lastLogin } : {}),
    createdAt: row.createdAt,
  }
}

/** Oldest first, so the first admin heads the list. */
export async function listUsers(): Promise<User[]> {
  const rows = await getDb()
    .selectFrom('user')
    .select(COLUMNS)
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .execute()
  return rows.map(toUser)
}

export async function getUser(id: string): Promise<User | undefined> {
  return firstRow(getDb().selectFrom('user').select(COLUMNS).where('id', '=', id), toUser)
}

export async function getUserByEmail(email: string): Promise<User | undefined> {
  return firstRow(
    getDb().selectFrom('user').select(COLUMNS).where('email', '=', email.trim().toLowerCase()),
    toUser,
  )
}

async function assertEmailFree(db: Kysely<Database>, email: string, exceptId?: string) {
  let query = db.selectFrom('user').select('id').where('email', '=', email)
  if (exceptId) query = query.where('id', '!=', exceptId)
  if (await query.executeTakeFirst()) throw new ValidationError({ email: DUPLICATE_EMAIL })
}

/** A unique-constraint race (two saves at once) reads as the same French error. */
function rethrowDuplicate(error: unknown): never {
  if (isUniqueViolation(error, 'user', 'email'))
    throw new ValidationError({ email: DUPLICATE_EMAIL })
  throw error
}

/** Admin-created account: e-mail not verified, no password (ADR 015). */
export async function createUser(input: unknown): Promise<User> {
  const data = parseOrThrow(UserFormSchema, input)
  const db = getDb()
  await assertEmailFree(db, data.email)
  const now = nowIso()
  const row = {
    id: createId(),
    name: data.name,
    email: data.email,
    emailVerified: 0,
    image: data.avatar ?? null,
    role: data.role,
    status: data.status,
    lastLogin: null,
    createdAt: now,
    updatedAt: now,
  }
  await db.insertInto('user').values(row).execute().catch(rethrowDuplicate)
  return toUser(row)
}

/**
 * Partial update: merged over the current values and validated as a whole. A status that
 * becomes inactive or blocked ends that user's sessions in the same transaction.
 */
export async function updateUser(id: string, patch: unknown): Promise<User | undefined> {
  const current = await getUser(id)
  if (!current) return undefined
  const changes = typeof patch === 'object' && patch !== null ? patch : {}
  const base: Record<string, unknown> = {
    name: current.name,
    email: current.email,
    role: current.role,
    status: current.status,
    avatar: current.avatar,
  }
  const data: UserFormData = parseOrThrow(UserFormSchema, { ...base, ...changes })
  return getDb()
    .transaction()
    .execute(async (trx) => {
      await assertEmailFree(trx, data.email, id)
      await trx
        .updateTable('user')
        .set({
          name: data.name,
          email: data.email,
          image: data.avatar ?? null,
          role: data.role,
          status: data.status,
          updatedAt: nowIso(),
        })
        .where('id', '=', id)
        .execute()
        .catch(rethrowDuplicate)
      if (data.status !== 'active') {
        await trx.deleteFrom('session').where('userId', '=', id).execute()
      }
      return firstRow(trx.selectFrom('user').select(COLUMNS).where('id', '=', id), toUser)
    })
}

/** Removes the user; sessions and accounts go with it (foreign keys cascade). */
export async function deleteUser(id: string): Promise<boolean> {
  const result = await getDb().deleteFrom('user').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/**
 * Active admins: the last one must not be demoted, blocked or deleted; ADMIN_EMAIL counts
 * only while there is none (ADR 010). `db` lets Better Auth's hooks use their own handle.
 */
export async function countActiveAdmins(db: Kysely<Database> = getDb()): Promise<number> {
  const row = await db
    .selectFrom('user')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
