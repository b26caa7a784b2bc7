// Two-factor sign-in with the Google popup (ADR 025): the provider's callback opens a session
// that stays pending; the opener lands on the second step, not in the hub.
import { getDb } from '#app/server/db/client.server.ts'
import { signIn } from '../../fixtures/auth.ts'
import { test, expect, allowConsoleError } from '../../fixtures/oauth-mock.ts'
import { enrolTwoFactor, totpCode, wrongCode } from '../../fixtures/totp.ts'

test('an admin with two-factor sign-in who signs in with Google must give the code before the hub', async ({
  page,
  db,
  oauth,
}) => {
  test.slow() // a multi-step flow (provider sign-in, then 2FA)
  void db
  allowConsoleError(page, /status of 401/)
  const admin = await signIn(page, { role: 'admin' })
  const { secret } = await enrolTwoFactor(page)
  await page.context().clearCookies()

  oauth.google.setMode('grant')
  oauth.google.setIdentity({ sub: `sub-${admin.email}`, email: admin.email, name: admin.name })
  await page.goto('/login')
  const popupPromise = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Se connecter avec Google' }).click()
  const popup = await popupPromise
  await expect(page).toHaveURL(/\/auth\/verification$/, { timeout: 15_000 })
  await expect.poll(() => popup.isClosed()).toBe(true)
  await expect(page.getByRole('heading', { name: 'Vérification en deux étapes' })).toBeVisible()
  // The session Google opened is not a signed-in session yet.
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/auth\/verification$/)
  await page.getByLabel('Code de vérification').fill(wrongCode(secret))
  await page.getByRole('button', { name: 'Vérifier' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    "Code invalide ou déjà utilisé. Vérifiez l'heure de votre téléphone et réessayez.",
  )
  await page.getByLabel('Code de vérification').fill(totpCode(secret, 1))
  await page.getByRole('button', { name: 'Vérifier' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Administration du Portfolio' }),
  ).toBeVisible()
  const logins = await getDb()
    .selectFrom('activity_logs')
    .select('details')
    .where('userId', '=', admin.id)
    .where('action', '=', 'login')
    .execute()
  expect(logins.map((l) => l.details)).toEqual(
    expect.arrayContaining([
      'Connexion avec Google',
      'Connexion confirmée par la double authentification',
    ]),
  )
})
