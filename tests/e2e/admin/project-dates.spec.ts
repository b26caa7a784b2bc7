// A project's period in its form, refused in French when it ends before it starts, and the
// owner's word over its tags (ADR 092).
import { DEFAULT_PROJECT_TAGS_LABEL } from '#app/domain/settings.ts'
import { makeProject, makeSettings } from '#app/server/demo/factories.server.ts'
import { createProject, getProject } from '#app/server/repositories/projects.server.ts'
import { updateSettings } from '#app/server/repositories/settings.server.ts'
import { test, expect } from '../../fixtures/test.ts'
import { signInAdmin } from '../../fixtures/admin.ts'
import { visit } from '../public/helpers.ts'

// The tags' word is a site setting: give the next tests of this worker the default back.
test.afterEach(async () => {
  await updateSettings({ ...makeSettings(), projectTagsLabel: DEFAULT_PROJECT_TAGS_LABEL })
})

test('the project form edits the period, refuses an end before the start, names the tags', async ({
  page,
  db: _db,
}) => {
  await updateSettings({ ...makeSettings(), projectTagsLabel: 'Savoir-faire' })
  const project = await createProject(makeProject({ title: `Projet daté ${Date.now()}` }))
  await signInAdmin(page)
  await page.goto(`/admin/projects?edit=${project.id}`)
  await expect(page.getByText('Savoir-faire', { exact: true }).first()).toBeVisible()

  await page.getByLabel('Début (mois et année)').fill('2021-06')
  await page.getByLabel('Fin (mois et année, facultative)').fill('2019-03')
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expect(page.getByText('La fin ne peut pas précéder le début').first()).toBeVisible()
  expect((await getProject(project.id))?.endDate).toBeUndefined()

  await page.getByLabel('Fin (mois et année, facultative)').fill('2022-01')
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expect(page.getByRole('status').filter({ hasText: /mis à jour/ })).toBeVisible()
  expect(await getProject(project.id)).toMatchObject({ startDate: '2021-06', endDate: '2022-01' })

  await visit(page, `/projects/${project.id}`)
  const panel = page.getByRole('main').getByRole('complementary')
  await expect(panel).toContainText('juin 2021 – janvier 2022')
  await expect(panel.getByRole('heading', { name: 'Savoir-faire' })).toBeVisible()
})
