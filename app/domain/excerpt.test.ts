import { describe, expect, it } from 'vitest'
import { excerptOrFirstParagraph, firstParagraphText } from './excerpt.ts'

describe('firstParagraphText', () => {
  it('takes the first paragraph with text, without tags or Markdown, entities decoded', () => {
    const html =
      '<h2>Titre</h2><p><img src="/a.png" alt=""></p><p>Un <strong>premier</strong> <a href="/x">lien</a> &amp; l&#39;été</p><p>Second</p>'
    expect(firstParagraphText(html)).toBe("Un premier lien & l'été")
  })

  it('cuts a long paragraph on a word with an ellipsis', () => {
    const text = firstParagraphText(`<p>${'mot '.repeat(200)}</p>`, 50)
    expect(text.length).toBeLessThanOrEqual(50)
    expect(text.endsWith('mot…')).toBe(true)
  })

  it('is empty when there is no paragraph', () => {
    expect(firstParagraphText('<pre><code>x</code></pre>')).toBe('')
  })
})

describe('excerptOrFirstParagraph', () => {
  it('keeps the written excerpt, else falls back to the text', () => {
    expect(excerptOrFirstParagraph('Écrit', '<p>Texte</p>')).toBe('Écrit')
    expect(excerptOrFirstParagraph('  ', '<p>Texte</p>')).toBe('Texte')
    expect(excerptOrFirstParagraph('', null)).toBe('')
  })
})
