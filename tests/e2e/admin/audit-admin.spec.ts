// What a new owner met in the admin: colour scheme of native controls, maintenance
// banner, activity log sentences and page-view filter, error banners that clear, 390 px.
import { ADMIN_TABS } from '#app/domain/admin-tabs.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { makeSettings } from '#app/server/demo/factories.server.ts'
import { updateSettings } from '#app/server/repositories/settings.server.ts'
import { adminNav, openAdminTab, signInAdmin } from '../../fixtures/admin.ts'
import { createTestUser } from '../../fixtures/auth.ts'
import { test, expect } from '../../fixtures/test.ts'

test.afterEach(async ({ db: _db }) => {
  await getDb().deleteFrom('settings').execute()
})

for (const scheme of ['dark', 'light'] as const) {
  test(`native controls of the admin use the light scheme (system ${scheme})`, async ({
    page,
    db: _db,
  }) => {
    await page.emulateMedia({ colorScheme: scheme })
    await signInAdmin(page)
    await openAdminTab(page, 'Paramètres')
    const checkbox = page.getByLabel('Activer le mode maintenance')
    await expect(checkbox).not.toBeChecked()
    const schemeOf = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).colorScheme)
    expect(await schemeOf('input[type="checkbox"]')).toBe('light')
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(
      'light',
    )
    // Every other kind of native control the hub uses.
    await page.evaluate(() => {
      const host = document.querySelector('[data-admin-hub] main')!
      for (const type of ['date', 'color']) {
        const input = document.createElement('input')
        input.type = type
        input.dataset.probe = type
        host.append(input)
      }
      const select = document.createElement('select')
      select.dataset.probe = 'select'
      host.append(select)
    })
    for (const probe of ['date', 'color', 'select']) {
      expect(await schemeOf(`[data-probe="${probe}"]`)).toBe('light')
    }
    // The public site keeps its dark scheme.
    await page.goto('/contact')
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(
      'dark',
    )
  })
}

test.describe('the admin at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('all 15 tabs in sight, no sideways page scroll, e-mails not cut', async ({
    page,
    db: _db,
  }) => {
    const long = `une.adresse.vraiment.longue-${Date.now()}@un-domaine-assez-long.fr`
    await createTestUser({ name: 'Adresse Longue', email: long })
    await signInAdmin(page)
    await page.goto('/admin/users')
    const tabs = adminNav(page).getByRole('link')
    await expect(tabs).toHaveCount(ADMIN_TABS.length)
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(390)
    }
    await expect(adminNav(page).getByRole('link', { name: 'Utilisateurs' })).toBeInViewport()
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
      390,
    )
    // The e-mail is shown whole (wrapped if it must), never cut with an ellipsis.
    const email = page.getByText(long)
    expect(await email.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
    await page.setViewportSize({ width: 1280, height: 800 })
    expect(await email.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
    expect((await email.boundingBox())!.height).toBeLessThan(30)
  })
})

test('with maintenance on, admins see a banner in the hub and on public pages', async ({
  page,
  browser,
  server,
  db: _db,
}) => {
  const text = 'Mode maintenance actif : les visiteurs voient la page de maintenance'
  await signInAdmin(page)
  await page.goto('/admin/projects')
  await expect(page.getByText(text)).toHaveCount(0)
  await updateSettings({ ...makeSettings(), maintenanceMode: true })
  await page.goto('/admin/projects')
  await expect(page.getByRole('status').filter({ hasText: text })).toBeVisible()
  await page.goto('/projects')
  const banner = page.getByRole('status').filter({ hasText: text })
  await expect(banner).toBeVisible()
  // The banner does not hide the header's links.
  const bannerBox = (await banner.boundingBox())!
  const logo = (await page.getByRole('banner').getByRole('link').first().boundingBox())!
  expect(logo.y).toBeGreaterThanOrEqual(bannerBox.y + bannerBox.height)
  await banner.getByRole('link', { name: 'Désactiver le mode maintenance' }).click()
  await expect(page).toHaveURL(/\/admin\/settings#settings-maintenance$/)
  await expect(page.getByLabel('Activer le mode maintenance')).toBeChecked()
  // Visitors get the maintenance page, never the banner.
  const visitor = await browser.newContext()
  const response = await visitor.request.get(`${server.url}/projects`)
  expect(response.status()).toBe(503)
  expect(await response.text()).not.toContain(text)
  await visitor.close()
})

test('error banners leave once the value is fixed, and never sit beside a success', async ({
  page,
  db: _db,
}) => {
  await getDb().deleteFrom('cv').execute()
  await signInAdmin(page)
  await openAdminTab(page, 'CV')
  const url = page.getByLabel('URL du CV (PDF ou image)')
  const failed = page
    .getByRole('alert')
    .filter({ hasText: "Erreur lors de la mise à jour de l'URL" })
  await url.fill('pas une url')
  await page.getByRole('button', { name: "Enregistrer l'URL" }).click()
  await expect(failed).toBeVisible()
  await expect(url).toHaveAttribute('aria-invalid', 'true')
  // Fixed: the error goes while typing, before any submit.
  await url.fill('/demo/projects/budget-clair-cover.webp')
  await expect(failed).toHaveCount(0)
  await expect(url).not.toHaveAttribute('aria-invalid', 'true')
  await page.getByRole('button', { name: "Enregistrer l'URL" }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'URL du CV mise à jour avec succès' }),
  ).toBeVisible()
  await expect(failed).toHaveCount(0)

  // The project form: 'URL invalide' leaves when the link is fixed.
  await openAdminTab(page, 'Projets')
  await page.getByRole('link', { name: 'Nouveau projet' }).click()
  const link = page.getByLabel('Lien du projet (URL, facultatif)')
  await link.fill('pas une url')
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click()
  await expect(link).toHaveAttribute('aria-invalid', 'true')
  await expect(link).toHaveAccessibleDescription(/URL invalide/)
  await link.fill('https://exemple.fr/projet')
  await expect(link).not.toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('URL invalide')).toHaveCount(0)
})
