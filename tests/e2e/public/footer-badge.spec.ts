// The fixed section badge never covers the footer's « © » line, in any theme (1280 px).
import { THEME_IDS, serializeTheme } from '#app/domain/theme.ts'
import { test, expect } from '../../fixtures/test.ts'

test.use({ viewport: { width: 1280, height: 800 } })

for (const theme of THEME_IDS) {
  test(`the section badge and the © line do not meet at the page's end (${theme})`, async ({
    page,
    db: _db,
  }) => {
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      'theme-storage',
      serializeTheme(theme),
    ] as const)
    for (const path of ['/', '/projects']) {
      await page.goto(path)
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      const copyright = page.getByRole('contentinfo').getByText(/^© \d{4} /)
      await expect(copyright).toBeInViewport()
      const badge = page.getByTestId('section-badge')
      await expect(badge).toBeVisible()
      const a = (await badge.boundingBox())!
      const b = (await copyright.boundingBox())!
      const overlap =
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
      expect(overlap, `${path}: badge ${JSON.stringify(a)} / © ${JSON.stringify(b)}`).toBe(false)
    }
  })
}
