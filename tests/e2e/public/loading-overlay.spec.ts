// The first-load overlay (ADR 038's amendment): it leaves once the page is hydrated, and at
// most 2 s after the navigation's start even before hydration (the head's boot script).
import { OVERLAY_DONE_ATTRIBUTE } from '#app/ui/chrome/nav-items.ts'
import { allowConsoleError, test, expect } from '../../fixtures/test.ts'

test('the overlay is gone as soon as the page is hydrated, with no timer left to run', async ({
  page,
  db: _db,
}) => {
  // Page timers stand still: only hydration itself can hide the overlay.
  await page.clock.install()
  await page.clock.pauseAt(Date.now() + 1000)
  await page.goto('/projects')
  const overlay = page.getByTestId('loading-overlay')
  // React sets `hidden` (the CSS fallback and the boot script only fade it).
  await page.waitForSelector('[data-testid="loading-overlay"][hidden]', { state: 'attached' })
  await expect(overlay).toBeHidden()
  // The content was rendered under it by the server.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('before hydration, the boot script ends the overlay from the navigation start', async ({
  page,
  db: _db,
}) => {
  // No module script ever runs: the page never hydrates. When the page comes from the page
  // cache (an earlier test of the worker asked for it; hash-based CSP, ADR 029), Chrome retries
  // each aborted module preload as a load its CSP does not list and says so: a consequence of
  // the aborted loads, not of the page (csp.spec.ts checks the policy itself).
  allowConsoleError(page, /Failed to load resource/)
  allowConsoleError(
    page,
    /^Loading the script '[^']+\/assets\/[^']+\.js' violates the following Content Security Policy/,
  )
  await page.route(/\/assets\/.*\.js(\?.*)?$/, (route) => route.abort())
  // Always from the page cache, whatever ran before in this worker.
  await page.request.get('/')
  await page.goto('/')
  const overlay = page.getByTestId('loading-overlay')
  // A state, waited for with the suite's bound: how soon it comes is bench:lighthouse's business.
  await expect(page.locator('html')).toHaveAttribute(OVERLAY_DONE_ATTRIBUTE, '')
  await expect(overlay).toBeHidden()
  // React never hid it: the boot script did.
  await expect(overlay).not.toHaveAttribute('hidden', '')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})
