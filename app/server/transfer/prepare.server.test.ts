// A post leaves the import's reader unrendered, for the render worker (ADR 117, ADR 121);
// a reader without one (a parse alone) renders it.
import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '#app/server/content/markdown.server.ts'
import { emitPost } from './prepare.server.ts'
import type { Emit, ImportMessage, SourcePost } from './source.server.ts'

async function sent(handOff?: boolean): Promise<SourcePost> {
  const messages: ImportMessage[] = []
  const emit: Emit = async (message) => {
    messages.push(message)
  }
  if (handOff) emit.handOff = true
  await emitPost(emit, {
    sourceKey: 'wordpress:post:1',
    title: 'Un',
    html: '<p>Texte <strong>gras</strong>.</p>',
    status: 'published',
  })
  const [message] = messages
  if (message?.type !== 'post') throw new Error('no post sent')
  return message.post
}

describe('emitPost', () => {
  it('renders the post in a reader without a render worker', async () => {
    const post = await sent(false)
    expect(post.rendered).toEqual({
      markdown: 'Texte **gras**.',
      html: (await renderMarkdown('Texte **gras**.')).html,
    })
    expect((await sent()).rendered).toEqual(post.rendered)
  })

  it('sends it unrendered to the render worker', async () => {
    const post = await sent(true)
    expect(post.rendered).toBeUndefined()
    expect(post.markdown).toBe('Texte **gras**.')
  })
})
