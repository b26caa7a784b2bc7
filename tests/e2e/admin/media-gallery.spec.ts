// ADR 017 (amended by migration 013): the public gallery shows what the owner put there, and
// never an image without its text alternative; the library's alt follows the image into a
// post's Markdown and onto a project's page.
import sharp from 'sharp'
import { getDb } from '#app/server/db/client.server.ts'
import { makeMediaItem, makeProject } from '#app/server/demo/factories.server.ts'
import { createMediaItem, listMedia } from '#app/server/repositories/media.server.ts'
import { createProject } from '#app/server/repositories/projects.server.ts'
import { test, expect } from '../../fixtures/test.ts'
import { openAdminTab, signInAdmin } from '../../fixtures/admin.ts'

const jpeg = (background: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .jpeg()
    .toBuffer()

test('an upload reaches the gallery only with its alt text; a content field’s upload stays out', async ({
  page,
  db: _db,
}) => {
  await getDb().deleteFrom('media').execute()
  await signInAdmin(page)
  await openAdminTab(page, 'Médias')
  await page.getByLabel('Fichiers à téléverser').setInputFiles({
    name: 'IMG_2034.jpg',
    mimeType: 'image/jpeg',
    buffer: await jpeg('#2a6'),
  })
  await expect(page.getByRole('list', { name: 'Téléversements' })).toContainText('Téléversé')

  // In the gallery by choice, but not shown while it has no text alternative.
  await page.goto('/gallery')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.locator('img[src*="/media/"]')).toHaveCount(0)
  await expect(page.getByText('IMG 2034')).toHaveCount(0)

  // A project thumbnail uploaded from its field: in the library, not in the gallery.
  await page.goto('/admin/projects?new')
  await page
    .getByLabel('Fichier à téléverser')
    .first()
    .setInputFiles({ name: 'capture.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#963') })
  // Its text alternative is asked before it is placed (ADR 093).
  const altDialog = page.getByRole('dialog', { name: 'Texte alternatif de l’image' })
  await altDialog.getByLabel('Texte alternatif').fill('Une capture d’écran du projet')
  await altDialog.getByRole('button', { name: 'Utiliser l’image' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'capture.jpg' })).toHaveText(
    '« capture.jpg » ajouté à la médiathèque',
  )
  const items = await listMedia()
  expect(Object.fromEntries(items.map((i) => [i.title, i.inGallery]))).toEqual({
    'IMG 2034': true,
    capture: false,
  })

  await page.goto('/admin/media')
  await expect(page.getByRole('article', { name: 'capture' })).toContainText('Masqué de la galerie')
  await expect(page.getByRole('article', { name: 'IMG 2034' })).not.toContainText(
    'Masqué de la galerie',
  )
  await page.getByRole('link', { name: 'Modifier IMG 2034' }).click()
  await expect(page.getByLabel('Visible dans la galerie')).toBeChecked()
  await page.getByLabel('Texte alternatif').fill('Un champ vert sous le soleil')
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expect(page.getByRole('status')).toHaveText('Média mis à jour avec succès')
  await page.getByRole('link', { name: 'Modifier capture' }).click()
  await expect(page.getByLabel('Visible dans la galerie')).not.toBeChecked()
  await page.getByLabel('Texte alternatif').fill('Capture du tableau de bord')
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expect(page.getByRole('status')).toHaveText('Média mis à jour avec succès')

  await page.goto('/gallery')
  await expect(page.getByRole('img', { name: 'Un champ vert sous le soleil' })).toBeVisible()
  await expect(page.getByRole('img', { name: 'Capture du tableau de bord' })).toHaveCount(0)

  // Taken out of the gallery by the owner: gone from it.
  await page.goto('/admin/media')
  await page.getByRole('link', { name: 'Modifier IMG 2034' }).click()
  await page.getByLabel('Visible dans la galerie').uncheck()
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expect(page.getByRole('status')).toHaveText('Média mis à jour avec succès')
  await page.goto('/gallery')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('img', { name: 'Un champ vert sous le soleil' })).toHaveCount(0)
})

test('the library’s alt text goes with the image: Markdown insert and project cover', async ({
  page,
  db: _db,
}) => {
  const url = '/demo/gallery/confluence.webp'
  await getDb().deleteFrom('media').execute()
  await createMediaItem(
    makeMediaItem({ url, title: 'confluence', alt: 'Le musée des Confluences [au couchant]' }),
  )
  await signInAdmin(page)
  await openAdminTab(page, 'Blog')
  await page.getByRole('link', { name: 'Nouvel article' }).click()
  const editor = page.getByRole('textbox', { name: 'Contenu' })
  await editor.fill('Avant.\n\n')
  const box = page.getByRole('toolbar', { name: 'Mise en forme' }).locator('..')
  await box.getByRole('button', { name: 'Choisir dans la médiathèque' }).click()
  const dialog = page.getByRole('dialog', { name: 'Médiathèque' })
  await dialog.getByRole('button', { name: 'confluence' }).click()
  // The library's alt is offered in the dialog (ADR 093).
  const altDialog = page.getByRole('dialog', { name: 'Texte alternatif de l’image' })
  await expect(altDialog.getByLabel('Texte alternatif')).toHaveValue(
    'Le musée des Confluences [au couchant]',
  )
  await altDialog.getByRole('button', { name: 'Insérer l’image' }).click()
  await expect(editor).toHaveValue(
    `Avant.\n\n![Le musée des Confluences \\[au couchant\\]](${url})`,
  )
  const preview = page.getByTestId('markdown-preview').getByTestId('markdown-body')
  await expect(
    preview.getByRole('img', { name: 'Le musée des Confluences [au couchant]' }),
  ).toBeVisible()

  // A project whose cover is that library image shows the library's alt, not a number.
  const project = await createProject(
    makeProject({ title: 'Quartier neuf', thumbnail: url, images: [] }),
  )
  await page.goto(`/projects/${project.id}`)
  await expect(
    page.getByRole('img', { name: 'Le musée des Confluences [au couchant]' }).first(),
  ).toBeVisible()
  await expect(page.getByRole('img', { name: 'Quartier neuf — image 1' })).toHaveCount(0)
})
