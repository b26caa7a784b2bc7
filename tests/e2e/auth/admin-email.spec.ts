// ADMIN_EMAIL grants admin to the account with that e-mail (issue 4 §6).
import { getDb } from '#app/server/db/client.server.ts'
import { createTestUser } from '../../fixtures/auth.ts'
import { test, expect } from '../../fixtures/test.ts'

import { OWN_SERVER_ENV } from './own-server-env.ts'

const { ADMIN_EMAIL } = OWN_SERVER_ENV
test.use({ serverEnv: { ...OWN_SERVER_ENV } })

test('the account with ADMIN_EMAIL becomes admin when it signs in', async ({ page, db }) => {
  void db
  await getDb().deleteFrom('user').where('email', '=', ADMIN_EMAIL).execute()
  const owner = await createTestUser({ email: ADMIN_EMAIL, role: 'viewer' })
  await page.goto('/login')
  await page.getByLabel('Adresse e-mail').fill(owner.email)
  await page.getByLabel('Code quantique', { exact: true }).fill(owner.password)
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Administration du Portfolio' })).toBeVisible({
    timeout: 15_000,
  })
  const row = await getDb()
    .selectFrom('user')
    .select(['role'])
    .where('id', '=', owner.id)
    .executeTakeFirstOrThrow()
  expect(row.role).toBe('admin')
})
