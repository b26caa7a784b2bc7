// Drivers shared by the public-site browser tests.
import type { Locator, Page } from '@playwright/test'
import { expect } from '../../fixtures/test.ts'

/** Waits until the loading overlay is gone. */
export async function overlayGone(page: Page) {
  await expect(page.getByTestId('loading-overlay')).toBeHidden({ timeout: 4000 })
}

/** Navigates and waits for hydration plus the end of the first-load overlay. */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path)
  await overlayGone(page)
  // The CSS fallback can hide the overlay before the app has hydrated (a loaded machine):
  // with JavaScript on, wait until React itself has hidden it, so listeners are in place.
  if (await page.evaluate(() => '__reactRouterContext' in window)) {
    await page.waitForSelector('[data-testid="loading-overlay"][hidden]', { state: 'attached' })
  }
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
