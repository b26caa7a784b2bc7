import { sql } from 'kysely'
import { DEFAULT_SETTINGS } from '#app/domain/settings.ts'
import { getDb } from '#app/server/db/client.server.ts'
import { updateSettings } from '#app/server/repositories/settings.server.ts'
import { createBlogPost } from '#app/server/repositories/blog.server.ts'
import { makeBlogPost, makeSettings } from '#app/server/demo/factories.server.ts'
import { signIn } from '../../fixtures/auth.ts'
import { test, expect, allowConsoleError, waitForHydration } from '../../fixtures/test.ts'
import { overlayGone, visit } from './helpers.ts'

// Long flows (several pages, contexts and page changes each): twice the default time-out.
test.describe.configure({ timeout: 120_000 })

const NAV = [
  ['Accueil', '/'],
  ['Projets', '/projects'],
  ['Parcours', '/timeline'],
  ['Blog', '/blog'],
  ['Galerie', '/gallery'],
  ['CV', '/cv'],
  ['Contact', '/contact'],
] as const

test('loading overlay: first-load message until the app has started, route-change message for 1.5 s', async ({
  page,
  db: _db,
}) => {
  const response = await page.goto('/timeline')
  const overlay = page.getByTestId('loading-overlay')
  // Server-rendered with the initial message (for assistive technologies at first load, ADR 106).
  const html = (await response?.text()) ?? ''
  expect(html).toMatch(/data-testid="loading-overlay"[^>]*>/)
  expect(html.replace(/&#x27;|&#39;/g, "'")).toContain("Initialisation de l'expérience...")
  // Once the app has started, the app itself hides it (its `hidden` attribute; the CSS
  // fallback sets none). How soon (2 s at most) is measured by `npm run bench:lighthouse`.
  await waitForHydration(page)
  await expect(overlay).toHaveAttribute('hidden', '')

  // Route change: 'Préparation de votre voyage...', then hidden 1.5 s later, timed on a
  // fake clock in a fresh context (no wall-clock race on a loaded machine).
  const timed = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin, locale: 'fr-FR' })
  const clocked = await timed.newPage()
  await clocked.clock.install()
  await visit(clocked, '/timeline')
  await clocked.clock.pauseAt(Date.now() + 60_000)
  await clocked.getByRole('button', { name: 'Ouvrir le menu' }).click()
  await clocked.getByRole('dialog').getByRole('link', { name: 'Blog' }).click()
  const routeOverlay = clocked.getByTestId('loading-overlay')
  await expect(routeOverlay.getByRole('status')).toHaveText('Préparation de votre voyage...')
  await expect(clocked).toHaveURL(/\/blog$/)
  await clocked.clock.runFor(1_400)
  await expect(routeOverlay).toBeVisible()
  await clocked.clock.runFor(200)
  await expect(routeOverlay).toBeHidden()
  await timed.close()

  // Without JavaScript there is nothing to wait for: the first-load overlay, in the HTML
  // with its message, never shows (ADR 086).
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: false })
  const noJs = await context.newPage()
  await noJs.goto(page.url())
  // (A hidden status is out of the accessibility tree: found by its attribute.)
  await expect(noJs.getByTestId('loading-overlay').locator('[role="status"]')).toHaveText(
    "Initialisation de l'expérience...",
  )
  await expect(noJs.getByTestId('loading-overlay')).toBeHidden()
  await expect(noJs.getByRole('heading', { level: 1 })).toBeVisible()
  await context.close()

  // A filter change in the query string is not a route change.
  await visit(page, '/projects')
  await page.getByRole('link', { name: 'Tous', exact: true }).click()
  await expect(overlay).toBeHidden()
})

test('navigation panel: entries, active route, Esc, focus trap, closes on route change', async ({
  page,
  db: _db,
}) => {
  await visit(page, '/projects')
  const menu = page.getByRole('button', { name: 'Ouvrir le menu' })
  await menu.click()
  const panel = page.getByRole('dialog', { name: 'Navigation principale' })
  await expect(panel).toBeVisible()
  const links = panel.getByRole('navigation').getByRole('link')
  await expect(links).toHaveText(NAV.map(([label]) => new RegExp(`${label}$`)))
  for (const [label, href] of NAV) {
    await expect(panel.getByRole('link', { name: label, exact: true })).toHaveAttribute(
      'href',
      href,
    )
  }
  // No Admin entry for a visitor (ADR 093).
  await expect(panel.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0)
  // Active route highlighted.
  await expect(panel.getByRole('link', { name: 'Projets' })).toHaveAttribute('aria-current', 'page')
  await expect(panel.getByRole('link', { name: 'Blog' })).not.toHaveAttribute(
    'aria-current',
    'page',
  )

  // Focus stays inside while open.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab')
    const inside = await page.evaluate(() => !!document.activeElement?.closest('dialog'))
    if (!inside) {
      // Chromium may hand focus to the browser UI between cycles; never to the page behind.
      const onBody = await page.evaluate(() => document.activeElement === document.body)
      expect(onBody).toBe(true)
    }
  }

  // Esc closes and focus returns to the menu button.
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await expect(menu).toBeFocused()

  // Width: full width on mobile, 24rem (384px) from md.
  await menu.click()
  const box = await panel.boundingBox()
  expect(Math.round(box?.width ?? 0)).toBe(384)

  // Closes on route change.
  await panel.getByRole('link', { name: 'Parcours' }).click()
  await expect(page).toHaveURL(/\/timeline$/)
  await expect(panel).toBeHidden()
  await expect(page.getByTestId('section-badge')).toHaveText('Section : Parcours')

  await page.setViewportSize({ width: 390, height: 800 })
  await menu.click()
  expect(Math.round((await panel.boundingBox())?.width ?? 0)).toBe(390)
})

test('once the page counts as hydrated, a footer link is a page change even when the footer code comes late', async ({
  page,
  db: _db,
}) => {
  // The footer is a lazy part (site-chrome.tsx): held back here, it is still the server's HTML
  // when the root has hydrated, and a click on it then loads a whole document.
  await page.route(/\/assets\/footer-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    await route.continue()
  })
  await visit(page, '/')
  const documents: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname)
  })
  await page.getByRole('contentinfo').getByRole('link', { name: 'Blog', exact: true }).click()
  await expect(page).toHaveURL(/\/blog$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(documents).toEqual([])
})

test('section badge, back-to-home button and scroll to top', async ({ page, db: _db }) => {
  await visit(page, '/')
  await expect(page.getByTestId('section-badge')).toHaveText('Section : Accueil')
  await expect(page.getByRole('link', { name: "Retour à l'accueil" })).toHaveCount(0)

  await visit(page, '/gallery')
  await expect(page.getByTestId('section-badge')).toHaveText('Section : Galerie')
  await page.evaluate(() => window.scrollTo(0, 600))
  await page.getByRole('contentinfo').getByRole('link', { name: 'Blog' }).click()
  await expect(page).toHaveURL(/\/blog$/)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await page.getByRole('link', { name: "Retour à l'accueil" }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('back and forward restore the scroll position instead of scrolling to the top', async ({
  page,
  db: _db,
}) => {
  const id = Date.now().toString(36)
  const posts = []
  for (let i = 0; i < 6; i++)
    posts.push(await createBlogPost(makeBlogPost({ title: `Défilement ${id} ${i}` })))
  await visit(page, '/blog')
  // The oldest of them sits low on the page: scroll until its card shows, then open it.
  const link = page.getByRole('link', { name: posts[0]!.title })
  await link.scrollIntoViewIfNeeded()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200)
  const scrolled = await page.evaluate(() => window.scrollY)
  await link.click()
  await expect(page).toHaveURL(new RegExp(`/blog/${posts[0]!.slug}$`))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0) // a new page starts at the top

  await page.goBack()
  await expect(page).toHaveURL(/\/blog$/)
  await expect(page.getByRole('link', { name: posts[0]!.title })).toBeVisible()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled)
  // Stays there once the page change is over (its overlay gone): nothing scrolls to the top
  // afterwards.
  await overlayGone(page)
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)

  await page.goForward()
  await expect(page).toHaveURL(new RegExp(`/blog/${posts[0]!.slug}$`))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

test("loading overlay: 'Chargement en cours...' while a page is still loading", async ({
  page,
  db: _db,
}) => {
  await visit(page, '/projects')
  // Hold the next page's data so the navigation stays in its loading state.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/blog.data*', async (route) => {
    await held
    await route.continue()
  })
  const overlay = page.getByTestId('loading-overlay')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Blog' }).click()
  await expect(overlay).toBeVisible()
  await expect(overlay.getByRole('status')).toHaveText('Chargement en cours...')
  await expect(page).toHaveURL(/\/projects$/)
  release()
  await expect(page).toHaveURL(/\/blog$/)
  await expect(overlay.getByRole('status')).toHaveText('Préparation de votre voyage...')
  await overlayGone(page)
})

test('an unexpected error of a page keeps the site chrome and speaks French', async ({
  page,
  db,
}) => {
  await visit(page, '/')
  allowConsoleError(page, /status of 500/)
  // The blog's data cannot be read; the site's settings (chrome, footer) still can.
  await sql`ALTER TABLE blog_posts RENAME TO blog_posts_hors_service`.execute(db.db)
  // A schema change is no content write: on PostgreSQL, tell the server's caches as another
  // app server would (ADR 033); SQLite's data_version already sees it.
  const schemaChanged = () =>
    db.dialect === 'postgres'
      ? sql`SELECT pg_notify('vitrine_content', 'tests:schema')`.execute(db.db)
      : undefined
  await schemaChanged()
  try {
    const main = page.getByRole('main')
    const shown = async () => {
      await expect(
        main.getByRole('heading', { level: 1, name: 'Une erreur est survenue' }),
      ).toBeVisible()
      await expect(main).toContainText('Le contenu n’a pas pu être chargé.')
      // The chrome stays, so the visitor can move on: menu, footer, section badge.
      await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toBeVisible()
      await expect(page.getByRole('contentinfo')).toBeVisible()
      await expect(page.getByTestId('section-badge')).toHaveText('Section : Blog')
    }
    // Moving to the page in the browser, then loading it afresh (server-rendered, status 500).
    await page.getByRole('contentinfo').getByRole('link', { name: 'Blog' }).click()
    await expect(page).toHaveURL(/\/blog$/)
    await shown()
    const response = await page.goto('/blog')
    expect(response?.status()).toBe(500)
    await shown()
    await overlayGone(page)
    await main.getByRole('link', { name: 'Signaler un Problème' }).click()
    await expect(page).toHaveURL(/\/contact$/)
    await expect(page.getByRole('heading', { name: 'Parlons de votre projet' })).toBeVisible()
  } finally {
    await sql`ALTER TABLE blog_posts_hors_service RENAME TO blog_posts`.execute(db.db)
    await schemaChanged()
  }
})

test('footer: settings-driven name, description, social links, year and legal pages', async ({
  page,
  db: _db,
}) => {
  await updateSettings(
    makeSettings({
      siteName: 'Studio Orbite',
      siteDescription: 'Description du studio orbite.',
      // Settings merge key by key: clear what another test of this worker may have set.
      socialMedia: {
        github: 'https://github.com/orbite',
        linkedin: 'https://www.linkedin.com/in/orbite',
        facebook: '',
        twitter: '',
        instagram: '',
        youtube: '',
      },
      contact: { email: 'bonjour@orbite.fr' },
      legal: { notice: 'Mentions du studio Orbite.' },
    }),
  )
  await visit(page, '/projects')
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByText('Studio Orbite', { exact: true })).toBeVisible()
  await expect(footer.getByText('Description du studio orbite.')).toBeVisible()
  await expect(footer.getByRole('link', { name: 'GitHub' })).toHaveAttribute(
    'href',
    'https://github.com/orbite',
  )
  await expect(footer.getByRole('link', { name: 'LinkedIn' })).toBeVisible()
  await expect(footer.getByRole('link', { name: 'Twitter' })).toHaveCount(0)
  await expect(footer.getByRole('link', { name: 'Email' })).toHaveAttribute(
    'href',
    'mailto:bonjour@orbite.fr',
  )
  await expect(footer.getByText(`© ${new Date().getFullYear()} Studio Orbite`)).toBeVisible()
  await expect(footer.getByRole('link', { name: /Démarrons un projet/ })).toHaveAttribute(
    'href',
    '/contact',
  )
  for (const [label, href] of [
    ['Accueil', '/'],
    ['Projets', '/projects'],
    ['Blog', '/blog'],
    ['Contact', '/contact'],
  ] as const) {
    await expect(
      footer.getByRole('navigation').getByRole('link', { name: label, exact: true }),
    ).toHaveAttribute('href', href)
  }
  // Legal pages are real pages with the settings' text, or the French default.
  await footer.getByRole('link', { name: 'Mentions légales' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Mentions légales' })).toBeVisible()
  await expect(page.getByText('Mentions du studio Orbite.')).toBeVisible()
  await footer.getByRole('link', { name: 'Politique de confidentialité' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' }),
  ).toBeVisible()
  // The privacy template (ADR 021) says what the contact form keeps.
  await expect(page.getByText(/dans le seul but de vous répondre/)).toBeVisible()
  await footer.getByRole('link', { name: "Conditions d'utilisation" }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: "Conditions d'utilisation" }),
  ).toBeVisible()
})

test('footer falls back to the French defaults when no settings are stored', async ({
  page,
  db: _db,
}) => {
  await getDb().deleteFrom('settings').execute()
  await visit(page, '/timeline')
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByText(DEFAULT_SETTINGS.siteName, { exact: true })).toBeVisible()
  await expect(footer.getByText(DEFAULT_SETTINGS.siteDescription)).toBeVisible()
  await expect(footer.getByRole('link', { name: 'GitHub' })).toHaveCount(0)
  await expect(footer.getByRole('link', { name: 'Twitter' })).toHaveCount(0)
  await expect(footer.getByRole('link', { name: 'LinkedIn' })).toHaveCount(0)
  await expect(page).toHaveTitle(`Parcours — ${DEFAULT_SETTINGS.siteName}`)
})

test('settings inject escaped custom CSS, custom JS and analytics on public pages only', async ({
  page,
  db: _db,
}) => {
  await updateSettings(
    makeSettings({
      customCss: 'body{--test-custom:1}</style><p id="injected">x</p>',
      customJs: 'window.__customJsRan = true',
      googleAnalyticsId: 'G-TEST12345',
    }),
  )
  // The analytics script points to a third-party host: block it in the test.
  await page.route('https://www.googletagmanager.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
  )
  await visit(page, '/blog')
  await expect(page.locator('#injected')).toHaveCount(0)
  expect(
    await page.evaluate(() => getComputedStyle(document.body).getPropertyValue('--test-custom')),
  ).toBe('1')
  expect(
    await page.evaluate(() => (window as unknown as { __customJsRan?: boolean }).__customJsRan),
  ).toBe(true)
  // Analytics waits for the visitor's consent (ADR 022).
  await page.getByRole('button', { name: 'Accepter' }).click()
  expect(
    await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer?.length),
  ).toBeGreaterThan(0)
  await updateSettings({ customCss: '', customJs: '', googleAnalyticsId: '' })
  await visit(page, '/blog')
  await expect(page.locator('script[data-custom-js]')).toHaveCount(0)
  await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0)
})

test('user menu shows only when signed in, with avatar, name, Administration and Déconnexion', async ({
  page,
  db: _db,
}) => {
  await visit(page, '/')
  await expect(page.getByRole('group').filter({ hasText: 'Déconnexion' })).toHaveCount(0)
  await expect(page.getByText('Menu utilisateur')).toHaveCount(0)

  const user = await signIn(page, { role: 'viewer', name: 'Alix Martin' })
  await visit(page, '/projects')
  const toggle = page.getByLabel('Menu utilisateur')
  await expect(toggle.locator('img')).toHaveAttribute('src', '/images/default-avatar.webp')
  await toggle.click()
  await expect(page.getByText('Alix Martin')).toBeVisible()
  const admin = page.getByRole('link', { name: 'Administration' })
  await expect(admin).toHaveAttribute('href', '/admin')
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible()
  await toggle.click()
  await expect(admin).toBeHidden()
  // The display name, and the e-mail only when there is no name.
  await expect(page.getByText(user.email)).toHaveCount(0)

  // Déconnexion posts to /logout and the menu disappears.
  await toggle.click()
  await page.getByRole('button', { name: 'Déconnexion' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByLabel('Menu utilisateur')).toHaveCount(0)
})

test('theme picker: four themes, closes on choice, survives a reload with no flash', async ({
  page,
  db: _db,
}) => {
  await visit(page, '/')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'neutral')
  const picker = page.getByRole('button', { name: 'Choisir un thème' })
  await picker.click()
  const menu = page.getByRole('group', { name: 'Thèmes' })
  await expect(menu.getByRole('button')).toHaveText([
    'Mode Neutre',
    'Mode Saiyan',
    'Mode Sukuna',
    'Mode Ryuk',
  ])
  await menu.getByRole('button', { name: 'Mode Saiyan' }).click()
  await expect(menu).toBeHidden()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'saiyan')
  expect(await page.evaluate(() => localStorage.getItem('theme-storage'))).toContain('saiyan')
  expect(
    await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
    ),
  ).toBe('#50C878')

  // By keyboard: choosing, Escape and tabbing out close the menu; the focus stays on its button.
  await picker.focus()
  await page.keyboard.press('Enter')
  await menu.getByRole('button', { name: 'Mode Neutre' }).focus()
  await page.keyboard.press('Enter')
  await expect(menu).toBeHidden()
  await expect(picker).toBeFocused()
  await page.keyboard.press('Enter')
  await menu.getByRole('button', { name: 'Mode Ryuk' }).focus()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(picker).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(menu).toBeVisible()
  await page.keyboard.press('Shift+Tab')
  await expect(menu).toBeHidden()
  await picker.focus()
  await page.keyboard.press('Enter')
  await menu.getByRole('button', { name: 'Mode Saiyan' }).click()

  // No flash: the theme is on <html> before any script of the app runs or paints.
  await page.addInitScript(() => {
    document.addEventListener(
      'readystatechange',
      () => {
        if (document.readyState === 'interactive')
          (window as unknown as { __themeAtParse?: string | null }).__themeAtParse =
            document.documentElement.getAttribute('data-theme')
      },
      { once: true },
    )
    new MutationObserver(() => {
      const w = window as unknown as { __firstBodyTheme?: string | null }
      if (document.body && w.__firstBodyTheme === undefined)
        w.__firstBodyTheme = document.documentElement.getAttribute('data-theme')
    }).observe(document, { childList: true, subtree: true })
  })
  await page.reload()
  expect(
    await page.evaluate(
      () => (window as unknown as { __firstBodyTheme?: string }).__firstBodyTheme,
    ),
  ).toBe('saiyan')
  expect(
    await page.evaluate(() => (window as unknown as { __themeAtParse?: string }).__themeAtParse),
  ).toBe('saiyan')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'saiyan')
})

test('custom cursor follows, grows over links, shrinks when pressed, hides on leave; off with reduced motion', async ({
  page,
  db: _db,
}) => {
  await visit(page, '/')
  const ring = page.getByTestId('cursor-ring')
  await page.mouse.move(200, 300)
  await expect(ring).toHaveAttribute('data-visible', 'true')
  expect(await ring.evaluate((el) => (el as HTMLElement).style.transform)).toContain('200px, 300px')
  const link = page.getByRole('link', { name: 'Découvrir mes projets' })
  const box = await link.boundingBox()
  await page.mouse.move(
    (box?.x ?? 0) + (box?.width ?? 0) / 2,
    (box?.y ?? 0) + (box?.height ?? 0) / 2,
  )
  await expect(ring).toHaveAttribute('data-hover', 'true')
  await page.mouse.move(5, 600)
  await page.mouse.down()
  await expect(ring).toHaveAttribute('data-pressed', 'true')
  await page.mouse.up()
  await expect(ring).toHaveAttribute('data-pressed', 'false')
  await page.evaluate(() =>
    document.documentElement.dispatchEvent(new MouseEvent('mouseleave', { bubbles: false })),
  )
  await expect(ring).toHaveAttribute('data-visible', 'false')

  await page.emulateMedia({ reducedMotion: 'reduce' })
  await visit(page, '/')
  await expect(page.getByTestId('cursor-ring')).toHaveCount(0)

  // Touch device (coarse pointer): no custom cursor either.
  const touch = await page
    .context()
    .browser()!
    .newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 800 } })
  const phone = await touch.newPage()
  await visit(phone, page.url())
  await expect(phone.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(phone.getByTestId('cursor-ring')).toHaveCount(0)
  await touch.close()
})

test('without JavaScript every page reads and the menu button still opens the navigation', async ({
  browser,
  server,
  db: _db,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(`${server.url}/gallery`)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Galerie Dimensionnelle' }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click()
  const panel = page.getByRole('dialog', { name: 'Navigation principale' })
  await expect(panel).toBeVisible()
  await panel.getByRole('link', { name: 'Contact' }).click()
  await expect(page).toHaveURL(/\/contact$/)
  await expect(page.getByRole('button', { name: 'Envoyer le message' })).toBeVisible()
  await context.close()
})
