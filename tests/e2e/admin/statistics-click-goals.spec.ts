// Click goals (ADR 103): a link the owner marks in Markdown (« objectif:nom » as its title) or
// in the settings (an address or a CSS selector) sends a goal when a real visitor clicks it;
// the goal is counted in « Objectifs » and filters the dashboard.
import { getDb } from '#app/server/db/client.server.ts'
import { makeBlogPost } from '#app/server/demo/factories.server.ts'
import { createBlogPost } from '#app/server/repositories/blog.server.ts'
import { signInAdmin } from '../../fixtures/admin.ts'
import { test, expect } from '../../fixtures/test.ts'
import { visit } from '../public/helpers.ts'

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

test('a click on a marked link is a goal, counted and filterable', async ({
  browser,
  baseURL,
  page,
  db: _db,
}) => {
  const db = getDb()
  await db.deleteFrom('analytics_event').execute()
  await db.deleteFrom('analytics_rollup').execute()
  await db.deleteFrom('analytics_state').execute()
  await db.deleteFrom('settings').where('id', '=', 'statistics').execute()
  const post = await createBlogPost(
    makeBlogPost({
      content: 'Un projet en tête ? [Demander un devis](/contact "objectif:devis").',
    }),
  )
  // The owner marks the menu's « Projets » link in the settings, by its address.
  await signInAdmin(page)
  await page.goto('/admin/statistics?period=today')
  await page.getByText('Réglages des statistiques').click()
  const clicks = page.getByLabel('Objectifs : clics')
  await clicks.fill('Pas un nom = /projects')
  await page.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(page.getByText(/Nom d’objectif de clic/)).toBeVisible()
  await clicks.fill('projets = /projects')
  await page.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(page.getByText('Réglages des statistiques enregistrés')).toBeVisible()

  const visitor = await browser.newContext({ userAgent: CHROME, baseURL })
  const tab = await visitor.newPage()
  await visit(tab, `/blog/${post.slug}`)
  await expect(tab.getByRole('link', { name: 'Demander un devis' })).toHaveAttribute(
    'data-goal',
    'devis',
  )
  await tab.getByRole('link', { name: 'Demander un devis' }).click()
  await expect(tab).toHaveURL(/\/contact$/)
  await tab.getByRole('navigation').first().getByRole('link', { name: 'Projets' }).first().click()
  await expect(tab).toHaveURL(/\/projects$/)
  const goals = () =>
    db
      .selectFrom('analytics_event as e')
      .innerJoin('analytics_dict as d', 'd.id', 'e.ref')
      .select('d.value')
      .where('e.kind', '=', 6)
      .orderBy('e.t')
      .execute()
  await expect
    .poll(async () => (await goals()).map((g) => g.value).sort())
    .toEqual(['devis', 'projets'])
  expect(await visitor.cookies()).toEqual([])
  await visitor.close()

  // The rollups were refreshed when the settings were saved: counted again now, not in a minute.
  await db.deleteFrom('analytics_state').where('key', '=', 'rolledUntil').execute()
  await page.goto('/admin/statistics?period=today')
  const panel = page.locator('[data-stats-panel="goals"]')
  await expect(panel.getByRole('row', { name: /devis/ })).toContainText('100 %')
  await expect(panel.getByRole('row', { name: /projets/ })).toContainText('100 %')
  await panel.getByRole('link', { name: 'devis' }).click()
  await expect(page).toHaveURL(/[?&]goal=clic%3Adevis/)
  await expect(page.getByRole('list', { name: 'Filtres actifs' })).toContainText('Objectif : devis')
})
