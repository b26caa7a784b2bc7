// Drivers shared by the public-site browser tests.
import type { Locator, Page } from '@playwright/test'
import { THEMES, type ThemeId } from '#app/domain/theme.ts'
import { expect, waitForHydration } from '../../fixtures/test.ts'

/**
 * Waits until the loading overlay is gone. Its hiding is time-driven (1.5 s after a route
 * change, 2 s at most after start): the expect time-out bounds it, generous on a loaded
 * machine; how fast it goes is `npm run bench:lighthouse`'s business, not a test's.
 */
export async function overlayGone(page: Page) {
  await expect(page.getByTestId('loading-overlay')).toBeHidden()
}

/**
 * Navigates and waits for hydration plus the end of the first-load overlay. The CSS fallback
 * can hide the overlay before the app has hydrated (a loaded machine): with JavaScript on,
 * the page must also be hydrated, so listeners are in place.
 */
/**
 * Waits until the server serves `path` with `text` in it. A write from the test process reaches
 * the server's caches through its change channel, on PostgreSQL a notification read
 * asynchronously (ADR 051): a page asked for at once may still be the one from before.
 */
export async function servedWith(page: Page, path: string, text: string) {
  await expect.poll(async () => (await page.request.get(path)).text()).toContain(text)
}

export async function visit(page: Page, path: string) {
  const response = await page.goto(path)
  if (await page.evaluate(() => '__reactRouterContext' in window)) await waitForHydration(page)
  await overlayGone(page)
  return response
}

/** Presses Tab until `target` has the focus, as a keyboard user would reach it. */
export async function tabTo(page: Page, target: Locator, maxPresses = 80) {
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press('Tab')
    if (await target.evaluate((el) => el === document.activeElement)) return
  }
  throw new Error(`Not reached with ${maxPresses} presses of Tab`)
}

/** The computed value of a CSS property, e.g. `opacity` or `box-shadow`. */
export function computed(target: Locator, property: string) {
  return target.evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property)
}

/** Asserts a text is drawn in red (form errors), whatever the colour's notation (oklch…). */
export async function expectRed(target: Locator) {
  const [r = 0, g = 0, b = 0] = await target.evaluate((el) => {
    const ctx = document.createElement('canvas').getContext('2d')!
    ctx.fillStyle = getComputedStyle(el).color
    ctx.fillRect(0, 0, 1, 1)
    return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)]
  })
  expect(r > g && r > b, `red text, got rgb(${r}, ${g}, ${b})`).toBe(true)
}

/** Chooses `theme` with the theme picker, as a visitor does, unless the page already has it. */
export async function pickTheme(page: Page, theme: ThemeId) {
  const html = page.locator('html')
  if ((await html.getAttribute('data-theme')) !== theme) {
    await page.getByRole('button', { name: 'Choisir un thème' }).click()
    await page
      .getByRole('group', { name: 'Thèmes' })
      .getByRole('button', { name: THEMES[theme].label })
      .click()
  }
  await expect(html).toHaveAttribute('data-theme', theme)
  await expect(page.getByRole('group', { name: 'Thèmes' })).toHaveCount(0)
}
