// The hub at 390 px (ADR 071): admin lists become stacked cards, nothing scrolls sideways,
// every row's actions are in sight, and the header leaves room for the content.
import type { Page } from '@playwright/test'
import { getDb } from '#app/server/db/client.server.ts'
import { enqueueEmail } from '#app/server/mail/outbox.server.ts'
import { createTestUser } from '../../fixtures/auth.ts'
import { signInAdmin } from '../../fixtures/admin.ts'
import { test, expect } from '../../fixtures/test.ts'

test.use({ viewport: { width: 390, height: 844 } })

const WIDTH = 390

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH)
}

/** Each control of `rows` lies wholly inside the viewport's width and is visible. */
async function expectInSight(page: Page, selector: string) {
  const controls = page.locator(selector)
  const count = await controls.count()
  expect(count).toBeGreaterThan(0)
  for (let i = 0; i < count; i++) {
    const control = controls.nth(i)
    await control.scrollIntoViewIfNeeded()
    await expect(control).toBeInViewport()
    const box = (await control.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(WIDTH)
  }
}

test('users and the outbox are stacked cards at 390 px; the hub header is compact', async ({
  page,
  db: _db,
}) => {
  const long = `prenom.nom-de-famille-tres-long-${Date.now().toString(36)}@une-entreprise-au-nom-long.fr`
  await createTestUser({ email: long, name: 'Dominique Très-Longnom' })
  await signInAdmin(page)

  await page.goto('/admin/users')
  const row = page.locator('tr', { hasText: long })
  await expect(row).toBeVisible()
  await expectNoSidewaysScroll(page)
  await expectInSight(page, 'tbody tr td:last-child button, tbody tr td:last-child a')
  // The address is whole on its line, not cut mid-word when it fits.
  await expect(row.getByText(long)).toBeVisible()
  // Each cell says what it is.
  await expect(row.locator('td[data-label="Rôle"]')).toBeVisible()

  // The header and the tab menu leave the tab's heading in the first half of the screen.
  const heading = page.getByRole('heading', { level: 2 }).first()
  const top = (await heading.boundingBox())!.y + (await page.evaluate(() => window.scrollY))
  expect(top).toBeLessThan(844 / 2)
  await expect(page.getByRole('link', { name: 'Mon compte' })).toBeVisible()

  await enqueueEmail(
    getDb(),
    {
      kind: 'test',
      to: { address: long },
      subject: 'Un objet assez long pour occuper plusieurs lignes sur un petit écran',
      html: '<p>x</p>',
      text: 'x',
    },
    { configured: false },
  )
  await page.goto('/admin/settings/emails')
  await expect(page.locator('tr', { hasText: 'Un objet assez long' })).toBeVisible()
  await expectNoSidewaysScroll(page)
  const to = page.locator('td[data-label="Destinataire"]', { hasText: long }).first()
  await to.scrollIntoViewIfNeeded()
  await expect(to).toBeInViewport()
  const box = (await to.boundingBox())!
  expect(box.x + box.width).toBeLessThanOrEqual(WIDTH)
})
