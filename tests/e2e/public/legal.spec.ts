// Legal pages (ADR 021): the owner's Markdown, or the templates, through the posts' pipeline.
import { makeSettings } from '#app/server/demo/factories.server.ts'
import { updateSettings } from '#app/server/repositories/settings.server.ts'
import { test, expect } from '../../fixtures/test.ts'

test('a legal page renders its Markdown: headings, emphasis, links; no markup runs', async ({
  page,
  db: _db,
}) => {
  page.on('dialog', (dialog) => {
    throw new Error(`A dialog opened: ${dialog.message()}`)
  })
  await updateSettings(
    makeSettings({
      siteName: 'Studio Orbite',
      contact: { email: 'bonjour@orbite.fr' },
      legal: {
        notice:
          '# Mentions légales\n\nÉdité par **Studio Orbite**.\n\n## Hébergement\n\nVoir [la page Contact](/contact).\n\n<img src=x onerror="alert(1)">',
        privacy: '',
      },
    }),
  )
  await page.goto('/mentions-legales')
  const body = page.getByTestId('markdown-body')
  await expect(body.getByRole('heading', { level: 2, name: 'Mentions légales' })).toBeVisible()
  await expect(body.getByRole('heading', { level: 2, name: 'Hébergement' })).toBeVisible()
  await expect(body.locator('strong')).toHaveText('Studio Orbite')
  await expect(body.getByRole('link', { name: 'la page Contact' })).toHaveAttribute(
    'href',
    '/contact',
  )
  await expect(body).not.toContainText('# Mentions')
  await expect(body).not.toContainText('**')
  await expect(body.locator('img')).toHaveCount(0)

  // The template (no text of the owner's) renders its headings the same way.
  await page.goto('/confidentialite')
  await expect(
    page.getByTestId('markdown-body').getByRole('heading', { level: 2, name: 'Vos droits' }),
  ).toBeVisible()
  await expect(page.getByTestId('markdown-body')).not.toContainText('##')
})
