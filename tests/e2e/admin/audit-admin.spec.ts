// Issue 13 (new-user audit), admin side: colour scheme of native controls, maintenance
// banner, activity log sentences and page-view filter, error banners that clear, 390 px.
import { ADMIN_TABS } from '#app/domain/admin-tabs.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { adminNav, openAdminTab, signInAdmin } from '../../fixtures/admin.ts'
import { createTestUser } from '../../fixtures/auth.ts'
import { test, expect } from '../../fixtures/test.ts'

test.afterEach(async ({ db: _db }) => {
  await getDb().deleteFrom('settings').execute()
})

for (const scheme of ['dark', 'light'] as const) {
  test(`point 1: native controls of the admin use the light scheme (system ${scheme})`, async ({
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

test.describe('point 5: the admin at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('all 12 tabs in sight, no sideways page scroll, e-mails not cut', async ({
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
