// A Ghost 6 export with one post per card type of its editor (ADR 088): each card becomes the
// closest Markdown the site renders, or a note; members-only posts become drafts, pages pages
// at their old address (ADR 090);
// no account and no password hash ever comes in; Ghost's feed, tag and author addresses
// redirect.
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/server/db/client.server.ts'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { importFile } from './import.server.ts'
import { importedRedirect } from './redirects.server.ts'

useTestDatabase()

const file = path.resolve('tests/fixtures/import/ghost-cards.json')

describe('Ghost 6 cards', { timeout: 60_000 }, () => {
  it('turns every card into Markdown or a note, never silence', async () => {
    const report = await importFile(file, { fetchMedia: false })
    const rows = await getDb().selectFrom('blog_posts').selectAll().execute()
    const body = (card: string) => rows.find((r) => r.slug === `carte-${card}`)!.content
    const expected: Record<string, string> = {
      image: '![Une photo](https://images.invalid/ghost/photo.jpg)\n\n*Légende de la photo*',
      gallery:
        '![Un](https://images.invalid/ghost/g1.jpg)\n![Deux](https://images.invalid/ghost/g2.jpg)\n\n*Une galerie*',
      bookmark: '**[Ghost Docs](https://ghost.org/docs/)**  \nLa documentation de Ghost.',
      embed:
        '[https://www.youtube.com/watch?v=dQw4w9WgXcQ](https://www.youtube.com/watch?v=dQw4w9WgXcQ)\n\n*Une vidéo*',
      video: '[Vidéo : clip.mp4](https://media.invalid/ghost/clip.mp4)',
      audio: '[Audio : Un son](https://media.invalid/ghost/son.mp3)',
      file: '[Le document](https://media.invalid/ghost/doc.pdf)\n\n*En PDF*',
      callout: '> 💡 Attention au **départ**.',
      toggle: '**Une question ?**\n\nLa réponse.',
      button: '**[S’inscrire](https://ghost.example/signup/)**',
      header: '## Grand titre\n\nSous-titre\n\n**[Lire](https://ghost.example/lire/)**',
      code: "```javascript\nconsole.log('bonjour')\n```\n\n*Un exemple*",
      html: 'Du **HTML** brut.',
      markdown: 'Du **Markdown** avec une [adresse](https://ghost.org).',
      product:
        '### Un produit\n\n![](https://images.invalid/ghost/produit.jpg)\n\nSa description.\n\n**[Acheter](https://shop.example/produit)**',
      signup: '',
      paywall: '',
      email: '',
    }
    for (const [card, markdown] of Object.entries(expected))
      expect([card, body(card)]).toEqual([
        card,
        `Carte ${card}.${markdown ? `\n\n${markdown}` : ''}`,
      ])
    const notes = (card: string) =>
      report.notes.filter((n) => n.startsWith(`Article « Carte ${card} » :`))
    for (const card of ['embed', 'video', 'audio', 'file', 'signup', 'paywall', 'email', 'product'])
      expect([card, notes(card).length]).toEqual([card, 1])

    const members = rows.find((r) => r.slug === 'pour-les-membres')!
    expect(members.status).toBe('draft')
    expect(report.notes).toContain(
      'Article « Pour les membres » : réservé aux membres, importé en brouillon',
    )
    expect(rows.find((r) => r.slug === 'contact-ghost')).toBeUndefined()
    expect(
      await getDb().selectFrom('pages').select(['slug', 'status', 'content']).execute(),
    ).toEqual([{ slug: 'contact-ghost', status: 'published', content: 'Écrivez-moi.' }])

    // No account, and the staff user's hash nowhere.
    expect(await getDb().selectFrom('user').selectAll().execute()).toEqual([])
    const everything = JSON.stringify([
      rows,
      await getDb().selectFrom('import_source').selectAll().execute(),
    ])
    expect(everything).not.toContain('GHOSTSTAFFHASH')
    expect(everything).not.toContain('alex@ghost.example')

    expect(await importedRedirect('/carte-image/')).toBe('/blog/carte-image')
    expect(await importedRedirect('/rss/')).toBe('/rss.xml')
    expect(await importedRedirect('/tag/cartes/')).toBe('/blog?tag=Cartes')
    expect(await importedRedirect('/tag/hash-interne/')).toBeUndefined()
    expect(await importedRedirect('/author/alex/')).toBe('/blog')
  })
})
