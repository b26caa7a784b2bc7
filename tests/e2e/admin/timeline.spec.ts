import { TIMELINE_DELETE_QUESTION } from '#app/domain/timeline.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { getTimelineItem, listTimeline } from '#app/server/repositories/timeline.server.ts'
import { test, expect } from '../../fixtures/test.ts'
import {
  deleteItem,
  expectActivity,
  expectFieldError,
  openAdminTab,
  signInAdmin,
} from '../../fixtures/admin.ts'

test('timeline: empty hint, required fields, create, edit, delete, public timeline', async ({
  page,
  db: _db,
}) => {
  await getDb().deleteFrom('timeline').execute()
  const admin = await signInAdmin(page)
  await openAdminTab(page, 'Parcours')
  await expect(page.getByText(/Aucun élément de parcours pour le moment/)).toBeVisible()

  await page.getByRole('link', { name: 'Nouvel élément' }).click()
  await expect(page.getByLabel('Date de début')).toHaveAttribute('placeholder', 'AAAA-MM')
  await page.getByLabel('Type').selectOption('')
  const save = page.getByRole('button', { name: 'Ajouter', exact: true })
  await save.click()
  await expectFieldError(page, 'Titre', 'Le titre est requis')
  await expectFieldError(page, 'Organisation', "L'organisation est requise")
  await expectFieldError(page, 'Date de début', 'La date de début est requise')
  await expectFieldError(page, 'Date de fin', 'La date de fin est requise')
  await expectFieldError(page, 'Type', 'Le type est requis')
  await expectFieldError(page, 'Description', 'La description est requise')

  const title = `Cheffe de produit ${Date.now()}`
  await page.getByLabel('Titre').fill(title)
  await page.getByLabel('Organisation').fill('Vitrine SAS')
  // Free text: no format check.
  await page.getByLabel('Date de début').fill('2021-09')
  await page.getByLabel('Date de fin').fill('present')
  await page.getByLabel('Type').selectOption({ label: 'Professionnel' })
  await page.getByLabel('Tags').fill(' Produit , ,  Discovery ,')
  await page.getByLabel('Description').fill('Pilotage de la roadmap.')
  await save.click()
  await expect(page.getByRole('status')).toHaveText('Élément du parcours ajouté avec succès')
  const item = (await listTimeline()).find((t) => t.title === title)
  expect(item).toMatchObject({
    organization: 'Vitrine SAS',
    startDate: '2021-09',
    endDate: 'present',
    type: 'professional',
    tags: ['Produit', 'Discovery'],
  })
  await expectActivity(admin, { action: 'create', resourceType: 'timeline', resourceName: title })
  await page.reload()
  await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('Présent')

  await page.goto('/timeline')
  await expect(page.getByText(title)).toBeVisible()

  await page.goto('/admin/timeline')
  await page.getByRole('link', { name: `Modifier ${title}` }).click()
  await expect(page.getByLabel('Tags')).toHaveValue('Produit, Discovery')
  await page.getByLabel('Type').selectOption({ label: 'Personnel' })
  await page.getByLabel('Tags').fill('')
  await page.getByLabel('Date de fin').fill('fin 2024')
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expect(page.getByRole('status')).toHaveText('Élément du parcours mis à jour avec succès')
  expect(await getTimelineItem(item!.id)).toMatchObject({
    type: 'personal',
    tags: [],
    endDate: 'fin 2024',
  })
  await expectActivity(admin, { action: 'update', resourceType: 'timeline', resourceName: title })

  await deleteItem(page, title, TIMELINE_DELETE_QUESTION, 'cancel')
  expect(await getTimelineItem(item!.id)).toBeDefined()
  await deleteItem(page, title, TIMELINE_DELETE_QUESTION)
  await expect(page.getByRole('status')).toHaveText('Élément du parcours supprimé avec succès')
  expect(await getTimelineItem(item!.id)).toBeUndefined()
  await expectActivity(admin, { action: 'delete', resourceType: 'timeline', resourceName: title })
})
