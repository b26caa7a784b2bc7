// Register page: form rules, French errors, new accounts as viewers.
import { AUTH_TEXTS } from '#app/domain/auth.ts'
import { issueInvitation } from '#app/server/auth/invitations.server.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { createTestUser, uniqueEmail } from '../../fixtures/auth.ts'
import { test, expect, allowConsoleError } from '../../fixtures/test.ts'

test.beforeEach(({ page }) => allowConsoleError(page, /status of (400|409|429)/))

async function fillRegister(
  page: import('@playwright/test').Page,
  v: { name: string; email: string; password: string; confirm: string },
) {
  await page.getByLabel('Nom').fill(v.name)
  // An invitation locks the address (readonly): it is already filled in.
  const email = page.getByLabel('Adresse e-mail')
  if ((await email.getAttribute('readonly')) === null) await email.fill(v.email)
  await page.getByLabel('Code quantique', { exact: true }).fill(v.password)
  await page.getByLabel('Confirmer le code quantique', { exact: true }).fill(v.confirm)
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/register'),
  )
  await page.getByRole('button', { name: 'Créer mon compte' }).click()
  await answered
}

test('every error text of the catalogue, then a viewer account that goes on to /admin', async ({
  page,
  db,
}) => {
  test.slow() // a multi-step flow (sign-up)
  void db
  await page.goto('/register')
  await expect(page.getByRole('heading', { name: 'Inscription' })).toBeVisible()
  await expect(page.getByRole('button', { name: "S'inscrire avec Google" })).toBeVisible()
  await expect(page.getByRole('button', { name: "S'inscrire avec Facebook" })).toBeVisible()
  // Both password fields have show/hide.
  await page.getByLabel('Confirmer le code quantique', { exact: true }).fill('abc')
  await page.getByRole('button', { name: 'Afficher : Confirmer le code quantique' }).click()
  await expect(page.getByLabel('Confirmer le code quantique', { exact: true })).toHaveAttribute(
    'type',
    'text',
  )

  const email = uniqueEmail('inscrit')
  await fillRegister(page, { name: 'Ada', email, password: 'secret1', confirm: 'secret2' })
  await expect(page.getByText('Les codes quantiques ne correspondent pas')).toBeVisible()
  await fillRegister(page, { name: 'Ada', email, password: '12345', confirm: '12345' })
  await expect(page.getByText('Code quantique trop faible - minimum 6 caractères')).toBeVisible()
  const taken = await createTestUser()
  await fillRegister(page, {
    name: 'Ada',
    email: taken.email,
    password: 'secret1',
    confirm: 'secret1',
  })
  await expect(page.getByRole('alert')).toHaveText('Cette dimension est déjà occupée')
  expect(
    await getDb().selectFrom('user').select('id').where('email', '=', email).execute(),
  ).toEqual([])

  await fillRegister(page, { name: 'Ada', email, password: 'secret1', confirm: 'secret1' })
  // Success goes to /admin, where a viewer is sent home.
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 })
  const user = await getDb()
    .selectFrom('user')
    .select(['role', 'status', 'name', 'lastLogin'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow()
  expect(user).toMatchObject({ role: 'viewer', status: 'active', name: 'Ada' })
  expect(user.lastLogin).not.toBeNull()
  await expect(page.getByLabel('Menu utilisateur')).toBeVisible()
})

test('a user created by an admin signs up through the invitation link and keeps the role', async ({
  page,
  db,
}) => {
  test.slow() // a multi-step flow (invitation sign-up)
  void db
  const invited = await createTestUser({ role: 'admin', withPassword: false })
  // Someone who only knows the address gets nothing (ADR 015).
  await page.goto('/register')
  await fillRegister(page, {
    name: 'Intruse',
    email: invited.email,
    password: 'secret1',
    confirm: 'secret1',
  })
  await expect(page.getByRole('alert')).toHaveText(AUTH_TEXTS.invitationRequired)

  const token = await issueInvitation(invited.id)
  await page.goto(`/register?invitation=${token}`)
  await expect(page.getByLabel('Adresse e-mail')).toHaveValue(invited.email)
  await fillRegister(page, {
    name: 'Nouvelle',
    email: invited.email,
    password: 'secret1',
    confirm: 'secret1',
  })
  await expect(page.getByRole('heading', { name: 'Administration du Portfolio' })).toBeVisible({
    timeout: 15_000,
  })
  const rows = await getDb()
    .selectFrom('user')
    .select(['id', 'role'])
    .where('email', '=', invited.email)
    .execute()
  expect(rows).toEqual([{ id: invited.id, role: 'admin' }])
})
