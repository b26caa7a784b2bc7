import {
  SKILL_COLOR_MESSAGE,
  SKILL_DELETE_QUESTION,
  SKILL_LEVEL_MESSAGE,
} from '#app/domain/skill.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { getSkill, listSkills } from '#app/server/repositories/skills.server.ts'
import { test, expect } from '../../fixtures/test.ts'
import {
  deleteItem,
  expectActivity,
  expectFieldError,
  openAdminTab,
  signInAdmin,
} from '../../fixtures/admin.ts'

test('skills: empty hint, every validation error, create, edit, delete, public home', async ({
  page,
  db: _db,
}) => {
  await getDb().deleteFrom('skills').execute()
  const admin = await signInAdmin(page)
  await openAdminTab(page, 'Compétences')
  await expect(
    page.getByText('Aucune compétence pour le moment. Ajoutez votre première compétence.'),
  ).toBeVisible()

  await page.getByRole('link', { name: 'Nouvelle compétence' }).click()
  await expect(page).toHaveURL(/\/admin\/skills\?new/)
  // The default colour, with a picker kept in sync.
  await expect(page.getByLabel('Couleur', { exact: true })).toHaveValue('#8b5cf6')
  await page.getByLabel('Couleur (sélecteur)').fill('#ff0000')
  await expect(page.getByLabel('Couleur', { exact: true })).toHaveValue('#ff0000')

  const save = page.getByRole('button', { name: 'Ajouter', exact: true })
  await page.getByLabel('Niveau (1 à 5)').fill('0')
  await page.getByLabel('Couleur', { exact: true }).fill('violet')
  await save.click()
  await expectFieldError(page, 'Nom', 'Le nom est requis')
  await expectFieldError(page, 'Catégorie', 'La catégorie est requise')
  await expectFieldError(page, 'Niveau (1 à 5)', SKILL_LEVEL_MESSAGE)
  await expectFieldError(page, 'Couleur', SKILL_COLOR_MESSAGE)
  for (const level of ['6', '2.5']) {
    await page.getByLabel('Niveau (1 à 5)').fill(level)
    await save.click()
    await expectFieldError(page, 'Niveau (1 à 5)', SKILL_LEVEL_MESSAGE)
  }
  await page.getByLabel('Couleur', { exact: true }).fill('#12345')
  await save.click()
  await expectFieldError(page, 'Couleur', SKILL_COLOR_MESSAGE)
  await page.getByLabel('Couleur', { exact: true }).fill('')
  await save.click()
  await expectFieldError(page, 'Couleur', 'La couleur est requise')

  const name = `Compétence ${Date.now()}`
  await page.getByLabel('Nom').fill(name)
  await page.getByLabel('Catégorie').selectOption({ label: 'Développement' })
  await page.getByLabel('Niveau (1 à 5)').fill('4')
  await page.getByLabel('Couleur', { exact: true }).fill('#1A2b3C')
  await save.click()
  await expect(page.getByRole('status')).toHaveText('Compétence ajoutée avec succès')
  await expect(page).toHaveURL(/\/admin\/skills$/)
  const skill = (await listSkills()).find((s) => s.name === name)
  expect(skill).toMatchObject({ category: 'development', level: 4, color: '#1A2b3C' })
  await expectActivity(admin, { action: 'create', resourceType: 'skill', resourceName: name })
  await page.reload()
  await expect(page.getByRole('listitem').filter({ hasText: name })).toContainText('Niveau 4/5')

  await page.goto('/')
  await expect(page.getByText(name).first()).toBeAttached()

  await page.goto('/admin/skills')
  await page.getByRole('link', { name: `Modifier ${name}` }).click()
  await expect(page.getByLabel('Catégorie')).toHaveValue('development')
  await page.getByLabel('Niveau (1 à 5)').fill('5')
  await page.getByLabel('Catégorie').selectOption({ label: 'Outils' })
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expect(page.getByRole('status')).toHaveText('Compétence mise à jour avec succès')
  expect(await getSkill(skill!.id)).toMatchObject({ level: 5, category: 'tools' })
  await expectActivity(admin, { action: 'update', resourceType: 'skill', resourceName: name })

  await deleteItem(page, name, SKILL_DELETE_QUESTION, 'cancel')
  expect(await getSkill(skill!.id)).toBeDefined()
  await deleteItem(page, name, SKILL_DELETE_QUESTION)
  await expect(page.getByRole('status')).toHaveText('Compétence supprimée avec succès')
  expect(await getSkill(skill!.id)).toBeUndefined()
  await expectActivity(admin, { action: 'delete', resourceType: 'skill', resourceName: name })
  await page.goto('/')
  await expect(page.getByText(name)).toHaveCount(0)
})
