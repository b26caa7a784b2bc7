// The site settings drive the public site: name, description, logo, favicon and
// meta image in the head and the chrome; keywords in the meta tags; social links and contact
// details in the footer and the contact page; custom CSS on every public page; custom JS and
// the analytics snippet only when set.
import { getDb } from '#app/server/db/client.server.ts'
import { updateSettings } from '#app/server/repositories/settings.server.ts'
import { LOCAL_IMAGE, LOCAL_IMAGE_2, openAdminTab, signInAdmin } from '../../fixtures/admin.ts'
import { test, expect } from '../../fixtures/test.ts'

// Saved settings would leak into the next tests of this worker (logo, custom code…).
test.afterEach(async ({ db: _db }) => {
  await getDb().deleteFrom('settings').execute()
})

const SETTINGS = {
  siteName: 'Studio Effet',
  siteDescription: 'Un portfolio piloté par ses paramètres',
  keywords: 'design produit, code, atelier',
  logo: LOCAL_IMAGE,
  favicon: '/favicon.svg?v=effet',
  metaImage: LOCAL_IMAGE_2,
  'socialMedia.github': 'https://github.com/studio-effet',
  'socialMedia.linkedin': 'https://www.linkedin.com/in/studio-effet',
  'socialMedia.twitter': '',
  'contact.email': 'bonjour@studio-effet.fr',
  'contact.phone': '+33 1 11 22 33 44',
  'contact.address': '12 rue des Lilas, Lyon',
  customCss: 'body { outline: 3px solid rgb(1, 2, 3); }',
  customJs: "document.documentElement.setAttribute('data-custom-js', 'ok')",
  googleAnalyticsId: '',
}

const RESET = { customCss: '', customJs: '', googleAnalyticsId: '' }

test('settings drive the head, chrome, footer, contact page, custom CSS and JS', async ({
  page,
  db: _db,
}) => {
  // Without a profile the home page describes itself with the site description.
  await getDb().deleteFrom('profile').execute()
  await updateSettings(SETTINGS)
  try {
    await page.goto('/')
    // Head: name, description, keywords, favicon, meta image.
    await expect(page).toHaveTitle(/Studio Effet/)
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /Un portfolio piloté par ses paramètres/,
    )
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute(
      'content',
      /design produit, ?code, ?atelier/,
    )
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      new RegExp(`${LOCAL_IMAGE_2.replace(/[.]/g, '\\.')}$`),
    )
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg?v=effet')
    // Chrome: the logo.
    await expect(page.locator(`img[src="${LOCAL_IMAGE}"]`).first()).toBeVisible()

    // Footer: name, description, only the social links that exist, e-mail.
    const footer = page.getByRole('contentinfo')
    await expect(footer).toContainText('Studio Effet')
    await expect(footer).toContainText('Un portfolio piloté par ses paramètres')
    await expect(footer.getByRole('link', { name: 'GitHub' })).toHaveAttribute(
      'href',
      'https://github.com/studio-effet',
    )
    await expect(footer.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute(
      'href',
      'https://www.linkedin.com/in/studio-effet',
    )
    await expect(footer.getByRole('link', { name: 'Twitter' })).toHaveCount(0)
    await expect(footer.getByRole('link', { name: 'Email' })).toHaveAttribute(
      'href',
      'mailto:bonjour@studio-effet.fr',
    )

    // Custom CSS and JS run on public pages.
    await expect(page.locator('body')).toHaveCSS('outline-color', 'rgb(1, 2, 3)')
    await expect(page.locator('html')).toHaveAttribute('data-custom-js', 'ok')
    // No analytics without an id.
    await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0)

    // Contact page: the contact details as links.
    await page.goto('/contact')
    await expect(page.locator('body')).toHaveCSS('outline-color', 'rgb(1, 2, 3)')
    await expect(
      page.locator('a[href="tel:+33111223344"], a[href="tel:+33 1 11 22 33 44"]').first(),
    ).toBeVisible()
    await expect(
      page.locator('main a[href="mailto:bonjour@studio-effet.fr"]').first(),
    ).toBeVisible()
    await expect(
      page.getByRole('link', { name: /12 rue des Lilas, Lyon/ }).first(),
    ).toHaveAttribute('href', /maps.*12(%20|\+)rue(%20|\+)des(%20|\+)Lilas/)

    // The admin hub is not styled nor scripted by the owner's custom code.
    await signInAdmin(page)
    await openAdminTab(page, 'Paramètres')
    await expect(page.locator('html')).not.toHaveAttribute('data-custom-js', 'ok')
    await expect(page.locator('body')).not.toHaveCSS('outline-color', 'rgb(1, 2, 3)')
  } finally {
    await updateSettings(RESET)
  }
})

test('the analytics snippet is added only when an id is set', async ({ page, db: _db }) => {
  // No network here: answer the tag manager request locally.
  await page.route('https://www.googletagmanager.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
  )
  await updateSettings({ ...SETTINGS, googleAnalyticsId: 'G-TEST1234' })
  try {
    await page.goto('/projects')
    // Only after the visitor's consent (ADR 022).
    await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0)
    await page.getByRole('button', { name: 'Accepter' }).click()
    await expect(page.locator('script[src*="googletagmanager"]')).toHaveAttribute(
      'src',
      /id=G-TEST1234/,
    )
    expect(
      await page.evaluate(() => Array.isArray((window as { dataLayer?: unknown }).dataLayer)),
    ).toBe(true)
  } finally {
    await updateSettings(RESET)
  }
  await page.goto('/projects')
  await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0)
})
