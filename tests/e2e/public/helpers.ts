// Drivers shared by the public-site browser tests.
import type { Page } from '@playwright/test'
import { expect } from '../../fixtures/test.ts'

/** Waits until the loading overlay (spec §2) is gone. */
export async function overlayGone(page: Page) {
  await expect(page.getByTestId('loading-overlay')).toBeHidden({ timeout: 4000 })
}

/** Navigates and waits for hydration plus the end of the first-load overlay. */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path)
  await overlayGone(page)
  return response
}
