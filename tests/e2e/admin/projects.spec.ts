import { PROJECT_DELETE_QUESTION } from '#app/domain/project.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { DEFAULT_PROJECT_TAGS_LABEL } from '#app/domain/settings.ts'
import { makeProject, makeSettings } from '#app/server/demo/factories.server.ts'
import { updateSettings } from '#app/server/repositories/settings.server.ts'
import {
  createProject,
  getProject,
  listProjects,
} from '#app/server/repositories/projects.server.ts'
import { test, expect, allowConsoleError } from '../../fixtures/test.ts'
import {
  deleteItem,
  expectActivity,
  expectFieldError,
  LOCAL_IMAGE,
  LOCAL_IMAGE_2,
  openAdminTab,
  signInAdmin,
} from '../../fixtures/admin.ts'

test('projects: empty hint, validation errors, create with tags and images, public page', async ({
  page,
  db: _db,
}) => {
  await getDb().deleteFrom('projects').execute()
  // The tag list's name is a setting another test of this worker may have changed.
  await updateSettings({ ...makeSettings(), projectTagsLabel: DEFAULT_PROJECT_TAGS_LABEL })
  const admin = await signInAdmin(page)
  await openAdminTab(page, 'Projets')
  await expect(
    page.getByText('Aucun projet pour le moment. Ajoutez votre premier projet.'),
  ).toBeVisible()

  await page.getByRole('link', { name: 'Nouveau projet' }).click()
  await expect(page).toHaveURL(/\/admin\/projects\?new/)
  await expect(page.getByRole('heading', { name: 'Nouveau projet' })).toBeVisible()
  // Order defaults to count + 1.
  await expect(page.getByLabel('Ordre')).toHaveValue('1')

  // Every form rule is checked in the browser with the shared schema, in French.
  await page.getByLabel('Ordre').fill('1.5')
  await page.getByLabel('Lien du projet (URL, facultatif)').fill('pas une adresse')
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click()
  await expectFieldError(page, 'Titre', 'Le titre est requis')
  await expectFieldError(page, 'Description', 'La description est requise')
  await expectFieldError(page, 'Miniature (URL)', 'La miniature est requise')
  await expectFieldError(page, 'Lien du projet (URL, facultatif)', 'URL invalide')
  await expectFieldError(page, 'Ordre', "L'ordre doit être un nombre entier")
  await expect(page).toHaveURL(/\?new/)
  await page.getByLabel('Miniature (URL)').fill('ftp://exemple.fr/image.png')
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click()
  await expectFieldError(page, 'Miniature (URL)', 'URL invalide')

  const title = `Projet e2e ${Date.now()}`
  await page.getByLabel('Titre', { exact: true }).fill(title)
  await page.getByLabel('Description').fill('Une application pour suivre son budget.')
  await page.getByLabel('Miniature (URL)').fill(LOCAL_IMAGE)
  await page.getByLabel('Lien du projet (URL, facultatif)').fill('')
  await page.getByLabel('Ordre').fill('')
  await page
    .getByRole('textbox', { name: 'Contenu' })
    .fill('Premier paragraphe.\nSecond paragraphe.')
  // Tags one by one: trimmed, empty ignored, removable.
  for (const tag of ['  React  ', '   ', 'Node', 'À retirer']) {
    await page.getByLabel('Nouveau tag').fill(tag)
    await page.getByRole('button', { name: 'Ajouter le tag' }).click()
  }
  await page.getByLabel('Nouveau tag').fill('SQLite')
  await page.getByLabel('Nouveau tag').press('Enter')
  await page.getByRole('button', { name: 'Retirer À retirer' }).click()
  // The removed button had focus: it moves to the next item's remove button.
  await expect(page.getByRole('button', { name: 'Retirer SQLite' })).toBeFocused()
  await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
    'React',
    'Node',
    'SQLite',
  ])
  await page.getByLabel('Nouvelle image (URL)').fill(` ${LOCAL_IMAGE_2} `)
  await page.getByRole('button', { name: "Ajouter l'image" }).click()
  await page.getByLabel("Projet en vedette (affiché sur l'accueil)").check()
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click()

  await expect(page).toHaveURL(/\/admin\/projects$/)
  await expect(page.getByRole('status')).toHaveText('Projet ajouté avec succès')
  const row = page.getByRole('listitem').filter({ hasText: title })
  await expect(row).toBeVisible()
  await expect(row).toContainText('En vedette')

  const stored = (await listProjects()).find((p) => p.title === title)
  expect(stored).toMatchObject({
    tags: ['React', 'Node', 'SQLite'],
    images: [LOCAL_IMAGE_2],
    featured: true,
    order: 1,
    content: 'Premier paragraphe.\nSecond paragraphe.',
  })
  expect(stored?.url).toBeUndefined()
  expect(stored?.createdAt).toBeTruthy()
  await expectActivity(admin, { action: 'create', resourceType: 'project', resourceName: title })

  await page.reload()
  await expect(page.getByRole('listitem').filter({ hasText: title })).toBeVisible()

  // The public pages show it on the next load.
  await page.goto('/projects')
  await expect(page.getByText(title).first()).toBeVisible()
  await page.goto(`/projects/${stored?.id}`)
  await expect(page.getByRole('heading', { name: title })).toBeVisible()
  await expect(page.getByText('Second paragraphe.')).toBeVisible()
})

test('projects: edit keeps the form on reload, cancel returns, delete asks first', async ({
  page,
  db: _db,
}) => {
  const admin = await signInAdmin(page)
  const project = await createProject(
    makeProject({
      title: `À modifier ${Date.now()}`,
      thumbnail: LOCAL_IMAGE,
      featured: true,
      images: [],
      tags: ['Design', 'UX'],
    }),
  )
  await page.goto('/admin/projects')
  await page.getByRole('link', { name: `Modifier ${project.title}` }).click()
  await expect(page).toHaveURL(new RegExp(`\\?edit=${project.id}$`))
  await expect(page.getByRole('heading', { name: 'Modifier le projet' })).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Titre', { exact: true })).toHaveValue(project.title)

  // Cancel returns to the list without saving.
  await page.getByLabel('Titre', { exact: true }).fill('Jamais enregistré')
  await page.getByRole('link', { name: 'Annuler' }).click()
  await expect(page).toHaveURL(/\/admin\/projects$/)
  expect((await getProject(project.id))?.title).toBe(project.title)

  await page.getByRole('link', { name: `Modifier ${project.title}` }).click()
  // The form, not the list (whose « Modifier … titre » links also match a loose « Titre »).
  await expect(page.getByRole('heading', { name: 'Modifier le projet' })).toBeVisible()
  // A failed save (server side too) keeps what the admin typed.
  await page.getByLabel('Titre', { exact: true }).fill('   ')
  await page.getByLabel('Description').fill('Description modifiée')
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expectFieldError(page, 'Titre', 'Le titre est requis')
  await expect(page.getByLabel('Description')).toHaveValue('Description modifiée')

  const newTitle = `${project.title} (v2)`
  await page.getByLabel('Titre', { exact: true }).fill(newTitle)
  await page.getByLabel("Projet en vedette (affiché sur l'accueil)").uncheck()
  await page.getByRole('button', { name: 'Retirer Design' }).click()
  await page.getByRole('button', { name: 'Retirer UX' }).click()
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expect(page.getByRole('status')).toHaveText('Projet mis à jour avec succès')
  await expect(page).toHaveURL(/\/admin\/projects$/)
  const updated = await getProject(project.id)
  expect(updated).toMatchObject({
    title: newTitle,
    featured: false,
    tags: [],
    description: 'Description modifiée',
  })
  expect(updated?.updatedAt).toBeTruthy()
  await expectActivity(admin, { action: 'update', resourceType: 'project', resourceName: newTitle })

  // Keyboard: Space opens the dialog, Escape cancels, focus is back on the delete button.
  await deleteItem(page, newTitle, PROJECT_DELETE_QUESTION, 'cancel', { keyboard: 'Space' })
  expect(await getProject(project.id)).toBeDefined()
  await deleteItem(page, newTitle, PROJECT_DELETE_QUESTION, 'cancel')
  await expect(page.getByRole('listitem').filter({ hasText: newTitle })).toBeVisible()
  expect(await getProject(project.id)).toBeDefined()

  await deleteItem(page, newTitle, PROJECT_DELETE_QUESTION, 'confirm')
  await expect(page.getByRole('status')).toHaveText('Projet supprimé avec succès')
  await expect(page.getByRole('listitem').filter({ hasText: newTitle })).toHaveCount(0)
  expect(await getProject(project.id)).toBeUndefined()
  await expectActivity(admin, { action: 'delete', resourceType: 'project', resourceName: newTitle })

  allowConsoleError(page, /status of 404/)
  await page.goto(`/projects/${project.id}`)
  await expect(page.getByText('Projet non trouvé')).toBeVisible()
})

test('projects: removing a tag keeps focus in the list; one tag with a comma stays whole', async ({
  page,
  db: _db,
}) => {
  await signInAdmin(page)
  const project = await createProject(
    makeProject({
      title: `Tags ${Date.now()}`,
      thumbnail: LOCAL_IMAGE,
      images: [],
      tags: ['Design', 'UX'],
    }),
  )
  await page.goto(`/admin/projects?edit=${project.id}`)
  // Removing the last item focuses the previous one; the list emptied, the tag input.
  await page.getByRole('button', { name: 'Retirer UX' }).press('Enter')
  await expect(page.getByRole('button', { name: 'Retirer Design' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('list', { name: 'Tags' })).toHaveCount(0)
  await expect(page.getByLabel('Nouveau tag')).toBeFocused()

  // A single tag added one by one is never split on its comma (comma-separated text is).
  await page.keyboard.type('Recherche, terrain')
  await page.keyboard.press('Enter')
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expect(page.getByRole('status')).toHaveText('Projet mis à jour avec succès')
  expect((await getProject(project.id))?.tags).toEqual(['Recherche, terrain'])
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('projects: the server validates, keeps the typed values, and the delete dialog works', async ({
    page,
    db: _db,
  }) => {
    // The failed save answers 400 (the document itself).
    allowConsoleError(page, /status of 400/)
    await signInAdmin(page)
    await page.goto('/admin/projects?new')
    await page.getByLabel('Description').fill('Gardée après erreur')
    await page.getByLabel('Miniature (URL)').fill('pas-une-url')
    await page.getByRole('button', { name: 'Ajouter', exact: true }).click()
    await expectFieldError(page, 'Titre', 'Le titre est requis')
    await expectFieldError(page, 'Miniature (URL)', 'URL invalide')
    await expect(page.getByLabel('Description')).toHaveValue('Gardée après erreur')

    const project = await createProject(
      makeProject({ title: `Sans JS ${Date.now()}`, thumbnail: LOCAL_IMAGE, images: [] }),
    )
    await page.goto('/admin/projects')
    await deleteItem(page, project.title, PROJECT_DELETE_QUESTION, 'cancel')
    expect(await getProject(project.id)).toBeDefined()
    await deleteItem(page, project.title, PROJECT_DELETE_QUESTION, 'confirm')
    await expect(page.getByRole('status')).toHaveText('Projet supprimé avec succès')
    expect(await getProject(project.id)).toBeUndefined()
  })
})
