// ADMIN_EMAIL bootstraps the first admin only (ADR 010): the account with that
// e-mail becomes admin while the site has no active admin, and gets nothing once one exists
// (anyone who knows the address could have registered it first).
import { getDb } from '#app/server/db/client.server.ts'
import type { TestUser } from '../../fixtures/auth.ts'
import { createTestUser } from '../../fixtures/auth.ts'
import { test, expect } from '../../fixtures/test.ts'

import { OWN_SERVER_ENV } from './own-server-env.ts'

const { ADMIN_EMAIL } = OWN_SERVER_ENV
test.use({ serverEnv: { ...OWN_SERVER_ENV } })

async function signInWithPassword(page: import('@playwright/test').Page, user: TestUser) {
  await page.goto('/login')
  await page.getByLabel('Adresse e-mail').fill(user.email)
  await page.getByLabel('Code quantique', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click()
}

const roleOf = async (id: string) =>
  (await getDb().selectFrom('user').select(['role']).where('id', '=', id).executeTakeFirstOrThrow())
    .role

test('the account with ADMIN_EMAIL becomes admin when it signs in while no active admin exists', async ({
  page,
  db,
}) => {
  void db
  await getDb().deleteFrom('user').where('email', '=', ADMIN_EMAIL).execute()
  // This worker's database, as on a fresh install: no active admin.
  await getDb().updateTable('user').set({ role: 'viewer' }).where('role', '=', 'admin').execute()
  const owner = await createTestUser({ email: ADMIN_EMAIL, role: 'viewer' })
  await signInWithPassword(page, owner)
  await expect(page.getByRole('heading', { name: 'Administration du Portfolio' })).toBeVisible({
    timeout: 15_000,
  })
  expect(await roleOf(owner.id)).toBe('admin')
})

test('once an active admin exists, ADMIN_EMAIL grants nothing at sign-in or sign-up', async ({
  page,
  db,
}) => {
  void db
  await getDb().deleteFrom('user').where('email', '=', ADMIN_EMAIL).execute()
  await createTestUser({ role: 'admin' })
  const claimant = await createTestUser({ email: ADMIN_EMAIL, role: 'viewer' })
  await signInWithPassword(page, claimant)
  // A viewer is sent home from /admin.
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 })
  expect(await roleOf(claimant.id)).toBe('viewer')

  // Registering the address anew does not make an admin either.
  await getDb().deleteFrom('user').where('email', '=', ADMIN_EMAIL).execute()
  await page.context().clearCookies()
  await page.goto('/register')
  await page.getByLabel('Nom').fill('Usurpateur')
  await page.getByLabel('Adresse e-mail').fill(ADMIN_EMAIL)
  await page.getByLabel('Code quantique', { exact: true }).fill('motdepasse')
  await page.getByLabel('Confirmer le code quantique', { exact: true }).fill('motdepasse')
  await page.getByRole('button', { name: 'Créer mon compte' }).click()
  // Registered and signed in, but a viewer: sent home from /admin.
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 })
  const registered = await getDb()
    .selectFrom('user')
    .select(['role'])
    .where('email', '=', ADMIN_EMAIL)
    .executeTakeFirstOrThrow()
  expect(registered.role).toBe('viewer')
})
