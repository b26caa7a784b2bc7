// ADR 093: the same file uploaded twice is one library entry, and the uploader says so, from
// the media tab as from a content field.
import sharp from 'sharp'
import { getDb } from '#app/server/db/client.server.ts'
import { listMedia } from '#app/server/repositories/media.server.ts'
import { test, expect } from '../../fixtures/test.ts'
import { openAdminTab, signInAdmin } from '../../fixtures/admin.ts'

test('uploading the same file twice gives the one existing entry and says so', async ({
  page,
  db: _db,
}) => {
  await getDb().deleteFrom('media').execute()
  await signInAdmin(page)
  await openAdminTab(page, 'Médias')
  const photo = await sharp({
    create: { width: 640, height: 400, channels: 3, background: '#248' },
  })
    .jpeg()
    .toBuffer()
  const input = page.getByLabel('Fichiers à téléverser')
  const uploads = page.getByRole('list', { name: 'Téléversements' }).getByRole('listitem')
  await input.setInputFiles({ name: 'projet-lune.jpg', mimeType: 'image/jpeg', buffer: photo })
  await expect(uploads.first()).toContainText('Téléversé')
  const [item] = await listMedia({})
  expect(item).toMatchObject({ title: 'projet-lune' })

  // The same bytes under another name: no second entry, the first one named.
  await input.setInputFiles({ name: 'projet-lune (2).jpg', mimeType: 'image/jpeg', buffer: photo })
  await expect(uploads.nth(1).getByRole('status')).toHaveText(
    'Ce fichier est déjà dans la médiathèque : « projet-lune ».',
  )
  expect((await listMedia({})).map((m) => m.id)).toEqual([item!.id])

  // From a content field: the field gets the entry's address, the library no new row.
  await page.goto('/admin/projects?new')
  await page
    .getByLabel('Fichier à téléverser')
    .first()
    .setInputFiles({ name: 'couverture.jpg', mimeType: 'image/jpeg', buffer: photo })
  const altDialog = page.getByRole('dialog', { name: 'Texte alternatif de l’image' })
  await altDialog.getByLabel('Texte alternatif').fill('La maquette du projet Lune')
  await altDialog.getByRole('button', { name: 'Utiliser l’image' }).click()
  await expect(
    page.getByText('Ce fichier est déjà dans la médiathèque : « projet-lune ».'),
  ).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Miniature (URL)' })).toHaveValue(item!.url)
  expect(await listMedia({})).toHaveLength(1)
})
