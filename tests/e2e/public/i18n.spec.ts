// The English site under /en/ (ADRs 074, 075): every pair announced both ways, an English
// interface with no French text, the switcher to the twin, untranslated content left out.
import type { Page } from '@playwright/test'
import { createBlogPost } from '#app/server/repositories/blog.server.ts'
import { createProject } from '#app/server/repositories/projects.server.ts'
import { saveTranslation } from '#app/server/repositories/translations.server.ts'
import { getSettings, updateSettings } from '#app/server/repositories/settings.server.ts'
import { withDefaultSettings } from '#app/domain/settings.ts'
import { makeBlogPost, makeProject } from '#app/server/demo/factories.server.ts'
import { fr } from '#app/domain/i18n/messages.fr.ts'
import { en } from '#app/domain/i18n/messages.en.ts'
import { test, expect, allowConsoleError } from '../../fixtures/test.ts'
import { signInAdmin } from '../../fixtures/admin.ts'
import { visit } from './helpers.ts'

/** The alternates of the current page, by hreflang. */
async function alternates(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('head link[rel="alternate"][hreflang]')].map((l) => [
        l.getAttribute('hreflang')!,
        l.getAttribute('href')!,
      ]),
    ),
  )
}

async function translatedPair() {
  const stamp = Date.now().toString(36)
  const project = await createProject(
    makeProject({ title: `Projet bilingue ${stamp}`, description: 'Une description en français.' }),
  )
  await saveTranslation('project', project.id, 'en', {
    title: `Bilingual project ${stamp}`,
    description: 'A description in English.',
    content: 'The **English** story.',
  })
  const post = await createBlogPost(
    makeBlogPost({ title: `Article bilingue ${stamp}`, excerpt: 'Extrait en français.' }),
  )
  await saveTranslation('post', post.id, 'en', {
    slug: `bilingual-post-${stamp}`,
    title: `Bilingual post ${stamp}`,
    excerpt: 'An English excerpt.',
    content: 'An **English** body.',
  })
  const frenchOnly = await createBlogPost(
    makeBlogPost({
      title: `Article seulement français ${stamp}`,
      excerpt: 'Seulement en français.',
    }),
  )
  for (const key of ['notice', 'privacy', 'terms'])
    await saveTranslation('legal', key, 'en', {
      text: `# English ${key}\n\nThe owner's English text.`,
    })
  return { stamp, project, post, enSlug: `bilingual-post-${stamp}`, frenchOnly }
}

test('every public page type announces its twin, both ways, with x-default in French', async ({
  page,
  server,
  db: _db,
}) => {
  const { project, post, enSlug } = await translatedPair()
  const pairs: [string, string][] = [
    ['/', '/en/'],
    ['/projects', '/en/projects'],
    [`/projects/${project.id}`, `/en/projects/${project.id}`],
    ['/timeline', '/en/timeline'],
    ['/blog', '/en/blog'],
    [`/blog/${post.slug}`, `/en/blog/${enSlug}`],
    ['/gallery', '/en/gallery'],
    ['/cv', '/en/cv'],
    ['/contact', '/en/contact'],
    ['/mentions-legales', '/en/legal-notice'],
    ['/confidentialite', '/en/privacy'],
    ['/conditions', '/en/terms'],
  ]
  for (const [french, english] of pairs) {
    const expected = {
      fr: `${server.url}${french}`,
      en: `${server.url}${english}`,
      'x-default': `${server.url}${french}`,
    }
    for (const [path, lang, og] of [
      [french, 'fr', 'fr_FR'],
      [english, 'en', 'en_GB'],
    ] as const) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(200)
      expect(await alternates(page), path).toEqual(expected)
      await expect(page.locator('html')).toHaveAttribute('lang', lang)
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        `${server.url}${path}`,
      )
      await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', og)
      await expect(page.locator('meta[property="og:locale:alternate"]')).toHaveAttribute(
        'content',
        og === 'fr_FR' ? 'en_GB' : 'fr_FR',
      )
    }
  }
})

test('English pages show no French interface text', async ({ page, db: _db }) => {
  await translatedPair()
  // The catalogue's French texts that differ from their English ones, long enough to be
  // unambiguous (a name such as « Blog » is the same in both).
  const french = (Object.keys(fr) as (keyof typeof fr)[])
    .filter((key) => fr[key] !== en[key] && fr[key].trim().length >= 6)
    .map((key) => fr[key].trim())
  for (const path of [
    '/en/',
    '/en/projects',
    '/en/blog',
    '/en/timeline',
    '/en/gallery',
    '/en/cv',
    '/en/contact',
    '/en/legal-notice',
  ]) {
    await visit(page, path)
    const text = await page.evaluate(() => document.body.innerText)
    for (const phrase of french) expect(text, `${path}: « ${phrase} »`).not.toContain(phrase)
  }
})

test('a signed-in visitor’s menu speaks the page’s language', async ({ page, db: _db }) => {
  await signInAdmin(page)
  await visit(page, '/en/')
  await page.getByLabel('User menu').click()
  await expect(page.getByRole('link', { name: 'My account' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
  await visit(page, '/')
  await page.getByLabel('Menu utilisateur').click()
  await expect(page.getByRole('link', { name: 'Mon compte' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible()
})

test('the switcher goes to the twin, keyboard reachable, in the other language', async ({
  page,
  db: _db,
}) => {
  const { project, post, enSlug, frenchOnly } = await translatedPair()
  await visit(page, `/blog/${post.slug}`)
  const toEnglish = page.getByRole('link', { name: 'English' })
  await expect(toEnglish).toHaveAttribute('hreflang', 'en')
  await expect(toEnglish).toHaveAttribute('lang', 'en')
  await toEnglish.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/en/blog/${enSlug}$`))
  const toFrench = page.getByRole('link', { name: 'Français' })
  await expect(toFrench).toHaveAttribute('hreflang', 'fr')
  await expect(toFrench).toHaveAttribute('href', `/blog/${post.slug}`)
  await visit(page, `/en/projects/${project.id}`)
  await expect(page.getByRole('link', { name: 'Français' })).toHaveAttribute(
    'href',
    `/projects/${project.id}`,
  )
  // A page with no English version: the switcher goes to the English home.
  await visit(page, `/blog/${frenchOnly.slug}`)
  await expect(page.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/en/')
})

test('the head follows the page’s language across in-app links from English to French', async ({
  page,
  db: _db,
}) => {
  // The owner's keywords are French words: French pages name them, English pages none
  // (ADR 089). The site-wide data behind them follows a page change across languages.
  const keywords = page.locator('head meta[name="keywords"]')
  await signInAdmin(page)
  // Keywords of this test's own, over whatever settings the worker's database holds.
  const stored = withDefaultSettings(await getSettings())
  await updateSettings({
    ...stored,
    contact: { ...stored.contact, email: stored.contact.email || 'bonjour@exemple.fr' },
    keywords: 'atelier, conception',
  })
  const french = 'atelier, conception'
  await visit(page, '/')
  await expect(keywords).toHaveAttribute('content', french)
  await visit(page, '/en/')
  await expect(keywords).toHaveCount(0)
  await page.getByLabel('User menu').click()
  await page.getByRole('link', { name: 'Administration' }).click()
  await expect(page).toHaveURL(/\/admin\//)
  await page.getByRole('link', { name: 'Voir le site' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(keywords).toHaveAttribute('content', french)
})

test('an untranslated post is absent from the English site, its English URL a 404 offering the French page', async ({
  page,
  db: _db,
}) => {
  allowConsoleError(page, /status of 404/)
  const { post, frenchOnly } = await translatedPair()
  await visit(page, '/en/blog')
  await expect(page.getByRole('link', { name: post.title })).toHaveCount(0)
  await expect(page.getByRole('link', { name: frenchOnly.title })).toHaveCount(0)
  await visit(page, `/blog/${frenchOnly.slug}`)
  expect(await alternates(page)).toEqual({})
  const response = await page.goto(`/en/blog/${frenchOnly.slug}`)
  expect(response?.status()).toBe(404)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  const offer = page.getByRole('link', { name: frenchOnly.title })
  await expect(offer).toHaveAttribute('href', `/blog/${frenchOnly.slug}`)
  await expect(offer).toHaveAttribute('hreflang', 'fr')
  await expect(page.getByText(frenchOnly.excerpt)).toHaveCount(0)
})

test('the sitemap lists both versions with their alternates, French-only items once', async ({
  page,
  server,
  db: _db,
}) => {
  const { project, post, enSlug, frenchOnly } = await translatedPair()
  const response = await page.request.get('/sitemap.xml')
  expect(response.status()).toBe(200)
  const xml = await response.text()
  expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"')
  const entryOf = (loc: string) => {
    const match = new RegExp(
      `<url><loc>${loc.replace(/[.?*+^$()[\]{}|\\/]/g, '\\$&')}</loc>.*?</url>`,
    ).exec(xml)
    return match?.[0] ?? ''
  }
  const pairs: [string, string][] = [
    ['/', '/en/'],
    ['/blog', '/en/blog'],
    [`/projects/${project.id}`, `/en/projects/${project.id}`],
    [`/blog/${post.slug}`, `/en/blog/${enSlug}`],
    ['/mentions-legales', '/en/legal-notice'],
  ]
  for (const [french, english] of pairs) {
    for (const loc of [french, english]) {
      const entry = entryOf(`${server.url}${loc}`)
      expect(entry, loc).toContain(
        `<xhtml:link rel="alternate" hreflang="fr" href="${server.url}${french}"/>`,
      )
      expect(entry, loc).toContain(
        `<xhtml:link rel="alternate" hreflang="en" href="${server.url}${english}"/>`,
      )
      expect(entry, loc).toContain(
        `<xhtml:link rel="alternate" hreflang="x-default" href="${server.url}${french}"/>`,
      )
    }
  }
  const frenchEntry = entryOf(`${server.url}/blog/${frenchOnly.slug}`)
  expect(frenchEntry).not.toBe('')
  expect(frenchEntry).not.toContain('xhtml:link')
  expect(xml).not.toContain(`/en/blog/${frenchOnly.slug}`)
})

test('one RSS feed per language; the English one without the French-only post', async ({
  page,
  server,
  db: _db,
}) => {
  const { post, enSlug, frenchOnly } = await translatedPair()
  const french = await (await page.request.get('/rss.xml')).text()
  expect(french).toContain('<language>fr-FR</language>')
  expect(french).toContain(`${server.url}/blog/${post.slug}`)
  expect(french).toContain(`${server.url}/blog/${frenchOnly.slug}`)
  const english = await (await page.request.get('/en/rss.xml')).text()
  expect(english).toContain('<language>en-GB</language>')
  expect(english).toContain(`${server.url}/en/blog/${enSlug}`)
  expect(english).toContain('An <strong>English</strong> body.')
  expect(english).not.toContain(frenchOnly.title)
  expect(english).not.toContain(post.title)
})

test('the hub edits an item’s English version beside the French one and marks those without', async ({
  page,
  db: _db,
}) => {
  const stamp = Date.now().toString(36)
  const project = await createProject(makeProject({ title: `À traduire ${stamp}` }))
  await signInAdmin(page)
  await page.goto('/admin/projects')
  const row = page.getByRole('listitem').filter({ hasText: `À traduire ${stamp}` })
  await expect(row.getByTestId('missing-translation')).toHaveText('Traduction anglaise manquante')
  // Hydrated before the click: a click during hydration may be lost on a loaded machine.
  await visit(page, `/admin/projects?edit=${project.id}`)
  await page.getByRole('link', { name: 'Modifier la version anglaise' }).click()
  const panel = page.getByRole('region', { name: `Version anglaise — À traduire ${stamp}` })
  // The French text stands beside its English field.
  await expect(panel).toContainText(`En français : À traduire ${stamp}`)
  await panel.getByLabel('Titre (anglais)').fill(`Translated ${stamp}`)
  await panel.getByLabel('Description (anglais)').fill('An English description.')
  await panel.getByRole('button', { name: 'Enregistrer la version anglaise' }).click()
  await expect(page.getByText('Version anglaise enregistrée').first()).toBeVisible()
  await page.goto('/admin/projects')
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: `À traduire ${stamp}` })
      .getByTestId('missing-translation'),
  ).toHaveCount(0)
  await visit(page, `/en/projects/${project.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Translated ${stamp}`)
})
