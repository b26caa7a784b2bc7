// The English legal pages are built from the same facts as the French ones (ADR 089): the
// owner's identity and the statistics settings, changed in the hub, show on both at once.
import { makeProfile, makeSettings } from '#app/server/demo/factories.server.ts'
import { saveProfile } from '#app/server/repositories/profile.server.ts'
import { updateSettings } from '#app/server/repositories/settings.server.ts'
import { test, expect } from '../../fixtures/test.ts'
import { signInAdmin } from '../../fixtures/admin.ts'

test('English legal pages follow the owner’s identity and the statistics settings', async ({
  page,
  db: _db,
}) => {
  await saveProfile(makeProfile({ name: 'Alex Martin', email: 'alex@atelier.fr' }))
  await updateSettings(
    makeSettings({
      siteName: 'Atelier Lumière',
      contact: { email: 'alex@atelier.fr' },
      // The worker's other specs may have written their own legal texts: back to the templates.
      legal: { notice: '', privacy: '', terms: '' },
    }),
  )
  await signInAdmin(page)
  await page.goto('/admin/statistics')
  await page.getByText('Réglages des statistiques').click()
  await page.getByLabel('Conservation des données détaillées (mois)').fill('7')
  await page.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(page.getByText('Réglages des statistiques enregistrés')).toBeVisible()
  await page.context().clearCookies()

  await page.goto('/en/legal-notice')
  const body = page.getByTestId('markdown-body')
  await expect(body).toContainText('published by Alex Martin, in a personal capacity')
  await expect(body).toContainText('E-mail: alex@atelier.fr')
  await expect(body).not.toContainText('Camille Laurent')
  await page.goto('/mentions-legales')
  await expect(page.getByTestId('markdown-body')).toContainText('édité par Alex Martin')

  await page.goto('/en/privacy')
  await expect(body.getByRole('heading', { level: 2, name: 'Visit statistics' })).toBeVisible()
  await expect(body).toContainText('without cookies and without any third-party service')
  await expect(body).toContainText('deleted after 7 months')
  await expect(body).not.toContainText('only with your consent')
  await expect(page.getByRole('button', { name: 'Stop counting me' })).toBeVisible()
  await page.goto('/confidentialite')
  await expect(page.getByTestId('markdown-body')).toContainText('supprimées au bout de 7 mois')

  // Statistics switched off: both privacy pages drop the section together.
  await signInAdmin(page)
  await page.goto('/admin/statistics')
  await page.getByText('Réglages des statistiques').click()
  await page.getByLabel('Mesurer l’audience du site').uncheck()
  await page.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(page.getByText('Réglages des statistiques enregistrés')).toBeVisible()
  await page.context().clearCookies()
  await page.goto('/en/privacy')
  await expect(body).toContainText('Data controller')
  await expect(body.getByRole('heading', { name: 'Visit statistics' })).toHaveCount(0)
  await page.goto('/confidentialite')
  await expect(
    page.getByTestId('markdown-body').getByRole('heading', { name: 'Statistiques de visite' }),
  ).toHaveCount(0)
})
