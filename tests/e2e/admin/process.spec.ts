import { PROCESS_DELETE_QUESTION, PROCESS_ORDER_MESSAGE } from '#app/domain/process.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { makeProcessStep } from '#app/server/demo/factories.server.ts'
import {
  createProcessStep,
  getProcessStep,
  listProcessSteps,
} from '#app/server/repositories/process.server.ts'
import { test, expect } from '../../fixtures/test.ts'
import {
  deleteItem,
  expectActivity,
  expectFieldError,
  openAdminTab,
  signInAdmin,
} from '../../fixtures/admin.ts'

test('process: empty hint, validation, create with default order, edit, delete', async ({
  page,
  db: _db,
}) => {
  await getDb().deleteFrom('creative_process').execute()
  const admin = await signInAdmin(page)
  await openAdminTab(page, 'Processus Créatif')
  await expect(page.getByText(/Aucune étape pour le moment/)).toBeVisible()
  await createProcessStep(makeProcessStep({ order: 1 }))

  await page.goto('/admin/process')
  await page.getByRole('link', { name: 'Nouvelle étape' }).click()
  // Default order: count + 1.
  await expect(page.getByLabel('Ordre')).toHaveValue('2')
  await page.getByLabel('Ordre').fill('0')
  const save = page.getByRole('button', { name: 'Ajouter', exact: true })
  await save.click()
  await expectFieldError(page, 'Titre', 'Le titre est requis')
  await expectFieldError(page, 'Description', 'La description est requise')
  await expectFieldError(page, 'Ordre', PROCESS_ORDER_MESSAGE)

  const title = `Explorer ${Date.now()}`
  await page.getByLabel('Titre').fill(title)
  await page.getByLabel('Description').fill('Comprendre les usages.')
  await page.getByLabel('Ordre').fill('')
  await save.click()
  await expect(page.getByRole('status')).toHaveText('Étape ajoutée avec succès')
  const step = (await listProcessSteps()).find((s) => s.title === title)
  expect(step?.order).toBe(2)
  await expectActivity(admin, { action: 'create', resourceType: 'process', resourceName: title })
  await page.goto('/')
  await expect(page.getByText(title)).toBeVisible()

  await page.goto('/admin/process')
  await page.getByRole('link', { name: `Modifier ${title}` }).click()
  await page.getByLabel('Description').fill('Observer, écouter, comprendre.')
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expect(page.getByRole('status')).toHaveText('Étape mise à jour avec succès')
  expect((await getProcessStep(step!.id))?.description).toBe('Observer, écouter, comprendre.')
  await expectActivity(admin, { action: 'update', resourceType: 'process', resourceName: title })

  await deleteItem(page, title, PROCESS_DELETE_QUESTION, 'cancel')
  expect(await getProcessStep(step!.id)).toBeDefined()
  await deleteItem(page, title, PROCESS_DELETE_QUESTION, 'confirm', { keyboard: 'Enter' })
  await expect(page.getByRole('status')).toHaveText('Étape supprimée avec succès')
  expect(await getProcessStep(step!.id)).toBeUndefined()
  await expectActivity(admin, { action: 'delete', resourceType: 'process', resourceName: title })
})

test('process: move up / move down swap neighbours, renumber from 1 and persist', async ({
  page,
  db: _db,
}) => {
  await getDb().deleteFrom('creative_process').execute()
  const admin = await signInAdmin(page)
  // Gapped orders on purpose: a move renumbers 1..n.
  const a = await createProcessStep(makeProcessStep({ title: 'Découvrir', order: 2 }))
  const b = await createProcessStep(makeProcessStep({ title: 'Définir', order: 5 }))
  const c = await createProcessStep(makeProcessStep({ title: 'Développer', order: 9 }))
  await page.goto('/admin/process')
  const rows = page.getByRole('list', { name: 'Étapes du processus' }).getByRole('listitem')
  await expect(rows).toHaveText([/Découvrir/, /Définir/, /Développer/])
  await expect(page.getByRole('button', { name: 'Monter Découvrir' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Descendre Développer' })).toBeDisabled()

  await page.getByRole('button', { name: 'Monter Développer' }).click()
  await expect(page.getByRole('status')).toHaveText('Ordre des étapes enregistré')
  await expect(rows).toHaveText([/1\s*Découvrir/, /2\s*Développer/, /3\s*Définir/])
  expect((await listProcessSteps()).map((s) => [s.id, s.order])).toEqual([
    [a.id, 1],
    [c.id, 2],
    [b.id, 3],
  ])
  await expectActivity(admin, {
    action: 'update',
    resourceType: 'process',
    resourceName: 'Développer',
  })

  await page.getByRole('button', { name: 'Descendre Découvrir' }).click()
  await expect(rows).toHaveText([/Développer/, /Découvrir/, /Définir/])
  // Saved: survives a reload and shows on the public home page in that order.
  await page.reload()
  await expect(rows).toHaveText([/1\s*Développer/, /2\s*Découvrir/, /3\s*Définir/])
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Étape 1 : Développer' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Étape 2 : Découvrir' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Étape 3 : Définir' })).toBeVisible()
})
