// ADR 093: the menu's Admin entry is for a signed-in admin or editor, not for every visitor.
import type { Page } from '@playwright/test'
import { signIn } from '../../fixtures/auth.ts'
import { test, expect } from '../../fixtures/test.ts'
import { visit } from './helpers.ts'

async function adminEntries(page: Page) {
  await visit(page, '/')
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click()
  const panel = page.getByRole('dialog', { name: 'Navigation principale' })
  await expect(panel.getByRole('link', { name: 'Contact', exact: true })).toBeVisible()
  return panel.getByRole('link', { name: 'Admin', exact: true })
}

test('Admin shows in the menu for an admin only, not for a visitor or a reader', async ({
  page,
  db: _db,
}) => {
  await expect(await adminEntries(page)).toHaveCount(0)
  await signIn(page, { role: 'viewer', status: 'active' })
  await expect(await adminEntries(page)).toHaveCount(0)
  await page.context().clearCookies()
  await signIn(page, { role: 'admin', status: 'active' })
  await expect(await adminEntries(page)).toHaveAttribute('href', '/admin')
})
