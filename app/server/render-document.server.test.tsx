import { Suspense, use, useId } from 'react'
import { preload } from 'react-dom'
import { describe, expect, it } from 'vitest'
import {
  encodeDocument,
  prefillHandoff,
  renderDocumentInOnePass,
  renderInOnePass,
  renderStreamed,
} from './render-document.server.tsx'

const NONCE = 'bm9uY2Utb2YtdGhlLXRlc3Q'

/** What the public pages do that a renderer could write differently: an <html> root, head
 * elements hoisted from the body, preloads (fonts, a high-priority image), a stylesheet with
 * a precedence, adjacent text nodes, useId, a script with a nonce, a boundary that does not
 * suspend (React Router's StreamTransfer). */
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
          <div dangerouslySetInnerHTML={{ __html: '<p>Corps <em>Markdown</em></p>' }} />
        </main>
        <Suspense fallback={<p>…</p>}>
          <script nonce={NONCE} dangerouslySetInnerHTML={{ __html: 'window.x = "</p>"' }} />
        </Suspense>
      </body>
    </html>
  )
}

function Suspends({ promise }: { promise: Promise<string> }) {
  return <p>{use(promise)}</p>
}

describe('renderInOnePass', () => {
  it('writes the very bytes of the streaming renderer, doctype included', async () => {
    const element = <Document label="Camille Laurent" />
    const once = renderInOnePass(element)
    const streamed = await renderStreamed(element, NONCE, 5_000)
    expect(streamed.failed).toBe(false)
    expect(once).toBeDefined()
    expect(once!.startsWith('<!DOCTYPE html><html lang="fr">')).toBe(true)
    expect(once).toContain('rel="preload" as="image" href="/media/hero.webp"')
    expect(once).toBe(streamed.body.toString('utf8'))
    // The bytes the entry sends: the doctype encoded apart from the markup, same result.
    expect(renderDocumentInOnePass(element)!.equals(streamed.body)).toBe(true)
    // A fragment without an <html> root gets no doctype, in either form.
    const fragment = <p>Écrire à Lyon</p>
    expect(renderInOnePass(fragment)).toBe('<p>Écrire à Lyon</p>')
    expect(renderDocumentInOnePass(fragment)!.toString('utf8')).toBe('<p>Écrire à Lyon</p>')
  })

  it('gives up on a document that suspends, which the streaming renderer waits for', async () => {
    let settle!: (value: string) => void
    const promise = new Promise<string>((resolve) => (settle = resolve))
    const element = (
      <div>
        <Suspense fallback={<p>Chargement…</p>}>
          <Suspends promise={promise} />
        </Suspense>
      </div>
    )
    expect(renderInOnePass(element)).toBeUndefined()
    expect(renderDocumentInOnePass(element)).toBeUndefined()
    const streamed = renderStreamed(element, NONCE, 5_000)
    settle('Arrivé')
    const { body, failed } = await streamed
    expect(failed).toBe(false)
    expect(body.toString('utf8')).toContain('<p>Arrivé</p>')
  })
})

describe('prefillHandoff', () => {
  it('stores every read of the loader-data stream, decoded as React Router decodes it', async () => {
    const bytes = new TextEncoder().encode('[{"titre":"Écrire à Lyon"}]')
    // "É" is two bytes: the first chunk ends in the middle of it.
    const split = bytes.indexOf(0xc3) + 1
    const chunks = [bytes.slice(0, split), bytes.slice(split)]
    const context: Parameters<typeof prefillHandoff>[0] = {
      serverHandoffStream: new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk)
          controller.close()
        },
      }),
      renderMeta: { didRenderScripts: false },
    }
    const original = context.serverHandoffStream
    await prefillHandoff(context)

    const cache = context.renderMeta!.streamCache!
    expect(Object.keys(cache)).toEqual(['0', '1', '2'])
    expect(cache[0]!.result).toEqual({ done: false, value: '[{"titre":"' })
    expect(cache[1]!.result).toEqual({ done: false, value: 'Écrire à Lyon"}]' })
    expect(cache[2]!.result).toEqual({ done: true, value: '' })
    expect(context.renderMeta!.didRenderScripts).toBe(false)
    // React Router's ServerRouter takes a reader of the stream at each render: a fresh one,
    // with the same bytes should it read them.
    expect(context.serverHandoffStream).not.toBe(original)
    const replayed = await new Response(context.serverHandoffStream).arrayBuffer()
    expect(Buffer.from(replayed).equals(Buffer.from(bytes))).toBe(true)
  })

  it('leaves a context without loader data alone', async () => {
    const context: Parameters<typeof prefillHandoff>[0] = { renderMeta: {} }
    await prefillHandoff(context)
    expect(context).toEqual({ renderMeta: {} })
  })
})

describe('encodeDocument', () => {
  it('gives the bytes of Buffer.from, small or larger than its buffer, whatever the characters', () => {
    const french = '<p>« Ce que l’équipe a appris » — 2026 😀 \ud800 fin</p>'
    const samples = ['', 'ascii only', french, french.repeat(10_000), 'é'.repeat(200_000)]
    for (const html of samples) {
      const bytes = encodeDocument(html)
      expect(bytes.equals(Buffer.from(html))).toBe(true)
      // With a prefix written first (the doctype), in the buffer or past its end.
      const prefixed = encodeDocument(html, '<!DOCTYPE html>')
      expect(prefixed.equals(Buffer.from(`<!DOCTYPE html>${html}`))).toBe(true)
    }
    // Each document gets its own bytes: the next one does not overwrite them.
    const first = encodeDocument('premier')
    encodeDocument('second!')
    expect(first.toString()).toBe('premier')
  })
})
