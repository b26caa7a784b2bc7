// A post made ready in the worker (ADR 083): its HTML (WordPress shortcodes expanded) turned
// into Markdown, that Markdown rendered as the editor renders it (ADR 102) and its excerpt
// turned into text, so the main thread only writes it. A post too
// long or too deeply nested is reported as failed here, alone, and the import goes on.
import {
  expandShortcodes,
  htmlToMarkdown,
  htmlToText,
  type ShortcodeContext,
} from './html-to-markdown.server.ts'
import {
  clip,
  ImportRefused,
  MAX_SOURCE_HTML,
  MAX_SOURCE_MARKDOWN,
  postLabel,
  savedBody,
  SOURCE_TEXTS,
  stripMarkdown,
  type Emit,
  type RawPost,
  type SourcePost,
} from './source.server.ts'

/** Why one item could not be read, in French. */
export function itemReason(error: unknown): string {
  if (error instanceof ImportRefused) return error.message
  // A stack overflow: some structure nested past what the converters walk.
  if (error instanceof RangeError) return SOURCE_TEXTS.tooDeep
  return SOURCE_TEXTS.unreadable
}

export function preparePost(
  raw: RawPost,
  notes: string[] = [],
  context: ShortcodeContext = {},
): SourcePost {
  const { html, excerpt, ...rest } = raw
  const out = [...notes]
  let markdown = raw.markdown ?? ''
  let rendered = ''
  let galleryImages: string[] = []
  if (html !== undefined) {
    if (html.length > MAX_SOURCE_HTML)
      throw new ImportRefused(SOURCE_TEXTS.tooLong(MAX_SOURCE_HTML))
    const expanded = expandShortcodes(html, context)
    out.push(...expanded.notes)
    galleryImages = expanded.galleryImages
    rendered = expanded.html
    markdown = htmlToMarkdown(rendered)
  }
  if (markdown.length > MAX_SOURCE_MARKDOWN)
    throw new ImportRefused(SOURCE_TEXTS.tooLong(MAX_SOURCE_MARKDOWN))
  // Excerpts come from the rendered text: no shortcode ever reaches a card, a feed or a meta
  // description (ADR 088).
  const text =
    (excerpt && htmlToText(expandShortcodes(excerpt).html)) ||
    (rendered ? htmlToText(rendered) : '') ||
    stripMarkdown(markdown.slice(0, 5000))
  return {
    ...rest,
    markdown,
    excerpt: text ? clip(text, 300) : undefined,
    notes: out,
    ...(galleryImages.length > 0 ? { galleryImages } : {}),
  }
}

/** Prepares `raw` and hands it over, or reports it failed. */
export async function emitPost(
  emit: Emit,
  raw: RawPost,
  notes: string[] = [],
  context: ShortcodeContext = {},
): Promise<void> {
  let post: SourcePost
  try {
    post = preparePost(raw, notes, context)
  } catch (error) {
    await emit({
      type: 'fail',
      kind: raw.page ? 'page' : 'post',
      item: postLabel(raw),
      reason: itemReason(error),
      step: true,
    })
    return
  }
  // Rendered in a worker, never on the main thread nor under the write transaction (ADR 102):
  // the body as the pipeline will save it, Zod's trim included. With a render worker, the
  // post leaves unrendered and that worker renders it while this one reads on; the renderer
  // is then never loaded here (ADR 117, ADR 121). The HTML is the same: one processor, one
  // function.
  if (!emit.handOff) {
    const { renderMarkdown } = await import('#app/server/content/markdown.server.ts')
    const body = savedBody(post)
    post.rendered = { markdown: body, html: (await renderMarkdown(body)).html }
  }
  await emit({ type: 'post', post })
}
