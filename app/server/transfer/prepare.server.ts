// A post made ready in the worker (ADR 083): its HTML (WordPress shortcodes expanded) turned
// into Markdown and its excerpt into text, so the main thread only writes it. A post too
// long or too deeply nested is reported as failed here, alone, and the import goes on.
import {
  expandShortcodes,
  htmlToMarkdown,
  htmlToText,
  stripMarkdown,
} from './html-to-markdown.server.ts'
import {
  clip,
  ImportRefused,
  MAX_SOURCE_HTML,
  MAX_SOURCE_MARKDOWN,
  postLabel,
  SOURCE_TEXTS,
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

export function preparePost(raw: RawPost, notes: string[] = []): SourcePost {
  const { html, excerpt, ...rest } = raw
  const out = [...notes]
  let markdown = raw.markdown ?? ''
  if (html !== undefined) {
    if (html.length > MAX_SOURCE_HTML)
      throw new ImportRefused(SOURCE_TEXTS.tooLong(MAX_SOURCE_HTML))
    const expanded = expandShortcodes(html)
    out.push(...expanded.notes)
    markdown = htmlToMarkdown(expanded.html)
  }
  if (markdown.length > MAX_SOURCE_MARKDOWN)
    throw new ImportRefused(SOURCE_TEXTS.tooLong(MAX_SOURCE_MARKDOWN))
  const text =
    (excerpt && htmlToText(excerpt)) ||
    (html ? htmlToText(html) : '') ||
    stripMarkdown(markdown.slice(0, 5000))
  return { ...rest, markdown, excerpt: text ? clip(text, 300) : undefined, notes: out }
}

/** Prepares `raw` and hands it over, or reports it failed. */
export async function emitPost(emit: Emit, raw: RawPost, notes: string[] = []): Promise<void> {
  let post: SourcePost
  try {
    post = preparePost(raw, notes)
  } catch (error) {
    await emit({
      type: 'fail',
      kind: 'post',
      item: postLabel(raw),
      reason: itemReason(error),
      step: true,
    })
    return
  }
  await emit({ type: 'post', post })
}
