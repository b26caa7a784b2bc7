// The third reference of `npm run bench:http`: React 19 renderToString of a 19 KB page, no
// data. A bare Node `http` server that renders, on every request, one static React
// tree (a header, a navigation, an article of sections, a footer: about 19 KB of HTML) with
// `renderToString` from the project's own react-dom, in production mode, and sends it. No
// router, no loader, no database: what React alone costs per page, so that the cache-off
// figures of `bench:http` can be read against plain React measured in the same run.
import { spawn, type ChildProcess } from 'node:child_process'

/** The server's source (an ES module run with `node --input-type=module -e`). */
export const REACT_REFERENCE_SOURCE = `
import { createServer } from 'node:http'
import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'

const words = 'portfolio design produit recherche utilisateur prototype interface atelier méthode équipe'.split(' ')
const sentence = (n) => Array.from({ length: 24 }, (_, i) => words[(i * 7 + n) % words.length]).join(' ') + '.'

function Section({ n }) {
  return h('section', { className: 'section', id: 'section-' + n },
    h('h2', { className: 'section-title' }, 'Partie ' + n + ' : ' + words[n % words.length]),
    h('p', null, sentence(n), ' ', h('a', { href: '/blog/' + n }, 'Lire la suite')),
    h('ul', { className: 'tags' }, [0, 1, 2].map((i) => h('li', { key: i }, words[(n + i) % words.length]))))
}

function Page() {
  return h('html', { lang: 'fr' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, 'Une page de démonstration')),
    h('body', null,
      h('header', { className: 'site-header' },
        h('nav', { 'aria-label': 'Navigation principale' },
          h('ul', null, ['Accueil', 'Projets', 'Blog', 'Contact'].map((label) =>
            h('li', { key: label }, h('a', { href: '/' + label.toLowerCase() }, label)))))),
      h('main', null,
        h('article', null,
          h('h1', null, 'Une page de démonstration'),
          Array.from({ length: SECTIONS }, (_, n) => h(Section, { key: n, n })))),
      h('footer', null, h('p', null, '© Vitrine'))))
}

const SECTIONS = 42
const server = createServer((req, res) => {
  const html = '<!DOCTYPE html>' + renderToString(h(Page))
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html) })
  res.end(html)
})
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'))
`

export interface ReactReference {
  child: ChildProcess
  origin: string
}

/** Starts the React reference from `root` (where react and react-dom resolve). */
export async function startReactReference(node: string, root: string): Promise<ReactReference> {
  const child = spawn(node, ['--input-type=module', '-e', REACT_REFERENCE_SOURCE], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const port = await new Promise<number>((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('\n')) resolve(Number(out.trim()))
    })
    child.once('exit', (code) => reject(new Error(`React reference exited (${code})`)))
  })
  return { child, origin: `http://127.0.0.1:${port}` }
}
