// No French word on an English page (ADR 089): the text, the labels read aloud, the head and
// the English feed of every public page type, checked against French-only words the pipeline,
// the templates or the interface could leave there.
import type { Page } from '@playwright/test'
import { createBlogPost } from '#app/server/repositories/blog.server.ts'
import { createProject } from '#app/server/repositories/projects.server.ts'
import { saveTranslation } from '#app/server/repositories/translations.server.ts'
import { makeBlogPost, makeProject } from '#app/server/demo/factories.server.ts'
import { test, expect } from '../../fixtures/test.ts'
import { visit } from './helpers.ts'

const FRENCH_ONLY = [
  /Lien vers la section/,
  /Retour au texte/,
  /Catégorie/,
  /\bPublié/,
  /Lire la suite/,
  /min de lecture/,
  /Mentions légales/,
  /Politique de confidentialité/,
  /\b(janvier|février|avril|juillet|septembre|octobre|novembre|décembre)\b/i,
  /Éditeur du site|Responsable du traitement|Vos droits/,
  /Statistiques de visite/,
  // The interface's own words (ADR 094's list).
  /\bAccueil\b/,
  /\bProjets\b/,
  /Contactez/,
  /\bEnvoyer\b/,
  /\bRechercher\b/,
  /Télécharger/,
  /Précédent/,
  /\bSuivant\b/,
  /Étiquettes/,
]

/** What a reader or a robot gets of the page: text, labels, titles, alternatives, head, JSON-LD. */
async function readable(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attributes = [...document.querySelectorAll('[aria-label], [title], [alt], [placeholder]')]
      .flatMap((el) => ['aria-label', 'title', 'alt', 'placeholder'].map((a) => el.getAttribute(a)))
      .filter(Boolean)
    const head = [...document.querySelectorAll('head title, head meta[content]')].map(
      (el) => el.textContent || el.getAttribute('content'),
    )
    const ld = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (s) => s.textContent,
    )
    return [document.body.innerText, ...attributes, ...head, ...ld].join('\n')
  })
}

test('no French-only word on any English page type nor in the English feed', async ({
  page,
  request,
  db: _db,
}) => {
  const stamp = Date.now().toString(36)
  const body = '## Method\n\nA first paragraph.[^1]\n\n## Results\n\nAnother one.\n\n[^1]: A note.'
  const project = await createProject(
    makeProject({ title: `Projet ${stamp}`, content: '## Méthode\n\nEn français.' }),
  )
  await saveTranslation('project', project.id, 'en', {
    title: `Project ${stamp}`,
    description: 'An English description.',
    content: body,
  })
  const post = await createBlogPost(
    makeBlogPost({
      title: `Article ${stamp}`,
      content: '## Méthode\n\nEn français.',
      publishedAt: '2025-03-12T09:00:00.000Z',
    }),
  )
  await saveTranslation('post', post.id, 'en', {
    slug: `post-${stamp}`,
    title: `Post ${stamp}`,
    excerpt: 'An English excerpt.',
    content: body,
  })
  for (const path of [
    '/en/',
    '/en/projects',
    `/en/projects/${project.id}`,
    '/en/blog',
    `/en/blog/post-${stamp}`,
    '/en/timeline',
    '/en/gallery',
    '/en/cv',
    '/en/contact',
    '/en/legal-notice',
    '/en/privacy',
    '/en/terms',
  ]) {
    await visit(page, path)
    const text = await readable(page)
    for (const word of FRENCH_ONLY) expect(text, `${path}: ${word}`).not.toMatch(word)
  }
  // The feed carries the English bodies as HTML: their anchors' labels included.
  const feed = await (await request.get('/en/rss.xml')).text()
  expect(feed).toContain(`Post ${stamp}`)
  expect(feed).toContain('Link to the section')
  for (const word of FRENCH_ONLY) expect(feed, `/en/rss.xml: ${word}`).not.toMatch(word)
})

test('the English catalogue is a chunk only English pages load, never inlined in the HTML', async ({
  page,
  request,
}) => {
  // A catalogue text the home page does not show.
  const unseen = 'Stop counting me'
  expect(await (await request.get('/en/')).text()).not.toContain(unseen)
  const chunks: string[] = []
  page.on('request', (r) => {
    if (/\/assets\/english-[\w-]+\.js$/.test(r.url())) chunks.push(r.url())
  })
  await visit(page, '/')
  expect(chunks).toEqual([])
  await visit(page, '/en/')
  expect(chunks).toHaveLength(1)
  // The page hydrated (visit waits for it) as an English page.
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
})
