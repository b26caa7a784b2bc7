import { describe, expect, it } from 'vitest'
import { createTestUser } from '../../../tests/fixtures/auth.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import {
  countActiveAdmins,
  createUser,
  deleteUser,
  getUser,
  getUserByEmail,
  listUsers,
  updateUser,
} from './users.server.ts'

// A Vitest fixture, not a React hook (eslint's hook rule only knows the name).

const db = useTestDatabase()

async function addSession(userId: string) {
  const now = new Date().toISOString()
  const id = `s-${Math.random().toString(36).slice(2)}`
  await db.current.db
    .insertInto('session')
    .values({
      id,
      token: id,
      userId,
      expiresAt: now,
      createdAt: now,
      updatedAt: now,
      ipAddress: null,
      userAgent: null,
    })
    .execute()
}

async function countSessions(userId: string) {
  const rows = await db.current.db
    .selectFrom('session')
    .select('id')
    .where('userId', '=', userId)
    .execute()
  return rows.length
}

describe('users repository', () => {
  it('creates an admin-made account with defaults, lower-cased e-mail, unverified', async () => {
    const before = Date.now()
    const user = await createUser({ name: 'Léa', email: 'Lea@Exemple.FR' })
    expect(user).toMatchObject({
      name: 'Léa',
      email: 'lea@exemple.fr',
      role: 'viewer',
      status: 'active',
    })
    expect(user.avatar).toBeUndefined()
    expect(user.lastLogin).toBeUndefined()
    expect(Date.parse(user.createdAt)).toBeGreaterThanOrEqual(before - 1)
    const row = await db.current.db
      .selectFrom('user')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row.emailVerified).toBe(0)
    expect(row.updatedAt).toBe(row.createdAt)
    expect(await getUser(user.id)).toEqual(user)
    expect(await getUserByEmail('  LEA@exemple.fr ')).toEqual(user)
    expect(await getUser('missing')).toBeUndefined()
  })

  it('stores the avatar in image and lists oldest first', async () => {
    const a = await createUser({
      name: 'A',
      email: 'a@exemple.fr',
      role: 'admin',
      avatar: 'https://exemple.fr/a.png',
    })
    await db.current.db
      .updateTable('user')
      .set({ createdAt: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', a.id)
      .execute()
    const b = await createUser({
      name: 'B',
      email: 'b@exemple.fr',
      role: 'editor',
      status: 'blocked',
    })
    const list = await listUsers()
    expect(list.map((u) => u.id)).toEqual([a.id, b.id])
    expect(list[0]!.avatar).toBe('https://exemple.fr/a.png')
    expect(list[1]).toMatchObject({ role: 'editor', status: 'blocked' })
  })

  it('refuses a duplicate e-mail (any case) and invalid input, writing nothing', async () => {
    await createUser({ name: 'Léa', email: 'lea@exemple.fr' })
    await expect(createUser({ name: 'Autre', email: 'LEA@exemple.fr' })).rejects.toMatchObject({
      fieldErrors: { email: 'Cette adresse e-mail est déjà utilisée' },
    })
    await expect(
      createUser({ name: '', email: 'x@exemple.fr', role: 'root' }),
    ).rejects.toMatchObject({
      fieldErrors: { name: 'Le nom est requis', role: 'Rôle invalide' },
    })
    await expect(
      createUser({ name: 'X', email: 'x', status: 'gone', avatar: 'pas une url' }),
    ).rejects.toMatchObject({
      fieldErrors: {
        email: 'Adresse e-mail invalide',
        status: 'Statut invalide',
        avatar: 'URL invalide',
      },
    })
    expect(await listUsers()).toHaveLength(1)
  })

  it('updates partially, refusing an e-mail taken by someone else', async () => {
    const lea = await createUser({
      name: 'Léa',
      email: 'lea@exemple.fr',
      avatar: 'https://exemple.fr/l.png',
    })
    await createUser({ name: 'Max', email: 'max@exemple.fr' })
    const updated = await updateUser(lea.id, { role: 'editor' })
    expect(updated).toMatchObject({
      name: 'Léa',
      email: 'lea@exemple.fr',
      role: 'editor',
      avatar: 'https://exemple.fr/l.png',
    })
    // Same e-mail as before is fine; clearing the avatar removes it.
    expect(await updateUser(lea.id, { email: 'LEA@exemple.fr', avatar: '' })).not.toHaveProperty(
      'avatar',
    )
    await expect(updateUser(lea.id, { email: 'max@exemple.fr' })).rejects.toMatchObject({
      fieldErrors: { email: 'Cette adresse e-mail est déjà utilisée' },
    })
    await expect(updateUser(lea.id, { name: ' ' })).rejects.toMatchObject({
      fieldErrors: { name: 'Le nom est requis' },
    })
    expect(await getUser(lea.id)).toMatchObject({
      name: 'Léa',
      email: 'lea@exemple.fr',
      role: 'editor',
    })
    expect(await updateUser('missing', { name: 'X' })).toBeUndefined()
  })

  it('blocking or deactivating ends the sessions; other edits keep them', async () => {
    const lea = await createUser({ name: 'Léa', email: 'lea@exemple.fr' })
    const max = await createUser({ name: 'Max', email: 'max@exemple.fr' })
    await addSession(lea.id)
    await addSession(lea.id)
    await addSession(max.id)
    await updateUser(lea.id, { name: 'Léa B.' })
    expect(await countSessions(lea.id)).toBe(2)
    await updateUser(lea.id, { status: 'blocked' })
    expect(await countSessions(lea.id)).toBe(0)
    expect(await countSessions(max.id)).toBe(1)
    await updateUser(max.id, { status: 'inactive' })
    expect(await countSessions(max.id)).toBe(0)
  })

  it('deletes the user with their sessions and accounts', async () => {
    // The shared driver writes the user with a password account.
    const lea = await createTestUser({ name: 'Léa', email: 'lea@exemple.fr' })
    await addSession(lea.id)
    expect(await db.current.db.selectFrom('account').select('userId').execute()).toEqual([
      { userId: lea.id },
    ])
    expect(await deleteUser(lea.id)).toBe(true)
    expect(await deleteUser(lea.id)).toBe(false)
    expect(await countSessions(lea.id)).toBe(0)
    expect(await db.current.db.selectFrom('account').select('id').execute()).toEqual([])
  })

  it('counts active admins only', async () => {
    expect(await countActiveAdmins()).toBe(0)
    await createUser({ name: 'A', email: 'a@exemple.fr', role: 'admin' })
    await createUser({ name: 'B', email: 'b@exemple.fr', role: 'admin', status: 'blocked' })
    await createUser({ name: 'C', email: 'c@exemple.fr', role: 'admin', status: 'inactive' })
    await createUser({ name: 'D', email: 'd@exemple.fr', role: 'editor' })
    expect(await countActiveAdmins()).toBe(1)
  })
})
