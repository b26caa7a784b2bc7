import { describe, expect, it } from 'vitest'
import { countWords, readingTime } from '#app/domain/markdown.ts'
import { HOSTILE_BODY, HOSTILE_MARKDOWN } from '../../../tests/fixtures/hostile-markdown.ts'
import { TOC_MIN_WORDS, TOC_TITLE, renderImage, renderMarkdown } from './markdown.server.ts'

const UNSAFE = [
  /<script/i,
  /<iframe/i,
  /<object/i,
  /<embed/i,
  /<svg/i,
  /<style/i,
  /<form/i,
  /<math/i,
  /<[^>]*\son[a-z]+\s*=/i,
  /(href|src|action)\s*=\s*"\s*(javascript|data|vbscript):/i,
  /\sstyle="(?!--shiki)/i,
]

function expectSafe(html: string) {
  for (const pattern of UNSAFE) expect(html, `${pattern}`).not.toMatch(pattern)
}

describe('renderMarkdown', () => {
  it.each([
    {
      name: 'renders CommonMark and GFM: emphasis, links, lists, tables, task lists, strikethrough, autolinks, footnotes',
      markdown: [
        '**gras** *italique* ~~barré~~ https://example.com',
        '- un\n- deux',
        '| a | b |\n|---|---|\n| 1 | 2 |',
        '- [x] fait',
        '> citation',
        'Note[^1].\n\n[^1]: Le détail.',
      ].join('\n\n'),
      parts: [
        '<strong>gras</strong>',
        '<em>italique</em>',
        '<del>barré</del>',
        '<a href="https://example.com" rel="noopener noreferrer">',
        '<li>un</li>',
        '<input type="checkbox" checked disabled>',
        '<td>1</td>',
        '<blockquote>',
        'href="#user-content-fn-1"',
        'id="user-content-fn-1"',
      ],
    },
    {
      name: 'renders an image marked decorative with an empty alt and no tooltip (ADR 093)',
      markdown: '![](/images/a.webp "décorative") ![Un atelier](/images/b.webp "Légende")',
      parts: [
        '<img src="/images/a.webp" alt="" loading="lazy" decoding="async">',
        '<img src="/images/b.webp" alt="Un atelier" title="Légende" loading="lazy" decoding="async">',
      ],
    },
    {
      name: 'gives headings ids and anchor links, and external links rel="noopener noreferrer" only',
      markdown: '## Éloge de la lenteur\n\n[interne](/blog) [externe](https://ex.com)',
      parts: [
        '<h2 id="éloge-de-la-lenteur">',
        'href="#éloge-de-la-lenteur"',
        'aria-label="Lien vers la section « Éloge de la lenteur »"',
        '<a href="/blog">interne</a>',
        '<a href="https://ex.com" rel="noopener noreferrer">externe</a>',
      ],
    },
  ])('$name', async ({ markdown, parts }) => {
    const { html } = await renderMarkdown(markdown)
    for (const part of parts) expect(html).toContain(part)
  })

  it('highlights code at render time with light and dark CSS variables, escapes unknown languages', async () => {
    const { html } = await renderMarkdown('```ts\nconst a = 1\n```\n\n```inconnu\n<b>x</b>\n```')
    expect(html).toContain('class="shiki shiki-themes github-light github-dark"')
    expect(html).toMatch(/--shiki-light:#[0-9a-f]+;--shiki-dark:#[0-9a-f]+/i)
    expect(html).toContain('&#x3C;b>x&#x3C;/b>')
    expect(html).not.toContain('<b>')
  })

  it('renders same-site and https images lazily, drops other schemes to their alt text', async () => {
    const { html } = await renderMarkdown(
      '![local](/a.webp) ![sûre](https://ex.com/b.png) ![http](http://ex.com/c.png) ![proto](//ex.com/d.png) ![données](data:image/png;base64,AA)',
    )
    expect(html).toContain('<img src="/a.webp" alt="local" loading="lazy" decoding="async">')
    expect(html).toContain(
      '<img src="https://ex.com/b.png" alt="sûre" loading="lazy" decoding="async">',
    )
    expect(html).not.toContain('ex.com/c.png')
    expect(html).not.toContain('ex.com/d.png')
    expect(html).not.toContain('data:')
    expect(html).toContain('http proto données')
    expect(
      renderImage({
        type: 'element',
        tagName: 'img',
        properties: { src: '/x.png', alt: 'x' },
        children: [],
      }),
    ).toMatchObject({
      properties: { loading: 'lazy' },
    })
  })

  it('renders a media-library image as a responsive picture with its size', async () => {
    const hash = 'a'.repeat(32)
    const { html } = await renderMarkdown(`![Fourvière](/media/${hash}-1600x900.jpg)`)
    expect(html).toContain('<picture>')
    expect(html).toContain(`<source type="image/avif" srcset="/media/${hash}-w320.avif 320w`)
    expect(html).toContain(`<source type="image/webp" srcset="/media/${hash}-w320.webp 320w`)
    expect(html).toContain(`src="/media/${hash}-w1600.jpg"`)
    expect(html).toContain('alt="Fourvière"')
    expect(html).toContain('width="1600" height="900"')
    expect(html).toContain('loading="lazy"')
  })

  it('adds a table of contents to long posts only', async () => {
    const sections = ['Un', 'Deux', 'Trois'].map(
      (t) => `## ${t}\n\n### Sous ${t}\n\n${'mot '.repeat(TOC_MIN_WORDS / 3)}`,
    )
    const long = await renderMarkdown(sections.join('\n\n'))
    expect(long.html.startsWith(`<nav class="toc" aria-label="${TOC_TITLE}">`)).toBe(true)
    expect(long.html).toContain('<a href="#sous-un">Sous Un</a>')
    expect(long.toc.map((e) => e.id)).toEqual([
      'un',
      'sous-un',
      'deux',
      'sous-deux',
      'trois',
      'sous-trois',
    ])
    const short = await renderMarkdown('## Un\n\n## Deux\n\n## Trois\n\nCourt.')
    expect(short.html).not.toContain('<nav')
  })

  it('keeps no document state between renders that share a processor (ADR 108)', async () => {
    const long = (title: string) =>
      `## ${title}\n\n## ${title}\n\n## Fin\n\n${'mot '.repeat(TOC_MIN_WORDS)}`
    // Rendered at the same time: each document's table of contents and heading ids are its own.
    const [a, b, c] = await Promise.all([
      renderMarkdown(long('Alpha')),
      renderMarkdown(long('Beta')),
      renderMarkdown('## Alpha\n\nCourt.'),
    ])
    expect(a.toc.map((e) => e.id)).toEqual(['alpha', 'alpha-1', 'fin'])
    expect(b.toc.map((e) => e.id)).toEqual(['beta', 'beta-1', 'fin'])
    expect(b.html).toContain('<a href="#beta-1">Beta</a>')
    expect(b.html).not.toContain('alpha')
    // The slugger starts again for every document: no 'alpha-2' from the renders before.
    expect(c.toc).toEqual([{ id: 'alpha', text: 'Alpha', depth: 2 }])
    expect(c.html).not.toContain('<nav')
    const english = await renderMarkdown(long('Gamma'), 'en')
    expect(english.html).toContain('Link to the section “Gamma”')
    expect(english.html).not.toContain('Lien vers')
  })

  it.each(HOSTILE_MARKDOWN.map((payload, i) => [i, payload]))(
    'neutralises hostile payload %i',
    async (_i, payload) => {
      const { html } = await renderMarkdown(payload)
      expectSafe(html)
    },
  )

  it('neutralises the whole hostile corpus at once', async () => {
    expectSafe((await renderMarkdown(HOSTILE_BODY)).html)
  })
})

describe('word count and reading time', () => {
  it('counts words, not URLs or Markdown marks, and rounds the reading time up (min 1)', () => {
    expect(countWords('## Titre\n\n**Deux mots** [un lien](https://example.com/a-b-c) l’été')).toBe(
      6,
    )
    expect(readingTime('')).toBe(1)
    expect(readingTime('mot '.repeat(201))).toBe(2)
  })
})

describe('the words the pipeline writes, in the body’s language (ADR 089)', () => {
  it('labels heading anchors and footnotes in English for an English body', async () => {
    const text = '## Method\n\nA note.[^1]\n\n[^1]: The note.'
    const english = (await renderMarkdown(text, 'en')).html
    expect(english).toContain('aria-label="Link to the section “Method”"')
    expect(english).toContain('Back to text')
    expect(english).not.toMatch(/Lien vers la section|Retour au texte/)
    const french = (await renderMarkdown(text)).html
    expect(french).toContain('aria-label="Lien vers la section « Method »"')
  })
})

describe('click goals in Markdown (ADR 103)', () => {
  it('a link titled « objectif:nom » carries data-goal, without the title', async () => {
    const { html } = await renderMarkdown('[Devis](/contact "objectif:demande-devis")')
    expect(html).toContain('<a href="/contact" data-goal="demande-devis">Devis</a>')
    expect(html).not.toContain('title=')
  })

  it.each([
    ['a quote breaking out', 'objectif:x\\" onclick=\\"alert(1)'],
    ['markup', 'objectif:<script>alert(1)</script>'],
    ['a scheme', 'objectif:javascript:alert(1)'],
    ['capitals and spaces', 'objectif:Demande devis'],
    ['an empty name', 'objectif:'],
    ['a name too long', `objectif:${'a'.repeat(41)}`],
  ])('refuses %s: no data-goal, nothing unsafe', async (_name, title) => {
    const { html } = await renderMarkdown(`[Devis](/contact "${title}")`)
    expect(html).not.toContain('data-goal')
    expectSafe(html)
  })

  it('raw HTML cannot set data-goal', async () => {
    const { html } = await renderMarkdown('<a href="/x" data-goal="devis">x</a>')
    expect(html).not.toContain('data-goal')
  })
})
