// The admin guard's three outcomes, open sessions of blocked users, and sign-out
// (no admin page or action without an active admin).
import { getDb } from '#app/server/db/client.server.ts'
import { createTestUser, signIn } from '../../fixtures/auth.ts'
import { visit } from '../public/helpers.ts'
import { test, expect } from '../../fixtures/test.ts'

async function entries(userId: string, action: string) {
  return getDb()
    .selectFrom('activity_logs')
    .select(['userName', 'resourceType', 'details'])
    .where('userId', '=', userId)
    .where('action', '=', action)
    .execute()
}

test('signed out: /admin sends to /login and logs an anonymous access_denied', async ({
  page,
  db,
}) => {
  void db
  const before = await getDb()
    .selectFrom('activity_logs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('action', '=', 'access_denied')
    .where('userId', '=', 'anonymous')
    .executeTakeFirstOrThrow()
  await page.goto('/admin/projects')
  await expect(page).toHaveURL(/\/login\?retour=%2Fadmin%2Fprojects$/, { timeout: 15_000 })
  const after = await getDb()
    .selectFrom('activity_logs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('action', '=', 'access_denied')
    .where('userId', '=', 'anonymous')
    .executeTakeFirstOrThrow()
  expect(Number(after.n)).toBeGreaterThan(Number(before.n))
})

test('signed in without role admin: /admin sends home; each check is logged', async ({
  page,
  db,
}) => {
  void db
  for (const role of ['viewer', 'editor'] as const) {
    await page.context().clearCookies()
    const user = await signIn(page, { role })
    await page.goto('/admin')
    await expect(page).toHaveURL(/\/$/, { timeout: 15_000 })
    const denied = await entries(user.id, 'access_denied')
    expect(denied.length).toBeGreaterThan(0)
    expect(denied[0]).toMatchObject({ userName: user.name, resourceType: 'admin' })
    expect(await entries(user.id, 'access')).toEqual([])
  }
})

test('an active admin sees the hub; the check is logged as access', async ({ page, db }) => {
  void db
  // Through the login form (the test driver's 'form' mode) rather than a planted cookie.
  const admin = await signIn(page, { role: 'admin', via: 'form' })
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Administration du Portfolio' })).toBeVisible({
    timeout: 15_000,
  })
  await expect(page.getByText('Gérez votre contenu et vos paramètres')).toBeVisible()
  const access = await entries(admin.id, 'access')
  expect(access.length).toBeGreaterThan(0)
  expect(access[0]).toMatchObject({ userName: admin.name, resourceType: 'admin' })
})

test('blocking an admin ends the open session at the next request', async ({ page, db }) => {
  void db
  const admin = await signIn(page, { role: 'admin' })
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Administration du Portfolio' })).toBeVisible({
    timeout: 15_000,
  })
  await getDb().updateTable('user').set({ status: 'blocked' }).where('id', '=', admin.id).execute()
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 })
  const sessions = await getDb()
    .selectFrom('session')
    .select('id')
    .where('userId', '=', admin.id)
    .execute()
  expect(sessions).toEqual([])
})

test('Déconnexion in the user menu signs out and writes a logout entry with the e-mail', async ({
  page,
  db,
}) => {
  void db
  const admin = await signIn(page, { role: 'admin' })
  // Hydrated, so that the menu's keyboard listeners are in place.
  await visit(page, '/')
  const menu = page
    .getByRole('button', { name: 'Menu utilisateur' })
    .or(page.getByLabel('Menu utilisateur'))
    .first()
  // By keyboard: Escape closes it with the focus back on its button; tabbing out closes it.
  await menu.focus()
  await page.keyboard.press('Enter')
  const signOut = page.getByRole('button', { name: 'Déconnexion' })
  await expect(signOut).toBeVisible()
  await page
    .locator('details')
    .filter({ has: page.getByLabel('Menu utilisateur') })
    .getByRole('link', { name: 'Administration' })
    .focus()
  await page.keyboard.press('Escape')
  await expect(signOut).toBeHidden()
  await expect(menu).toBeFocused()
  await page.keyboard.press('Enter')
  await signOut.focus()
  await page.keyboard.press('Tab')
  await expect(signOut).toBeHidden()
  await menu.click()
  await signOut.click()
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 })
  await expect(page.getByLabel('Menu utilisateur')).toHaveCount(0)
  const logout = await entries(admin.id, 'logout')
  expect(logout).toHaveLength(1)
  expect(logout[0]?.userName).toBe(admin.email)
  const sessions = await getDb()
    .selectFrom('session')
    .select('id')
    .where('userId', '=', admin.id)
    .execute()
  expect(sessions).toEqual([])
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 })
})

test('GET /logout signs nobody out (sign-out is a POST)', async ({ page, db }) => {
  void db
  const admin = await signIn(page, { role: 'admin' })
  await page.goto('/logout')
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Administration du Portfolio' })).toBeVisible({
    timeout: 15_000,
  })
  expect(await entries(admin.id, 'logout')).toEqual([])
})

test('a user without an e-mail is logged out as Unknown User', async ({ page, db }) => {
  void db
  const user = await createTestUser({ role: 'viewer' })
  await getDb().updateTable('user').set({ email: '', name: '' }).where('id', '=', user.id).execute()
  await signIn(page, { user })
  const res = await page.request.post('/logout', { maxRedirects: 0 })
  expect(res.status()).toBe(302)
  const logout = await entries(user.id, 'logout')
  expect(logout.map((e) => e.userName)).toEqual(['Unknown User'])
})
