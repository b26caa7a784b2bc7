// A page's revisions (ADR 101): saved twice from the hub, its form lists both saves with who
// saved them, compares them, and restores the first as the page's text.
import { getPagePreview } from '#app/server/repositories/pages.server.ts'
import { expect, test } from '../../fixtures/test.ts'
import { openAdminTab, signInAdmin } from '../../fixtures/admin.ts'

test('page revisions: two saves listed, compared, the first restored', async ({
  page,
  db: _db,
}) => {
  await signInAdmin(page, { name: 'Camille Admin' })
  const slug = `tarifs-${Date.now().toString(36)}`
  await openAdminTab(page, 'Pages')
  await page.getByRole('link', { name: 'Nouvelle page' }).click()
  await page.getByLabel('Titre', { exact: true }).fill('Tarifs')
  await page.getByLabel('Slug', { exact: true }).fill(slug)
  const content = page.getByRole('textbox', { name: 'Contenu' })
  await content.fill('Première version des tarifs.')
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click()
  await expect(page.getByText('Page ajoutée avec succès').first()).toBeVisible()

  await page.getByRole('link', { name: 'Modifier Tarifs' }).click()
  await content.fill('Seconde version des tarifs.')
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expect(page.getByText('Page mise à jour avec succès').first()).toBeVisible()

  await page.getByRole('link', { name: 'Modifier Tarifs' }).click()
  const revisions = page.getByRole('list', { name: 'Liste des révisions' }).getByRole('listitem')
  await expect(revisions).toHaveCount(2)
  await expect(revisions.first()).toContainText('Camille Admin')
  await expect(
    page.getByText('Chaque enregistrement conserve le titre et le contenu'),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Comparer' }).click()
  const diff = page.getByTestId('revision-diff')
  await expect(diff.locator('del')).toContainText('Première version des tarifs.')
  await expect(diff.locator('ins')).toContainText('Seconde version des tarifs.')

  await revisions
    .nth(1)
    .getByRole('button', { name: /^Restaurer la révision du / })
    .click()
  await expect(page.getByRole('status').filter({ hasText: 'Révision restaurée' })).toBeVisible()
  await expect(content).toHaveValue('Première version des tarifs.')
  await expect(revisions).toHaveCount(3)
  expect((await getPagePreview(slug))?.page.content).toBe('Première version des tarifs.')
})
