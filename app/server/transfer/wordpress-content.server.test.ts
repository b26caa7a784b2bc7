// WordPress classic-editor bodies read as WordPress shows them (ADR 088).
import { describe, expect, it } from 'vitest'
import { wpautop } from './html-to-markdown.server.ts'

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
