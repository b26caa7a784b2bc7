// The first-load overlay (ADR 086): never over a page as it paints; it shows only over a page
// still not interactive a second after its first frame, leaves once the page is hydrated, and
// at most 2 s after the navigation's start even before hydration (the head's boot script).
import {
  OVERLAY_DONE_ATTRIBUTE,
  OVERLAY_INITIAL_DELAY_MS,
  OVERLAY_SLOW_ATTRIBUTE,
} from '#app/ui/chrome/nav-items.ts'
import { allowConsoleError, test, expect } from '../../fixtures/test.ts'
import type { Page } from '@playwright/test'

/** A page whose module scripts never load: it never hydrates (see the CSP note below). */
async function neverHydrates(page: Page) {
  // When the page comes from the page cache (hash-based CSP, ADR 029), Chrome retries each
  // aborted module preload as a load its CSP does not list and says so: a consequence of the
  // aborted loads, not of the page (csp.spec.ts checks the policy itself).
  allowConsoleError(page, /Failed to load resource/)
  allowConsoleError(
    page,
    /^Loading the script '[^']+\/assets\/[^']+\.js' violates the following Content Security Policy/,
  )
  await page.route(/\/assets\/.*\.js(\?.*)?$/, (route) => route.abort())
}

test('the content is visible, not covered, at the first paint of a cached page', async ({
  page,
  db: _db,
}) => {
  // At the first frame, what is at the main heading's centre is the heading itself, and the
  // overlay is not visible (elementFromPoint skips it anyway: pointer-events: none).
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      const h1 = document.querySelector('h1')
      const overlay = document.querySelector('[data-testid="loading-overlay"]')
      const box = h1?.getBoundingClientRect()
      const hit = box
        ? document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
        : null
      ;(window as unknown as { firstFrame: object }).firstFrame = {
        heading: Boolean(h1),
        hitsHeading: Boolean(hit && h1?.contains(hit)),
        overlayVisible: overlay ? getComputedStyle(overlay).visibility === 'visible' : false,
      }
    })
  })
  // The second request comes from the page cache.
  await page.request.get('/projects')
  const second = await page.request.get('/projects')
  expect(second.ok()).toBe(true)
  await page.goto('/projects')
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { firstFrame?: object }).firstFrame))
    .toEqual({ heading: true, hitsHeading: true, overlayVisible: false })
})

test('the overlay is gone as soon as the page is hydrated, with no timer left to run', async ({
  page,
  db: _db,
}) => {
  // Page timers stand still: only hydration itself can hide the overlay.
  await page.clock.install()
  await page.clock.pauseAt(Date.now() + 1000)
  await page.goto('/projects')
  const overlay = page.getByTestId('loading-overlay')
  // React sets `hidden` (the boot script only shows or fades it).
  await page.waitForSelector('[data-testid="loading-overlay"][hidden]', { state: 'attached' })
  await expect(overlay).toBeHidden()
  // The content was rendered by the server, and the slow-start timer never fired.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.locator('html')).not.toHaveAttribute(OVERLAY_SLOW_ATTRIBUTE, '')
})

test('a page not interactive a second after its first frame shows the overlay until 2 s', async ({
  page,
  db: _db,
}) => {
  await neverHydrates(page)
  // The page's clock stands still from the start (the wall clock of a loaded machine would
  // otherwise run past 2 s while the page loads): only runFor moves it.
  await page.clock.install()
  await page.clock.pauseAt(Date.now() + 10)
  // Always from the page cache, whatever ran before in this worker.
  await page.request.get('/')
  await page.goto('/')
  const overlay = page.getByTestId('loading-overlay')
  const html = page.locator('html')
  // Painted without the overlay.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(overlay).toBeHidden()
  // Still not interactive a second after the first frame: the overlay says why.
  await page.clock.runFor(OVERLAY_INITIAL_DELAY_MS + 100)
  await expect(html).toHaveAttribute(OVERLAY_SLOW_ATTRIBUTE, '')
  await expect(overlay).toBeVisible()
  await expect(overlay.getByRole('status')).toHaveText("Initialisation de l'expérience...")
  // Ended at 2 s from the start by the boot script (React never hid it).
  await page.clock.runFor(2000)
  await expect(html).toHaveAttribute(OVERLAY_DONE_ATTRIBUTE, '')
  await expect(overlay).toBeHidden()
  await expect(overlay).not.toHaveAttribute('hidden', '')
})
