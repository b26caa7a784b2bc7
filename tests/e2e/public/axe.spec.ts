import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { THEME_IDS, type ThemeId } from '#app/domain/theme.ts'
import { createBlogPost } from '#app/server/repositories/blog.server.ts'
import { updateCvSettings, updateCvUrl } from '#app/server/repositories/cv.server.ts'
import { createMediaItem } from '#app/server/repositories/media.server.ts'
import { createProcessStep } from '#app/server/repositories/process.server.ts'
import { createProject } from '#app/server/repositories/projects.server.ts'
import { createSkill } from '#app/server/repositories/skills.server.ts'
import { createTimelineItem } from '#app/server/repositories/timeline.server.ts'
import {
  makeBlogPost,
  makeMediaItem,
  makeProcessStep,
  makeProject,
  makeSkill,
  makeTimelineItem,
} from '#app/server/demo/factories.server.ts'
import { test, expect, allowConsoleError, waitForHydration } from '../../fixtures/test.ts'
import { overlayGone, pickTheme } from './helpers.ts'

// Each page is loaded once and checked in the four themes, switched with the site's own theme
// picker as a visitor does (ADR 115): a theme is only `html[data-theme]` and the CSS custom
// properties it selects, the same attribute the boot script sets before the first paint.
test.describe.configure({ timeout: 300_000 })

/** Content on every public page type, as the four themes' checks need it. */
async function seed() {
  const project = await createProject(
    makeProject({ featured: true, url: '/demo/live/trajets-doux.html' }),
  )
  // A rich Markdown body (anchors, table of contents, code, table, footnote, image).
  const section = (n: number) =>
    `## Partie ${n}\n\n${'Un texte de démonstration assez long. '.repeat(45)}\n\n### Détail ${n}\n\n- un\n- deux`
  const post = await createBlogPost(
    makeBlogPost({
      content: [
        section(1),
        '```ts\nconst a: number = 1\n```',
        section(2),
        '| Colonne | Valeur |\n|---|---|\n| a | 1 |',
        section(3),
        '> Une citation[^1].\n\n[^1]: Une note.',
        '![Illustration](/demo/projects/budget-clair-cover.webp) [un lien](https://example.com)',
      ].join('\n\n'),
    }),
  )
  await createSkill(makeSkill())
  await createProcessStep(makeProcessStep())
  await createTimelineItem(makeTimelineItem())
  await createMediaItem(makeMediaItem({ featured: true }))
  await createMediaItem(makeMediaItem({ category: 'video', url: '/videos/gallery-demo.webm' }))
  await updateCvUrl('/demo/projects/budget-clair-cover.webp')
  await updateCvSettings({ requireAuth: true })
  return { project, post }
}

/** Prepares the page: 404s allowed, other hosts answered empty, reduced motion. */
async function prepare(page: Page) {
  allowConsoleError(page, /status of 404/)
  // Settings and content left by earlier tests of this worker may point to other hosts
  // (an analytics script, an image address) that this machine cannot resolve: answer them
  // empty, so the walk does not depend on the order the tests ran in.
  await page.route(
    (url) => url.hostname !== 'localhost' && url.hostname !== '127.0.0.1',
    (route) => route.fulfill({ status: 204 }),
  )
  await page.emulateMedia({ reducedMotion: 'reduce' })
}

/** Chooses `theme` with the theme picker, as a visitor does, then leaves the page at rest. */
async function chooseTheme(page: Page, theme: ThemeId) {
  await pickTheme(page, theme)
  // As on a page loaded in that theme: no pointer over the picker, no focus on it, no colour
  // still in transition.
  await page.mouse.move(0, 0)
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  )
}

/**
 * The rules whose result depends on colours: the only ones a theme can change, since a theme
 * sets colour custom properties only (themeCss in app/domain/theme.ts) and the page's document
 * stays the same (ADR 115).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

/**
 * An axe run of the page as it stands, in the page itself ("legacy mode"): the default mode
 * opens and closes a blank page at every run, only to merge the results of the page's frames,
 * and these scans leave the frames out. axe is injected once per document: the runs of the
 * other themes find it there (a document without it would fail: "axe is not defined"; ADR 126).
 */
async function axeOn(page: Page): Promise<AxeBuilder> {
  const present = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object')
  return new AxeBuilder(present ? { page, axeSource: ';' } : { page }).setLegacyMode()
}

/**
 * The serious, critical and landmark ("region") violations of the page, for `where`: of every
 * rule, or of the colour rules only (`colours`) when the page was already checked in another
 * theme.
 */
async function violations(page: Page, where: string, colours = false): Promise<string[]> {
  const axe = (await axeOn(page)).exclude('iframe')
  if (colours) axe.withRules(COLOUR_RULES)
  const results = await axe.analyze()
  const failures: string[] = []
  for (const v of results.violations) {
    // …and nothing outside a landmark ("region", a best practice screen-reader users rely on).
    if (v.impact === 'serious' || v.impact === 'critical' || v.id === 'region')
      failures.push(
        `${where}: ${v.id} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
      )
  }
  return failures
}

/**
 * The four themes, the page's own first: the theme chosen last stays chosen on the next page
 * (the picker stores it), so that page gets its full scan in it and one switch fewer (ADR 126).
 */
async function themesFrom(page: Page): Promise<ThemeId[]> {
  const current = await page.locator('html').getAttribute('data-theme')
  const first = THEME_IDS.find((theme) => theme === current) ?? THEME_IDS[0]
  return [first, ...THEME_IDS.filter((theme) => theme !== first)]
}

/** Loads each page once and checks it in each of the four themes. */
async function checkPages(page: Page, paths: string[]): Promise<string[]> {
  const failures: string[] = []
  for (const path of paths) {
    await page.goto(path)
    await overlayGone(page)
    // The picker answers once the page has hydrated.
    await waitForHydration(page)
    for (const [index, theme] of (await themesFrom(page)).entries()) {
      await chooseTheme(page, theme)
      failures.push(...(await violations(page, `${theme} ${path}`, index > 0)))
    }
  }
  return failures
}

// Axe: no serious or critical violation on any public page, in each of the four themes; the
// pages split in five tests so that both workers share them.
test('accessibility of the home and timeline pages in the four themes', async ({
  page,
  db: _db,
}) => {
  await seed()
  await prepare(page)
  expect(await checkPages(page, ['/', '/timeline'])).toEqual([])
})

test('accessibility of the projects pages in the four themes', async ({ page, db: _db }) => {
  const { project } = await seed()
  await prepare(page)
  expect(await checkPages(page, ['/projects', `/projects/${project.id}`])).toEqual([])
})

test('accessibility of the blog, gallery and CV pages and the open menu in the four themes', async ({
  page,
  db: _db,
}) => {
  const { post } = await seed()
  await prepare(page)
  const failures = await checkPages(page, ['/gallery', '/cv', `/blog/${post.slug}`, '/blog'])
  // The navigation panel, open, on the last page checked (/blog, its entry marked current).
  for (const [index, theme] of (await themesFrom(page)).entries()) {
    await chooseTheme(page, theme)
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click()
    const menu = (await axeOn(page)).include('dialog')
    if (index > 0) menu.withRules(COLOUR_RULES)
    const nav = await menu.analyze()
    for (const v of nav.violations)
      if (v.impact === 'serious' || v.impact === 'critical') failures.push(`${theme} menu: ${v.id}`)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()
  }
  expect(failures).toEqual([])
})

test('accessibility of the contact and legal notice pages in the four themes', async ({
  page,
  db: _db,
}) => {
  await seed()
  await prepare(page)
  expect(await checkPages(page, ['/contact', '/mentions-legales'])).toEqual([])
})

test('accessibility of the privacy, terms and unknown pages in the four themes', async ({
  page,
  db: _db,
}) => {
  await seed()
  await prepare(page)
  expect(await checkPages(page, ['/confidentialite', '/conditions', '/page-inconnue'])).toEqual([])
})
