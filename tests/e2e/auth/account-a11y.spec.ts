// Accessibility of the two-factor and account screens (ADR 025): no serious or critical axe
// violation on /compte, the enrolment page, the recovery codes and the second step.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { signIn } from '../../fixtures/auth.ts'
import { enrolTwoFactor, totpCode } from '../../fixtures/totp.ts'
import { test, expect, allowConsoleError } from '../../fixtures/test.ts'

async function serious(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where}: ${v.id} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    )
}

test('account, enrolment, recovery codes and second step pass axe; a mandatory factor cannot be turned off', async ({
  page,
  db,
}) => {
  test.slow() // a multi-step flow (2FA enrolment, every step audited)
  void db
  allowConsoleError(page, /status of 400/)
  const admin = await signIn(page, { role: 'admin' })
  const failures: string[] = []
  await page.goto('/compte')
  failures.push(...(await serious(page, '/compte')))
  await page.goto('/compte/double-authentification?obligatoire=1')
  failures.push(...(await serious(page, 'enrolment')))
  const { secret, codes } = await enrolTwoFactor(page)
  expect(codes).toHaveLength(10)
  failures.push(...(await serious(page, 'recovery codes')))

  // With the policy on, an admin cannot turn their own second factor off.
  await page.goto('/compte')
  await page.getByLabel('Exiger la double authentification pour les administrateurs').check()
  await page.getByRole('button', { name: 'Enregistrer la politique' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Politique de sécurité enregistrée.' }),
  ).toBeVisible()
  await page.getByLabel(/^Code de vérification/).fill(totpCode(secret, 1))
  await page.getByRole('button', { name: 'Désactiver la double authentification' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'La double authentification est obligatoire pour les administrateurs : elle ne peut pas être désactivée.',
  )
  await page.getByLabel('Exiger la double authentification pour les administrateurs').uncheck()
  await page.getByRole('button', { name: 'Enregistrer la politique' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Politique de sécurité enregistrée.' }),
  ).toBeVisible()

  await page.context().clearCookies()
  await page.goto('/login')
  await page.getByLabel('Adresse e-mail').fill(admin.email)
  await page.getByLabel('Code quantique', { exact: true }).fill(admin.password)
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click()
  await expect(page).toHaveURL(/\/auth\/verification$/)
  failures.push(...(await serious(page, '/auth/verification')))
  expect(failures).toEqual([])
})
