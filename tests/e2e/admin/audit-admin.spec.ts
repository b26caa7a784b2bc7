// Issue 13 (new-user audit), admin side: colour scheme of native controls, maintenance
// banner, activity log sentences and page-view filter, error banners that clear, 390 px.
import { getDb } from '#app/server/db/client.server.ts'
import { openAdminTab, signInAdmin } from '../../fixtures/admin.ts'
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
