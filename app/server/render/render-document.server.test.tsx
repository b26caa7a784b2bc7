import { Suspense, use, useId } from 'react'
import { preload } from 'react-dom'
import { describe, expect, it, vi } from 'vitest'
import { renderDocument } from './render-document.server.tsx'

const NONCE = 'bm9uY2Utb2YtdGhlLXRlc3Q'

/** What the public pages render: an <html> root, head elements hoisted from the body,
 * preloads (fonts, a high-priority image), a stylesheet with a precedence, useId, a script
 * with a nonce. */
function Document({ label }: { label: string }) {
  preload('/assets/font.woff2', { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' })
  const id = useId()
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <link rel="stylesheet" href="/assets/app.css" precedence="default" />
      </head>
      <body>
        <title>{`Titre — ${label}`}</title>
        <meta name="description" content="Une page « accentuée »" />
        <main>
          <img src="/media/hero.webp" alt="" fetchPriority="high" />
          <label htmlFor={id}>
            © {2026} {label}. Tous droits réservés.
          </label>
          <input id={id} />
        </main>
        <script nonce={NONCE} dangerouslySetInnerHTML={{ __html: 'window.x = "</p>"' }} />
      </body>
    </html>
  )
}

function Suspends({ promise }: { promise: Promise<string> }) {
  return <p>{use(promise)}</p>
}

function Throws(): never {
  throw new Error('échec dans la frontière')
}

describe('renderDocument', () => {
  it('writes the whole document into one buffer, doctype and hoisted head included', async () => {
    const { body, failed } = await renderDocument(
      <Document label="Camille Laurent" />,
      NONCE,
      5_000,
    )
    expect(failed).toBe(false)
    const html = body.toString('utf8')
    expect(html.startsWith('<!DOCTYPE html><html lang="fr"><head>')).toBe(true)
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head).toContain('<title>Titre — Camille Laurent</title>')
    expect(head).toContain('<meta name="description" content="Une page « accentuée »"/>')
    expect(head).toContain('rel="preload" as="image" href="/media/hero.webp"')
    expect(head).toContain('href="/assets/font.woff2"')
    expect(html.replaceAll('<!-- -->', '')).toContain(
      '© 2026 Camille Laurent. Tous droits réservés.',
    )
    expect(html).toContain(`<script nonce="${NONCE}">`)
    expect(html.endsWith('</html>')).toBe(true)
  })

  it('waits for every Suspense boundary: the page is sent complete', async () => {
    let settle!: (value: string) => void
    const promise = new Promise<string>((resolve) => (settle = resolve))
    const rendered = renderDocument(
      <div>
        <Suspense fallback={<p>Chargement…</p>}>
          <Suspends promise={promise} />
        </Suspense>
      </div>,
      NONCE,
      5_000,
    )
    settle('Arrivé')
    const { body, failed } = await rendered
    expect(failed).toBe(false)
    const html = body.toString('utf8')
    expect(html).toContain('<p>Arrivé</p>')
    expect(html).not.toContain('Chargement…')
  })

  it('reports (and logs) an error inside a boundary, and rejects an error of the shell', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const inBoundary = await renderDocument(
      <main>
        <Suspense fallback={<p>Chargement…</p>}>
          <Throws />
        </Suspense>
      </main>,
      NONCE,
      5_000,
    )
    expect(inBoundary.failed).toBe(true)
    expect(inBoundary.body.toString('utf8')).toContain('<main>')
    expect(logged).toHaveBeenCalledTimes(1)
    await expect(renderDocument(<Throws />, NONCE, 5_000)).rejects.toThrow(
      'échec dans la frontière',
    )
    expect(logged).toHaveBeenCalledTimes(1)
  })

  it('aborts a render still waiting after the timeout, leaving that part to the browser', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { body, failed } = await renderDocument(
      <main>
        <Suspense fallback={<p>Chargement…</p>}>
          <Suspends promise={new Promise<string>(() => {})} />
        </Suspense>
      </main>,
      NONCE,
      10,
    )
    expect(failed).toBe(true)
    expect(body.toString('utf8')).toContain('<p>Chargement…</p>')
    expect(logged).toHaveBeenCalled()
  })
})
