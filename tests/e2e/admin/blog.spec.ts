import {
  BLOG_DELETE_QUESTION,
  READ_TIME_MESSAGE,
  SLUG_FORMAT_MESSAGE,
  SLUG_TAKEN_MESSAGE,
} from '#app/domain/blog.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { makeBlogPost } from '#app/server/demo/factories.server.ts'
import {
  createBlogPost,
  getBlogPost,
  getBlogPostBySlug,
} from '#app/server/repositories/blog.server.ts'
import { test, expect, allowConsoleError } from '../../fixtures/test.ts'
import {
  deleteItem,
  expectActivity,
  expectFieldError,
  LOCAL_IMAGE,
  openAdminTab,
  signInAdmin,
} from '../../fixtures/admin.ts'

test('blog: empty hint, validation, slug suggested and unique, create, edit, delete, public post', async ({
  page,
  db: _db,
}) => {
  test.slow() // a multi-step flow (create, edit, delete, public post)
  await getDb().deleteFrom('blog_posts').execute()
  const admin = await signInAdmin(page, { name: 'Camille Admin' })
  await openAdminTab(page, 'Blog')
  await expect(
    page.getByText('Aucun article pour le moment. Rédigez votre premier article.'),
  ).toBeVisible()
  const taken = await createBlogPost(makeBlogPost())

  await page.getByRole('link', { name: 'Nouvel article' }).click()
  // Blank = computed from the words; a new post starts as a draft.
  await expect(page.getByLabel('Temps de lecture (minutes)')).toHaveValue('')
  await expect(page.getByLabel('Statut')).toHaveValue('draft')
  await expect(page.getByLabel("Nom de l'auteur")).toHaveValue('Camille Admin')
  const save = page.getByRole('button', { name: 'Ajouter', exact: true })
  await page.getByLabel('Temps de lecture (minutes)').fill('0')
  await page.getByLabel("Avatar de l'auteur (URL)").fill('pas une url')
  await save.click()
  for (const [label, message] of [
    ['Titre', 'Le titre est requis'],
    ['Slug', 'Le slug est requis'],
    // Category, excerpt and thumbnail are optional (ADR 087).
    ['Contenu', 'Le contenu est requis'],
    ['Temps de lecture (minutes)', READ_TIME_MESSAGE],
    ["Avatar de l'auteur (URL)", 'URL invalide'],
  ] as const) {
    await expectFieldError(page, label, message)
  }

  // The slug follows the title until it is edited.
  const stamp = Date.now()
  await page.getByLabel('Titre').fill(`Éloge de la lenteur ! ${stamp}`)
  await expect(page.getByLabel('Slug')).toHaveValue(`eloge-de-la-lenteur-${stamp}`)
  await page.getByLabel('Slug').fill('Pas Un Slug')
  await page.getByLabel('Titre').fill(`Éloge de la lenteur ${stamp}`)
  await expect(page.getByLabel('Slug')).toHaveValue('Pas Un Slug')
  await page.getByLabel('Catégorie').fill('Produit')
  await page.getByLabel('Miniature (URL)').fill(LOCAL_IMAGE)
  await page.getByLabel('Extrait').fill('Ralentir pour mieux livrer.')
  await page.getByRole('textbox', { name: 'Contenu' }).fill('Un paragraphe.\nUn autre paragraphe.')
  await page.getByLabel('Temps de lecture (minutes)').fill('7')
  await page.getByLabel("Avatar de l'auteur (URL)").fill('/images/default-avatar.webp')
  await page.getByLabel('Tags').fill('Lenteur, , Produit ')
  await page.getByLabel('Statut').selectOption('published')
  await save.click()
  await expectFieldError(page, 'Slug', SLUG_FORMAT_MESSAGE)

  // A duplicate slug is refused by the server with a clear French error; the form is kept.
  allowConsoleError(page, /status of 400/)
  await page.getByLabel('Slug').fill(taken.slug)
  await save.click()
  await expectFieldError(page, 'Slug', SLUG_TAKEN_MESSAGE)
  await expect(page.getByLabel('Extrait')).toHaveValue('Ralentir pour mieux livrer.')
  await expect(page.getByLabel('Tags')).toHaveValue('Lenteur, , Produit ')

  const slug = `eloge-de-la-lenteur-${stamp}`
  const title = `Éloge de la lenteur ${stamp}`
  await page.getByLabel('Slug').fill(slug)
  await save.click()
  await expect(page.getByRole('status')).toHaveText('Article ajouté avec succès')
  const post = await getBlogPostBySlug(slug)
  expect(post).toMatchObject({
    title,
    category: 'Produit',
    readTime: 7,
    tags: ['Lenteur', 'Produit'],
    author: { name: 'Camille Admin', avatar: '/images/default-avatar.webp' },
  })
  expect(post?.createdAt).toBeTruthy()
  expect(post?.updatedAt).toBeUndefined()
  await expectActivity(admin, { action: 'create', resourceType: 'blog', resourceName: title })
  await page.reload()
  await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText(`/blog/${slug}`)

  await page.goto(`/blog/${slug}`)
  await expect(page.getByRole('heading', { name: title })).toBeVisible()
  await expect(page.getByText('Un autre paragraphe.')).toBeVisible()

  await page.goto('/admin/blog')
  await page.getByRole('link', { name: `Modifier ${title}` }).click()
  // Editing keeps the slug even when the title changes.
  await page.getByLabel('Titre').fill(`${title} (révisé)`)
  await expect(page.getByLabel('Slug')).toHaveValue(slug)
  await page.getByLabel('Temps de lecture (minutes)').fill('')
  // An author error shows next to its input, which receives focus.
  const avatar = page.getByLabel("Avatar de l'auteur (URL)")
  await avatar.fill('pas une url')
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expectFieldError(page, "Avatar de l'auteur (URL)", 'URL invalide')
  await expect(avatar).toBeFocused()
  await avatar.fill('/images/default-avatar.webp')
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expect(page.getByRole('status')).toHaveText('Article mis à jour avec succès')
  const updated = await getBlogPost(post!.id)
  // The reading time, emptied, is computed from the words again.
  expect(updated).toMatchObject({
    title: `${title} (révisé)`,
    slug,
    readTime: 1,
    readTimeAuto: true,
  })
  expect(updated?.updatedAt).toBeTruthy()
  expect(updated?.createdAt).toBe(post?.createdAt)
  await expectActivity(admin, {
    action: 'update',
    resourceType: 'blog',
    resourceName: `${title} (révisé)`,
  })

  await deleteItem(page, `${title} (révisé)`, BLOG_DELETE_QUESTION, 'cancel')
  expect(await getBlogPost(post!.id)).toBeDefined()
  await deleteItem(page, `${title} (révisé)`, BLOG_DELETE_QUESTION)
  await expect(page.getByRole('status')).toHaveText('Article supprimé avec succès')
  expect(await getBlogPost(post!.id)).toBeUndefined()
  await expectActivity(admin, {
    action: 'delete',
    resourceType: 'blog',
    resourceName: `${title} (révisé)`,
  })
  allowConsoleError(page, /status of 404/)
  await page.goto(`/blog/${slug}`)
  await expect(page.getByText('Article non trouvé')).toBeVisible()
})
