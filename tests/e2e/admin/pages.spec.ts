// The owner's pages (ADR 090): a slug of the app is refused in French; a page created as a
// draft is a 404 for visitors and a preview for the admin; published with « Afficher dans le
// menu » and « Afficher dans le pied de page », it is at /<slug>, in the menu, the footer and
// the sitemap (with its English alternate), and its English version at /en/<slug>.
import { PAGE_DELETE_QUESTION } from '#app/domain/page.ts'
import { test, expect, allowConsoleError } from '../../fixtures/test.ts'
import { deleteItem, expectFieldError, openAdminTab, signInAdmin } from '../../fixtures/admin.ts'
import { servedWith, visit } from '../public/helpers.ts'

test('a page: refused slug, draft, published in the menu, footer and sitemap, in English', async ({
  page,
  browser,
  db: _db,
}) => {
  test.slow() // the hub, public pages in two languages, a second browser context
  allowConsoleError(page, /status of 404/)
  const stamp = Date.now().toString(36)
  const title = `Services ${stamp}`
  const slug = `services-${stamp}`

  await signInAdmin(page)
  await openAdminTab(page, 'Pages')
  await page.getByRole('link', { name: 'Nouvelle page' }).click()
  await expect(page).toHaveURL(/\/admin\/pages\?new/)

  // An address of the app is refused, in French, and nothing is saved.
  await page.getByLabel('Titre', { exact: true }).fill(title)
  await page.getByLabel('Slug', { exact: true }).fill('blog')
  await page.getByLabel('Contenu', { exact: true }).fill('Je conçois des **identités visuelles**.')
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click()
  await expectFieldError(
    page,
    'Slug',
    'Cette adresse est déjà utilisée par le site : choisissez un autre slug.',
  )

  // Saved as a draft (the default status).
  await page.getByLabel('Slug', { exact: true }).fill(slug)
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click()
  await expect(page.getByText('Page ajoutée avec succès').first()).toBeVisible()
  const row = page.getByRole('listitem').filter({ hasText: title })
  await expect(row).toContainText('Brouillon')
  await expect(row).toContainText(`/${slug}`)

  // A draft: a 404 for a visitor, a preview with its banner for the admin.
  const visitor = await browser.newContext()
  const anonymous = await visitor.newPage()
  const hidden = await anonymous.goto(`/${slug}`)
  expect(hidden?.status()).toBe(404)
  await expect(anonymous.getByRole('heading', { level: 1 })).not.toHaveText(title)
  const preview = await page.goto(`/${slug}?apercu`)
  expect(preview?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Aperçu' })).toContainText(
    'cette page n’est pas visible par les visiteurs',
  )

  // Published, in the menu and the footer.
  await page.goto('/admin/pages')
  await page.getByRole('link', { name: `Modifier ${title}` }).click()
  await page.getByLabel('Statut').selectOption('published')
  await page.getByLabel('Afficher dans le menu').check()
  await page.getByLabel('Afficher dans le pied de page').check()
  await page.getByRole('button', { name: 'Mettre à jour' }).click()
  await expect(page.getByText('Page mise à jour avec succès').first()).toBeVisible()
  await expect(row).toContainText('Publié')

  // Its English version, from the hub's English form.
  await page.getByRole('link', { name: `Modifier ${title}` }).click()
  await page.getByRole('link', { name: 'Modifier la version anglaise' }).click()
  await page.getByLabel('Titre (anglais)').fill(`Services in English ${stamp}`)
  await page.getByLabel('Contenu (Markdown) (anglais)').fill('I design **visual identities**.')
  await page.getByRole('button', { name: 'Enregistrer la version anglaise' }).click()
  await expect(page.getByText('Version anglaise enregistrée').first()).toBeVisible()

  // Public at /<slug>, for anybody.
  await servedWith(anonymous, `/${slug}`, title)
  const shown = await visit(anonymous, `/${slug}`)
  expect(shown?.status()).toBe(200)
  await expect(anonymous.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(anonymous.getByTestId('markdown-body').locator('strong')).toHaveText(
    'identités visuelles',
  )
  await expect(anonymous.locator('head link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
    'href',
    new RegExp(`/en/${slug}$`),
  )

  // In the footer, and in the menu.
  const footer = anonymous.getByRole('contentinfo')
  await expect(footer.getByRole('link', { name: title })).toHaveAttribute('href', `/${slug}`)
  await anonymous.getByRole('button', { name: 'Ouvrir le menu' }).click()
  const menu = anonymous.getByRole('dialog')
  await menu.getByRole('link', { name: title }).click()
  await expect(anonymous).toHaveURL(new RegExp(`/${slug}$`))

  // In the sitemap, with its English alternate.
  const sitemap = await (await anonymous.request.get('/sitemap.xml')).text()
  expect(sitemap).toContain(`/${slug}</loc>`)
  expect(sitemap).toContain(`hreflang="en" href="${new URL(anonymous.url()).origin}/en/${slug}"`)

  // In English at /en/<slug>, with the English menu entry.
  const english = await visit(anonymous, `/en/${slug}`)
  expect(english?.status()).toBe(200)
  await expect(
    anonymous.getByRole('heading', { level: 1, name: `Services in English ${stamp}` }),
  ).toBeVisible()
  await expect(
    anonymous.getByRole('contentinfo').getByRole('link', { name: `Services in English ${stamp}` }),
  ).toHaveAttribute('href', `/en/${slug}`)

  // An unknown slug is still the site's 404.
  const unknown = await anonymous.goto(`/aucune-page-${stamp}`)
  expect(unknown?.status()).toBe(404)
  await visitor.close()

  // Deleted: gone from the site.
  await page.goto('/admin/pages')
  await deleteItem(page, title, PAGE_DELETE_QUESTION)
  await expect(page.getByText('Page supprimée avec succès').first()).toBeVisible()
  await expect.poll(async () => (await page.request.get(`/${slug}`)).status()).toBe(404)
})
