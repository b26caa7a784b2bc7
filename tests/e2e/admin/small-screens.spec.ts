// ADR 093: at 390 px nothing scrolls sideways: the settings' « Enregistrer » is in sight, a
// post's « Référencement et partage » box fits, a long URL in an excerpt wraps, and a very long
// title wraps in its admin row.
import type { Page } from '@playwright/test'
import { makeBlogPost } from '#app/server/demo/factories.server.ts'
import { createBlogPost } from '#app/server/repositories/blog.server.ts'
import { signInAdmin } from '../../fixtures/admin.ts'
import { test, expect } from '../../fixtures/test.ts'

test.use({ viewport: { width: 390, height: 844 } })

const WIDTH = 390

/** No sideways scroll; on failure, the elements that stick out say where. */
async function expectNoSidewaysScroll(page: Page) {
  const report = await page.evaluate((width) => {
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .slice(-5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)}`)
    return { scrollWidth: document.documentElement.scrollWidth, wide }
  }, WIDTH)
  expect(report.scrollWidth, report.wide.join('\n')).toBeLessThanOrEqual(WIDTH)
}

const LONG_URL =
  'https://www.exemple-de-site-au-nom-assez-long.fr/un/chemin/tres/long/vers/une/ressource-dont-le-nom-ne-se-coupe-pas-de-lui-meme.html'
// One word longer than the screen: only a break anywhere keeps it in.
const LONG_TITLE =
  'Intergouvernementalisationsanticonstitutionnellementextraordinairement : un titre très long'

test('settings, a post’s SEO box, long URLs and long titles fit 390 px', async ({
  page,
  db: _db,
}) => {
  const post = await createBlogPost(
    makeBlogPost({
      title: LONG_TITLE,
      slug: 'blocs-et-liens-longs',
      excerpt: `Les liens s’affichent entiers : ${LONG_URL}`,
      content: `Voir ${LONG_URL} pour le détail.`,
      status: 'published',
    }),
  )
  await signInAdmin(page)

  await page.goto('/admin/settings')
  await expectNoSidewaysScroll(page)
  const save = page.getByRole('button', { name: 'Enregistrer', exact: true }).first()
  await save.scrollIntoViewIfNeeded()
  await expect(save).toBeInViewport()
  const box = (await save.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(WIDTH)

  await page.goto(`/admin/blog?edit=${post.id}`)
  const seo = page.getByRole('group', { name: 'Référencement et partage' })
  await expect(seo).toBeVisible()
  expect((await seo.boundingBox())!.width).toBeLessThanOrEqual(WIDTH)
  await expectNoSidewaysScroll(page)

  await page.goto('/admin/blog')
  await expect(page.getByText(LONG_TITLE).first()).toBeVisible()
  await expectNoSidewaysScroll(page)

  await page.goto('/blog/blocs-et-liens-longs')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoSidewaysScroll(page)
  await page.goto('/blog')
  await expectNoSidewaysScroll(page)
})
