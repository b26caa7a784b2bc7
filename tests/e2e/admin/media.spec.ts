import { MEDIA_DELETE_QUESTION, MEDIA_ORDER_MESSAGE } from '#app/domain/media.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { makeMediaItem } from '#app/server/demo/factories.server.ts'
import { createMediaItem, getMediaItem, listMedia } from '#app/server/repositories/media.server.ts'
import { test, expect } from '../../fixtures/test.ts'
import {
  deleteItem,
  expectActivity,
  expectFieldError,
  LOCAL_VIDEO,
  openAdminTab,
  signInAdmin,
} from '../../fixtures/admin.ts'

test('media: form validation, create, edit, delete, public gallery', async ({ page, db: _db }) => {
  await getDb().deleteFrom('media').execute()
  const admin = await signInAdmin(page)
  await openAdminTab(page, 'Médias')
  await expect(page.getByRole('heading', { level: 2, name: 'Gestion des Médias' })).toBeVisible()
  await expect(page.getByText('Aucun média ne correspond à votre recherche.')).toBeVisible()

  await page.getByRole('link', { name: 'Nouveau Média' }).click()
  await expect(page.getByRole('heading', { name: 'Nouveau Média' })).toBeVisible()
  await expect(page.getByLabel('Ordre')).toHaveValue('1')
  await page.getByLabel('Ordre').fill('-1')
  await page.getByLabel('Catégorie').selectOption('')
  const save = page.getByRole('button', { name: 'Ajouter', exact: true })
  await save.click()
  await expectFieldError(page, 'URL', "L'URL est requise")
  await expectFieldError(page, 'Titre', 'Le titre est requis')
  await expectFieldError(page, 'Catégorie', 'La catégorie est requise')
  await expectFieldError(page, 'Ordre', MEDIA_ORDER_MESSAGE)
  await page.getByLabel('URL').fill('javascript:alert(1)')
  await save.click()
  await expectFieldError(page, 'URL', 'URL invalide')

  // Cancel returns to the grid.
  await page.getByRole('link', { name: 'Annuler' }).click()
  await expect(page).toHaveURL(/\/admin\/media$/)
  await page.getByRole('link', { name: 'Nouveau Média' }).click()

  const title = `Vidéo ${Date.now()}`
  await page.getByLabel('URL').fill(LOCAL_VIDEO)
  await page.getByLabel('Titre').fill(title)
  await page.getByLabel('Catégorie').selectOption({ label: 'Vidéo' })
  await page.getByLabel('Tags').fill('Lyon, , Nuit ')
  await page.getByLabel('Description').fill('Les quais la nuit.')
  await page.getByLabel('Ordre').fill('0')
  await page.getByLabel('Mettre en vedette').check()
  await save.click()
  await expect(page.getByRole('status')).toHaveText('Média ajouté avec succès')
  const item = (await listMedia()).find((m) => m.title === title)
  expect(item).toMatchObject({
    url: LOCAL_VIDEO,
    category: 'video',
    tags: ['Lyon', 'Nuit'],
    featured: true,
    order: 0,
    description: 'Les quais la nuit.',
  })
  expect(item?.createdAt).toBeTruthy()
  await expectActivity(admin, { action: 'create', resourceType: 'media', resourceName: title })

  await page.reload()
  const card = page.getByRole('article', { name: title })
  await expect(card.locator('video')).toHaveAttribute('controls', '')
  await expect(card).toContainText('En vedette')
  await expect(card).toContainText('Vidéo')
  await expect(card).toContainText('Les quais la nuit.')
  await expect(card.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
    'Lyon',
    'Nuit',
  ])

  await page.goto('/gallery')
  await expect(page.getByText(title).first()).toBeAttached()

  await page.goto('/admin/media')
  await page.getByRole('link', { name: `Modifier ${title}` }).click()
  await expect(page.getByRole('heading', { name: 'Modifier le Média' })).toBeVisible()
  await page.getByLabel('Mettre en vedette').uncheck()
  await page.getByLabel('Tags').fill('')
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expect(page.getByRole('status')).toHaveText('Média mis à jour avec succès')
  const updated = await getMediaItem(item!.id)
  expect(updated).toMatchObject({ featured: false, tags: [] })
  expect(updated?.updatedAt).toBeTruthy()
  await expectActivity(admin, { action: 'update', resourceType: 'media', resourceName: title })

  await deleteItem(page, title, MEDIA_DELETE_QUESTION, 'cancel', { keyboard: 'Enter' })
  await deleteItem(page, title, MEDIA_DELETE_QUESTION, 'cancel')
  expect(await getMediaItem(item!.id)).toBeDefined()
  await deleteItem(page, title, MEDIA_DELETE_QUESTION)
  await expect(page.getByRole('status')).toHaveText('Média supprimé avec succès')
  expect(await getMediaItem(item!.id)).toBeUndefined()
  await expectActivity(admin, { action: 'delete', resourceType: 'media', resourceName: title })
})

test('media: search, category and tag filters live in the URL', async ({ page, db: _db }) => {
  await getDb().deleteFrom('media').execute()
  await signInAdmin(page)
  await createMediaItem(makeMediaItem({ title: 'Fourvière de nuit', tags: ['Lyon', 'Nuit'] }))
  await createMediaItem(makeMediaItem({ title: 'Atelier post-it', tags: ['Atelier'] }))
  await createMediaItem(
    makeMediaItem({ title: 'Démo vidéo', category: 'video', url: LOCAL_VIDEO, tags: ['Lyon'] }),
  )
  await page.goto('/admin/media')
  const cards = page.getByRole('list', { name: 'Médias' }).getByRole('article')
  await expect(cards).toHaveCount(3)
  // Tag filter: all plus the tags in use.
  await expect(page.getByLabel('Tag', { exact: true }).getByRole('option')).toHaveText([
    'Tous les tags',
    'Atelier',
    'Lyon',
    'Nuit',
  ])

  // The number of media shown is announced politely (screen readers hear each result).
  const count = page.getByText(/^(Aucun média|\d+ médias?)$/)
  await expect(count).toHaveAttribute('aria-live', 'polite')
  await expect(count).toHaveText('3 médias')

  // Typing searches once, after a pause, not on every keystroke.
  const searches: string[] = []
  page.on('request', (r) => {
    // The media tab's own data request (the hub layout revalidates separately).
    const url = new URL(r.url())
    if (url.searchParams.has('q') && url.searchParams.get('_routes') !== 'routes/admin/layout')
      searches.push(r.url())
  })
  await page.getByPlaceholder('Rechercher...').pressSequentially('fourviere', { delay: 30 })
  await expect(page).toHaveURL(/q=fourviere/)
  await expect(cards).toHaveCount(1)
  expect(searches).toHaveLength(1)
  await expect(count).toHaveText('1 média')
  await expect(cards.first()).toHaveAccessibleName('Fourvière de nuit')
  await page.getByPlaceholder('Rechercher...').fill('')
  await page.getByLabel('Catégorie').selectOption({ label: 'Vidéo' })
  await expect(cards).toHaveCount(1)
  await expect(cards.first()).toHaveAccessibleName('Démo vidéo')
  await page.getByLabel('Catégorie').selectOption({ label: 'Image' })
  await page.getByLabel('Tag', { exact: true }).selectOption('Lyon')
  await expect(cards).toHaveCount(1)
  await expect(cards.first()).toHaveAccessibleName('Fourvière de nuit')
  await page.reload()
  await expect(page.getByLabel('Tag', { exact: true })).toHaveValue('Lyon')
  await expect(cards).toHaveCount(1)
  await page.getByPlaceholder('Rechercher...').fill('introuvable')
  await expect(page.getByText('Aucun média ne correspond à votre recherche.')).toBeVisible()
  await expect(count).toHaveText('Aucun média')

  // A delete from a filtered list comes back to that list, filters kept.
  await page.goto('/admin/media?category=video')
  await expect(cards).toHaveCount(1)
  await deleteItem(page, 'Démo vidéo', MEDIA_DELETE_QUESTION)
  await expect(page.getByRole('status')).toHaveText('Média supprimé avec succès')
  await expect(page).toHaveURL(/\/admin\/media\?category=video$/)
  await expect(page.getByLabel('Catégorie')).toHaveValue('video')
})
