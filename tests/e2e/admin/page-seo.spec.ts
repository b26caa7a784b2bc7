// Per-page search and social fields (ADR 064's amendment): set in the project and post forms
// with a live preview, used by the public pages' meta tags; empty = the page's defaults.
import { makeBlogPost, makeProject } from '#app/server/demo/factories.server.ts'
import { createBlogPost } from '#app/server/repositories/blog.server.ts'
import { createProject } from '#app/server/repositories/projects.server.ts'
import { signInAdmin } from '../../fixtures/admin.ts'
import { test, expect } from '../../fixtures/test.ts'

test('a project’s SEO title, description and share image: preview in the form, meta on the page', async ({
  page,
  server,
  db: _db,
}) => {
  const project = await createProject(
    makeProject({ title: 'Refonte solaire', description: 'Un tableau de bord pour l’énergie.' }),
  )
  // Empty fields: the page keeps its defaults.
  await page.goto(`/projects/${project.id}`)
  await expect(page).toHaveTitle(/^Refonte solaire — /)
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    `${server.url}${project.thumbnail}`,
  )

  await signInAdmin(page)
  await page.goto(`/admin/projects?edit=${project.id}`)
  const seo = page.getByRole('group', { name: 'Référencement et partage' })
  await expect(seo.getByTestId('seo-preview-title')).toHaveText(/^Refonte solaire — /)
  await expect(seo.getByTestId('seo-preview-description')).toHaveText(
    'Un tableau de bord pour l’énergie.',
  )
  await seo
    .getByLabel('Intitulé pour les moteurs de recherche')
    .fill('Tableau de bord énergie solaire')
  await seo
    .getByLabel('Résumé pour les moteurs de recherche')
    .fill('Comment nous avons divisé par deux le temps de lecture des données.')
  await seo
    .getByRole('textbox', { name: 'Image de partage (réseaux sociaux)' })
    .fill('/demo/gallery/confluence.webp')
  await expect(seo.getByTestId('seo-preview-title')).toHaveText(
    /^Tableau de bord énergie solaire — /,
  )
  await expect(seo.getByTestId('seo-preview-description')).toHaveText(
    'Comment nous avons divisé par deux le temps de lecture des données.',
  )
  await expect(seo.getByTestId('seo-preview-image')).toHaveAttribute(
    'src',
    '/demo/gallery/confluence.webp',
  )
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expect(page.getByRole('status').first()).toBeVisible()

  await page.goto(`/projects/${project.id}`)
  await expect(page).toHaveTitle(/^Tableau de bord énergie solaire — /)
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'Comment nous avons divisé par deux le temps de lecture des données.',
  )
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    `${server.url}/demo/gallery/confluence.webp`,
  )
  // The visible heading stays the project's own title.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Refonte solaire')
})

test('a post’s SEO fields are refused past their length and used by its meta tags', async ({
  page,
  db: _db,
}) => {
  const post = await createBlogPost(
    makeBlogPost({
      title: 'Prioriser sans se fâcher',
      seoTitle: 'Prioriser un backlog : la méthode',
      seoDescription: 'Une méthode en trois ateliers.',
    }),
  )
  await page.goto(`/blog/${post.slug}`)
  await expect(page).toHaveTitle(/^Prioriser un backlog : la méthode — /)
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
    'content',
    'Une méthode en trois ateliers.',
  )
  await expect(createBlogPost(makeBlogPost({ seoTitle: 'x'.repeat(71) }))).rejects.toMatchObject({
    fieldErrors: { seoTitle: expect.stringMatching(/70/) },
  })
})
