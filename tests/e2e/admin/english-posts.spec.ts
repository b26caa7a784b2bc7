// A post's English version has its own status (ADR 077): saved as a draft from the hub's
// English form, it leaves the English site (its address the English 404 offering the French
// page, no hreflang to it from the French page); published again, it comes back.
import type { Page } from '@playwright/test'
import { createBlogPost } from '#app/server/repositories/blog.server.ts'
import { saveTranslation } from '#app/server/repositories/translations.server.ts'
import { makeBlogPost } from '#app/server/demo/factories.server.ts'
import { test, expect, allowConsoleError } from '../../fixtures/test.ts'
import { signInAdmin } from '../../fixtures/admin.ts'
import { visit } from '../public/helpers.ts'

/** The hreflang alternates of the current page. */
async function hreflangs(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('head link[rel="alternate"][hreflang]')].map((l) =>
      l.getAttribute('hreflang')!,
    ),
  )
}

test('an English draft leaves the English site, published it comes back', async ({
  page,
  db: _db,
}) => {
  test.slow() // hub and public pages, twice
  allowConsoleError(page, /status of 404/)
  const stamp = Date.now().toString(36)
  const french = await createBlogPost(
    makeBlogPost({ title: `Article bilingue ${stamp}`, status: 'published' }),
  )
  const enSlug = `bilingual-${stamp}`
  const enTitle = `Bilingual post ${stamp}`
  // Stored before English versions had a status: public with its French post.
  await saveTranslation('post', french.id, 'en', {
    slug: enSlug,
    title: enTitle,
    excerpt: 'An English excerpt.',
    content: 'An **English** body.',
  })

  await signInAdmin(page)
  await page.goto(`/admin/blog?edit=${french.id}&langue=en`)
  const panel = page.getByRole('region', { name: `Version anglaise — ${french.title}` })
  await expect(panel.getByLabel('Statut (anglais)')).toHaveValue('published')
  await panel.getByLabel('Statut (anglais)').selectOption('draft')
  await panel.getByRole('button', { name: 'Enregistrer la version anglaise' }).click()
  await expect(page.getByText('Version anglaise enregistrée').first()).toBeVisible()
  await expect(panel).toContainText('Brouillon : cet article n’apparaît pas sur le site anglais')
  // Its own history, under the English form.
  await expect(page.getByRole('heading', { name: 'Révisions' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Liste des révisions' })).toContainText(enTitle)

  await page.goto('/admin/blog')
  const row = page.getByRole('listitem').filter({ hasText: french.title })
  await expect(row.getByTestId('english-status')).toHaveText('Anglais : brouillon')
  await expect(row.getByTestId('missing-translation')).toHaveCount(0)

  const missing = await page.goto(`/en/blog/${enSlug}`)
  expect(missing?.status()).toBe(404)
  const offer = page.getByRole('link', { name: french.title })
  await expect(offer).toHaveAttribute('href', `/blog/${french.slug}`)
  await expect(offer).toHaveAttribute('hreflang', 'fr')
  await expect(page.getByText('An English excerpt.')).toHaveCount(0)
  await visit(page, '/en/blog')
  await expect(page.getByRole('link', { name: enTitle })).toHaveCount(0)
  await visit(page, `/blog/${french.slug}`)
  expect(await hreflangs(page)).toEqual([])

  await page.goto(`/admin/blog?edit=${french.id}&langue=en`)
  await panel.getByLabel('Statut (anglais)').selectOption('published')
  await panel.getByRole('button', { name: 'Enregistrer la version anglaise' }).click()
  await expect(page.getByText('Version anglaise enregistrée').first()).toBeVisible()
  await page.goto('/admin/blog')
  await expect(
    page.getByRole('listitem').filter({ hasText: french.title }).getByTestId('english-status'),
  ).toHaveCount(0)

  await visit(page, '/en/blog')
  await expect(page.getByRole('link', { name: enTitle })).toBeVisible()
  const shown = await visit(page, `/en/blog/${enSlug}`)
  expect(shown?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(enTitle)
  await visit(page, `/blog/${french.slug}`)
  expect(await hreflangs(page)).toContain('en')
})
