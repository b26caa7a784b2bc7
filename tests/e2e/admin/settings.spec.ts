// Admin › 'Paramètres du Site' (merged then re-read, form rules, banners).
import { getDb } from '#app/server/db/client.server.ts'
import { getSettings, updateSettings } from '#app/server/repositories/settings.server.ts'
import {
  LOCAL_IMAGE,
  expectFieldError,
  latestActivity,
  openAdminTab,
  signInAdmin,
} from '../../fixtures/admin.ts'
import { test, expect } from '../../fixtures/test.ts'

// Saved settings would leak into the next tests of this worker (logo, custom code…).
test.afterEach(async ({ db: _db }) => {
  await getDb().deleteFrom('settings').execute()
})

const SUCCESS = 'Paramètres mis à jour avec succès'
const FAILURE = 'Erreur lors de la mise à jour des paramètres'

test('settings: sections, save by merge with spinner and success banner, Actualiser re-reads', async ({
  page,
  db: _db,
}) => {
  const admin = await signInAdmin(page)
  // A stored value the form does not show: the save must merge, not overwrite.
  await updateSettings({
    siteName: 'Avant',
    siteDescription: 'Description avant',
    'contact.email': 'avant@exemple.fr',
    'contact.whatsapp': '+33 6 00 00 00 00',
    'legal.notice': 'Mentions conservées',
  })
  await openAdminTab(page, 'Paramètres')
  await expect(page.getByRole('heading', { name: 'Paramètres du Site' })).toBeVisible()
  for (const section of [
    'Général',
    'Médias',
    'Réseaux sociaux',
    'Informations de contact',
    'Avancé',
    'Mode maintenance',
  ]) {
    await expect(page.getByRole('heading', { name: section, exact: true })).toBeVisible()
  }
  await expect(page.getByLabel('Nom du site')).toHaveValue('Avant')
  await expect(page.getByLabel('WhatsApp')).toHaveValue('+33 6 00 00 00 00')

  await page.getByLabel('Nom du site').fill('Atelier Lumière')
  await page.getByLabel('Description du site').fill('Portfolio de design et de code')
  await page.getByLabel('Mots-clés').fill(' design ,, code , produit ')
  await page.getByLabel('URL du logo').fill(LOCAL_IMAGE)
  await page.getByLabel('GitHub').fill('https://github.com/atelier')
  await page.getByLabel('E-mail de contact').fill('bonjour@atelier.fr')
  await page.getByLabel('Téléphone').fill('+33 1 02 03 04 05')
  await page.getByLabel('WhatsApp').fill('')

  // The save button shows a spinner (aria-busy) while the request is in flight.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/admin/settings.data*', async (route) => {
    if (route.request().method() === 'POST') await held
    await route.continue()
  })
  const save = page.getByRole('button', { name: /Enregistr/ })
  const savedFrom = Date.now()
  await save.click()
  await expect(save).toHaveAttribute('aria-busy', 'true')
  await expect(save.locator('svg.animate-spin')).toBeVisible()
  release()
  await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible()
  await expect(save).not.toHaveAttribute('aria-busy', 'true')

  const stored = await getSettings()
  expect(stored).toMatchObject({
    siteName: 'Atelier Lumière',
    siteDescription: 'Portfolio de design et de code',
    keywords: ['design', 'code', 'produit'],
    logo: LOCAL_IMAGE,
    socialMedia: { github: 'https://github.com/atelier' },
    contact: { email: 'bonjour@atelier.fr', phone: '+33 1 02 03 04 05' },
    legal: { notice: 'Mentions conservées' },
  })
  expect(stored?.contact.whatsapp).toBeUndefined()
  // Dated by this save: between the click and now (an order, not a duration).
  expect(Date.parse(stored!.updatedAt!)).toBeGreaterThanOrEqual(savedFrom)
  expect(Date.parse(stored!.updatedAt!)).toBeLessThanOrEqual(Date.now())
  // Re-read after saving: the form shows what is stored (keywords normalised).
  await expect(page.getByLabel('Mots-clés')).toHaveValue('design, code, produit')
  const entry = (await latestActivity({ action: 'update', resourceType: 'settings' })).find(
    (e) => e.userId === admin.id,
  )
  expect(entry?.resourceName).toBe('Atelier Lumière')

  // 'Actualiser' reloads what is stored now (changed elsewhere meanwhile).
  await updateSettings({ siteName: 'Changé ailleurs' })
  await page.getByRole('link', { name: 'Actualiser' }).click()
  await expect(page.getByLabel('Nom du site')).toHaveValue('Changé ailleurs')
  await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toHaveCount(0)
})

test('settings: broken rules give the failure banner and French errors; nothing is saved', async ({
  page,
  browser,
  db: _db,
}) => {
  await signInAdmin(page)
  await updateSettings({
    siteName: 'Stable',
    siteDescription: 'Description stable',
    'contact.email': 'stable@exemple.fr',
  })
  const before = await getSettings()
  await openAdminTab(page, 'Paramètres')
  await page.getByLabel('Nom du site').fill('')
  await page.getByLabel('Description du site').fill('  ')
  await page.getByLabel('E-mail de contact').fill('pas-un-email')
  await page.getByLabel('URL du favicon').fill('favicon.ico')
  await page.getByLabel('LinkedIn').fill('linkedin')
  await page.getByLabel('Identifiant Google Analytics').fill('XYZ')
  await page.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(page.getByRole('alert').filter({ hasText: FAILURE })).toBeVisible()
  await expectFieldError(page, 'Nom du site', 'Le nom du site est requis')
  await expectFieldError(page, 'Description du site', 'La description du site est requise')
  await expectFieldError(page, 'E-mail de contact', 'Adresse e-mail invalide')
  await expectFieldError(page, 'URL du favicon', 'URL invalide')
  await expectFieldError(page, 'LinkedIn', 'URL invalide')
  await expectFieldError(
    page,
    'Identifiant Google Analytics',
    'Identifiant Google Analytics invalide',
  )
  await expect(page.getByLabel('URL du favicon')).toHaveValue('favicon.ico')
  expect(await getSettings()).toEqual(before)

  // The server applies the same rules (no JavaScript: no browser-side check).
  const context = await browser.newContext({ javaScriptEnabled: false })
  const noJs = await context.newPage()
  await signInAdmin(noJs)
  await noJs.goto('/admin/settings')
  await noJs.getByLabel('Nom du site').fill('')
  await noJs.getByLabel('URL du logo').fill('pas une url')
  await noJs.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(noJs.getByRole('alert').filter({ hasText: FAILURE })).toBeVisible()
  await expect(noJs.getByText('Le nom du site est requis')).toBeVisible()
  await expect(noJs.getByLabel('URL du logo')).toHaveValue('pas une url')
  expect(await getSettings()).toEqual(before)
  // And saves a valid form without JavaScript: the POST redirects back to the tab (a reload
  // never re-posts), and the success message travels with the redirect as a toast.
  await noJs.getByLabel('Nom du site').fill('Sans JavaScript')
  await noJs.getByLabel('URL du logo').fill('')
  const posted = noJs.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/admin/settings',
  )
  await noJs.getByRole('button', { name: 'Enregistrer' }).click()
  const response = await posted
  expect(response.status()).toBe(302)
  expect(new URL(response.headers()['location'] ?? '', noJs.url()).pathname).toBe('/admin/settings')
  await expect(noJs.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible()
  await expect(noJs.getByLabel('Nom du site')).toHaveValue('Sans JavaScript')
  expect((await getSettings())?.siteName).toBe('Sans JavaScript')
  await context.close()
})
