import type { Page } from '@playwright/test'
import { makeMediaItem, makeMessage, makeProject } from '#app/server/demo/factories.server.ts'
import { createMediaItem, getMediaItem } from '#app/server/repositories/media.server.ts'
import {
  createMessage,
  deleteMessage,
  getMessage,
} from '#app/server/repositories/messages.server.ts'
import { importSubscribers } from '#app/server/repositories/newsletter.server.ts'
import { createProject, getProject } from '#app/server/repositories/projects.server.ts'
import { test, expect, waitForHydration } from '../../fixtures/test.ts'
import { signInAdmin } from '../../fixtures/admin.ts'

// The admin lists of projects, messages and media (ADR 099): search, filters and sort in the
// URL, and bulk actions on the ticked rows, a delete asked first; the subscribers' filters
// through the same controls.

const bulkBar = (page: Page) => page.getByRole('form', { name: 'Actions groupées' })

async function applyBulk(page: Page, action: string, tag?: string) {
  await bulkBar(page).getByLabel('Action groupée').selectOption({ label: action })
  if (tag) await bulkBar(page).getByLabel('Étiquette à ajouter').fill(tag)
  await bulkBar(page).getByRole('button', { name: 'Appliquer' }).click()
}

async function confirmDelete(page: Page, question: string) {
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText(question)
  await dialog.getByRole('button', { name: 'Supprimer' }).click()
}

test('projects: search, « En vedette » filter, bulk tag, tag filter, bulk delete', async ({
  page,
  db: _db,
}) => {
  const id = Date.now().toString(36)
  const [a, b] = await Promise.all(
    [1, 2].map((n) => createProject(makeProject({ title: `Lune ${id} ${n}` }))),
  )
  const featured = await createProject(makeProject({ title: `Lune ${id} 3`, featured: true }))
  await signInAdmin(page)
  await page.goto('/admin/projects')
  await waitForHydration(page)

  const filters = page.getByRole('search', { name: 'Rechercher et filtrer' })
  const rows = page.getByRole('list', { name: 'Liste des projets' }).getByRole('listitem')
  await filters.getByLabel('Rechercher').fill(`lune ${id}`)
  await filters.getByRole('button', { name: 'Filtrer' }).click()
  await expect(rows).toHaveCount(3)
  await filters.getByLabel('Mise en avant').selectOption({ label: 'Hors vedette' })
  await expect(page).toHaveURL(/vedette=non/)
  await expect(rows).toHaveCount(2)

  await page.getByRole('checkbox', { name: `Sélectionner ${a!.title}` }).check()
  await page.getByRole('checkbox', { name: `Sélectionner ${b!.title}` }).check()
  await applyBulk(page, 'Ajouter une étiquette', `Série ${id}`)
  await expect(page.getByRole('status')).toHaveText('Étiquette ajoutée à 2 éléments')
  await expect(page).toHaveURL(/vedette=non/)
  expect((await getProject(a!.id))?.tags).toContain(`Série ${id}`)

  // The new tag is now one of the filter's choices.
  await filters.getByLabel('Mise en avant').selectOption({ label: 'Tous les projets' })
  await expect(rows).toHaveCount(3)
  await filters.getByLabel('Tag', { exact: true }).selectOption(`Série ${id}`)
  await expect(rows).toHaveCount(2)

  await page.getByRole('checkbox', { name: `Sélectionner ${a!.title}` }).check()
  await applyBulk(page, 'Supprimer')
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText('Supprimer 1 élément ?')
  await dialog.getByRole('button', { name: 'Annuler' }).click()
  expect(await getProject(a!.id)).toBeDefined()
  await bulkBar(page).getByRole('button', { name: 'Appliquer' }).click()
  await confirmDelete(page, 'Supprimer 1 élément ?')
  await expect(page.getByRole('status')).toHaveText('1 élément supprimé')
  await expect(rows).toHaveCount(1)
  expect(await getProject(a!.id)).toBeUndefined()
  expect(await getProject(featured.id)).toBeDefined()
})

test('messages: search within a status, sort, bulk mark read, bulk delete', async ({
  page,
  db: _db,
}) => {
  const id = Date.now().toString(36)
  const messages = []
  for (const n of [1, 2, 3])
    messages.push(await createMessage(makeMessage({ name: `Nina ${id} ${n}` })))
  await signInAdmin(page)
  await page.goto('/admin/messages?status=new')
  await waitForHydration(page)

  const filters = page.getByRole('search', { name: 'Rechercher dans les messages' })
  const rows = page.getByRole('list', { name: 'Messages' }).getByRole('listitem')
  await filters.getByLabel('Rechercher').fill(`nina ${id}`)
  await filters.getByRole('button', { name: 'Filtrer' }).click()
  await expect(page).toHaveURL(/status=new.*q=nina/)
  await expect(rows).toHaveCount(3)
  await filters.getByLabel('Trier par').selectOption({ label: 'Plus anciens' })
  await expect(page).toHaveURL(/tri=oldest/)
  await expect(rows.first()).toContainText(messages[0]!.name)

  for (const m of messages.slice(0, 2))
    await page.getByRole('checkbox', { name: `Sélectionner ${m.name} (${m.email})` }).check()
  await applyBulk(page, 'Marquer comme lu')
  await expect(page.getByRole('status')).toHaveText('2 éléments marqués comme lus')
  // Still the new ones of this search: the two read ones left the list.
  await expect(rows).toHaveCount(1)
  expect((await getMessage(messages[0]!.id))?.status).toBe('read')
  expect((await getMessage(messages[2]!.id))?.status).toBe('new')

  await page
    .getByRole('navigation', { name: 'Filtrer les messages' })
    .getByRole('link', { name: /^Lus/ })
    .click()
  await expect(page).toHaveURL(/status=read.*q=nina/)
  await expect(rows).toHaveCount(2)
  for (const m of messages.slice(0, 2))
    await page.getByRole('checkbox', { name: `Sélectionner ${m.name} (${m.email})` }).check()
  await applyBulk(page, 'Supprimer')
  await confirmDelete(page, 'Supprimer 2 éléments ?')
  await expect(page.getByRole('status')).toHaveText('2 éléments supprimés')
  await expect(page.getByText('Aucun message à afficher.')).toBeVisible()
  expect(await getMessage(messages[0]!.id)).toBeUndefined()
  expect(await getMessage(messages[2]!.id)).toBeDefined()
  // The hub's tab shows a count of new messages: leave none for the worker's next specs.
  await deleteMessage(messages[2]!.id)
})

test('media: live search, type filter, bulk delete keeps the item in use', async ({
  page,
  db: _db,
}) => {
  const id = Date.now().toString(36)
  const usedUrl = `/demo/gallery/croix-rousse.webp?liste=${id}`
  const used = await createMediaItem(makeMediaItem({ title: `Galet ${id} utilisé`, url: usedUrl }))
  await createProject(makeProject({ title: `Avec galet ${id}`, thumbnail: usedUrl }))
  const free = await createMediaItem(
    makeMediaItem({ title: `Galet ${id} libre`, url: `/demo/gallery/traboules.webp?liste=${id}` }),
  )
  await createMediaItem(
    makeMediaItem({ title: `Galet ${id} PDF`, category: 'document', url: `/demo/cv.pdf?${id}` }),
  )
  await signInAdmin(page)
  await page.goto('/admin/media')
  await waitForHydration(page)

  const cards = page.getByRole('list', { name: 'Médias' }).getByRole('article')
  await page.getByPlaceholder('Rechercher...').pressSequentially(`galet ${id}`, { delay: 20 })
  await expect(page).toHaveURL(new RegExp(`q=galet\\+${id}`))
  await expect(cards).toHaveCount(3)
  await page.getByLabel('Catégorie').selectOption({ label: 'Image' })
  await expect(page).toHaveURL(/category=image/)
  await expect(cards).toHaveCount(2)

  await page.getByRole('checkbox', { name: `Sélectionner ${used.title}` }).check()
  await page.getByRole('checkbox', { name: `Sélectionner ${free.title}` }).check()
  await applyBulk(page, 'Supprimer')
  await confirmDelete(page, 'Supprimer 2 éléments ?')
  await expect(page.getByRole('status')).toHaveText(
    '1 élément supprimé ; 1 média utilisé conservé : supprimez-le seul',
  )
  await expect(page).toHaveURL(/category=image/)
  await expect(cards).toHaveCount(1)
  expect(await getMediaItem(free.id)).toBeUndefined()
  expect(await getMediaItem(used.id)).toBeDefined()
})

test('Abonnés: the shared search and filters, a select applying at once', async ({
  page,
  db: _db,
}) => {
  const id = Date.now().toString(36)
  await importSubscribers(
    [
      { email: `oui-${id}@exemple.fr`, locale: 'fr', confirmed: true },
      { email: `non-${id}@exemple.fr`, locale: 'en', confirmed: false },
    ],
    'csv',
  )
  await signInAdmin(page)
  await page.goto('/admin/subscribers')
  await waitForHydration(page)
  const filters = page.getByRole('search', { name: 'Rechercher des abonnés' })
  const rows = page.getByRole('row').filter({ hasText: id })
  await filters.getByLabel('Rechercher').fill(id)
  await filters.getByRole('button', { name: 'Filtrer' }).click()
  await expect(rows).toHaveCount(2)
  await filters.getByLabel('Statut').selectOption({ label: 'Confirmé' })
  await expect(page).toHaveURL(new RegExp(`q=${id}.*statut=confirmed`))
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText(`oui-${id}@exemple.fr`)
  await filters.getByLabel('Statut').selectOption({ label: 'Tous' })
  await filters.getByLabel('Langue').selectOption({ label: 'Anglais' })
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText(`non-${id}@exemple.fr`)
})
