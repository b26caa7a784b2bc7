// The statistics read French dates and stay legible on a phone (ADR 096): the period reads
// « 29 octobre 2026 », never « 2026-10-29 »; at 390 px the chart's labels are at least 11 px
// high, with fewer date labels than on a wide screen.
import { signInAdmin } from '../../fixtures/admin.ts'
import { test, expect } from '../../fixtures/test.ts'

const LONG_DATE =
  /\d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}/

test('French dates, and chart labels of at least 11 px at 390 px', async ({ page, db: _db }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signInAdmin(page)
  await page.goto('/admin/statistics?period=30d')
  const sentence = page.getByText(/^Du .* au .*, comparé au/)
  await expect(sentence).toContainText(LONG_DATE)
  await expect(sentence).not.toContainText(/\d{4}-\d{2}-\d{2}/)
  const narrow = page.locator('[data-stats-chart-narrow]')
  await expect(narrow).toBeVisible()
  await expect(page.locator('[data-stats-chart]')).toBeHidden()
  const sizes = await narrow.evaluate((svg: SVGSVGElement) => {
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width
    return [...svg.querySelectorAll('text')].map((t) => Number(t.getAttribute('font-size')) * scale)
  })
  expect(sizes.length).toBeGreaterThan(0)
  for (const size of sizes) expect(size).toBeGreaterThanOrEqual(11)
  // Three figures on the vertical axis, at most four dates below.
  expect(sizes.length).toBeLessThanOrEqual(3 + 4)
  const labels = await narrow.locator('text').allTextContents()
  for (const label of labels) expect(label).not.toMatch(/\d{4}-\d{2}-\d{2}/)
})
