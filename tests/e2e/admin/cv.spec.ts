import { getDb } from '#app/server/db/client.server.ts'
import { getCv } from '#app/server/repositories/cv.server.ts'
import { CV_ACCESS_TEXTS } from '#app/domain/cv.ts'
import { createTestUser, signIn } from '../../fixtures/auth.ts'
import { test, expect } from '../../fixtures/test.ts'
import {
  latestActivity,
  expectActivity,
  expectFieldError,
  openAdminTab,
  signInAdmin,
} from '../../fixtures/admin.ts'

const CV_IMAGE = '/demo/projects/budget-clair-cover.webp'

test('cv: URL form with its banners, protection defaults then partial update', async ({
  page,
  db: _db,
}) => {
  await getDb().deleteFrom('cv').execute()
  const admin = await signInAdmin(page)
  await openAdminTab(page, 'CV')
  await expect(page.getByRole('heading', { level: 2, name: 'Gestion du CV' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Protection du CV' })).toBeVisible()
  await expect(page.getByRole('checkbox')).toHaveCount(0)

  const url = page.getByLabel('URL du CV (PDF ou image)')
  const save = page.getByRole('button', { name: "Enregistrer l'URL" })
  await save.click()
  await expectFieldError(page, 'URL du CV (PDF ou image)', "L'URL du CV est requise")
  await expect(page.getByRole('alert')).toHaveText("Erreur lors de la mise à jour de l'URL")
  await url.fill('pas une url')
  await save.click()
  await expectFieldError(page, 'URL du CV (PDF ou image)', 'URL invalide')
  expect(await getCv()).toBeUndefined()

  await url.fill(CV_IMAGE)
  await save.click()
  await expect(page.getByRole('status')).toHaveText('URL du CV mise à jour avec succès')
  expect(await getCv()).toMatchObject({
    url: CV_IMAGE,
    settings: { requireAuth: true, addWatermark: false, trackDownloads: true },
  })
  await expectActivity(admin, { action: 'update', resourceType: 'cv', resourceName: 'CV' })

  // Defaults when the URL is first set: true / false / true.
  const requireAuth = page.getByLabel('Exiger une connexion pour télécharger le CV')
  const watermark = page.getByLabel('Ajouter un filigrane')
  const track = page.getByLabel('Suivre les téléchargements')
  await expect(requireAuth).toBeChecked()
  await expect(watermark).not.toBeChecked()
  await expect(track).toBeChecked()

  await requireAuth.uncheck()
  await watermark.check()
  await page.getByRole('button', { name: 'Enregistrer la protection' }).click()
  await expect(page.getByRole('status')).toHaveText('Protection du CV mise à jour avec succès')
  expect((await getCv())?.settings).toEqual({
    requireAuth: false,
    addWatermark: true,
    trackDownloads: true,
    // ADR 018: who may download, sent with the form (its default).
    audience: 'any',
  })
  // The log says it in the form's words.
  expect((await latestActivity({ action: 'update', resourceType: 'cv' }))[0]?.details).toBe(
    'Exiger une connexion pour télécharger le CV : non ; Ajouter un filigrane : oui ; ' +
      'Suivre les téléchargements : oui ; Comptes autorisés à télécharger le CV : Tout compte connecté',
  )
  await page.reload()
  await expect(requireAuth).not.toBeChecked()
  await expect(watermark).toBeChecked()

  // Changing the URL later keeps the protection settings.
  await url.fill('/demo/projects/budget-clair-cover.webp?v=2')
  await save.click()
  await expect(page.getByRole('status')).toHaveText('URL du CV mise à jour avec succès')
  expect(await getCv()).toMatchObject({
    url: '/demo/projects/budget-clair-cover.webp?v=2',
    settings: { requireAuth: false, addWatermark: true, trackDownloads: true },
  })
})

test('cv: the protection settings take effect on the public CV page', async ({
  page,
  request,
  db: _db,
}) => {
  await getDb().deleteFrom('cv').execute()
  const admin = await signInAdmin(page)
  await page.goto('/admin/cv')
  await page.getByLabel('URL du CV (PDF ou image)').fill(CV_IMAGE)
  await page.getByRole('button', { name: "Enregistrer l'URL" }).click()
  await expect(page.getByRole('status')).toHaveText('URL du CV mise à jour avec succès')

  // requireAuth on (default): a signed-out download is refused by the server.
  const refused = await request.get('/cv/telecharger', { maxRedirects: 0 })
  expect(refused.status()).toBeGreaterThanOrEqual(300)
  expect(refused.headers()['location']).toContain('/cv?connexion=requise')

  // trackDownloads on (default): a signed-in download writes a `download` entry.
  const before = (await latestActivity({ action: 'download' })).length
  const allowed = await page.request.get('/cv/telecharger', { maxRedirects: 0 })
  expect(allowed.headers()['location']).toBe(CV_IMAGE)
  const after = await latestActivity({ action: 'download' })
  expect(after.length).toBe(before + 1)
  expect(after[0]).toMatchObject({ userId: admin.id, resourceType: 'cv' })

  // trackDownloads off, requireAuth off: anyone downloads, nothing is logged for it.
  await page.getByLabel('Exiger une connexion pour télécharger le CV').uncheck()
  await page.getByLabel('Suivre les téléchargements').uncheck()
  await page.getByLabel('Ajouter un filigrane').check()
  await page.getByRole('button', { name: 'Enregistrer la protection' }).click()
  await expect(page.getByRole('status')).toHaveText('Protection du CV mise à jour avec succès')
  const open = await request.get('/cv/telecharger', { maxRedirects: 0 })
  expect(open.headers()['location']).toBe(CV_IMAGE)
  await page.request.get('/cv/telecharger', { maxRedirects: 0 })
  expect((await latestActivity({ action: 'download' })).length).toBe(after.length)

  // addWatermark on: the signed-in viewer's name is laid over the CV image.
  await page.goto('/cv')
  const cvImage = page.getByRole('img', { name: 'CV' })
  await expect(cvImage).toBeVisible()
  await expect(
    cvImage.locator('xpath=..').getByText(admin.name, { exact: true }).first(),
  ).toBeAttached()
})

test('cv: the owner keeps the CV for approved accounts and approves one (ADR 018)', async ({
  page,
  browser,
  baseURL,
  db: _db,
}) => {
  await getDb().deleteFrom('cv').execute()
  await signInAdmin(page)
  const viewer = await createTestUser()
  await page.goto('/admin/cv')
  await page.getByLabel('URL du CV (PDF ou image)').fill('https://exemple.fr/cv.pdf')
  await page.getByRole('button', { name: "Enregistrer l'URL" }).click()
  await expect(page.getByRole('status')).toHaveText('URL du CV mise à jour avec succès')
  await page.getByRole('radio', { name: "Les comptes que j'ai approuvés" }).check()
  await page.getByRole('button', { name: 'Enregistrer la protection' }).click()
  await expect(page.getByRole('status')).toHaveText('Protection du CV mise à jour avec succès')
  expect((await getCv())?.settings.audience).toBe('approved')

  // The viewer is refused, in French, with the reason.
  const visitor = await browser.newContext({ baseURL })
  const visitorPage = await visitor.newPage()
  await signIn(visitorPage, { user: viewer })
  const refused = await visitorPage.request.get('/cv/telecharger', { maxRedirects: 0 })
  expect(refused.headers()['location']).toBe('/cv?acces=refuse')
  await visitorPage.goto('/cv')
  await expect(visitorPage.getByText(CV_ACCESS_TEXTS.unapproved)).toBeVisible()

  await page.getByRole('button', { name: `Approuver ${viewer.email}` }).click()
  await expect(page.getByRole('status')).toHaveText(
    'Autorisation de téléchargement du CV mise à jour',
  )
  await expect(
    page.getByRole('button', { name: `Retirer l'accès de ${viewer.email}` }),
  ).toBeVisible()
  const allowed = await visitorPage.request.get('/cv/telecharger', { maxRedirects: 0 })
  expect(allowed.headers()['location']).toBe('https://exemple.fr/cv.pdf')
  await visitor.close()
})
