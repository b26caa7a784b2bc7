// Never lose an edit, a post of a title and a text, and an English preview (ADR 087).
import { createBlogPost, getBlogPost } from '#app/server/repositories/blog.server.ts'
import { saveTranslation } from '#app/server/repositories/translations.server.ts'
import { makeBlogPost } from '#app/server/demo/factories.server.ts'
import { PREVIEW_BANNER } from '#app/domain/publishing.ts'
import { test, expect, allowConsoleError, waitForHydration } from '../../fixtures/test.ts'
import { adminNav, openAdminTab, signInAdmin } from '../../fixtures/admin.ts'
import { visit } from '../public/helpers.ts'

test('leaving a form with unsaved edits asks first: « Rester » keeps the text', async ({
  page,
  db: _db,
}) => {
  const post = await createBlogPost(makeBlogPost({ title: `Article à garder ${Date.now()}` }))
  await signInAdmin(page)
  await page.goto(`/admin/blog?edit=${post.id}`)
  // Typed before hydration, the edit would be the browser's alone: nothing for React to guard.
  await waitForHydration(page)
  const title = page.getByRole('textbox', { name: 'Titre', exact: true })
  await title.fill('Titre modifié, pas encore enregistré')

  await adminNav(page).getByRole('link', { name: 'Messages', exact: true }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Modifications non enregistrées' })
  await expect(dialog).toContainText('Quitter sans enregistrer ?')
  await dialog.getByRole('button', { name: 'Rester' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page).toHaveURL(new RegExp(`/admin/blog\\?edit=${post.id}$`))
  await expect(title).toHaveValue('Titre modifié, pas encore enregistré')

  await adminNav(page).getByRole('link', { name: 'Messages', exact: true }).click()
  await dialog.getByRole('button', { name: 'Quitter sans enregistrer' }).click()
  await expect(page).toHaveURL(/\/admin\/messages/)
  expect((await getBlogPost(post.id))?.title).toBe(post.title)
})

test('an untouched form, or a saved one, leaves without a question', async ({ page, db: _db }) => {
  const post = await createBlogPost(makeBlogPost())
  await signInAdmin(page)
  await page.goto(`/admin/blog?edit=${post.id}`)
  await page.getByRole('textbox', { name: 'Titre', exact: true }).focus()
  await openAdminTab(page, 'Messages')
  await page.goto(`/admin/blog?edit=${post.id}`)
  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(`${post.title} (revu)`)
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Article mis à jour avec succès' }),
  ).toBeVisible()
  await openAdminTab(page, 'Messages')
})

test('two pages saving the same post: the second is refused, nothing changed', async ({
  page,
  context,
  db: _db,
}) => {
  allowConsoleError(page, /status of 409/)
  const post = await createBlogPost(makeBlogPost({ title: `Article disputé ${Date.now()}` }))
  await signInAdmin(page)
  const other = await context.newPage()
  await page.goto(`/admin/blog?edit=${post.id}`)
  await other.goto(`/admin/blog?edit=${post.id}`)

  await other.getByRole('textbox', { name: 'Titre', exact: true }).fill('Depuis le premier onglet')
  await other.getByRole('button', { name: 'Mettre à jour' }).click()
  await expect(
    other.getByRole('status').filter({ hasText: 'Article mis à jour avec succès' }),
  ).toBeVisible()

  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill('Depuis le second onglet')
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expect(
    page.getByText(/Cet article a été modifié ailleurs depuis que vous l’avez ouvert/),
  ).toBeVisible()
  // The typed text stays in the form; the stored post is the first tab's.
  await expect(page.getByRole('textbox', { name: 'Titre', exact: true })).toHaveValue(
    'Depuis le second onglet',
  )
  expect((await getBlogPost(post.id))?.title).toBe('Depuis le premier onglet')
})

test('a post with only a title and a text is published and shown', async ({ page, db: _db }) => {
  const stamp = Date.now().toString(36)
  const title = `Juste un titre ${stamp}`
  await signInAdmin(page)
  await openAdminTab(page, 'Blog')
  await page.getByRole('link', { name: 'Nouvel article' }).click()
  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(title)
  await page
    .getByRole('textbox', { name: 'Contenu' })
    .fill('Un premier paragraphe *sans* [syntaxe](https://exemple.fr).\n\nUn second paragraphe.')
  await page.getByLabel('Statut').selectOption('published')
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Article ajouté avec succès' }),
  ).toBeVisible()

  await visit(page, '/blog')
  const card = page.getByTestId('blog-card').filter({ hasText: title })
  await expect(card).toContainText('Un premier paragraphe sans syntaxe.')
  await expect(card.getByTestId('card-no-image')).toBeVisible()
  await card.getByRole('link', { name: title }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'Un premier paragraphe sans syntaxe.',
  )
})

test('an English draft is previewed by an admin, a 404 for anyone else', async ({
  page,
  db: _db,
}) => {
  allowConsoleError(page, /status of 404/)
  const stamp = Date.now().toString(36)
  const french = await createBlogPost(
    makeBlogPost({ title: `Article à traduire ${stamp}`, status: 'published' }),
  )
  const enSlug = `draft-preview-${stamp}`
  await saveTranslation('post', french.id, 'en', {
    slug: enSlug,
    title: `English draft ${stamp}`,
    content: 'A **draft** body.',
    status: 'draft',
  })

  // Not signed in yet: a visitor's ?apercu is nothing.
  const refused = await page.goto(`/en/blog/${enSlug}?apercu`)
  expect(refused?.status()).toBe(404)

  await signInAdmin(page)
  await page.goto(`/admin/blog?edit=${french.id}&langue=en`)
  await page.getByRole('link', { name: 'Prévisualiser' }).click()
  await expect(page).toHaveURL(new RegExp(`/en/blog/${enSlug}\\?apercu$`))
  await expect(page.getByRole('status').filter({ hasText: PREVIEW_BANNER })).toBeVisible()
  await expect(
    page.getByRole('heading', { level: 1, name: `English draft ${stamp}` }),
  ).toBeVisible()
})
