// Login page: controls, form rules, refusals, rate limits, social sign-in.
import { AUTH_RATE_LIMITS } from '#app/server/auth/password-auth.server.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { createTestUser, uniqueEmail } from '../../fixtures/auth.ts'
import { test, expect, allowConsoleError } from '../../fixtures/test.ts'

// A refused sign-in answers 401/403/429: the browser logs the status, which is expected here.
test.beforeEach(({ page }) => allowConsoleError(page, /status of (401|403|429)/))

const FAILED = 'Identifiants invalides. Veuillez réessayer.'

async function fillLogin(page: import('@playwright/test').Page, email: string, password: string) {
  await page.getByLabel('Adresse e-mail').fill(email)
  await page.getByLabel('Code quantique', { exact: true }).fill(password)
  // Wait for the sign-in request itself: the previous error may still be on screen.
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/login'),
  )
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click()
  await answered
}

test('shows every control and links to register', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible()
  await expect(page.getByLabel('Adresse e-mail')).toHaveAttribute('type', 'email')
  const password = page.getByLabel('Code quantique', { exact: true })
  await expect(password).toHaveAttribute('type', 'password')
  await expect(page.getByLabel('Ancrage temporel')).not.toBeChecked()
  // A link to the reset form (ADR 019).
  await expect(page.getByRole('link', { name: 'Code oublié ?' })).toHaveAttribute(
    'href',
    '/forgot-password',
  )
  await expect(page.getByRole('button', { name: 'Se connecter avec Google' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Se connecter avec Facebook' })).toBeVisible()
  // Show / hide the password.
  await password.fill('secret')
  await page.getByRole('button', { name: 'Afficher : Code quantique' }).click()
  await expect(password).toHaveAttribute('type', 'text')
  await page.getByRole('button', { name: 'Masquer : Code quantique' }).click()
  await expect(password).toHaveAttribute('type', 'password')
  // Providers not configured on this server: a French message, no popup.
  let popups = 0
  page.on('popup', () => (popups += 1))
  await page.getByRole('button', { name: 'Se connecter avec Google' }).click()
  await expect(
    page.getByText("La connexion avec Google n'est pas configurée sur ce site."),
  ).toBeVisible()
  expect(popups).toBe(0)
  await page.getByRole('link', { name: 'Créer un compte' }).click()
  await expect(page).toHaveURL(/\/register$/, { timeout: 15_000 })
})

test('a wrong password or an unknown e-mail gives the same message and logs an anonymous failure', async ({
  page,
  db,
}) => {
  void db
  const user = await createTestUser({ role: 'admin' })
  await page.goto('/login')
  await fillLogin(page, user.email, 'pas-le-bon')
  await expect(page.getByRole('alert')).toHaveText(FAILED)
  await fillLogin(page, uniqueEmail('personne'), 'pas-le-bon')
  await expect(page.getByRole('alert')).toHaveText(FAILED)
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 })
  const failures = await getDb()
    .selectFrom('activity_logs')
    .select(['userId', 'userName', 'details'])
    .where('action', '=', 'login')
    .where('userId', '=', 'anonymous')
    .execute()
  expect(failures.length).toBeGreaterThanOrEqual(2)
  expect(failures.every((f) => f.userName === 'anonymous' && /Échec/.test(f.details))).toBe(true)
})

test('an admin signs in, lands on /admin, lastLogin and a login entry are written; remember-me keeps the e-mail', async ({
  page,
  db,
}) => {
  void db
  const admin = await createTestUser({ role: 'admin' })
  await page.goto('/login')
  await page.getByLabel('Ancrage temporel').check()
  const signedInFrom = Date.now()
  await fillLogin(page, admin.email, admin.password)
  await expect(page).toHaveURL(/\/admin(\/\w+)?$/)
  await expect(page.getByRole('heading', { name: 'Administration du Portfolio' })).toBeVisible({
    timeout: 15_000,
  })
  expect(await page.evaluate(() => localStorage.getItem('vitrine-remembered-email'))).toBe(
    admin.email,
  )
  const row = await getDb()
    .selectFrom('user')
    .select(['lastLogin'])
    .where('id', '=', admin.id)
    .executeTakeFirstOrThrow()
  // Written by this sign-in: between the submission and now (an order, not a duration).
  expect(Date.parse(row.lastLogin ?? '')).toBeGreaterThanOrEqual(signedInFrom)
  expect(Date.parse(row.lastLogin ?? '')).toBeLessThanOrEqual(Date.now())
  const entry = await getDb()
    .selectFrom('activity_logs')
    .select(['userName'])
    .where('action', '=', 'login')
    .where('userId', '=', admin.id)
    .executeTakeFirst()
  expect(entry?.userName).toBe(admin.email)

  // Next visit: prefilled and checked. Unchecking removes the stored e-mail.
  await page.context().clearCookies()
  await page.goto('/login')
  await expect(page.getByLabel('Adresse e-mail')).toHaveValue(admin.email)
  await expect(page.getByLabel('Ancrage temporel')).toBeChecked()
  await page.getByLabel('Ancrage temporel').uncheck()
  await fillLogin(page, admin.email, admin.password)
  await expect(page).toHaveURL(/\/admin/, { timeout: 15_000 })
  expect(await page.evaluate(() => localStorage.getItem('vitrine-remembered-email'))).toBeNull()
  await page.context().clearCookies()
  await page.goto('/login')
  await expect(page.getByLabel('Adresse e-mail')).toHaveValue('')
})

test('the session cookie is httpOnly and SameSite=Lax', async ({ page, db }) => {
  void db
  const viewer = await createTestUser()
  await page.goto('/login')
  await fillLogin(page, viewer.email, viewer.password)
  // A viewer is sent on from /admin to the home page.
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 })
  const cookie = (await page.context().cookies()).find(
    (c) => c.name === 'better-auth.session_token',
  )
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false })
  expect(await page.evaluate(() => document.cookie)).not.toContain('session_token')
})

test('blocked and inactive users cannot sign in', async ({ page, db }) => {
  void db
  for (const status of ['blocked', 'inactive'] as const) {
    const user = await createTestUser({ role: 'admin', status })
    await page.goto('/login')
    await fillLogin(page, user.email, user.password)
    await expect(page.getByRole('alert')).toHaveText(
      'Ce compte est désactivé ou bloqué. Contactez un administrateur.',
    )
    await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 })
  }
})

test('too many attempts on one account are refused in French', async ({ page, request, db }) => {
  void db
  const user = await createTestUser()
  for (let i = 0; i < AUTH_RATE_LIMITS.accountAddress.limit; i++) {
    const res = await request.post('/login', { form: { email: user.email, password: `faux-${i}` } })
    expect(res.status()).toBe(401)
  }
  await page.goto('/login')
  await fillLogin(page, user.email, user.password)
  await expect(page.getByRole('alert')).toHaveText(
    'Trop de tentatives. Veuillez réessayer dans quelques minutes.',
  )
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  test('the form still signs in and shows errors', async ({ page, db }) => {
    void db
    const admin = await createTestUser({ role: 'admin' })
    await page.goto('/login')
    await fillLogin(page, admin.email, 'mauvais-mdp')
    await expect(page.getByText(FAILED)).toBeVisible()
    await fillLogin(page, admin.email, admin.password)
    await expect(page).toHaveURL(/\/admin/, { timeout: 15_000 })
  })
})

test('a sign-in posted from another site is refused before it reaches the form', async ({
  request,
  db,
}) => {
  void db
  const user = await createTestUser()
  const res = await request.post('/login', {
    form: { email: user.email, password: user.password },
    headers: { origin: 'https://pirate.example' },
    maxRedirects: 0,
  })
  expect(res.status()).toBe(403)
  expect(res.headers()['set-cookie'] ?? '').not.toContain('session_token')
  const api = await request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: user.password },
    headers: { origin: 'https://pirate.example' },
  })
  expect(api.status()).toBe(403)
})

test('signing in from a link to an admin page comes back to that page, never to another site', async ({
  page,
  db,
}) => {
  test.slow() // a multi-step flow (five sign-ins)
  void db
  const admin = await createTestUser({ role: 'admin' })
  const signInHere = async () => {
    await page.getByLabel('Adresse e-mail').fill(admin.email)
    await page.getByLabel('Code quantique', { exact: true }).fill(admin.password)
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click()
  }
  // The link of a new-message alert, opened signed out.
  await page.goto('/admin/messages?id=abc123&status=new')
  await expect(page).toHaveURL(/\/login\?retour=%2Fadmin%2Fmessages%3Fid%3Dabc123%26status%3Dnew$/)
  await signInHere()
  await expect(page).toHaveURL(/\/admin\/messages\?id=abc123&status=new$/)

  // A return address elsewhere (another site, or not the hub) is ignored: /admin.
  for (const retour of [
    '//pirate.example/admin',
    'https://pirate.example/admin',
    '/\\pirate.example',
    '/compte',
  ]) {
    await page.context().clearCookies()
    await page.goto(`/login?retour=${encodeURIComponent(retour)}`)
    await signInHere()
    await expect(page, retour).toHaveURL(/\/admin\/projects$/)
  }
})
