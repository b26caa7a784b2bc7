// markupTree gives back the very markup React wrote: rendering the tree again is a round trip.
import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { markupTree } from './markup-tree.ts'

function page() {
  return h(
    'html',
    { lang: 'fr', 'data-theme': 'neutral' },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('script', {
        nonce: 'abc',
        dangerouslySetInnerHTML: { __html: 'if (a < b && c > d) go("x")' },
      }),
      h('style', { dangerouslySetInnerHTML: { __html: ':root{--x:1}' } }),
      h('link', { rel: 'modulepreload', href: '/assets/a.js', crossOrigin: '' }),
      h('title', null, 'Titre « cité » & compagnie'),
    ),
    h(
      'body',
      { className: 'antialiased' },
      h('a', { href: '#contenu', className: 'sr-only' }, 'Aller au contenu'),
      h(
        'main',
        { id: 'contenu', style: { minHeight: '10px', '--gap': '2px' } },
        h('h1', null, 'Bonjour ', 'Léa', ' !'),
        h('p', { 'aria-label': 'Texte "cité"', 'data-x': "l'apostrophe" }, 'a < b & c'),
        h(
          'svg',
          { viewBox: '0 0 24 24', strokeWidth: 2, strokeLinecap: 'round', 'aria-hidden': 'true' },
          h('path', { d: 'M5 12h14' }),
        ),
        h('img', { src: '/a.webp', alt: '', width: 32, height: 32, fetchPriority: 'high' }),
        h(
          'form',
          { method: 'post' },
          h('label', { htmlFor: 'n' }, 'Nom'),
          h('input', { id: 'n', name: 'n', required: true, maxLength: 80, defaultValue: 'x' }),
          h('textarea', { name: 'm', defaultValue: 'Un message\navec une ligne' }),
          h('button', { type: 'submit', disabled: true }, 'Envoyer'),
        ),
        h('br'),
        h(
          'ul',
          null,
          ['un', 'deux'].map((t) => h('li', { key: t }, t)),
        ),
      ),
      h('script', {
        type: 'module',
        async: true,
        dangerouslySetInnerHTML: { __html: 'import("/a.js")' },
      }),
    ),
  )
}

describe('markupTree', () => {
  it("renders again to React's very markup", () => {
    const html = renderToString(page())
    expect(renderToString(markupTree(html))).toBe(html)
    expect(renderToString(markupTree(`<!DOCTYPE html>${html}`))).toBe(html)
  })

  it('keeps no component: only host elements', () => {
    const tree = markupTree('<div class="a"><p>texte</p></div>')
    expect(tree.type).toBe('div')
    expect(tree.props).toMatchObject({ className: 'a' })
  })
})
