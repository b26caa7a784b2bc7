// The first-load indicator (ADR 086, ADR 106): a page the server rendered is never covered, at
// its first paint or while it starts. Only over a page still not interactive a second after its
// first frame does a thin bar show along the top edge, with no visible text (so never the
// page's largest paint); it leaves once the page is hydrated, and at most 2 s after the
// navigation's start even before hydration (the head's boot script).
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

/** What covers the main heading, read in the page (installed before any of its scripts). */
interface Cover {
  /** The page has its main heading, with a size. */
  heading: boolean
  /** At its centre, the topmost element is the heading, even when the overlay's elements are
   * made to take the pointer (elementFromPoint skips them otherwise: pointer-events: none). */
  hitsHeading: boolean
  /** Some part of the overlay is rendered visible. */
  overlayVisible: boolean
  /** The visible parts of the overlay that overlap the heading. */
  overlapsHeading: boolean
  /** The overlay's largest visible box holding text, in CSS pixels squared (LCP counts text
   * blocks and images; a visually hidden status is a 1 px box). */
  largestTextBox: number
  /** Images in the overlay (LCP candidates). */
  images: number
}

declare global {
  interface Window {
    coverOfHeading?: () => Cover
    firstFrame?: Cover
  }
}

async function installCoverProbe(page: Page, atFirstFrame: boolean) {
  await page.addInitScript((recordFirstFrame: boolean) => {
    const shown = (el: Element) => {
      const style = getComputedStyle(el)
      return style.visibility === 'visible' && style.display !== 'none' && Number(style.opacity) > 0
    }
    window.coverOfHeading = (): Cover => {
      const h1 = document.querySelector('h1')
      const overlay = document.querySelector<HTMLElement>('[data-testid="loading-overlay"]')
      const parts = overlay ? [overlay, ...overlay.querySelectorAll<HTMLElement>('*')] : []
      const visibleParts = parts.filter((el) => {
        const box = el.getBoundingClientRect()
        return shown(el) && box.width > 0 && box.height > 0
      })
      const box = h1?.getBoundingClientRect()
      const saved = parts.map((el) => el.style.pointerEvents)
      for (const el of parts) el.style.pointerEvents = 'auto'
      const hit = box
        ? document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
        : null
      parts.forEach((el, i) => (el.style.pointerEvents = saved[i]!))
      const overlaps = (el: Element) => {
        const b = el.getBoundingClientRect()
        return Boolean(
          box &&
          b.left < box.right &&
          b.right > box.left &&
          b.top < box.bottom &&
          b.bottom > box.top,
        )
      }
      const withText = visibleParts.filter((el) =>
        [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim()),
      )
      return {
        heading: Boolean(box && box.width > 0 && box.height > 0),
        hitsHeading: Boolean(hit && h1?.contains(hit)),
        overlayVisible: visibleParts.length > 0,
        overlapsHeading: visibleParts.some(overlaps),
        largestTextBox: Math.max(
          0,
          ...withText.map((el) => {
            const b = el.getBoundingClientRect()
            return b.width * b.height
          }),
        ),
        images: overlay?.querySelectorAll('img, image, video, picture').length ?? 0,
      }
    }
    // The first frame that can show the heading (an earlier one may come while the HTML is
    // still being parsed).
    const atFrame = () => {
      if (document.querySelector('h1')) window.firstFrame = window.coverOfHeading!()
      else requestAnimationFrame(atFrame)
    }
    if (recordFirstFrame) requestAnimationFrame(atFrame)
  }, atFirstFrame)
}

const uncovered = { heading: true, hitsHeading: true, overlapsHeading: false, images: 0 }

test('the content is visible, not covered, at the first paint of a cached page', async ({
  page,
  db: _db,
}) => {
  // The page as its first frame shows it, its scripts not yet run (they never arrive here).
  await neverHydrates(page)
  await installCoverProbe(page, true)
  // The second request comes from the page cache.
  await page.request.get('/projects')
  const second = await page.request.get('/projects')
  expect(second.ok()).toBe(true)
  await page.goto('/projects')
  await expect
    .poll(() => page.evaluate(() => window.firstFrame))
    .toMatchObject({
      ...uncovered,
      overlayVisible: false,
      largestTextBox: 0,
    })
})

test('a page not interactive a second after its first frame shows a thin bar, never over the page, until 2 s', async ({
  page,
  db: _db,
}) => {
  await neverHydrates(page)
  await installCoverProbe(page, false)
  // The page's clock stands still from the start (the wall clock of a loaded machine would
  // otherwise run past 2 s while the page loads): only runFor moves it. Paused without a
  // separate install: a new document's clock replays the calls made so far, and the real time
  // between an install and a pause becomes its performance.now() at boot, a few hundred
  // milliseconds on a loaded machine, enough to end the indicator before it shows.
  await page.clock.pauseAt(Date.now() + 10)
  // Always from the page cache, whatever ran before in this worker.
  await page.request.get('/contact')
  await page.goto('/contact')
  const overlay = page.getByTestId('loading-overlay')
  const html = page.locator('html')
  const cover = () => page.evaluate(() => window.coverOfHeading!())
  // The page started at the clock's origin, so the indicator's two timers come in order.
  expect(await page.evaluate(() => performance.now())).toBeLessThan(100)
  // Painted without the indicator.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(overlay).toBeHidden()
  expect(await cover()).toMatchObject({ ...uncovered, overlayVisible: false })
  // Still not interactive a second after the first frame: the bar shows, the page stays
  // uncovered, and the message is there for assistive technologies only (no visible text
  // that would become the largest paint).
  await page.clock.runFor(OVERLAY_INITIAL_DELAY_MS + 100)
  await expect(html).toHaveAttribute(OVERLAY_SLOW_ATTRIBUTE, '')
  await expect(overlay).toBeVisible()
  await expect(overlay.getByRole('status')).toHaveText("Initialisation de l'expérience...")
  const slow = await cover()
  expect(slow).toMatchObject({ ...uncovered, overlayVisible: true })
  expect(slow.largestTextBox).toBeLessThanOrEqual(1)
  expect((await overlay.boundingBox())?.height).toBeLessThanOrEqual(8)
  // Ended at 2 s from the start by the boot script (React never hid it).
  await page.clock.runFor(2000)
  await expect(html).toHaveAttribute(OVERLAY_DONE_ATTRIBUTE, '')
  await expect(overlay).toBeHidden()
  await expect(overlay).not.toHaveAttribute('hidden', '')
})

test('the indicator is gone as soon as the page is hydrated, with no timer left to run', async ({
  page,
  db: _db,
}) => {
  // Page timers stand still: only hydration itself can hide it.
  await page.clock.install()
  await page.clock.pauseAt(Date.now() + 1000)
  await page.goto('/projects')
  const overlay = page.getByTestId('loading-overlay')
  // React sets `hidden` on the route-change overlay it renders from then on (the boot script
  // only shows or fades the first-load bar).
  await page.waitForSelector('[data-testid="loading-overlay"][hidden]', { state: 'attached' })
  await expect(overlay).toBeHidden()
  // The content was rendered by the server, and the slow-start timer never fired.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.locator('html')).not.toHaveAttribute(OVERLAY_SLOW_ATTRIBUTE, '')
})
