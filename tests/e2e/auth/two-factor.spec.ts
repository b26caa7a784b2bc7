// Two-factor sign-in for admins (ADR 025): enrolment with a QR code, the second
// step after the password form, wrong codes refused in French, a recovery code working
// once, and the setting that sends admins without a second factor to enrol.
import { getDb } from '#app/server/db/client.server.ts'
import { createTestUser, signIn } from '../../fixtures/auth.ts'
import { enrolTwoFactor, totpCode, wrongCode } from '../../fixtures/totp.ts'
import { test, expect, allowConsoleError } from '../../fixtures/test.ts'

// Refused codes answer 400/401 (the browser logs the status).
test.beforeEach(({ page }) => allowConsoleError(page, /status of (400|401|429)/))

const INVALID = "Code invalide ou déjà utilisé. Vérifiez l'heure de votre téléphone et réessayez."

async function signInWithPassword(
  page: import('@playwright/test').Page,
  email: string,
  password: string,
) {
  await page.goto('/login')
  await page.getByLabel('Adresse e-mail').fill(email)
  await page.getByLabel('Code quantique', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click()
}

async function submitCode(page: import('@playwright/test').Page, code: string) {
  await page.getByLabel('Code de vérification').fill(code)
  const answered = page.waitForResponse(
    (r) =>
      r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/auth/verification'),
  )
  await page.getByRole('button', { name: 'Vérifier' }).click()
  await answered
}

const hub = (page: import('@playwright/test').Page) =>
  page.getByRole('heading', { level: 1, name: 'Administration du Portfolio' })

test('an admin enrols from "Mon compte" (QR code, first code, recovery codes shown once), then signs in with the second factor', async ({
  page,
  db,
}) => {
  test.slow() // a multi-step flow (2FA enrolment and sign-in)
  void db
  const admin = await signIn(page, { role: 'admin' })
  await page.goto('/')
  await page
    .getByRole('button', { name: 'Menu utilisateur' })
    .or(page.getByLabel('Menu utilisateur'))
    .first()
    .click()
  await page.getByRole('link', { name: 'Mon compte' }).click()
  await expect(page).toHaveURL(/\/compte$/)
  await page.getByRole('link', { name: 'Activer la double authentification' }).click()
  await expect(page).toHaveURL(/\/compte\/double-authentification$/)
  // The QR code is an inline SVG (no request, nothing for the CSP to block).
  await expect(page.getByRole('img', { name: /QR code/ }).locator('svg')).toBeVisible()
  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  // A wrong first code is refused in French and nothing is enabled.
  await page.getByLabel("Code à 6 chiffres affiché par l'application").fill(wrongCode(secret))
  await page.getByRole('button', { name: 'Activer', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText(INVALID)
  const before = await getDb()
    .selectFrom('two_factor')
    .select('enabledAt')
    .where('userId', '=', admin.id)
    .executeTakeFirst()
  expect(before?.enabledAt).toBeNull()

  await page.getByLabel("Code à 6 chiffres affiché par l'application").fill(totpCode(secret))
  await page.getByRole('button', { name: 'Activer', exact: true }).click()
  const codes = page.getByRole('list', { name: 'Codes de récupération' }).getByRole('listitem')
  await expect(codes).toHaveCount(10)
  const shown = await codes.allTextContents()
  // Stored hashed: no code appears in the database.
  const stored = await getDb()
    .selectFrom('recovery_code')
    .select('codeHash')
    .where('userId', '=', admin.id)
    .execute()
  expect(stored).toHaveLength(10)
  expect(stored.some((s) => shown.some((c) => s.codeHash.includes(c.replace('-', ''))))).toBe(false)
  await page.getByRole('link', { name: "J'ai noté mes codes, continuer" }).click()
  await expect(hub(page)).toBeVisible()
  // Shown once: "Mon compte" now gives only how many are left.
  await page.goto('/compte')
  await expect(page.getByText('Codes de récupération restants : 10.')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Codes de récupération' })).toHaveCount(0)

  // A new sign-in with the password stops at the second step.
  await page.context().clearCookies()
  await signInWithPassword(page, admin.email, admin.password)
  await expect(page).toHaveURL(/\/auth\/verification$/)
  await expect(page.getByRole('heading', { name: 'Vérification en deux étapes' })).toBeVisible()
  // Until the code is given, the hub is out of reach.
  await page.goto('/admin/skills')
  await expect(page).toHaveURL(/\/auth\/verification\?retour=%2Fadmin%2Fskills$/)
  await submitCode(page, wrongCode(secret))
  await expect(page.getByRole('alert')).toHaveText(INVALID)
  // The next step's code (the enrolment used the current one); then the page asked for.
  await submitCode(page, totpCode(secret, 1))
  await expect(hub(page)).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/skills$/)
  const entries = await getDb()
    .selectFrom('activity_logs')
    .select('details')
    .where('userId', '=', admin.id)
    .where('action', '=', 'login')
    .execute()
  expect(entries.map((e) => e.details)).toContain(
    'Connexion confirmée par la double authentification',
  )
})

test('a recovery code signs in once; the same code is refused the second time', async ({
  page,
  db,
}) => {
  test.slow() // a multi-step flow (2FA: three sign-ins)
  void db
  const admin = await signIn(page, { role: 'admin' })
  const { codes } = await enrolTwoFactor(page)
  await page.context().clearCookies()

  await signInWithPassword(page, admin.email, admin.password)
  await expect(page).toHaveURL(/\/auth\/verification$/)
  await submitCode(page, codes[3]!.toLowerCase())
  await expect(hub(page)).toBeVisible()

  await page.context().clearCookies()
  await signInWithPassword(page, admin.email, admin.password)
  await expect(page).toHaveURL(/\/auth\/verification$/)
  await submitCode(page, codes[3]!)
  await expect(page.getByRole('alert')).toHaveText(INVALID)
  await expect(page).toHaveURL(/\/auth\/verification$/)
  // Cancelling signs the pending session out.
  await page.getByRole('button', { name: 'Annuler et se déconnecter' }).click()
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/auth/verification')
  await expect(page).toHaveURL(/\/login$/)
})

test('the setting makes two-factor sign-in mandatory: an admin without it is sent to enrol before the hub', async ({
  page,
  browser,
  baseURL,
  db,
}) => {
  test.slow() // a multi-step flow (2FA: enrolment required)
  void db
  const owner = await signIn(page, { role: 'admin' })
  void owner
  // Not before the admin who sets it has a second factor.
  await page.goto('/compte')
  await page.getByLabel('Exiger la double authentification pour les administrateurs').check()
  await page.getByRole('button', { name: 'Enregistrer la politique' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    "Activez d'abord la double authentification sur votre compte.",
  )
  await enrolTwoFactor(page)
  await page.goto('/compte')
  await page.getByLabel('Exiger la double authentification pour les administrateurs').check()
  await page.getByRole('button', { name: 'Enregistrer la politique' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Politique de sécurité enregistrée.' }),
  ).toBeVisible()

  // Another admin, signed in elsewhere, without a second factor.
  const context = await browser.newContext({ baseURL })
  const other = await context.newPage()
  try {
    const colleague = await createTestUser({ role: 'admin' })
    await signIn(other, { user: colleague })
    await other.goto('/admin/projects')
    await expect(other).toHaveURL(/\/compte\/double-authentification\?obligatoire=1$/)
    // Nor can they lift the rule: the policy form, posted without its box, is refused.
    const lift = await other.request.post('/compte', {
      form: { intent: 'policy' },
      headers: { origin: baseURL! },
      maxRedirects: 0,
    })
    expect(lift.status()).toBe(400)
    const policy = await getDb()
      .selectFrom('security_policy')
      .select('requireAdminTwoFactor')
      .executeTakeFirst()
    expect(policy?.requireAdminTwoFactor).toBe(1)
    await other.goto('/admin/projects')
    await expect(other).toHaveURL(/\/compte\/double-authentification\?obligatoire=1$/)
    await expect(
      other
        .getByRole('status')
        .filter({ hasText: 'La double authentification est obligatoire pour les administrateurs' }),
    ).toBeVisible()
    await enrolTwoFactor(other)
    await other.getByRole('link', { name: "J'ai noté mes codes, continuer" }).click()
    await expect(hub(other)).toBeVisible()
  } finally {
    await context.close()
  }
  // A viewer is not concerned: their own page opens.
  const viewer = await createTestUser({ role: 'viewer' })
  await page.context().clearCookies()
  await signIn(page, { user: viewer })
  await page.goto('/compte')
  await expect(page.getByRole('heading', { name: 'Mon compte' })).toBeVisible()
  await expect(page.getByText('Politique de sécurité')).toHaveCount(0)
  await getDb().deleteFrom('security_policy').execute()
})
