import { makeBlogPost } from '#app/server/demo/factories.server.ts'
import { createBlogPost, getBlogPost } from '#app/server/repositories/blog.server.ts'
import { test, expect } from '../../fixtures/test.ts'
import { openAdminTab, signInAdmin } from '../../fixtures/admin.ts'

// Lists that scale (ADR 091): search, status filter and bulk actions in the admin list.
test('admin posts: search and status filter in the URL, bulk publish, bulk delete asks first', async ({
  page,
  db: _db,
}) => {
  const id = Date.now().toString(36)
  const drafts = await Promise.all(
    [1, 2, 3].map((n) =>
      createBlogPost(
        makeBlogPost({
          title: `Brouillon ${id} ${n}`,
          content: `Mot rare ${id}é.`,
          status: 'draft',
        }),
      ),
    ),
  )
  await createBlogPost(makeBlogPost({ title: `Publié ${id}`, content: `Mot rare ${id}é.` }))
  await signInAdmin(page)
  await openAdminTab(page, 'Blog')

  const filters = page.getByRole('search', { name: 'Rechercher et filtrer' })
  await filters.getByLabel('Rechercher').fill(`${id}e`)
  await filters.getByRole('button', { name: 'Filtrer' }).click()
  const rows = page.getByRole('list', { name: 'Liste des articles' }).getByRole('listitem')
  await expect(rows).toHaveCount(4)
  await filters.getByLabel('Statut').selectOption('draft')
  await expect(page).toHaveURL(new RegExp(`q=${id}e.*statut=draft`))
  await expect(rows).toHaveCount(3)
  // Back restores the list as it was, search kept.
  await page.goBack()
  await expect(rows).toHaveCount(4)
  await page.goForward()
  await expect(rows).toHaveCount(3)

  await page.getByRole('checkbox', { name: `Sélectionner ${drafts[0]!.title}` }).check()
  await page.getByRole('checkbox', { name: `Sélectionner ${drafts[1]!.title}` }).check()
  const bulk = page.getByRole('form', { name: 'Actions groupées' })
  await bulk.getByLabel('Action groupée').selectOption('publish')
  await bulk.getByRole('button', { name: 'Appliquer' }).click()
  await expect(page.getByRole('status')).toHaveText('2 éléments publiés')
  await expect(page).toHaveURL(/statut=draft/)
  await expect(rows).toHaveCount(1)
  expect((await getBlogPost(drafts[0]!.id))?.status).toBe('published')
  expect((await getBlogPost(drafts[2]!.id))?.status).toBe('draft')

  await page.getByRole('checkbox', { name: `Sélectionner ${drafts[2]!.title}` }).check()
  await bulk.getByLabel('Action groupée').selectOption('delete')
  await bulk.getByRole('button', { name: 'Appliquer' }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText('Supprimer 1 élément ?')
  await dialog.getByRole('button', { name: 'Annuler' }).click()
  expect(await getBlogPost(drafts[2]!.id)).toBeDefined()
  await bulk.getByRole('button', { name: 'Appliquer' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click()
  await expect(page.getByRole('status')).toHaveText('1 élément supprimé')
  expect(await getBlogPost(drafts[2]!.id)).toBeUndefined()
})
