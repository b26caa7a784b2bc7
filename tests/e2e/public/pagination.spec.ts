import { createBlogPost } from '#app/server/repositories/blog.server.ts'
import { makeBlogPost } from '#app/server/demo/factories.server.ts'
import { test, expect } from '../../fixtures/test.ts'
import { servedWith, visit } from './helpers.ts'

// Lists that scale (ADR 091): 24 cards a page, ?page=N, rel prev/next, filters kept.
test('blog: 60 posts are three pages of 24, 24 and 12, with rel links and the filter kept', async ({
  page,
  db: _db,
}) => {
  const id = Date.now().toString(36)
  const category = `Pagination ${id}`
  const day = Date.UTC(2020, 0, 1)
  for (let i = 0; i < 60; i++)
    await createBlogPost(
      makeBlogPost({
        title: `Billet ${id} n° ${String(i).padStart(2, '0')}`,
        category,
        publishedAt: new Date(day + i * 86_400_000).toISOString(),
      }),
    )
  const cards = page.getByTestId('blog-card')
  const query = `category=${encodeURIComponent(category).replace(/%20/g, '+')}`
  await servedWith(page, `/blog?${query}`, `Billet ${id}`)

  // The whole blog: at most 24 cards on its first page, a next page announced.
  await visit(page, '/blog')
  await expect(cards).toHaveCount(24)
  await expect(page.locator('link[rel="next"]')).toHaveAttribute('href', /\/blog\?page=2$/)
  await expect(page.locator('link[rel="prev"]')).toHaveCount(0)

  await visit(page, `/blog?${query}`)
  await expect(cards).toHaveCount(24)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`/blog\\?${query.replace('+', '\\+')}$`),
  )
  const nav = page.getByRole('navigation', { name: 'Pagination' })
  await expect(nav).toContainText('Page 1 sur 3')
  await nav.getByRole('link', { name: 'Page suivante' }).click()
  await expect(page).toHaveURL(new RegExp(`\\?${query.replace('+', '\\+')}&page=2$`))
  await expect(nav).toContainText('Page 2 sur 3')
  await expect(cards).toHaveCount(24)
  await expect(page.locator('link[rel="prev"]')).toHaveAttribute('href', new RegExp(`${id}$`))
  await nav.getByRole('link', { name: 'Page suivante' }).click()
  await expect(nav).toContainText('Page 3 sur 3')
  await expect(cards).toHaveCount(12)
  await expect(page.locator('link[rel="next"]')).toHaveCount(0)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /&page=3$/)
  // The oldest post is last: newest publication first across the pages.
  await expect(cards.last()).toContainText(`Billet ${id} n° 00`)
  await expect(nav.getByRole('link', { name: 'Page suivante' })).toHaveCount(0)

  // Past the last page: the 404, never a 500; an unreadable number: the first page.
  expect((await page.request.get(`/blog?${query}&page=4`)).status()).toBe(404)
  const odd = await page.request.get(`/blog?${query}&page=abc`)
  expect(odd.status()).toBe(200)
  expect(await odd.text()).toContain('Page 1 sur 3')

  expect((await page.request.get('/en/blog?page=999999')).status()).toBe(404)
})
