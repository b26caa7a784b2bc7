// WordPress classic-editor bodies read as WordPress shows them (ADR 088).
import { describe, expect, it } from 'vitest'
import { autoEmbed, expandShortcodes, htmlToMarkdown, wpautop } from './html-to-markdown.server.ts'
import { preparePost } from './prepare.server.ts'

describe('wpautop', () => {
  it('makes a paragraph of each blank-line block and a <br /> of each single line break', () => {
    expect(wpautop('<strong>Titre</strong>\n\nTexte après.\n\nRue A\nVille B')).toBe(
      '<p><strong>Titre</strong></p>\n<p>Texte après.</p>\n<p>Rue A<br />\nVille B</p>\n',
    )
  })

  it('adds nothing around block elements, nor inside <pre>', () => {
    expect(
      wpautop('Avant\n<h2>Deux</h2>\n<ul>\n\t<li>Un</li>\n</ul>\n<pre>a\n\nb\nc</pre>\nFin'),
    ).toBe(
      '<p>Avant</p>\n<h2>Deux</h2>\n<ul>\n<li>Un</li>\n</ul>\n<pre>a\n\nb\nc</pre>\n<p>Fin</p>\n',
    )
  })

  it('leaves newlines inside a tag alone and block-editor bodies untouched', () => {
    expect(wpautop('a <a\nhref="x">lien</a>\nb')).toBe('<p>a <a href="x">lien</a><br />\nb</p>\n')
    const blocks = '<!-- wp:paragraph -->\n<p>Un</p>\n<!-- /wp:paragraph -->'
    expect(wpautop(blocks)).toBe(blocks)
  })
})

describe('shortcodes', () => {
  const gallery = (attrs: Record<string, string>) =>
    (attrs.ids ?? '').split(',').map((id) => `https://carnet.example/${id}.jpg`)

  it('turns [gallery] into its images and [caption] into an image with its caption', () => {
    const { html, galleryImages, notes } = expandShortcodes(
      '[gallery ids="1,2"]\n[caption id="attachment_1" width="640"]<img src="https://carnet.example/a.jpg" alt="A" /> Légende.[/caption]',
      { gallery },
    )
    expect(galleryImages).toEqual(['https://carnet.example/1.jpg', 'https://carnet.example/2.jpg'])
    expect(notes).toEqual([])
    const markdown = htmlToMarkdown(html)
    expect(markdown).toContain('![](https://carnet.example/1.jpg)')
    expect(markdown).toContain('![](https://carnet.example/2.jpg)')
    expect(markdown).toContain('![A](https://carnet.example/a.jpg)\n\n*Légende.*')
    expect(markdown).not.toMatch(/\[(gallery|caption)/)
  })

  it('makes [embed] and bare YouTube or Vimeo lines links on their own line', () => {
    const html = wpautop(
      autoEmbed('Intro\nhttps://www.youtube.com/watch?v=abc\n\n[embed]https://vimeo.com/1[/embed]'),
    )
    const markdown = htmlToMarkdown(expandShortcodes(html).html)
    expect(markdown).toBe(
      'Intro\n\n[https://www.youtube.com/watch?v=abc](https://www.youtube.com/watch?v=abc)\n\n[https://vimeo.com/1](https://vimeo.com/1)',
    )
  })

  it('removes unknown shortcodes, keeps what they enclose, and names each kind once', () => {
    const { html, notes } = expandShortcodes(
      wpautop(
        '[contact-form-7 id="42"]\n[note]Un[/note] et [note]deux[/note]\n\nVoir [lien](https://x.example).',
      ),
    )
    expect(htmlToMarkdown(html)).toBe('Un et deux\n\nVoir \\[lien\\](https://x.example).')
    expect(notes).toEqual([
      'code court [contact-form-7] retiré (le texte qu’il entourait est gardé)',
      'code court [note] retiré (le texte qu’il entourait est gardé)',
    ])
  })

  it('builds the excerpt from the rendered text, never from shortcodes', () => {
    const post = preparePost(
      {
        sourceKey: 'wordpress:post:1',
        title: 'Galerie',
        status: 'published',
        html: '[caption id="attachment_9" width="300"]<img src="https://carnet.example/a.jpg" alt="" /> Une légende[/caption]\n[gallery ids="1"] Le texte.',
      },
      [],
      { gallery },
    )
    expect(post.excerpt).toBe('Une légende Le texte.')
  })

  it('keeps the underscore of a bare address: no %5C in the link', () => {
    expect(htmlToMarkdown('<p>Suivez https://www.instagram.com/mon_nom/</p>')).toBe(
      'Suivez https://www.instagram.com/mon_nom/',
    )
  })
})
