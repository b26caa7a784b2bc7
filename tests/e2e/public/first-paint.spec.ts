// What Lighthouse's mobile score rests on (issue 16 point 6, ADR 032): the fonts and the
// stylesheet before the scripts in the head, the fonts preloaded under hashed names with long cache lifetimes, shipped images
// kept 30 days, and the first card of a list loaded at once as the page's largest paint.
import { createBlogPost } from '#app/server/repositories/blog.server.ts'
import { createProject } from '#app/server/repositories/projects.server.ts'
import { makeBlogPost, makeProject } from '#app/server/demo/factories.server.ts'
import { test, expect } from '../../fixtures/test.ts'
import { visit } from './helpers.ts'

test('the head asks for the fonts and the stylesheet before the scripts', async ({
  request,
  db: _db,
}) => {
  const html = await (await request.get('/')).text()
  const head = html.slice(0, html.indexOf('</head>'))
  const stylesheet = head.search(/<link[^>]+rel="stylesheet"/)
  const firstScript = head.search(/<link[^>]+rel="modulepreload"/)
  expect(stylesheet).toBeGreaterThan(-1)
  expect(firstScript).toBeGreaterThan(stylesheet)

  const fontLinks = [...head.matchAll(/<link[^>]+rel="preload"[^>]+as="font"[^>]*>/g)]
  const fonts = fontLinks.map((m) => m[0])
  expect(fonts).toHaveLength(2)
  // Requested with the stylesheet, so they are there for the first paint (no reflow).
  for (const m of fontLinks) expect(m.index).toBeLessThan(stylesheet)
  for (const link of fonts) {
    // Fonts are fetched in CORS mode: a preload without it is not reused (downloaded twice).
    expect(link).toMatch(/crossorigin(="anonymous"|="")/)
    const href = /href="([^"]+)"/.exec(link)![1]!
    expect(href).toMatch(/^\/assets\/[\w-]+-[\w-]{8}\.woff2$/)
    const font = await request.get(href)
    expect(font.status()).toBe(200)
    expect(font.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  }
  // The stylesheet names the same files (one download per font).
  const css = await (await request.get(/href="([^"]+\.css)"/.exec(head)![1]!)).text()
  for (const link of fonts) expect(css).toContain(/href="([^"]+)"/.exec(link)![1]!)

  const logo = await request.get('/images/logo.webp')
  expect(logo.headers()['cache-control']).toBe('public, max-age=2592000')
})

test('the first project and the first post of a list load at once, the others lazily', async ({
  page,
  db: _db,
}) => {
  const stamp = Date.now()
  for (const n of [1, 2]) {
    await createProject(makeProject({ title: `Premier plan ${n} ${stamp}` }))
    await createBlogPost(makeBlogPost({ title: `Billet premier plan ${n} ${stamp}` }))
  }
  for (const path of ['/projects', '/blog']) {
    await visit(page, path)
    const images = page.locator('main article img:not([width="32"])')
    expect(await images.count()).toBeGreaterThan(1)
    await expect(images.first()).toHaveAttribute('loading', 'eager')
    await expect(images.first()).toHaveAttribute('fetchpriority', 'high')
    await expect(images.nth(1)).toHaveAttribute('loading', 'lazy')
    await expect(images.nth(1)).not.toHaveAttribute('fetchpriority', 'high')
  }
  // Lighthouse's accessibility audit: headings descend one level at a time (h1, then h2 cards).
  await visit(page, '/projects')
  await expect(
    page.getByRole('heading', { level: 2, name: `Premier plan 1 ${stamp}` }),
  ).toBeVisible()
})
