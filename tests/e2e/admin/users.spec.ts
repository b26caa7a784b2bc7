// Admin › Users (list, user form, roles) and last-admin protection.
import { AUTH_TEXTS } from '#app/domain/auth.ts'
import { USER_DELETE_QUESTION } from '#app/domain/user.ts'
import { findInvitation } from '#app/server/auth/invitations.server.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { getUser, getUserByEmail } from '#app/server/repositories/users.server.ts'
import { createSessionCookie, createTestUser, uniqueEmail } from '../../fixtures/auth.ts'
import {
  deleteItem,
  expectActivity,
  expectFieldError,
  openAdminTab,
  signInAdmin,
} from '../../fixtures/admin.ts'
import { test, expect, allowConsoleError } from '../../fixtures/test.ts'

const LAST_ADMIN = 'Vous êtes le dernier administrateur actif : cette action est impossible.'

const frenchDateTime = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Paris',
  }).format(new Date(iso))

// Every test of this worker signs a new user in: without this, the list would run to several
// pages (50 users each, oldest first) and a test's own row could be on any of them. Rows that
// hang off a user (sessions, accounts) go with it (ON DELETE CASCADE).
test.beforeEach(async ({ db: _db }) => {
  await getDb().deleteFrom('user').execute()
})

test('users: list columns, defaults, validation, create, edit role, delete after confirmation', async ({
  page,
  db: _db,
}) => {
  // Refused saves answer 400 (the browser logs the status).
  allowConsoleError(page, /status of 400/)
  const admin = await signInAdmin(page, { name: 'Gaëlle Admin' })
  await getDb()
    .updateTable('user')
    .set({ lastLogin: '2026-03-03T13:05:00.000Z' })
    .where('id', '=', admin.id)
    .execute()
  await openAdminTab(page, 'Utilisateurs')
  const me = page.locator(`tr[data-user-id="${admin.id}"]`)
  await expect(me).toContainText('Gaëlle Admin')
  await expect(me).toContainText(admin.email)
  await expect(me).toContainText('Administrateur')
  await expect(me.locator('[data-role="admin"] svg')).toBeVisible()
  await expect(me).toContainText('Actif')
  await expect(me).toContainText(frenchDateTime('2026-03-03T13:05:00.000Z'))
  const stored = await getUser(admin.id)
  await expect(me).toContainText(frenchDateTime(stored!.createdAt))

  // Create: defaults viewer / active; French errors; typed values kept.
  await page.getByRole('link', { name: 'Nouvel utilisateur' }).click()
  await expect(page.getByRole('heading', { name: 'Nouvel utilisateur' })).toBeVisible()
  await expect(page.getByLabel('Rôle')).toHaveValue('viewer')
  await expect(page.getByLabel('Rôle').locator('option:checked')).toHaveText('Lecteur')
  await expect(page.getByLabel('Statut')).toHaveValue('active')
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click()
  await expectFieldError(page, 'Nom', 'Le nom est requis')
  await expect(
    page.getByText('Le formulaire contient des erreurs. Corrigez les champs indiqués.'),
  ).toBeVisible()
  await expectFieldError(page, 'Adresse e-mail', "L'adresse e-mail est requise")
  await page.getByLabel('Nom', { exact: true }).fill('Hugo Lecteur')
  await page.getByLabel('Adresse e-mail').fill('pas-une-adresse')
  await page.getByLabel("URL de l'avatar").fill('pas une url')
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click()
  await expectFieldError(page, 'Adresse e-mail', 'Adresse e-mail invalide')
  await expectFieldError(page, "URL de l'avatar", 'URL invalide')
  // The server refuses a duplicate e-mail and keeps what was typed.
  await page.getByLabel('Adresse e-mail').fill(admin.email.toUpperCase())
  await page.getByLabel("URL de l'avatar").fill('')
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click()
  await expectFieldError(page, 'Adresse e-mail', 'Cette adresse e-mail est déjà utilisée')
  await expect(page.getByLabel('Nom', { exact: true })).toHaveValue('Hugo Lecteur')

  const email = uniqueEmail('hugo')
  await page.getByLabel('Adresse e-mail').fill(email)
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Utilisateur créé' })).toBeVisible()
  const created = await getUserByEmail(email)
  expect(created).toMatchObject({ name: 'Hugo Lecteur', role: 'viewer', status: 'active' })
  const row = page.locator(`tr[data-user-id="${created!.id}"]`)
  await expect(row).toContainText('Lecteur')
  await expect(row).toContainText('Jamais')
  // No avatar: the shipped default image is shown (never a broken link).
  await expect(row.locator('img')).toHaveAttribute('src', '/images/default-avatar.webp')
  await expect
    .poll(() => row.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0)
  await expectActivity(admin, { action: 'create', resourceType: 'user', resourceName: email })

  // Edit: role editor and an avatar.
  await row.getByRole('link', { name: 'Modifier Hugo Lecteur' }).click()
  await expect(page.getByRole('heading', { name: "Modifier l'utilisateur" })).toBeVisible()
  await expect(page.getByLabel('Nom', { exact: true })).toHaveValue('Hugo Lecteur')
  await page.getByLabel('Rôle').selectOption({ label: 'Éditeur' })
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expect(row).toContainText('Éditeur')
  await expect(row.locator('[data-role="editor"] svg')).toBeVisible()
  expect((await getUser(created!.id))?.role).toBe('editor')
  await expectActivity(admin, { action: 'update', resourceType: 'user', resourceName: email })

  await deleteItem(page, 'Hugo Lecteur', USER_DELETE_QUESTION, 'cancel')
  expect(await getUser(created!.id)).toBeTruthy()
  await deleteItem(page, 'Hugo Lecteur', USER_DELETE_QUESTION, 'confirm')
  await expect(row).toHaveCount(0)
  expect(await getUser(created!.id)).toBeUndefined()
  await expectActivity(admin, { action: 'delete', resourceType: 'user', resourceName: email })
})

test('users: the last active admin cannot demote, block or delete themself; blocking ends sessions', async ({
  page,
  db: _db,
}) => {
  allowConsoleError(page, /status of 400/)
  const admin = await signInAdmin(page, { name: 'Ines Dernière' })
  // Make this admin the only active one in the worker's database.
  await getDb()
    .updateTable('user')
    .set({ role: 'viewer' })
    .where('role', '=', 'admin')
    .where('id', '!=', admin.id)
    .execute()
  await openAdminTab(page, 'Utilisateurs')
  const me = page.locator(`tr[data-user-id="${admin.id}"]`)

  await me.getByRole('link', { name: 'Modifier Ines Dernière' }).click()
  await page.getByLabel('Rôle').selectOption('viewer')
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expect(page.getByRole('alert').filter({ hasText: LAST_ADMIN })).toBeVisible()
  expect((await getUser(admin.id))?.role).toBe('admin')

  await page.getByLabel('Rôle').selectOption('admin')
  await page.getByLabel('Statut').selectOption({ label: 'Bloqué' })
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expect(page.getByRole('alert').filter({ hasText: LAST_ADMIN })).toBeVisible()
  expect((await getUser(admin.id))?.status).toBe('active')

  await page.getByRole('link', { name: 'Annuler' }).click()
  await deleteItem(page, 'Ines Dernière', USER_DELETE_QUESTION, 'confirm')
  await expect(page.getByRole('alert').filter({ hasText: LAST_ADMIN })).toBeVisible()
  expect(await getUser(admin.id)).toBeTruthy()

  // The rule is on the server: a forged request is refused too.
  const res = await page.request.post('/admin/users', {
    form: { intent: 'delete', id: admin.id },
  })
  expect(res.status()).toBe(400)
  expect(await getUser(admin.id)).toBeTruthy()

  // Blocking another user ends their open sessions.
  const victim = await createTestUser({ role: 'editor', name: 'Jules Bloqué' })
  await createSessionCookie(victim.id)
  const sessions = () =>
    getDb().selectFrom('session').select('id').where('userId', '=', victim.id).execute()
  expect(await sessions()).toHaveLength(1)
  await page.reload()
  await page
    .locator(`tr[data-user-id="${victim.id}"]`)
    .getByRole('link', { name: 'Modifier Jules Bloqué' })
    .click()
  await page.getByLabel('Statut').selectOption('blocked')
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expect(page.locator(`tr[data-user-id="${victim.id}"]`)).toContainText('Bloqué')
  expect(await sessions()).toHaveLength(0)

  // With a second active admin, this admin may step down.
  await createTestUser({ role: 'admin', name: 'Karim Relève' })
  await page
    .locator(`tr[data-user-id="${admin.id}"]`)
    .getByRole('link', { name: 'Modifier Ines Dernière' })
    .click()
  await page.getByLabel('Rôle').selectOption('editor')
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  // No longer an admin: the hub sends them away.
  await expect(page).not.toHaveURL(/\/admin/)
  expect((await getUser(admin.id))?.role).toBe('editor')
})

test('a user created in this tab claims the account with the invitation link only, keeping the role', async ({
  page,
  browser,
  db: _db,
}) => {
  test.slow() // a multi-step flow (invitation: create, claim, sign in)
  await signInAdmin(page)
  await openAdminTab(page, 'Utilisateurs')
  const email = uniqueEmail('invite')
  await page.getByRole('link', { name: 'Nouvel utilisateur' }).click()
  await page.getByLabel('Nom', { exact: true }).fill('Paul Invité')
  await page.getByLabel('Adresse e-mail').fill(email)
  await page.getByLabel('Rôle').selectOption({ label: 'Éditeur' })
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click()
  const banner = page.getByRole('status').filter({ hasText: 'Utilisateur créé.' })
  await expect(banner).toContainText("Transmettez-lui ce lien d'invitation")
  const link = await banner.getByLabel('Lien à transmettre').inputValue()
  expect(link).toMatch(/\/register\?invitation=[A-Za-z0-9_-]{43}$/)
  const invited = await getUserByEmail(email)
  const row = page.locator(`tr[data-user-id="${invited!.id}"]`)
  await expect(row).toContainText('Invitation en attente')

  const context = await browser.newContext()
  const visitor = await context.newPage()
  const register = async (url: string, fillEmail: boolean) => {
    await visitor.goto(url)
    await visitor.getByLabel('Nom', { exact: true }).fill('Paul')
    if (fillEmail) await visitor.getByLabel('Adresse e-mail').fill(email)
    await visitor.getByLabel('Code quantique', { exact: true }).fill('secret-paul-1')
    await visitor.getByLabel('Confirmer le code quantique', { exact: true }).fill('secret-paul-1')
    await visitor.getByRole('button', { name: 'Créer mon compte' }).click()
  }
  // Without the link, knowing the address is not enough.
  await register('/register', true)
  await expect(visitor.getByRole('alert')).toHaveText(AUTH_TEXTS.invitationRequired)
  expect(
    await getDb().selectFrom('account').select('id').where('userId', '=', invited!.id).execute(),
  ).toHaveLength(0)

  // With the link: the address is filled in and locked, the role is kept.
  await visitor.goto(new URL(link).pathname + new URL(link).search)
  await expect(visitor.getByLabel('Adresse e-mail')).toHaveValue(email)
  await expect(visitor.getByLabel('Adresse e-mail')).toHaveAttribute('readonly', '')
  await register(new URL(link).pathname + new URL(link).search, false)
  await expect(visitor).not.toHaveURL(/\/register/)
  const rows = await getDb()
    .selectFrom('user')
    .select(['id', 'role', 'status'])
    .where('email', '=', email)
    .execute()
  expect(rows).toEqual([{ id: invited!.id, role: 'editor', status: 'active' }])

  // The link is spent; the admin no longer sees the invitation pending.
  await visitor.goto(new URL(link).pathname + new URL(link).search)
  await expect(visitor.getByRole('alert')).toHaveText(AUTH_TEXTS.invitationInvalid)
  await context.close()
  await page.reload()
  await expect(row).not.toContainText('Invitation en attente')
})

test('a pending invitation can be renewed: the new link works, the old one no longer', async ({
  page,
  db: _db,
}) => {
  test.slow() // a multi-step flow (invitation renewed and claimed)
  await signInAdmin(page)
  await openAdminTab(page, 'Utilisateurs')
  const email = uniqueEmail('renew')
  await page.getByRole('link', { name: 'Nouvel utilisateur' }).click()
  await page.getByLabel('Nom', { exact: true }).fill('Rita Renouvelée')
  await page.getByLabel('Adresse e-mail').fill(email)
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click()
  const first = await page.getByLabel('Lien à transmettre').inputValue()
  await page.getByRole('button', { name: "Nouveau lien d'invitation pour Rita Renouvelée" }).click()
  await expect(page.getByRole('status')).toContainText(`Nouveau lien d'invitation pour ${email}.`)
  const second = await page.getByLabel('Lien à transmettre').inputValue()
  expect(second).not.toBe(first)
  const token = (link: string) => new URL(link).searchParams.get('invitation')!
  expect(await findInvitation(token(first))).toBeUndefined()
  expect(await findInvitation(token(second))).toBe((await getUserByEmail(email))!.id)
})

test('a user created when the list has several pages is shown on its page', async ({
  page,
  db: _db,
}) => {
  await signInAdmin(page)
  // More users than one page of the list holds (50), the new one last (oldest first).
  for (let i = 0; i < 51; i++) await createTestUser({ name: `Remplissage ${i}` })
  await openAdminTab(page, 'Utilisateurs')
  const email = uniqueEmail('last')
  await page.getByRole('link', { name: 'Nouvel utilisateur' }).click()
  await page.getByLabel('Nom', { exact: true }).fill('Zoé Dernière')
  await page.getByLabel('Adresse e-mail').fill(email)
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Utilisateur créé' })).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/users\?page=\d+$/)
  const created = await getUserByEmail(email)
  await expect(page.locator(`tr[data-user-id="${created!.id}"]`)).toContainText('Zoé Dernière')
})
