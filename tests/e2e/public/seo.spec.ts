import { createBlogPost } from '#app/server/repositories/blog.server.ts'
import { createProject } from '#app/server/repositories/projects.server.ts'
import { updateSettings } from '#app/server/repositories/settings.server.ts'
import { makeBlogPost, makeProject, makeSettings } from '#app/server/demo/factories.server.ts'
import { test, expect, allowConsoleError, waitForHydration } from '../../fixtures/test.ts'

test('every public page has a French title, description, Open Graph, Twitter and canonical tags', async ({
  page,
  server,
  db: _db,
}) => {
  await updateSettings(
    makeSettings({
      siteName: 'Orbite SEO',
      metaImage: '/images/og-image.webp',
      keywords: ['orbite', 'portfolio'],
    }),
  )
  const project = await createProject(
    makeProject({ title: 'Projet SEO', description: 'Description SEO du projet.' }),
  )
  const post = await createBlogPost(makeBlogPost({ title: 'Article SEO', excerpt: 'Extrait SEO.' }))
  const pages: [string, RegExp][] = [
    ['/', /^Orbite SEO$/],
    ['/projects', /^Projets — Orbite SEO$/],
    [`/projects/${project.id}`, /^Projet SEO — Orbite SEO$/],
    ['/timeline', /^Parcours — Orbite SEO$/],
    ['/blog', /^Blog — Orbite SEO$/],
    [`/blog/${post.slug}`, /^Article SEO — Orbite SEO$/],
    ['/gallery', /^Galerie Dimensionnelle — Orbite SEO$/],
    ['/cv', /^CV — Orbite SEO$/],
    ['/contact', /^Contact — Orbite SEO$/],
    ['/mentions-legales', /^Mentions légales — Orbite SEO$/],
  ]
  for (const [path, title] of pages) {
    await page.goto(path)
    await expect(page).toHaveTitle(title)
    const head = page.locator('head')
    await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', /\S/)
    await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', title)
    await expect(head.locator('meta[property="og:description"]')).toHaveAttribute('content', /\S/)
    await expect(head.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http/)
    await expect(head.locator('meta[name="twitter:title"]')).toHaveAttribute('content', title)
    await expect(head.locator('meta[name="twitter:image"]')).toHaveAttribute('content', /^http/)
    await expect(head.locator('meta[name="keywords"]')).toHaveAttribute(
      'content',
      'orbite, portfolio',
    )
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${server.url}${path}`,
    )
    const feed = head.locator('link[rel="alternate"][type="application/rss+xml"]')
    await expect(feed).toHaveAttribute('href', '/rss.xml')
    await expect(feed).toHaveAttribute('title', 'Flux RSS')
  }
  await page.goto(`/projects/${project.id}`)
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
    'content',
    'Description SEO du projet.',
  )
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    `${server.url}${project.thumbnail}`,
  )
})

test('404 page: Dimension Inconnue, links, glitch every 3 s for 200 ms, off with reduced motion', async ({
  page,
  db: _db,
}) => {
  allowConsoleError(page, /status of 404/)
  // The glitch is time-driven: the page's clock is driven by the test, so the checks below
  // are states at given clock times, whatever the machine's load.
  await page.clock.install()
  const response = await page.goto('/une/dimension/perdue')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Dimension Inconnue' })).toBeVisible()
  await expect(
    page.getByRole('main').getByRole('link', { name: "Retour à l'accueil" }),
  ).toHaveAttribute('href', '/')
  await expect(page.getByRole('link', { name: 'Signaler un Problème' })).toHaveAttribute(
    'href',
    '/contact',
  )
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  const title = page.getByTestId('glitch-title')
  await waitForHydration(page)
  await page.clock.pauseAt(Date.now() + 60_000)
  /** Advances the page's clock 50 ms at a time until the title's state is `active`. */
  const clockUntil = async (active: 'true' | 'false') => {
    let steps = 0
    await expect
      .poll(
        async () => {
          steps++
          await page.clock.runFor(50)
          return title.getAttribute('data-active')
        },
        { intervals: [50], timeout: 20_000 },
      )
      .toBe(active)
    return steps
  }
  // On within one 3 s period of the page's clock (the time React takes to show it is wall
  // time, not clock time: a step or two of slack).
  expect(await clockUntil('true')).toBeLessThanOrEqual(3000 / 50 + 2)
  // Off again a moment of clock later (200 ms, plus the same slack).
  expect(await clockUntil('false')).toBeLessThanOrEqual(200 / 50 + 2)

  // Reduced motion: no glitch, however long the clock runs.
  await page.clock.resume()
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto('/une/autre/dimension')
  await waitForHydration(page)
  await page.clock.pauseAt(Date.now() + 120_000)
  await page.clock.runFor(3500)
  await expect(title).toHaveAttribute('data-active', 'false')
})

test('every page advertises its feed in its language, and the footer links to it', async ({
  page,
  db: _db,
}) => {
  for (const [path, href, label] of [
    ['/blog', '/rss.xml', 'Flux RSS'],
    ['/en/blog', '/en/rss.xml', 'RSS feed'],
  ] as const) {
    await page.goto(path)
    await expect(
      page.locator('head link[rel="alternate"][type="application/rss+xml"]'),
    ).toHaveAttribute('href', href)
    const link = page.getByRole('contentinfo').getByRole('link', { name: label })
    await expect(link).toHaveAttribute('href', href)
    const response = await page.request.get(href)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toMatch(/xml/)
  }
})

test('robots.txt, sitemap.xml and rss.xml', async ({ request, server, db: _db }) => {
  const post = await createBlogPost(makeBlogPost({ title: 'Flux & RSS <test>' }))
  const robots = await request.get('/robots.txt')
  expect(await robots.text()).toContain(`Sitemap: ${server.url}/sitemap.xml`)
  expect(await robots.text()).toContain('Disallow: /admin')
  const sitemap = await (await request.get('/sitemap.xml')).text()
  expect(sitemap).toContain(`<loc>${server.url}/blog/${post.slug}</loc>`)
  expect(sitemap).toContain(`<loc>${server.url}/projects</loc>`)
  const rss = await request.get('/rss.xml')
  expect(rss.headers()['content-type']).toContain('application/rss+xml')
  expect(await rss.text()).toContain('<title>Flux &amp; RSS &lt;test&gt;</title>')
})
