// Google and Facebook popup sign-in against oauth2-mock-server on loopback (ADR 011):
// success for both, linking to an existing e-mail, closed popup, blocked
// popup, and a second popup cancelling the first.
import { AUTH_TEXTS } from '#app/domain/auth.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { createTestUser, sessionHeaders, signIn, uniqueEmail } from '../../fixtures/auth.ts'
import { test, expect, allowConsoleError } from '../../fixtures/oauth-mock.ts'

test.beforeEach(({ oauth }) => {
  oauth.google.setMode('grant')
  oauth.facebook.setMode('grant')
})

function identity(email = uniqueEmail('social')) {
  return { sub: `sub-${email}`, email, name: 'Personne Sociale' }
}

test('Google: an e-mail already registered with a password links to the same admin and continues to /admin only when Google verified it; the password and other sessions stay, and the address is told (ADR 014)', async ({
  page,
  db,
  oauth,
  request,
}) => {
  test.slow() // a multi-step flow (password account, then provider sign-in)
  void db
  const admin = await createTestUser({ role: 'admin' })
  // A session opened elsewhere with the password, before Google proves the address.
  const elsewhere = await sessionHeaders(admin)
  const sessionUser = async () => {
    const res = await request.get('/api/auth/get-session', { headers: elsewhere })
    const body = (await res.json()) as { user?: { id: string } } | null
    return body?.user?.id ?? null
  }
  expect(await sessionUser()).toBe(admin.id)

  // Google does not vouch for the address: no link, the French reason, nothing changed.
  allowConsoleError(page, /status of 401/)
  oauth.google.setIdentity({ ...identity(admin.email), emailVerified: false })
  await page.goto('/login')
  const refused = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Se connecter avec Google' }).click()
  await refused
  await expect(page.getByRole('alert')).toHaveText(AUTH_TEXTS.socialNotLinked)
  const accountsOf = async () =>
    (
      await getDb()
        .selectFrom('account')
        .select(['providerId'])
        .where('userId', '=', admin.id)
        .orderBy('providerId')
        .execute()
    ).map((a) => a.providerId)
  expect(await accountsOf()).toEqual(['credential'])

  oauth.google.setIdentity(identity(admin.email))
  await page.goto('/login')
  // Record what the page asks of window.open (the 500×600 popup of ADR 011), in the test
  // process: the page may already have moved on to /admin when we look.
  const features: string[] = []
  await page.exposeFunction('__recordOpen', (value: string) => features.push(value))
  await page.evaluate(() => {
    const open = window.open.bind(window)
    const record = (window as unknown as { __recordOpen: (v: string) => void }).__recordOpen
    window.open = (url, target, value) => {
      record(String(value))
      return open(url, target, value)
    }
  })
  const popupPromise = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Se connecter avec Google' }).click()
  const popup = await popupPromise
  await expect.poll(() => features.length).toBe(1)
  expect(features[0]).toMatch(/width=500,height=600/)
  await expect(page.getByRole('heading', { name: 'Administration du Portfolio' })).toBeVisible({
    timeout: 15_000,
  })
  await expect.poll(() => popup.isClosed()).toBe(true)
  const users = await getDb()
    .selectFrom('user')
    .select(['id', 'role', 'emailVerified'])
    .where('email', '=', admin.email)
    .execute()
  expect(users).toEqual([{ id: admin.id, role: 'admin', emailVerified: 1 }])
  expect(await accountsOf()).toEqual(['credential', 'google'])
  const login = await getDb()
    .selectFrom('activity_logs')
    .select(['details'])
    .where('userId', '=', admin.id)
    .where('action', '=', 'login')
    .execute()
  expect(login.map((l) => l.details)).toEqual(['Connexion avec Google'])
  const mails = await getDb()
    .selectFrom('outbox')
    .select(['kind'])
    .where('toAddress', '=', admin.email)
    .execute()
  expect(mails).toEqual([{ kind: 'link' }])

  // The session opened elsewhere goes on; the password still signs in.
  expect(await sessionUser()).toBe(admin.id)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Administration du Portfolio' })).toBeVisible()
  await page.context().clearCookies()
  await page.goto('/login')
  await page.getByLabel('Adresse e-mail').fill(admin.email)
  await page.getByLabel('Code quantique', { exact: true }).fill(admin.password)
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Administration du Portfolio' })).toBeVisible({
    timeout: 15_000,
  })
})

test('Facebook: a new visitor becomes a viewer (sent home from /admin); a user created by an admin is not linked (ADR 014)', async ({
  page,
  db,
  oauth,
  baseURL,
}) => {
  void db
  const person = identity()
  const picture = `${baseURL}/favicon.svg`
  oauth.facebook.setIdentity({ ...person, picture })
  await page.goto('/register')
  const first = page.waitForEvent('popup')
  await page.getByRole('button', { name: "S'inscrire avec Facebook" }).click()
  await first
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 })
  const created = await getDb()
    .selectFrom('user')
    .select(['role', 'status', 'image', 'lastLogin'])
    .where('email', '=', person.email)
    .executeTakeFirstOrThrow()
  expect(created).toMatchObject({ role: 'viewer', status: 'active', image: picture })
  expect(created.lastLogin).not.toBeNull()

  await page.context().clearCookies()
  const invited = await createTestUser({ role: 'admin', withPassword: false })
  oauth.facebook.setIdentity(identity(invited.email))
  await page.goto('/login')
  const second = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Se connecter avec Facebook' }).click()
  await second
  // Facebook states no verification of the address: the invitation link is the way in.
  await expect(page.getByRole('alert')).toHaveText(AUTH_TEXTS.socialNotLinked)
  const accounts = await getDb()
    .selectFrom('account')
    .select('id')
    .where('userId', '=', invited.id)
    .execute()
  expect(accounts).toEqual([])
})

test('a popup closed by the user ends with the failure message and no spinner', async ({
  page,
  db,
  oauth,
}) => {
  void db
  oauth.google.setMode('hold')
  await page.goto('/login')
  const popupPromise = page.waitForEvent('popup')
  const google = page.getByRole('button', { name: 'Se connecter avec Google' })
  await google.click()
  const popup = await popupPromise
  await expect(google).toHaveAttribute('aria-busy', 'true')
  await popup.close()
  await expect(page.getByRole('alert')).toHaveText('Erreur lors de la connexion avec Google')
  await expect(google).toHaveAttribute('aria-busy', 'false')
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 })

  // Register page: the social sign-up message.
  oauth.facebook.setMode('hold')
  await page.goto('/register')
  const popup2Promise = page.waitForEvent('popup')
  await page.getByRole('button', { name: "S'inscrire avec Facebook" }).click()
  await (await popup2Promise).close()
  await expect(page.getByRole('alert')).toHaveText('Erreur lors de la connexion')
})

test('a popup blocked by the browser ends with the failure message', async ({ page, db }) => {
  void db
  await page.goto('/login')
  await page.evaluate(() => {
    window.open = () => null
  })
  const facebook = page.getByRole('button', { name: 'Se connecter avec Facebook' })
  await facebook.click()
  await expect(page.getByRole('alert')).toHaveText('Erreur lors de la connexion avec Facebook')
  await expect(facebook).toHaveAttribute('aria-busy', 'false')
})

test('a second popup cancels the first; the second one signs in', async ({ page, db, oauth }) => {
  void db
  const admin = await createTestUser({ role: 'admin' })
  // Google, whose address is verified, links into the admin (ADR 014); Facebook never would.
  oauth.google.setIdentity(identity(admin.email))
  oauth.facebook.setMode('hold')
  await page.goto('/login')
  const firstPromise = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Se connecter avec Facebook' }).click()
  const first = await firstPromise
  await first.waitForURL(/\/consent/)
  const secondPromise = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Se connecter avec Google' }).click()
  await secondPromise
  await expect.poll(() => first.isClosed()).toBe(true)
  await expect(page.getByRole('heading', { name: 'Administration du Portfolio' })).toBeVisible({
    timeout: 15_000,
  })
  // The cancelled popup left no error behind.
  await expect(page.getByText('Erreur lors de la connexion avec Facebook')).toHaveCount(0)
})

test('a blocked or inactive user cannot sign in with a provider and is told the account is disabled', async ({
  page,
  db,
  oauth,
}) => {
  void db
  const blocked = await createTestUser({ role: 'admin', status: 'blocked' })
  oauth.google.setIdentity(identity(blocked.email))
  await page.goto('/login')
  const popupPromise = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Se connecter avec Google' }).click()
  await popupPromise
  await expect(page.getByRole('alert')).toHaveText(AUTH_TEXTS.accountDisabled)
  const sessions = await getDb()
    .selectFrom('session')
    .select('id')
    .where('userId', '=', blocked.id)
    .execute()
  expect(sessions).toEqual([])
  // No link was made, and the password stays.
  const accounts = await getDb()
    .selectFrom('account')
    .select('providerId')
    .where('userId', '=', blocked.id)
    .execute()
  expect(accounts).toEqual([{ providerId: 'credential' }])

  // Already linked, then made inactive: refused at the session, same message.
  const inactive = await createTestUser({ status: 'inactive', withPassword: false })
  await getDb()
    .insertInto('account')
    .values({
      id: `acc-${inactive.id}`,
      accountId: `sub-${inactive.email}`,
      providerId: 'facebook',
      userId: inactive.id,
      accessToken: null,
      refreshToken: null,
      idToken: null,
      accessTokenExpiresAt: null,
      refreshTokenExpiresAt: null,
      scope: null,
      password: null,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    })
    .execute()
  oauth.facebook.setIdentity(identity(inactive.email))
  await page.goto('/register')
  const second = page.waitForEvent('popup')
  await page.getByRole('button', { name: "S'inscrire avec Facebook" }).click()
  await second
  await expect(page.getByRole('alert')).toHaveText(AUTH_TEXTS.accountDisabled)
})

test('a popup closed while a session already existed is no success', async ({
  page,
  db,
  oauth,
}) => {
  void db
  await signIn(page, { role: 'admin' })
  oauth.google.setMode('hold')
  await page.goto('/login')
  const popupPromise = page.waitForEvent('popup')
  const google = page.getByRole('button', { name: 'Se connecter avec Google' })
  await google.click()
  const popup = await popupPromise
  await popup.waitForURL(/\/consent/)
  await popup.close()
  await expect(page.getByRole('alert')).toHaveText('Erreur lors de la connexion avec Google')
  await expect(google).toHaveAttribute('aria-busy', 'false')
  await expect(page).toHaveURL(/\/login$/)
})

test('a provider refusal ends with the failure message on the login page', async ({
  page,
  db,
  oauth,
}) => {
  void db
  oauth.google.setMode('deny')
  await page.goto('/login')
  const popupPromise = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Se connecter avec Google' }).click()
  const popup = await popupPromise
  await expect(page.getByRole('alert')).toHaveText('Erreur lors de la connexion avec Google')
  await expect.poll(() => popup.isClosed()).toBe(true)
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  test('the Google button runs the same sign-in in the page itself', async ({
    page,
    db,
    oauth,
  }) => {
    void db
    const admin = await createTestUser({ role: 'admin' })
    oauth.google.setIdentity(identity(admin.email))
    await page.goto('/login')
    await page.getByRole('button', { name: 'Se connecter avec Google' }).click()
    await expect(page.getByRole('heading', { name: 'Administration du Portfolio' })).toBeVisible({
      timeout: 15_000,
    })
    // A refusal comes back to the login page with the failure message.
    await page.context().clearCookies()
    oauth.google.setMode('deny')
    await page.goto('/login')
    await page.getByRole('button', { name: 'Se connecter avec Google' }).click()
    await expect(page.getByText('Erreur lors de la connexion avec Google')).toBeVisible({
      timeout: 15_000,
    })
  })

  test('a blocked user is told the account is disabled', async ({ page, db, oauth }) => {
    void db
    const blocked = await createTestUser({ status: 'blocked' })
    oauth.google.setIdentity(identity(blocked.email))
    await page.goto('/login')
    await page.getByRole('button', { name: 'Se connecter avec Google' }).click()
    await expect(page.getByText(AUTH_TEXTS.accountDisabled)).toBeVisible({ timeout: 15_000 })
    await expect(page).toHaveURL(/\/login\?error=disabled$/)
  })
})
