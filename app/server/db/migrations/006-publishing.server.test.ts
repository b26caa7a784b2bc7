import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '#app/server/markdown.server.ts'
import { plainTextToMarkdown } from './006-publishing.server.ts'

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;').replace(/"/g, '&quot;')

describe('006 plain text → Markdown', () => {
  it('keeps one paragraph per line and prints every character as typed', async () => {
    const lines = [
      '# pas un titre',
      '- pas une liste',
      '1. pas une liste numérotée',
      '> pas une citation',
      '**pas gras** _pas italique_ `pas du code` ~~pas barré~~',
      '[pas un lien](/blog) ![pas une image](/a.png)',
      '<b>pas du HTML</b> &amp; a | b \\ fin',
      '---',
      '+ plus',
      '=== ',
    ]
    const markdown = plainTextToMarkdown(`${lines.join('\n')}\n\n   \n`)
    const { html } = await renderMarkdown(markdown)
    const expected = lines.map((line) => `<p>${escapeHtml(line.trim())}</p>`).join('\n')
    expect(html).toBe(expected)
  })

  it('lets a bare web address become a link (the only change of look)', async () => {
    const { html } = await renderMarkdown(plainTextToMarkdown('Voir https://example.com'))
    expect(html).toBe(
      '<p>Voir <a href="https://example.com" rel="noopener noreferrer">https://example.com</a></p>',
    )
  })
})
