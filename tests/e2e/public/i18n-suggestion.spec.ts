// The English suggestion (ADR 074): a French page offers « English version » to a browser
// that prefers English, once hydrated, in the header's band (nothing covered, nothing moved,
// the focus left alone); dismissed, it stays away through a bare flag. The server's HTML is
// the same for every visitor, and the French-speaking browser of the other specs sees nothing.
import type { Browser, Locator, Page } from '@playwright/test'
import { createBlogPost } from '#app/server/repositories/blog.server.ts'
import { saveTranslation } from '#app/server/repositories/translations.server.ts'
import { makeBlogPost } from '#app/server/demo/factories.server.ts'
import { EN_SUGGESTION_KEY } from '#app/ui/public/english-suggestion.tsx'
import { test, expect } from '../../fixtures/test.ts'
import { servedWith, visit } from './helpers.ts'

async function browserIn(browser: Browser, baseURL: string, locale: string) {
  const context = await browser.newContext({ baseURL, locale })
  return { context, page: await context.newPage() }
}

async function box(target: Locator) {
  const found = await target.boundingBox()
  if (!found) throw new Error('not laid out')
  return found
}

function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: typeof a,
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

const storage = (page: Page) => page.evaluate(() => ({ ...localStorage }))

test('an English-speaking browser is offered the English version, discreetly, until dismissed', async ({
  browser,
  server,
  db: _db,
}) => {
  const post = await createBlogPost(
    makeBlogPost({ slug: 'un-article-traduit', title: 'Un article' }),
  )
  await saveTranslation('post', post.id, 'en', {
    slug: 'a-translated-post',
    title: 'A post',
    content: 'Text',
  })
  const { context, page } = await browserIn(browser, server.url, 'en-GB')
  await servedWith(page, '/en/blog', 'A post')
  // The server's HTML says nothing of it (cached pages are the same for everyone).
  expect(await (await page.request.get('/blog/un-article-traduit')).text()).not.toContain(
    'English version',
  )

  await visit(page, '/blog/un-article-traduit')
  const suggestion = page.getByTestId('english-suggestion')
  const link = suggestion.getByRole('link', { name: 'English version' })
  // The post's twin, by its English slug.
  await expect(link).toHaveAttribute('href', '/en/blog/a-translated-post')
  await expect(suggestion).toHaveAttribute('lang', 'en')
  // Nothing stolen, nothing stored by showing it.
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true)
  expect(await storage(page)).toEqual({})
  // In the header's band: clear of the header's pills and of the page's heading.
  const shown = await box(suggestion)
  for (const other of [
    page.getByRole('banner').getByRole('link').first(),
    page.getByTestId('language-switcher'),
    page.getByRole('heading', { level: 1 }),
  ])
    expect(overlaps(shown, await box(other))).toBe(false)

  await suggestion.getByRole('button', { name: 'Dismiss the English version suggestion' }).click()
  await expect(suggestion).toHaveCount(0)
  expect(await storage(page)).toEqual({ [EN_SUGGESTION_KEY]: 'dismissed' })
  await visit(page, '/projects')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(suggestion).toHaveCount(0)
  await context.close()

  // Another English-speaking visitor follows it: the English page offers nothing more, and
  // back on the French site from there (the switcher), nothing either.
  const other = await browserIn(browser, server.url, 'en-US')
  await visit(other.page, '/projects')
  await other.page.getByTestId('english-suggestion').getByRole('link').click()
  await expect(other.page).toHaveURL(/\/en\/projects$/)
  await expect(other.page.getByTestId('english-suggestion')).toHaveCount(0)
  await other.page.getByTestId('language-switcher').click()
  await expect(other.page).toHaveURL(/\/projects$/)
  await expect(other.page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(other.page.getByTestId('english-suggestion')).toHaveCount(0)
  await other.context.close()
})

test('a French-speaking browser is offered nothing', async ({ browser, server, db: _db }) => {
  const { context, page } = await browserIn(browser, server.url, 'fr-FR')
  await visit(page, '/projects')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByTestId('english-suggestion')).toHaveCount(0)
  await context.close()
})
