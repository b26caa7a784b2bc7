// Shiki and its grammars load at the first code block that names a language, not at the first
// render (ADR 108). Its own file: the module's state starts empty here.
import { describe, expect, it, vi } from 'vitest'
import { renderMarkdown } from './markdown.server.ts'

const shikiLoads = vi.hoisted(() => ({ count: 0 }))

// Observed, not replaced: the real Shiki is what renders.
vi.mock('shiki', async (importOriginal) => {
  shikiLoads.count++
  return importOriginal()
})

describe('code highlighting', () => {
  it('loads Shiki at the first block that names a language, and renders plain blocks without it', async () => {
    const plain = await renderMarkdown('Texte.\n\n```\nconst n = 1\n```\n\n    indenté')
    expect(plain.html).toContain('<pre><code>const n = 1\n</code></pre>')
    expect(plain.html).toContain('<pre><code>indenté\n</code></pre>')
    expect(shikiLoads.count).toBe(0)

    const code = await renderMarkdown('```ts\nconst a = 1\n```\n\n```inconnu\n<b>x</b>\n```')
    expect(shikiLoads.count).toBe(1)
    expect(code.html).toContain('class="shiki shiki-themes github-light github-dark"')
    expect(code.html).toContain('class="language-ts"')
    // A language outside the list is escaped plain text, as before.
    expect(code.html).toContain('&#x3C;b>x&#x3C;/b>')
    expect(code.html).not.toContain('<b>')

    // Loaded once; a plain block after it is still plain.
    const again = await renderMarkdown('```\nautre\n```')
    expect(again.html).toContain('<pre><code>autre\n</code></pre>')
    expect(shikiLoads.count).toBe(1)
  })
})
