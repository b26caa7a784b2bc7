// Stale translations and English names (ADR 094): a French change flags its English twin in
// the hub's list and English form, with the French difference, until the English version is
// saved again; tags and categories named in English from the English form show on /en/.
import { createBlogPost } from '#app/server/repositories/blog.server.ts'
import { createProject, updateProject } from '#app/server/repositories/projects.server.ts'
import { saveTranslation } from '#app/server/repositories/translations.server.ts'
import { makeBlogPost, makeProject } from '#app/server/demo/factories.server.ts'
import { test, expect } from '../../fixtures/test.ts'
import { signInAdmin } from '../../fixtures/admin.ts'
import { visit } from '../public/helpers.ts'

test('a French change flags its English twin until the English version is saved', async ({
  page,
  db: _db,
}) => {
  test.slow() // hub list and form, twice
  const stamp = Date.now().toString(36)
  const fields = { ...makeProject(), title: `Ancien titre ${stamp}` }
  const project = await createProject(fields)
  await saveTranslation('project', project.id, 'en', { title: `Old ${stamp}` }, undefined, project)

  await signInAdmin(page)
  await page.goto('/admin/projects')
  const row = page.getByRole('listitem').filter({ hasText: project.title })
  await expect(row).toBeVisible()
  await expect(row.getByTestId('stale-translation')).toHaveCount(0)

  const changed = await updateProject(project.id, { ...fields, title: `Nouveau titre ${stamp}` })
  await page.goto('/admin/projects')
  const changedRow = page.getByRole('listitem').filter({ hasText: changed!.title })
  await expect(changedRow.getByTestId('stale-translation')).toHaveText('Traduction à revoir')

  await page.goto(`/admin/projects?edit=${project.id}&langue=en`)
  const panel = page.getByRole('region', { name: `Version anglaise — ${changed!.title}` })
  await expect(panel.getByTestId('stale-translation')).toContainText('Traduction à revoir')
  const note = panel.getByRole('note')
  await expect(note.locator('del')).toHaveText('Ancien')
  await expect(note.locator('ins')).toHaveText('Nouveau')

  await panel.getByLabel('Titre (anglais)').fill(`New ${stamp}`)
  await panel.getByRole('button', { name: 'Enregistrer la version anglaise' }).click()
  await expect(page.getByText('Version anglaise enregistrée').first()).toBeVisible()
  await expect(panel.getByTestId('stale-translation')).toHaveCount(0)
  await expect(panel.getByRole('note')).toHaveCount(0)
  await page.goto('/admin/projects')
  await expect(
    page.getByRole('listitem').filter({ hasText: changed!.title }).getByTestId('stale-translation'),
  ).toHaveCount(0)
})

test('tags and a category named in English show on /en/blog and in /en/rss.xml', async ({
  page,
  db: _db,
}) => {
  test.slow() // hub form, public list and feed
  const stamp = Date.now().toString(36)
  const frenchTag = `Étiquette ${stamp}`
  const frenchCategory = `Catégorie ${stamp}`
  const post = await createBlogPost(
    makeBlogPost({
      title: `Article étiqueté ${stamp}`,
      status: 'published',
      category: frenchCategory,
      tags: [frenchTag],
    }),
  )
  const enTitle = `Tagged post ${stamp}`
  await saveTranslation('post', post.id, 'en', { title: enTitle, content: 'An English body.' })

  await signInAdmin(page)
  await page.goto(`/admin/blog?edit=${post.id}&langue=en`)
  const panel = page.getByRole('region', { name: `Version anglaise — ${post.title}` })
  await panel.getByLabel(`Étiquette « ${frenchTag} » (anglais)`).fill(`Tag ${stamp}`)
  await panel.getByLabel(`Catégorie « ${frenchCategory} » (anglais)`).fill(`Topic ${stamp}`)
  // The English search fields are the French form's box, with its live preview (ADR 094).
  await panel.getByLabel('Intitulé pour les moteurs de recherche (anglais)').fill(`SEO ${stamp}`)
  await expect(panel.getByTestId('seo-preview-title')).toContainText(`SEO ${stamp}`)
  await panel.getByRole('button', { name: 'Enregistrer la version anglaise' }).click()
  await expect(page.getByText('Version anglaise enregistrée').first()).toBeVisible()
  await expect(panel.getByLabel(`Étiquette « ${frenchTag} » (anglais)`)).toHaveValue(`Tag ${stamp}`)

  await expect(panel.getByLabel('Intitulé pour les moteurs de recherche (anglais)')).toHaveValue(
    `SEO ${stamp}`,
  )

  await visit(page, '/en/blog')
  const card = page.getByRole('article').filter({ hasText: enTitle })
  await expect(card).toContainText(`Tag ${stamp}`)
  await expect(card).not.toContainText(frenchTag)
  // The filter speaks English too: the English name is the one in the address.
  await visit(page, `/en/blog?tag=${encodeURIComponent(`Tag ${stamp}`)}`)
  await expect(page.getByText(enTitle).first()).toBeVisible()
  // French pages keep the French names.
  await visit(page, '/blog')
  await expect(page.getByRole('article').filter({ hasText: post.title })).toContainText(frenchTag)

  const feed = await (await page.request.get('/en/rss.xml')).text()
  expect(feed).toContain(`<category>Tag ${stamp}</category>`)
  expect(feed).toContain(`<category>Topic ${stamp}</category>`)
  expect(feed).not.toContain(frenchTag)
})
