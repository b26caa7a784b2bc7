// Active sessions (ADR 025): a user sees their sessions (device, address, last use)
// and ends another one, whose browser is then signed out; an admin ends every session of a
// user from the Users tab.
import { getDb } from '#app/server/db/client.server.ts'
import { createTestUser, signIn } from '../../fixtures/auth.ts'
import { openAdminTab, signInAdmin } from '../../fixtures/admin.ts'
import { test, expect } from '../../fixtures/test.ts'

test('a user lists their sessions and ends the one of another browser, which is signed out', async ({
  page,
  browser,
  baseURL,
  db,
}) => {
  test.slow() // a multi-step flow (two browsers signing in)
  void db
  const user = await createTestUser({ role: 'viewer' })
  // This browser signs in with the form (its own User-Agent and address are recorded).
  await signIn(page, { user, via: 'form' })
  const other = await browser.newContext({
    baseURL,
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0',
  })
  const otherPage = await other.newPage()
  try {
    await signIn(otherPage, { user, via: 'form' })
    await otherPage.goto('/compte')
    await expect(otherPage.getByRole('heading', { name: 'Mon compte' })).toBeVisible()

    await page.goto('/compte')
    const list = page.getByRole('list', { name: 'Sessions actives' })
    await expect(list.getByRole('listitem')).toHaveCount(2)
    const mine = list.getByRole('listitem').filter({ hasText: 'Cette session' })
    await expect(mine).toContainText('Chrome sur Linux')
    await expect(mine).toContainText('Adresse : 127.0.0.1')
    await expect(mine).toContainText('Dernière utilisation :')
    const theirs = list.getByRole('listitem').filter({ hasText: 'Firefox sur Windows' })
    await expect(theirs).toHaveCount(1)
    // The current session cannot be ended from here (Déconnexion does that).
    await expect(mine.getByRole('button')).toHaveCount(0)
    await theirs.getByRole('button', { name: /^Terminer la session Firefox sur Windows/ }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Session terminée.' })).toBeVisible()
    await expect(list.getByRole('listitem')).toHaveCount(1)

    // The other browser is signed out on its next request.
    await otherPage.goto('/compte')
    await expect(otherPage).toHaveURL(/\/login$/)
    // This one still is signed in.
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Mon compte' })).toBeVisible()
  } finally {
    await other.close()
  }
})

test('an admin ends every session of a user from the Users tab', async ({
  page,
  browser,
  baseURL,
  db,
}) => {
  void db
  await signInAdmin(page)
  // The hub links to the admin's own page.
  await page.goto('/admin')
  await page.getByRole('link', { name: 'Mon compte' }).click()
  await expect(page).toHaveURL(/\/compte$/)
  const user = await createTestUser({ role: 'editor', name: 'Éditrice Sessions' })
  const context = await browser.newContext({ baseURL })
  const userPage = await context.newPage()
  try {
    await signIn(userPage, { user })
    await signIn(userPage, { user })
    await userPage.goto('/compte')
    await expect(userPage.getByRole('heading', { name: 'Mon compte' })).toBeVisible()

    await openAdminTab(page, 'Utilisateurs')
    // Oldest first, 50 a page: the user just made is on the last page (the page is clamped).
    await page.goto('/admin/users?page=9999')
    await page
      .getByRole('button', { name: 'Terminer toutes les sessions de Éditrice Sessions' })
      .click()
    await expect(page.getByText(`Sessions de ${user.email} terminées (2).`)).toBeVisible()
    const left = await getDb()
      .selectFrom('session')
      .select('id')
      .where('userId', '=', user.id)
      .execute()
    expect(left).toEqual([])
    await userPage.goto('/compte')
    await expect(userPage).toHaveURL(/\/login$/)
    const entry = await getDb()
      .selectFrom('activity_logs')
      .select('details')
      .where('resourceId', '=', user.id)
      .where('action', '=', 'update')
      .executeTakeFirst()
    expect(entry?.details).toBe('Toutes les sessions terminées (2)')
  } finally {
    await context.close()
  }
})

test('a user cannot end a session that is not theirs', async ({ page, request, baseURL, db }) => {
  void db
  await signIn(page, { role: 'viewer' })
  const stranger = await createTestUser()
  const now = new Date()
  await getDb()
    .insertInto('session')
    .values({
      id: 'session-of-stranger',
      token: 'token-of-stranger',
      userId: stranger.id,
      expiresAt: new Date(now.getTime() + 3600_000).toISOString(),
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      ipAddress: '198.51.100.4',
      userAgent: null,
    })
    .execute()
  const cookies = await page.context().cookies()
  const res = await request.post('/compte', {
    headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '), origin: baseURL! },
    form: { intent: 'end-session', id: 'session-of-stranger' },
    maxRedirects: 0,
  })
  expect(res.status()).toBe(404)
  const still = await getDb()
    .selectFrom('session')
    .select('id')
    .where('id', '=', 'session-of-stranger')
    .execute()
  expect(still).toHaveLength(1)
})

test('an admin resets the two-factor sign-in of a user who lost their phone', async ({
  page,
  db,
}) => {
  test.slow() // a multi-step flow (2FA enrolment, then its reset)
  void db
  await signInAdmin(page)
  const user = await createTestUser({ role: 'editor', name: 'Perdu Téléphone' })
  const now = new Date().toISOString()
  await getDb()
    .insertInto('two_factor')
    .values({
      userId: user.id,
      secret: 'v1.a.b.c',
      enabledAt: now,
      lastStep: 0,
      createdAt: now,
      updatedAt: now,
    })
    .execute()
  await getDb()
    .insertInto('recovery_code')
    .values({ id: 'code-perdu', userId: user.id, codeHash: 'x', usedAt: null, createdAt: now })
    .execute()
  await openAdminTab(page, 'Utilisateurs')
  // Oldest first, 50 a page: the user just made is on the last page (the page is clamped).
  await page.goto('/admin/users?page=9999')
  await page
    .getByRole('button', { name: 'Réinitialiser la double authentification de Perdu Téléphone' })
    .click()
  await expect(
    page.getByText(`Double authentification réinitialisée pour ${user.email}.`),
  ).toBeVisible()
  expect(
    await getDb().selectFrom('two_factor').select('userId').where('userId', '=', user.id).execute(),
  ).toEqual([])
  expect(
    await getDb().selectFrom('recovery_code').select('id').where('userId', '=', user.id).execute(),
  ).toEqual([])
  // No reset button any more for that user.
  await expect(
    page.getByRole('button', {
      name: 'Réinitialiser la double authentification de Perdu Téléphone',
    }),
  ).toHaveCount(0)
})

test('odd bodies on the account and two-factor actions get a 400 or a redirect, never a 500', async ({
  page,
  request,
  baseURL,
  db,
}) => {
  void db
  await signIn(page, { role: 'admin' })
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
  const bodies: { contentType: string; data: string }[] = [
    { contentType: 'application/json', data: '{"intent":"end-others"}' },
    { contentType: 'text/plain', data: 'intent=end-others' },
    { contentType: 'multipart/form-data', data: '--x\r\n' },
    {
      contentType: 'application/x-www-form-urlencoded',
      data: 'intent=policy&intent=end-session&id=%zz',
    },
    { contentType: 'application/x-www-form-urlencoded', data: 'code=1&code=2&intent=disable-2fa' },
  ]
  for (const path of ['/compte', '/compte/double-authentification', '/auth/verification']) {
    for (const body of bodies) {
      const res = await request.post(path, {
        headers: { cookie, origin: baseURL!, 'content-type': body.contentType },
        data: body.data,
        maxRedirects: 0,
      })
      expect(res.status(), `${path} ${body.contentType} ${body.data}`).toBeLessThan(500)
    }
  }
  // Nothing was ended by those requests.
  await page.goto('/compte')
  await expect(page.getByRole('heading', { name: 'Mon compte' })).toBeVisible()
})
