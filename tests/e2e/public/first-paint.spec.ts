// What Lighthouse's mobile score rests on (ADR 032, 120, 123): the headings' font and the
// stylesheet first in the head, before React Router's module preloads, the fonts preloaded
// under hashed names with long cache lifetimes, shipped images kept 30 days, and the first card
// of a list loaded at once as the page's largest paint; and the page usable before its scripts.
import { createBlogPost } from '#app/server/repositories/blog.server.ts'
import { createProject } from '#app/server/repositories/projects.server.ts'
import { makeBlogPost, makeProject } from '#app/server/demo/factories.server.ts'
import type { Page } from '@playwright/test'
import { test, expect, waitForHydration } from '../../fixtures/test.ts'
import { visit } from './helpers.ts'

/** Holds every request matching `glob` until the returned function is called. */
async function holdRequests(page: Page, glob: string): Promise<() => void> {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(glob, async (route) => {
    await held
    await route.continue().catch(() => {})
  })
  return release
}

test('the head asks for the headings font and the stylesheet before any module', async ({
  request,
  db: _db,
}) => {
  const html = await (await request.get('/')).text()
  const head = html.slice(0, html.indexOf('</head>'))
  const stylesheet = head.search(/<link[^>]+rel="stylesheet"/)
  expect(stylesheet).toBeGreaterThan(-1)
  // React Router's module preloads come after it: they do not block the first paint (ADR 032).
  const modules = head.search(/<link[^>]+rel="modulepreload"/)
  expect(modules).toBeGreaterThan(stylesheet)
  expect(html).not.toMatch(/<script[^>]+src=/)

  // The headings' font is preloaded, requested with the stylesheet: once it is parsed would be
  // later (ADR 120). The text needs no font file (ADR 123).
  const fontLinks = [...head.matchAll(/<link[^>]+rel="preload"[^>]+as="font"[^>]*>/g)]
  expect(fontLinks).toHaveLength(1)
  for (const m of fontLinks) {
    expect(m.index).toBeLessThan(stylesheet)
    // Fonts are fetched in CORS mode: a preload without it is not reused (downloaded twice).
    expect(m[0]).toMatch(/crossorigin(="anonymous"|="")/)
  }
  const preloaded = fontLinks.map((m) => /href="([^"]+)"/.exec(m[0])![1]!)
  // The stylesheet names the same files (one download per font), each under a hashed name
  // kept a year.
  const css = await (await request.get(/href="([^"]+\.css)"/.exec(head)![1]!)).text()
  const fontFiles = new Set([...css.matchAll(/url\(([^)]+\.woff2)\)/g)].map((m) => m[1]!))
  expect([...fontFiles].sort()).toEqual([...preloaded].sort())
  for (const href of fontFiles) {
    expect(href).toMatch(/^\/assets\/[\w-]+-[\w-]{8}\.woff2$/)
    const font = await request.get(href)
    expect(font.status()).toBe(200)
    expect(font.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  }

  const logo = await request.get('/images/logo.webp')
  expect(logo.headers()['cache-control']).toBe('public, max-age=2592000')
  // The header shows it at 32 px: the file is drawn for that, not for a poster (ADR 123).
  expect((await logo.body()).length).toBeLessThan(2048)
})

test('headings set in the fallback face take the room their web font will take (no shift at the swap)', async ({
  page,
  db: _db,
}) => {
  await visit(page, '/')
  const widths = await page.evaluate(async () => {
    // The file the stylesheet names, loaded under a face of its own: the page itself may not
    // have it yet.
    const css = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules])
    const fontUrl = (name: string) =>
      css
        .map((rule) => rule.cssText)
        .join('\n')
        .match(new RegExp(`url\\("?([^")]*${name}[^")]*\\.woff2)`))![1]!
    const probe = async (family: string, url: string) => {
      const face = new FontFace(family, `url(${url})`, { weight: '100 900' })
      document.fonts.add(await face.load())
    }
    await probe('Space Grotesk probe', fontUrl('space-grotesk-'))
    const text = 'Développeuse web et cheffe de produit, je conçois des services numériques à Lyon.'
    const span = document.createElement('span')
    span.textContent = text
    span.style.cssText = 'position:absolute;white-space:nowrap;font-size:16px;font-weight:400'
    document.body.append(span)
    const width = (family: string) => {
      span.style.fontFamily = family
      return span.getBoundingClientRect().width
    }
    // `monospace` after each fallback face: a face whose local font is missing shows as such.
    const result = {
      display: width('"Space Grotesk probe"'),
      displayFallback: width('"Space Grotesk Fallback", monospace'),
      monospace: width('monospace'),
    }
    span.remove()
    return result
  })
  expect(Math.abs(widths.displayFallback / widths.display - 1)).toBeLessThan(0.03)
  expect(Math.abs(widths.monospace / widths.display - 1)).toBeGreaterThan(0.1)
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

/** The page's JavaScript files as the browser fetched them. */
function scriptUrls(page: Page) {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((pathname) => /\/assets\/[^/]+\.js$/.test(pathname)),
  )
}

test('the scripts are requested each once, and the page hydrates', async ({ page, db: _db }) => {
  const stamp = Date.now()
  await createProject(makeProject({ title: `Après la peinture ${stamp}` }))
  // A query string of its own: the page cache keeps these copies apart from other tests' `/`.
  for (const path of [`/?premier-rendu=${stamp}`, `/projects?premier-rendu=${stamp}`]) {
    await visit(page, path)
    const urls = await scriptUrls(page)
    // The framework, the entry and the page's route modules all came.
    expect(urls.some((u) => /\/framework-[\w-]+\.js$/.test(u))).toBe(true)
    expect(urls.some((u) => /\/entry\.client-[\w-]+\.js$/.test(u))).toBe(true)
    // Preloaded and imported modules share one download.
    expect(new Set(urls).size).toBe(urls.length)
  }
  // Hydrated: the client-side router answers (no full page load on a link).
  await page.evaluate(() => ((window as { __samePage?: boolean }).__samePage = true))
  await page
    .getByRole('link', { name: new RegExp(`Après la peinture ${stamp}`) })
    .first()
    .click()
  await expect(
    page.getByRole('heading', { level: 1, name: `Après la peinture ${stamp}` }),
  ).toBeVisible()
  expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true)
})

test('a page whose load event never comes still hydrates', async ({ page, db: _db }) => {
  // The font every page preloads, held: the window's load event waits for it.
  const release = await holdRequests(page, '**/assets/space-grotesk-*.woff2')
  await page.goto(`/timeline?premier-rendu=${Date.now()}`, { waitUntil: 'domcontentloaded' })
  expect(await page.evaluate(() => document.readyState)).not.toBe('complete')
  await waitForHydration(page)
  expect(await page.evaluate(() => document.readyState)).not.toBe('complete')
  release()
})

test('a menu opened before the scripts run stays open once the page hydrates', async ({
  page,
  db: _db,
}) => {
  // The client entry is held: the visitor uses the page before React takes it over.
  const release = await holdRequests(page, '**/assets/entry.client-*.js')
  await page.goto(`/timeline?avant-hydratation=${Date.now()}`)
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click()
  const panel = page.getByRole('dialog', { name: 'Navigation principale' })
  await expect(panel).toBeVisible()
  release()
  await waitForHydration(page)
  await expect(panel).toBeVisible()
  // Hydrated, the panel still closes on a route change.
  await panel.getByRole('link', { name: 'Contact' }).click()
  await expect(page).toHaveURL(/\/contact$/)
  await expect(panel).toBeHidden()
})
