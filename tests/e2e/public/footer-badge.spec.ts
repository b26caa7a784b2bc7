// The fixed section badge never covers the footer's « © » line, in any theme (1280 px).
import { THEME_IDS } from '#app/domain/theme.ts'
import { test, expect } from '../../fixtures/test.ts'
import { pickTheme, visit } from './helpers.ts'

test.use({ viewport: { width: 1280, height: 800 } })

// Each page is loaded once and measured in the four themes, chosen with the site's own picker
// as in the accessibility walk (ADRs 115, 126); each theme's check is a soft one named after it.
for (const path of ['/', '/projects']) {
  test(`the section badge and the © line do not meet at the end of ${path}, in every theme`, async ({
    page,
    db: _db,
  }) => {
    await visit(page, path)
    for (const theme of THEME_IDS) {
      await pickTheme(page, theme)
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      const copyright = page.getByRole('contentinfo').getByText(/^© \d{4} /)
      await expect(copyright).toBeInViewport()
      const badge = page.getByTestId('section-badge')
      await expect(badge).toBeVisible()
      const a = (await badge.boundingBox())!
      const b = (await copyright.boundingBox())!
      const overlap =
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
      expect
        .soft(overlap, `${theme} ${path}: badge ${JSON.stringify(a)} / © ${JSON.stringify(b)}`)
        .toBe(false)
    }
  })
}
