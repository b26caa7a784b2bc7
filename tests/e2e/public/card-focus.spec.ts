// Cards whose link or button covers them show a clearly visible keyboard focus (WCAG 2.4.7):
// the control's own outline is clipped by the card, so the card itself gets a ring.
import { createBlogPost } from '#app/server/repositories/blog.server.ts'
import { createMediaItem } from '#app/server/repositories/media.server.ts'
import { createProject } from '#app/server/repositories/projects.server.ts'
import { makeBlogPost, makeMediaItem, makeProject } from '#app/server/demo/factories.server.ts'
import type { Locator, Page } from '@playwright/test'
import { test, expect } from '../../fixtures/test.ts'
import { computed, tabTo, visit } from './helpers.ts'

/** Tabs to `control` and checks its `card` gains a ring (a 4 px box-shadow spread) it lacked. */
async function expectFocusRing(page: Page, card: Locator, control: Locator) {
  const before = await computed(card, 'box-shadow')
  expect(before).not.toMatch(/0px 0px 0px 4px/)
  await tabTo(page, control)
  await expect.poll(() => computed(card, 'box-shadow')).toMatch(/0px 0px 0px 4px/)
  // Leaving the card removes the ring.
  await page.keyboard.press('Tab')
  await expect.poll(() => computed(card, 'box-shadow')).toBe(before)
}

test('blog, project and gallery cards show a visible keyboard focus ring', async ({
  page,
  db: _db,
}) => {
  const id = Date.now().toString(36)
  const post = await createBlogPost(makeBlogPost({ title: `Focus blog ${id}` }))
  const project = await createProject(makeProject({ title: `Focus projet ${id}`, order: 0 }))
  const media = await createMediaItem(makeMediaItem({ title: `Focus média ${id}`, order: 0 }))

  await visit(page, '/blog')
  const blogCard = page.getByTestId('blog-card').filter({ hasText: post.title })
  await expectFocusRing(page, blogCard, blogCard.getByRole('link', { name: post.title }))

  await visit(page, '/projects')
  const projectCard = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: project.title }) })
  await expectFocusRing(page, projectCard, projectCard.getByRole('link'))

  await visit(page, '/gallery')
  const mediaItem = page.getByTestId('media-item').filter({ hasText: media.title })
  await expectFocusRing(
    page,
    mediaItem,
    mediaItem.getByRole('button', { name: `Agrandir ${media.title}` }),
  )
})
