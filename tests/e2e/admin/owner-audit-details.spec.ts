// Smaller points of the new owner's audit: required fields marked, a draft without its
// thumbnail, French contact-form errors instead of the browser's bubbles, a GA4 placeholder.
import { getDb } from '#app/server/db/client.server.ts'
import { openAdminTab, signInAdmin } from '../../fixtures/admin.ts'
import { allowConsoleError, test, expect, waitForHydration } from '../../fixtures/test.ts'

test('required fields carry an asterisk the form explains once', async ({ page, db: _db }) => {
  await signInAdmin(page)
  await page.goto('/admin/projects?new')
  await expect(
    page.getByText('Les champs marqués d’un astérisque (*) sont obligatoires.'),
  ).toBeVisible()
  const label = page.locator('label[for="field-title"]')
  await expect(label).toHaveText('Titre')
  await expect(label.locator('xpath=following-sibling::span[1]')).toHaveText('*')
  // The asterisk is not read out: the name stays « Titre », the control says it is required.
  await expect(page.getByRole('textbox', { name: 'Titre', exact: true })).toHaveAttribute(
    'required',
    '',
  )
  await expect(
    page.locator('label[for="field-url"]').locator('xpath=following-sibling::span'),
  ).toHaveCount(0)
})

test('a post saves and publishes without a thumbnail (ADR 087)', async ({ page, db: _db }) => {
  await signInAdmin(page)
  await openAdminTab(page, 'Blog')
  await page.getByRole('link', { name: 'Nouvel article' }).click()
  const title = `Brouillon sans image ${Date.now()}`
  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(title)
  await page.getByLabel('Catégorie').fill('Produit')
  await page.getByLabel('Extrait').fill('Un brouillon.')
  await page.getByRole('textbox', { name: 'Contenu' }).fill('Le texte viendra.')
  await expect(page.getByLabel('Statut')).toHaveValue('draft')
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Article ajouté avec succès' }),
  ).toBeVisible()
  const row = await getDb()
    .selectFrom('blog_posts')
    .select(['id', 'thumbnail', 'status'])
    .where('title', '=', title)
    .executeTakeFirstOrThrow()
  expect(row).toMatchObject({ thumbnail: '', status: 'draft' })

  await page.goto(`/admin/blog?edit=${row.id}`)
  // React sets a select to its default value when it hydrates: choose after that.
  await waitForHydration(page)
  await page.getByLabel('Statut').selectOption('published')
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Article mis à jour avec succès' }),
  ).toBeVisible()
  const saved = await getDb()
    .selectFrom('blog_posts')
    .select(['thumbnail', 'status'])
    .where('id', '=', row.id)
    .executeTakeFirstOrThrow()
  expect(saved).toEqual({ thumbnail: '', status: 'published' })
})

test('the contact form answers in French, not with the browser’s bubbles', async ({
  page,
  db: _db,
}) => {
  allowConsoleError(page, /status of 400/)
  await page.goto('/contact')
  // The script moves the focus to the first refused field: it must be running before the click.
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Envoyer le message' }).click()
  await expect(page.getByText('Le nom est requis')).toBeVisible()
  await expect(page.getByText("L'adresse e-mail est requise")).toBeVisible()
  await expect(page.getByText('Le message est requis')).toBeVisible()
  await expect(page.getByLabel('Nom')).toBeFocused()
})

test('the analytics ID field suggests a GA4 (G-) ID', async ({ page, db: _db }) => {
  await signInAdmin(page)
  await openAdminTab(page, 'Paramètres')
  await expect(page.getByPlaceholder('G-XXXXXXXXXX')).toBeVisible()
  await expect(page.getByPlaceholder(/^UA-/)).toHaveCount(0)
})

test('the CV tab uploads through the media library’s uploader', async ({ page, db: _db }) => {
  await signInAdmin(page)
  await openAdminTab(page, 'CV')
  await expect(page.getByText('Glissez-déposez vos fichiers ici, ou')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Choisir un fichier' })).toBeVisible()
  await expect(page.getByText('PDF ou image (JPEG, PNG, WebP).')).toBeVisible()
  // The native file input is there for the button and for drops, not shown bare.
  await expect(page.getByLabel('Téléverser le CV (PDF ou image)')).toHaveClass(/sr-only/)
})
