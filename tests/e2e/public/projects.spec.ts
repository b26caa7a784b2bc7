import { createProject } from '#app/server/repositories/projects.server.ts'
import { makeProject } from '#app/server/demo/factories.server.ts'
import { test, expect, allowConsoleError } from '../../fixtures/test.ts'
import { computed, visit } from './helpers.ts'

test('projects: tag filter in the URL (with and without JavaScript), cards, empty text', async ({
  page,
  browser,
  db: _db,
}) => {
  const tag = `Tag-${Date.now().toString(36)}`
  const tagged = await createProject(
    makeProject({
      title: 'Projet filtré',
      tags: [tag, 'Alpha', 'Beta', 'Gamma'],
      description: 'Survol du projet filtré.',
    }),
  )
  const other = await createProject(makeProject({ title: 'Projet autre', tags: ['Delta'] }))

  await visit(page, '/projects')
  const filters = page.getByRole('navigation', { name: 'Filtrer par étiquette' })
  await expect(filters.getByRole('link', { name: 'Tous' })).toHaveAttribute('aria-current', 'true')
  await filters.getByRole('link', { name: tag }).click()
  await expect(page).toHaveURL(new RegExp(`\\?tag=${tag}$`))
  await expect(page.getByRole('heading', { name: tagged.title })).toBeVisible()
  await expect(page).toHaveTitle(new RegExp(`^Projets — ${tag} — `))
  await expect(page.getByRole('heading', { name: other.title })).toHaveCount(0)

  // Card: hover shows the description and at most 3 tags.
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: tagged.title }) })
  // The overlay is transparent until hovered (toBeVisible() would pass at opacity 0).
  const overlay = card.getByTestId('project-hover')
  await page.mouse.move(0, 0)
  await expect.poll(() => computed(overlay, 'opacity')).toBe('0')
  await card.hover()
  await expect.poll(() => computed(overlay, 'opacity')).toBe('1')
  await expect(overlay.getByText('Survol du projet filtré.')).toBeVisible()
  await expect(card.getByRole('list', { name: 'Étiquettes' }).getByRole('listitem')).toHaveCount(3)

  // Shareable URL works without JavaScript.
  const context = await browser.newContext({ javaScriptEnabled: false })
  const noJs = await context.newPage()
  await noJs.goto(`${new URL(page.url()).origin}/projects?tag=${encodeURIComponent(tag)}`)
  await expect(noJs.getByRole('heading', { name: tagged.title })).toBeVisible()
  await expect(noJs.getByRole('heading', { name: other.title })).toHaveCount(0)
  await context.close()

  await visit(page, '/projects?tag=aucun-projet-ici')
  await expect(
    page.getByText('Aucun projet ne correspond à ce filtre pour le moment.'),
  ).toBeVisible()
  // A tag no project has does not name the page (nor its share previews).
  await expect(page).toHaveTitle(/^Projets — (?!aucun-projet-ici)/)
  await expect(page.locator('meta[property="og:title"]')).not.toHaveAttribute(
    'content',
    /aucun-projet-ici/,
  )
})

test('project detail: hero, preview, thumbnails, viewer keys, paragraphs, side panel; 404', async ({
  page,
  db: _db,
}) => {
  const project = await createProject(
    makeProject({
      title: 'Projet détaillé',
      url: '/demo/live/cantine-locale.html',
      // Markdown (ADR 020), one paragraph per blank-line-separated block.
      content: 'Paragraphe un.\n\nParagraphe **deux**.\n\nParagraphe trois.',
      images: ['/demo/projects/atelier-sante-1.webp', '/demo/projects/atelier-sante-2.webp'],
      startDate: '2019-03',
      endDate: '2021-06',
    }),
  )
  await visit(page, `/projects/${project.id}`)
  await expect(page).toHaveTitle(/^Projet détaillé — /)
  await expect(page.getByRole('heading', { level: 1, name: 'Projet détaillé' })).toBeVisible()
  const body = page.getByRole('region', { name: 'Description détaillée' }).locator('p')
  await expect(body).toHaveText(['Paragraphe un.', 'Paragraphe deux.', 'Paragraphe trois.'])

  // The project's own period, and its tags under « Tags » (ADR 092).
  const panel = page.getByRole('main').getByRole('complementary')
  await expect(panel).toContainText('mars 2019 – juin 2021')
  await expect(panel.getByRole('heading', { name: 'Tags', exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Visiter le site' })).toHaveAttribute(
    'href',
    '/demo/live/cantine-locale.html',
  )

  // Live preview: a page of this site runs sandboxed with scripts only (with
  // allow-same-origin it could lift its own sandbox); the shipped demo page works there.
  const frame = page.getByTestId('project-preview')
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts')
  const live = page.frameLocator('[data-testid="project-preview"]')
  await expect(live.getByRole('heading', { name: 'Catalogue de la semaine' })).toBeVisible()
  // The page's script has run (its buttons answer) before the click.
  await expect(live.locator('body')).toHaveAttribute('data-pret', 'oui')
  // A synthetic click: what is tested is that the page's script runs in the sandbox, and a
  // page still laying out its images around the frame may move a pointer click off target.
  await live.getByRole('button', { name: 'Ajouter 10 kg' }).first().dispatchEvent('click')
  await expect(live.locator('#total')).toHaveText(/14,00\s€/)
  const before = (await frame.boundingBox())?.height ?? 0
  await page.getByRole('button', { name: "Agrandir l'aperçu" }).click()
  await expect(page.getByRole('button', { name: "Réduire l'aperçu" })).toHaveAttribute(
    'aria-expanded',
    'true',
  )
  await expect.poll(async () => (await frame.boundingBox())?.height ?? 0).toBeGreaterThan(before)

  // Thumbnail strip = thumbnail + images; the viewer opens, arrows move, Esc closes, focus returns.
  const thumbs = page.getByRole('list', { name: 'Miniatures' }).getByRole('button')
  await expect(thumbs).toHaveCount(3)
  await thumbs.nth(1).click()
  await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'true')
  const opener = page.getByRole('button', { name: "Agrandir l'image" })
  await opener.click()
  const viewer = page.getByRole('dialog', { name: "Visionneuse d'images" })
  await expect(viewer).toBeVisible()
  await expect(viewer).toContainText('2 / 3')
  await page.keyboard.press('ArrowRight')
  await expect(viewer).toContainText('3 / 3')
  await page.keyboard.press('ArrowRight')
  await expect(viewer).toContainText('1 / 3')
  await page.keyboard.press('ArrowLeft')
  await expect(viewer).toContainText('3 / 3')
  await page.keyboard.press('Escape')
  await expect(viewer).toBeHidden()
  await expect(opener).toBeFocused()

  allowConsoleError(page, /status of 404/)
  const response = await page.goto('/projects/inexistant-123')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Projet non trouvé' })).toBeVisible()
})

test('project preview: sandbox by origin (this site: scripts only; another site: its own origin)', async ({
  page,
  server,
  db: _db,
}) => {
  const OTHER = 'https://exemple.fr/projet'
  await page.route('https://exemple.fr/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Ailleurs</title><h1>Ailleurs</h1>',
    }),
  )
  const cases = [
    [`${server.url}/demo/live/trajets-doux.html`, 'allow-scripts'],
    ['/demo/live/trajets-doux.html', 'allow-scripts'],
    [OTHER, 'allow-scripts allow-same-origin allow-forms allow-popups'],
  ] as const
  for (const [url, sandbox] of cases) {
    const project = await createProject(makeProject({ title: `Aperçu ${sandbox.length}`, url }))
    await visit(page, `/projects/${project.id}`)
    await expect(page.getByTestId('project-preview'), url).toHaveAttribute('sandbox', sandbox)
    await expect(page.getByTestId('project-preview')).toHaveAttribute('src', url)
  }
  const live = page.frameLocator('[data-testid="project-preview"]')
  await expect(live.getByRole('heading', { name: 'Ailleurs' })).toBeVisible()
})

test('projects show their period and come most recent first (ADR 092)', async ({
  page,
  db: _db,
}) => {
  const stamp = Date.now().toString(36)
  await createProject(
    makeProject({ title: `Mission close ${stamp}`, startDate: '2019-03', endDate: '2021-06' }),
  )
  await createProject(makeProject({ title: `Mission en cours ${stamp}`, startDate: '2099-03' }))
  await visit(page, '/projects')
  const ongoing = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: `Mission en cours ${stamp}` }) })
  await expect(ongoing).toContainText('depuis mars 2099')
  const closed = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: `Mission close ${stamp}` }) })
  await expect(closed).toContainText('mars 2019 – juin 2021')
  // Most recent first: the ongoing one (started last) is the page's first card.
  await expect(page.getByRole('article').first()).toContainText(`Mission en cours ${stamp}`)
})
