import AxeBuilder from '@axe-core/playwright'
import { THEME_IDS, serializeTheme } from '#app/domain/theme.ts'
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
import { test, expect, allowConsoleError } from '../../fixtures/test.ts'
import { overlayGone } from './helpers.ts'

// Thirteen pages and an axe run on each: on a loaded 2-core machine that takes minutes.
test.describe.configure({ timeout: 300_000 })

// Axe: no serious or critical violation on any public page, in each of the four themes.
for (const theme of THEME_IDS) {
  test(`accessibility of every public page in the ${theme} theme`, async ({ page, db: _db }) => {
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
    allowConsoleError(page, /status of 404/)
    // Settings and content left by earlier tests of this worker may point to other hosts
    // (an analytics script, an image address) that this machine cannot resolve: answer them
    // empty, so the walk does not depend on the order the tests ran in.
    await page.route(
      (url) => url.hostname !== 'localhost' && url.hostname !== '127.0.0.1',
      (route) => route.fulfill({ status: 204 }),
    )

    // Top page only: the project's live preview is a sandboxed frame without storage.
    await page.addInitScript(
      ([key, value]) => {
        if (window === window.top) localStorage.setItem(key, value)
      },
      ['theme-storage', serializeTheme(theme)] as const,
    )
    await page.emulateMedia({ reducedMotion: 'reduce' })
    const paths = [
      '/',
      '/projects',
      `/projects/${project.id}`,
      '/timeline',
      '/blog',
      `/blog/${post.slug}`,
      '/gallery',
      '/cv',
      '/contact',
      '/mentions-legales',
      '/confidentialite',
      '/conditions',
      '/page-inconnue',
    ]
    const failures: string[] = []
    for (const path of paths) {
      await page.goto(path)
      await overlayGone(page)
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      const results = await new AxeBuilder({ page }).exclude('iframe').analyze()
      for (const v of results.violations) {
        // …and nothing outside a landmark ("region", a best practice screen-reader users rely on).
        if (v.impact === 'serious' || v.impact === 'critical' || v.id === 'region')
          failures.push(
            `${path}: ${v.id} — ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
          )
      }
    }
    // The navigation panel and theme menu, open.
    await page.goto('/blog')
    await overlayGone(page)
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click()
    const nav = await new AxeBuilder({ page }).include('dialog').analyze()
    for (const v of nav.violations)
      if (v.impact === 'serious' || v.impact === 'critical') failures.push(`menu: ${v.id}`)
    expect(failures).toEqual([])
  })
}
