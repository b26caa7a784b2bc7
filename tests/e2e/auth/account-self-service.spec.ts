// `/compte` self-service (ADR 025's amendment): password change and removal, data download,
// account deletion (proven by the password, ADR 082; the last admin protected), recovery codes
// copied or saved.
import { readFileSync } from 'node:fs'
import { getDb } from '#app/server/db/client.server.ts'
import { createId, nowIso } from '#app/server/db/util.server.ts'
import { providersOf, signIn } from '../../fixtures/auth.ts'
import { enrolTwoFactor } from '../../fixtures/totp.ts'
import { allowConsoleError, test, expect } from '../../fixtures/test.ts'

test('a visitor changes their password: the current one is checked, the new one works', async ({
  page,
  browser,
  baseURL,
  db: _db,
}) => {
  allowConsoleError(page, /status of 400/)
  const user = await signIn(page, { role: 'viewer', password: 'ancien-code' })
  // A second session, which the change ends.
  const other = await browser.newContext({ baseURL })
  const otherPage = await other.newPage()
  await signIn(otherPage, { user })

  await page.goto('/compte')
  const panel = page.getByRole('region', { name: 'Code quantique' })
  await expect(panel.getByLabel('Nouveau code quantique', { exact: true })).toHaveAttribute(
    'minlength',
    '6',
  )
  await panel.getByLabel('Code quantique actuel').fill('pas-le-bon')
  await panel.getByLabel('Nouveau code quantique', { exact: true }).fill('nouveau-code')
  await panel.getByLabel('Confirmer le nouveau code quantique').fill('nouveau-code')
  await panel.getByRole('button', { name: 'Changer le code quantique' }).click()
  await expect(page.getByText('Le code quantique actuel est incorrect.')).toBeVisible()

  await panel.getByLabel('Code quantique actuel').fill('ancien-code')
  await panel.getByLabel('Nouveau code quantique', { exact: true }).fill('nouveau-code')
  await panel.getByLabel('Confirmer le nouveau code quantique').fill('nouveau-code')
  await panel.getByRole('button', { name: 'Changer le code quantique' }).click()
  await expect(
    page.getByText('Code quantique modifié. Vos autres sessions sont fermées.'),
  ).toBeVisible()
  // The other session is over; this one goes on.
  await otherPage.goto('/compte')
  await expect(otherPage).toHaveURL(/\/login/)
  await other.close()

  const fresh = await browser.newContext({ baseURL })
  const login = await fresh.newPage()
  await signIn(login, { user: { ...user, password: 'nouveau-code' }, via: 'form' })
  await expect(login).not.toHaveURL(/\/login/)
  await fresh.close()
})

test('a user with Google linked removes their password after proving it', async ({
  page,
  db: _db,
}) => {
  allowConsoleError(page, /status of 400/)
  const user = await signIn(page, { role: 'viewer', password: 'code-a-retirer' })
  await page.goto('/compte')
  // Without another way to sign in, the form is not offered.
  const panel = page.getByRole('region', { name: 'Code quantique' })
  await expect(panel.getByRole('button', { name: 'Supprimer le code quantique' })).toHaveCount(0)

  const now = nowIso()
  await getDb()
    .insertInto('account')
    .values({
      id: createId(),
      accountId: `google-${user.id}`,
      providerId: 'google',
      userId: user.id,
      password: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute()
  await page.goto('/compte')
  const confirm = panel.getByLabel('Votre code quantique, pour confirmer la suppression')
  await confirm.fill('pas-le-bon')
  await panel.getByRole('button', { name: 'Supprimer le code quantique' }).click()
  await expect(page.getByText('Le code quantique actuel est incorrect.')).toBeVisible()
  expect(await providersOf(user.id)).toEqual(['credential', 'google'])

  await confirm.fill('code-a-retirer')
  await panel.getByRole('button', { name: 'Supprimer le code quantique' }).click()
  await expect(page.getByText(/^Code quantique supprimé/)).toBeVisible()
  expect(await providersOf(user.id)).toEqual(['google'])
  // Gone from the page too; creating a new one then takes a second-factor code.
  await expect(panel.getByRole('button', { name: 'Supprimer le code quantique' })).toHaveCount(0)
  await expect(panel.getByLabel('Code quantique actuel')).toHaveCount(0)
})

test('an admin needs 12 characters; the server says so in French', async ({ page, db: _db }) => {
  const admin = await signIn(page, { role: 'admin', password: 'ancien-code-admin' })
  await page.goto('/compte')
  const panel = page.getByRole('region', { name: 'Code quantique' })
  await expect(panel.getByLabel('Nouveau code quantique', { exact: true })).toHaveAttribute(
    'minlength',
    '12',
  )
  await expect(panel.getByText('Au moins 12 caractères.')).toBeVisible()
  // Past the browser's own check: the server refuses too.
  const response = await page.request.post('/compte', {
    form: {
      intent: 'change-password',
      currentPassword: admin.password,
      newPassword: 'court123',
      confirmPassword: 'court123',
    },
  })
  expect(response.status()).toBe(400)
  expect(await response.text()).toContain('Code quantique trop faible - minimum 12 caractères')
})

test('a user downloads their data as JSON, then deletes their account with their password', async ({
  page,
  db: _db,
}) => {
  allowConsoleError(page, /status of 400/)
  const user = await signIn(page, { role: 'viewer', password: 'mon-code-a-moi' })
  await page.goto('/compte')
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Télécharger mes données' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('mes-donnees.json')
  const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    account: { email: string }
    sessions: unknown[]
  }
  expect(exported.account.email).toBe(user.email)
  expect(exported.sessions.length).toBeGreaterThan(0)
  expect(JSON.stringify(exported)).not.toMatch(/"password"|"secret"|"token"/)

  const panel = page.getByRole('region', { name: 'Suppression du compte' })
  await panel.getByLabel(/Pour confirmer, saisissez votre adresse e-mail/).fill('autre@exemple.fr')
  await panel.getByLabel('Votre code quantique').fill('mon-code-a-moi')
  await panel.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click()
  await expect(
    page.getByText('Saisissez exactement votre adresse e-mail pour confirmer la suppression.'),
  ).toBeVisible()

  // The session and the typed address are not enough: the password proves the holder.
  await panel.getByLabel(/Pour confirmer, saisissez votre adresse e-mail/).fill(user.email)
  await panel.getByLabel('Votre code quantique').fill('pas-le-bon')
  await panel.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click()
  await expect(page.getByText('Le code quantique actuel est incorrect.')).toBeVisible()
  const refused = await page.request.post('/compte', {
    form: { intent: 'delete-account', confirmEmail: user.email },
  })
  expect(refused.status()).toBe(400)
  expect(await refused.text()).toContain(
    'Saisissez votre code quantique pour confirmer la suppression.',
  )
  expect(
    await getDb().selectFrom('user').select('id').where('id', '=', user.id).executeTakeFirst(),
  ).toBeDefined()

  await panel.getByLabel(/Pour confirmer, saisissez votre adresse e-mail/).fill(user.email)
  await panel.getByLabel('Votre code quantique').fill('mon-code-a-moi')
  await panel.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click()
  await expect(page).toHaveURL(/\/compte\/supprime$/)
  await expect(page.getByRole('status')).toContainText('Votre compte a été supprimé.')
  const row = await getDb()
    .selectFrom('user')
    .select('id')
    .where('id', '=', user.id)
    .executeTakeFirst()
  expect(row).toBeUndefined()
  await page.goto('/compte')
  await expect(page).toHaveURL(/\/login/)
})

test('the last active admin cannot delete their own account', async ({ page, db: _db }) => {
  allowConsoleError(page, /status of 409/)
  const admin = await signIn(page, { role: 'admin' })
  // This admin alone is active for the test's time.
  const others = await getDb()
    .selectFrom('user')
    .select(['id', 'status'])
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .where('id', '!=', admin.id)
    .execute()
  await getDb()
    .updateTable('user')
    .set({ status: 'blocked' })
    .where('id', 'in', others.length ? others.map((o) => o.id) : [''])
    .execute()
  try {
    await page.goto('/compte')
    const panel = page.getByRole('region', { name: 'Suppression du compte' })
    await panel.getByLabel(/Pour confirmer, saisissez votre adresse e-mail/).fill(admin.email)
    await panel.getByLabel('Votre code quantique').fill(admin.password)
    await panel.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click()
    await expect(
      page.getByText(
        /Vous êtes le dernier administrateur actif : votre compte ne peut pas être supprimé/,
      ),
    ).toBeVisible()
    const row = await getDb()
      .selectFrom('user')
      .select('id')
      .where('id', '=', admin.id)
      .executeTakeFirst()
    expect(row).toBeDefined()
  } finally {
    if (others.length)
      await getDb()
        .updateTable('user')
        .set({ status: 'active' })
        .where(
          'id',
          'in',
          others.map((o) => o.id),
        )
        .execute()
  }
})

test('recovery codes can be copied or saved as a file', async ({ page, context, db: _db }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signIn(page, { role: 'viewer' })
  const { codes } = await enrolTwoFactor(page)
  await page.getByRole('button', { name: 'Copier les codes' }).click()
  await expect(page.getByText('Codes copiés.')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${codes.join('\n')}\n`)
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Télécharger les codes' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('codes-de-recuperation.txt')
  expect(readFileSync((await download.path())!, 'utf8')).toBe(`${codes.join('\n')}\n`)
})
