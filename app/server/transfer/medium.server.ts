// Medium export (Settings › Download your information): a .zip whose posts/ folder holds one
// HTML file per post; drafts are named 'draft_…'. ADR 066. Each file is read once, in linear
// time, by the tokenizer of html-walk (ADR 083), in the import worker: the title, subtitle,
// date, canonical link and the body's HTML (at most MAX_SOURCE_HTML) are picked on the way.
import path from 'node:path'
import { attribute, hasClass, HtmlWriter, walkHtml } from './html-walk.server.ts'
import { emitPost, itemReason } from './prepare.server.ts'
import { ImportRefused, MAX_SOURCE_HTML, SOURCE_TEXTS, type Emit } from './source.server.ts'
import type { OpenZip } from './zip.server.ts'

const MEDIUM_POST = /(^|\/)posts\/[^/]+\.html$/i
/** A post's file is read up to this many bytes (its body is capped below that anyway). */
const MAX_FILE_BYTES = 4 * MAX_SOURCE_HTML

export function isMediumZip(zip: OpenZip): boolean {
  return zip.entries.some((e) => MEDIUM_POST.test(e.fileName))
}

export interface MediumPost {
  title: string
  subtitle: string
  body: string
  /** The body was longer than MAX_SOURCE_HTML. */
  bodyTooLong: boolean
  published?: string
  canonical?: string
}

type Capture = 'title' | 'fallbackTitle' | 'subtitle' | 'body' | 'skip'

export function parseMediumHtml(html: string): MediumPost {
  let title = ''
  let fallbackTitle = ''
  let subtitle = ''
  let published: string | undefined
  let canonical: string | undefined
  const body = new HtmlWriter(MAX_SOURCE_HTML)
  let sawBody = false
  let removedTitle = false
  // What the text being read belongs to, and the depth of the element that started it.
  let capture: { kind: Capture; depth: number } | undefined
  let skip: number | undefined
  const short = (current: string, text: string) =>
    current.length > MAX_SOURCE_HTML ? current : current + text
  walkHtml(html, {
    open(name, attrs, depth) {
      if (name === 'time' && !published && hasClass(attrs, 'dt-published'))
        published = attribute(attrs, 'datetime')
      if (name === 'a' && !canonical && hasClass(attrs, 'p-canonical'))
        canonical = attribute(attrs, 'href')
      if (capture?.kind === 'body') {
        if (skip !== undefined) return
        // Medium repeats the title as the first heading of the body.
        if (name === 'h3' && !removedTitle && hasClass(attrs, 'graf--title')) {
          removedTitle = true
          skip = depth
          return
        }
        body.open(name, attrs)
        return
      }
      if (capture) return
      if (name === 'h1' && !title && hasClass(attrs, 'p-name')) capture = { kind: 'title', depth }
      else if (name === 'title' && !fallbackTitle) capture = { kind: 'fallbackTitle', depth }
      else if (name === 'section' && attribute(attrs, 'data-field') === 'subtitle' && !subtitle)
        capture = { kind: 'subtitle', depth }
      else if (name === 'section' && attribute(attrs, 'data-field') === 'body' && !sawBody) {
        sawBody = true
        capture = { kind: 'body', depth }
        body.open(name, attrs)
      }
    },
    close(name, depth) {
      if (skip !== undefined) {
        if (depth === skip) skip = undefined
        return
      }
      if (capture?.kind === 'body') body.close(name)
      if (capture && depth === capture.depth) capture = undefined
    },
    text(text) {
      if (!capture || skip !== undefined) return
      if (capture.kind === 'title') title = short(title, text)
      else if (capture.kind === 'fallbackTitle') fallbackTitle = short(fallbackTitle, text)
      else if (capture.kind === 'subtitle') subtitle = short(subtitle, text)
      else if (capture.kind === 'body') body.text(text)
    },
  })
  const clean = (text: string) => text.replace(/\s+/g, ' ').trim()
  return {
    title: clean(title) || clean(fallbackTitle),
    subtitle: clean(subtitle),
    body: body.overflow ? '' : body.toString(),
    bodyTooLong: body.overflow,
    published,
    canonical,
  }
}

/** Reads a Medium export in the worker and hands its posts to `emit`. */
export async function parseMedium(zip: OpenZip, emit: Emit): Promise<void> {
  for (const entry of zip.entries) {
    if (!MEDIUM_POST.test(entry.fileName)) continue
    const name = path.posix.basename(entry.fileName, '.html')
    let post: MediumPost
    try {
      post = parseMediumHtml(await zip.text(entry, MAX_FILE_BYTES))
      if (post.bodyTooLong) throw new ImportRefused(SOURCE_TEXTS.tooLong(MAX_SOURCE_HTML))
    } catch (error) {
      await emit({
        type: 'fail',
        kind: 'post',
        item: `Fichier « ${name} »`,
        reason: itemReason(error),
        step: true,
      })
      continue
    }
    const draft = name.startsWith('draft_')
    // 'https://medium.com/@me/my-title-1a2b3c4d5e6f' → 'my-title'
    // A draft's '/p/1a2b3c4d5e6f' names no slug: the title gives it.
    let slug: string | undefined
    try {
      const last = post.canonical
        ? (new URL(post.canonical, 'https://medium.com').pathname.split('/').pop() ?? '')
        : ''
      slug = /^[0-9a-f]{8,12}$/.test(last)
        ? undefined
        : last.replace(/-[0-9a-f]{8,12}$/, '') || undefined
    } catch {
      slug = undefined
    }
    await emitPost(emit, {
      sourceKey: `medium:post:${name.replace(/^draft_/, '')}`,
      title: post.title,
      slug,
      html: post.body,
      excerpt: post.subtitle || undefined,
      publishedAt: post.published,
      status: draft ? 'draft' : 'published',
    })
  }
}
