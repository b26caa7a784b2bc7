// The first-admin setup page (ADR 010): a one-time link creates an active admin.
import { consumeSetupToken, issueSetupToken } from '#app/server/auth/first-admin.server.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { test, expect, allowConsoleError } from '../../fixtures/test.ts'

import { OWN_SERVER_ENV } from './own-server-env.ts'

// A worker of its own: a database in which no active admin exists (demoted below).
test.use({ serverEnv: { ...OWN_SERVER_ENV } })

const INVALID = 'Ce lien de configuration est invalide, a déjà servi ou a expiré.'

test('the setup link creates the first admin once; afterwards it is dead', async ({ page, db }) => {
  void db
  allowConsoleError(page, /status of (400|404)/)
  await getDb().updateTable('user').set({ role: 'viewer' }).where('role', '=', 'admin').execute()
  await page.goto('/setup/pas-un-vrai-jeton-pas-un-vrai-jeton')
  await expect(page.getByRole('alert')).toHaveText(INVALID)

  const token = await issueSetupToken()
  await page.goto(`/setup/${token}`)
  await expect(page.getByRole('heading', { name: 'Premier administrateur' })).toBeVisible()
  const email = `premier-${Date.now()}@exemple.fr`
  await page.getByLabel('Nom').fill('Première')
  await page.getByLabel('Adresse e-mail').fill(email)
  await page.getByLabel('Code quantique', { exact: true }).fill('secret1')
  await page.getByLabel('Confirmer le code quantique', { exact: true }).fill('secret2')
  await page.getByRole('button', { name: "Créer l'administrateur" }).click()
  await expect(page.getByText('Les codes quantiques ne correspondent pas')).toBeVisible()
  await page.getByLabel('Code quantique', { exact: true }).fill('secret1')
  await page.getByLabel('Confirmer le code quantique', { exact: true }).fill('secret1')
  await page.getByRole('button', { name: "Créer l'administrateur" }).click()
  // An admin's password needs 12 characters (a visitor's 6).
  await expect(
    page.getByText('Code quantique trop faible - minimum 12 caractères pour un administrateur'),
  ).toBeVisible()
  await page.getByLabel('Code quantique', { exact: true }).fill('secret-admin-1')
  await page.getByLabel('Confirmer le code quantique', { exact: true }).fill('secret-admin-1')
  await page.getByRole('button', { name: "Créer l'administrateur" }).click()
  await expect(page.getByRole('heading', { name: 'Administration du Portfolio' })).toBeVisible({
    timeout: 15_000,
  })
  const row = await getDb()
    .selectFrom('user')
    .select(['role', 'status'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow()
  expect(row).toEqual({ role: 'admin', status: 'active' })

  await page.context().clearCookies()
  await page.goto(`/setup/${token}`)
  await expect(page.getByRole('alert')).toHaveText(INVALID)
  expect(await consumeSetupToken(token)).toBe(false)
})

test('with ADMIN_EMAIL set, the setup link with that very address signs the owner in as admin', async ({
  page,
  db,
}) => {
  void db
  const email = OWN_SERVER_ENV.ADMIN_EMAIL
  await getDb().updateTable('user').set({ role: 'viewer' }).where('role', '=', 'admin').execute()
  await getDb().deleteFrom('user').where('email', '=', email).execute()
  const token = await issueSetupToken()
  await page.goto(`/setup/${token}`)
  await page.getByLabel('Nom').fill('Propriétaire')
  await page.getByLabel('Adresse e-mail').fill(email)
  await page.getByLabel('Code quantique', { exact: true }).fill('secret-admin-1')
  await page.getByLabel('Confirmer le code quantique', { exact: true }).fill('secret-admin-1')
  await page.getByRole('button', { name: "Créer l'administrateur" }).click()
  await expect(page.getByRole('heading', { name: 'Administration du Portfolio' })).toBeVisible({
    timeout: 15_000,
  })
  const row = await getDb()
    .selectFrom('user')
    .select(['role', 'status'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow()
  expect(row).toEqual({ role: 'admin', status: 'active' })
  expect(await consumeSetupToken(token)).toBe(false)
})
