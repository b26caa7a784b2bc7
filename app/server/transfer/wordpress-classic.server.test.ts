// A classic-editor WordPress export arrives as WordPress showed it (ADR 088): paragraphs,
// shortcodes, titles, the empty post, pages as pages at their old address (ADR 090, a nested
// one redirected), categories, featured images that
// could not be fetched, the report's split and next steps, and each former address one by one.
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db/client.server.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { importFile } from './import.server.ts'
import { EMPTY_BODY } from './source.server.ts'
import { importedQueryRedirect, importedRedirect } from './redirects.server.ts'
import { formatReport } from './report.server.ts'
import { loader as notFound } from '#app/routes/public/not-found.tsx'
import { loader as home } from '#app/routes/public/home.tsx'
import { loader as ownPage } from '#app/routes/public/page.tsx'

useTestDatabase()

const file = path.resolve('tests/fixtures/import/wordpress-classic.xml')
const options = { fetchMedia: false }

async function bySlug() {
  const rows = await getDb().selectFrom('blog_posts').selectAll().execute()
  return new Map(rows.map((row) => [row.slug, row]))
}

describe('a classic WordPress export', { timeout: 60_000 }, () => {
  it('keeps paragraphs, line breaks, shortcodes as content, titles as text, the empty post and the pages', async () => {
    const report = await importFile(file, options)
    const posts = await bySlug()
    const classic = posts.get('classique-paragraphes')!
    expect(classic.content).toContain('**Un titre en gras**\n\nLe texte après la ligne vide')
    expect(classic.content).toContain('Camille Martin  \n12 rue des Lilas  \n75020 Paris')
    expect(classic.content).toContain('ligne un\n\nligne deux')
    // The bare address keeps its underscore (it used to become '%5C_').
    expect(classic.contentHtml).toContain('href="https://www.instagram.com/mon_compte/"')
    expect(classic.contentHtml).not.toContain('%5C')
    // Three categories: the first is the category, the others tags; the featured image that
    // could not be fetched keeps its address.
    expect(classic.category).toBe('Design')
    expect(JSON.parse(classic.tags)).toEqual(['Typographie', 'Voyage', 'Mise en forme'])
    expect(classic.thumbnail).toBe('https://images.invalid/featured.jpg')

    const shortcodes = posts.get('codes-courts')!
    expect(shortcodes.title).toBe('Codes courts')
    expect(shortcodes.content).toContain('![Une image](https://images.invalid/legende.jpg)')
    expect(shortcodes.content).toContain('*Une légende sous l’image.*')
    expect(shortcodes.content).toContain('![](https://images.invalid/galerie-1.jpg)')
    expect(shortcodes.content).toContain('![](https://images.invalid/galerie-2.jpg)')
    expect(shortcodes.content).toContain('(https://www.youtube.com/watch?v=dQw4w9WgXcQ)')
    expect(shortcodes.content).toContain('(https://vimeo.com/22439234)')
    expect(shortcodes.content).toContain('Une citation mise en avant.')
    for (const text of [shortcodes.content, shortcodes.contentHtml, shortcodes.excerpt])
      expect(text).not.toMatch(/\[\/?(gallery|caption|embed|contact-form-7|pullquote)/)
    expect(shortcodes.excerpt).toBe(
      'Une légende sous l’image. https://www.youtube.com/watch?v=dQw4w9WgXcQ https://vimeo.com/22439234 Une citation mise en avant.',
    )

    const empty = posts.get('edge-case-no-content')!
    expect(empty).toMatchObject({ status: 'published', content: EMPTY_BODY })
    expect((empty.contentHtml ?? '').trim()).toBe('')

    // Pages are pages (ADR 090): at their old address, the nested one at its last segment.
    expect(posts.has('a-propos')).toBe(false)
    const pages = await getDb()
      .selectFrom('pages')
      .select(['slug', 'title', 'status', 'content'])
      .orderBy('slug')
      .execute()
    expect(pages).toEqual([
      {
        slug: 'a-propos',
        title: 'À propos',
        status: 'published',
        content: 'Qui je suis.\n\nCe que je fais.',
      },
      { slug: 'equipe', title: 'Équipe', status: 'published', content: 'Une sous-page.' },
    ])
    expect(report.counts.page).toEqual({ created: 2 })

    expect(report.failures).toEqual([])
    expect(report.counts.post).toEqual({ created: 5 })
    expect(report.postStatuses).toEqual({ published: 3, draft: 1, scheduled: 1 })
    const label = 'Article « Codes courts »'
    const galleryNotes = report.notes.filter((n) => n.startsWith(`${label} : galerie`))
    expect(galleryNotes).toEqual([
      `${label} : galerie importée (2 images) avec les adresses d’origine : aucune n’a pu être récupérée`,
    ])
    expect(report.notes).toEqual(
      expect.arrayContaining([
        `${label} : code court [contact-form-7] retiré (le texte qu’il entourait est gardé)`,
        `${label} : code court [pullquote] retiré (le texte qu’il entourait est gardé)`,
        'Vitrine garde une catégorie par article : pour 1 article à plusieurs catégories, la première est la catégorie, les autres sont devenues des étiquettes',
      ]),
    )
    const text = formatReport(report)
    expect(text).toContain('Articles : 5 créés (3 publiés, 1 brouillon, 1 programmé)')
    expect(text).toContain('Pages : 2 créées')
    expect(text).toMatch(/À faire ensuite :\n {2}- Vérifiez les articles importés/)
    expect(text).toContain('redirections créées')
  })

  it('answers each former address with a 301 target on this site', async () => {
    await importFile(file, options)
    const cases: [string, string | undefined][] = [
      ['/2013/01/10/classique-paragraphes/', '/blog/classique-paragraphes'],
      ['/feed/', '/rss.xml'],
      ['/feed', '/rss.xml'],
      ['/category/design/', '/blog?category=Design'],
      ['/category/voyage/', '/blog?category=Voyage'],
      // Only ever a secondary category: now a tag.
      ['/category/typographie/', '/blog?tag=Typographie'],
      ['/tag/mise-en-forme/', '/blog?tag=Mise%20en%20forme'],
      ['/author/themedemos/', '/blog'],
      ['/2013/01/', '/blog'],
      ['/2012/01/', '/blog'],
      ['/2014/01/', undefined],
      // A nested page's address goes to the page; a page at its own address is served there.
      ['/a-propos/equipe/', '/equipe'],
      ['/a-propos/equipe', '/equipe'],
      ['/a-propos/', undefined],
      ['/category/inconnue/', undefined],
    ]
    for (const [from, to] of cases) expect([from, await importedRedirect(from)]).toEqual([from, to])
    const site = 'https://vitrine.example'
    expect(await importedQueryRedirect(new URL('/?p=1200', site))).toBe(
      '/blog/classique-paragraphes',
    )
    expect(await importedQueryRedirect(new URL('/?page_id=1401', site))).toBe('/equipe')
    // A draft's id and an unknown id lead nowhere.
    expect(await importedQueryRedirect(new URL('/?p=1203', site))).toBeUndefined()
    expect(await importedQueryRedirect(new URL('/?p=99999', site))).toBeUndefined()
    expect(await importedQueryRedirect(new URL('/?p=x', site))).toBeUndefined()
  })

  it('answers the requests with a 301 from the routes, one address at a time', async () => {
    await importFile(file, options)
    const site = 'https://vitrine.example'
    const answer = async (
      loader: (args: never) => Promise<unknown>,
      path: string,
    ): Promise<[number, string | null]> => {
      try {
        const result = await loader({
          request: new Request(`${site}${path}`),
          params: {},
          context: {},
        } as never)
        return result instanceof Response
          ? [result.status, result.headers.get('Location')]
          : [200, null]
      } catch (thrown) {
        if (thrown instanceof Response) return [thrown.status, thrown.headers.get('Location')]
        throw thrown
      }
    }
    for (const [path, location] of [
      ['/feed/', '/rss.xml'],
      ['/category/design/', '/blog?category=Design'],
      ['/tag/mise-en-forme/', '/blog?tag=Mise%20en%20forme'],
      ['/author/themedemos/', '/blog'],
      ['/2013/01/', '/blog'],
      ['/2013/01/10/classique-paragraphes/', '/blog/classique-paragraphes'],
    ] as const)
      expect([path, await answer(notFound as never, path)]).toEqual([path, [301, location]])
    expect(await answer(home as never, '/?p=1200')).toEqual([301, '/blog/classique-paragraphes'])
    // One segment: the pages' route (ADR 090) serves the page, else answers as the not-found
    // route does.
    const page = async (slug: string) => {
      const result = await ownPage({
        request: new Request(`${site}/${slug}/`),
        params: { slug },
        context: {},
      } as never)
      return result instanceof Response
        ? [result.status, result.headers.get('Location')]
        : [(result as { init?: { status?: number } }).init?.status ?? 200, null]
    }
    expect(await page('feed')).toEqual([301, '/rss.xml'])
    expect(await page('a-propos')).toEqual([200, null])
    expect(await page('inconnue')).toEqual([404, null])
  })
})
