// The statistics' read-only share link (ADR 096): the admin makes it in the statistics
// settings; signed out, the link shows the dashboard without settings nor exports; revoked, it
// is a 404. The key never appears in what the server prints.
import { openAdminTab, signInAdmin } from '../../fixtures/admin.ts'
import { test, expect } from '../../fixtures/test.ts'

test('a shared link works signed out, read-only, and is a 404 once revoked', async ({
  page,
  browser,
  baseURL,
  server,
  db: _db,
}) => {
  await signInAdmin(page)
  await openAdminTab(page, 'Statistiques')
  await page.getByText('Réglages des statistiques').click()
  const share = page.getByRole('region', { name: 'Partager les statistiques' })
  await share.getByRole('button', { name: 'Créer un lien de partage' }).click()
  const field = share.getByRole('textbox', { name: /Lien de partage/ })
  await expect(field).toHaveValue(/\/statistiques\/partage\?cle=[A-Za-z0-9_-]{43}$/)
  const url = await field.inputValue()
  const key = new URL(url).searchParams.get('cle')!

  const visitor = await browser.newContext({ baseURL })
  const shared = await visitor.newPage()
  const target = new URL(url)
  const response = await shared.goto(`${target.pathname}${target.search}`)
  expect(response?.status()).toBe(200)
  expect(response?.headers()['cache-control']).toContain('no-store')
  await expect(shared.getByRole('heading', { level: 1, name: /^Statistiques de / })).toBeVisible()
  await expect(shared.getByRole('region', { name: 'Pages', exact: true })).toBeVisible()
  await expect(shared.getByRole('region', { name: 'Performances ressenties' })).toBeVisible()
  await expect(shared.getByText('Exporter en CSV')).toHaveCount(0)
  await expect(shared.getByText('Réglages des statistiques')).toHaveCount(0)
  await expect(shared.getByText('Partager les statistiques')).toHaveCount(0)
  // A period link keeps the key.
  await shared.getByRole('link', { name: '7 jours' }).click()
  await expect(shared).toHaveURL(/period=7d/)
  await expect(shared).toHaveURL(new RegExp(`cle=${key}`))
  await expect(shared.getByRole('heading', { level: 1 })).toBeVisible()
  // A wrong key is a 404.
  const wrong = await shared.goto(`/statistiques/partage?cle=${'A'.repeat(43)}`)
  expect(wrong?.status()).toBe(404)

  await share.getByRole('button', { name: 'Révoquer' }).click()
  await expect(share.getByText('Aucun lien de partage actif.')).toBeVisible()
  const revoked = await shared.goto(`${target.pathname}${target.search}`)
  expect(revoked?.status()).toBe(404)
  await visitor.close()
  expect(server.output()).not.toContain(key)
})
