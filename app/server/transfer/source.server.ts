// What a format reader hands to the import pipeline (ADR 066, ADR 083). Readers run in a
// worker thread: they parse the file, cap every field while reading, turn HTML into
// Markdown and render that Markdown there (ADR 102), then send each item as a plain message;
// the pipeline, on the main thread, writes it. Nothing here does I/O, so the worker and the main thread can both load it.
// The limits alone, not the form schemas: a reader or a render worker never loads Zod (ADR 124).
import { MAX_LENGTH } from '#app/domain/limits.ts'
import type { ItemKind, Outcome } from '#app/domain/transfer.ts'

/** A refusal of the whole file, before anything was written (French, shown as is). */
export class ImportRefused extends Error {}

/**
 * Longest HTML body a reader keeps (characters). Beyond it the post is reported as too long
 * without being parsed further: its Markdown could not fit the body's limit anyway.
 */
export const MAX_SOURCE_HTML = 8 * MAX_LENGTH.long
/** Longest Markdown body a reader keeps (the editor's limit). */
export const MAX_SOURCE_MARKDOWN = MAX_LENGTH.long
/** Longest short field (title, slug, date, link, author…) a reader keeps. */
export const MAX_SOURCE_FIELD = 10_000
/** Deepest nesting a structured document (Ghost's Lexical) may have. */
export const MAX_SOURCE_DEPTH = 200

export const SOURCE_TEXTS = {
  tooLong: (max: number) =>
    `contenu trop long (plus de ${max.toLocaleString('fr-FR')} caractères) : article non importé`,
  truncated: (field: string, max: number) =>
    `champ « ${field} » tronqué à ${max.toLocaleString('fr-FR')} caractères`,
  tooDeep: 'document trop profondément imbriqué : article non importé',
  unreadable: 'illisible',
}

/** The body of a post empty at its source: a comment, never rendered (ADR 088). */
export const EMPTY_BODY = '<!-- Article sans contenu à l’origine -->'

/** One post as a reader found it, before its HTML is converted. */
export interface RawPost {
  /** '<format>:post:<id>' — what makes a second import find it. */
  sourceKey: string
  title: string
  slug?: string
  /** Either HTML (converted in the worker) or Markdown (kept). */
  html?: string
  markdown?: string
  /** HTML or text. */
  excerpt?: string
  category?: string
  tags?: string[]
  /** ISO date of publication. */
  publishedAt?: string
  status: 'published' | 'scheduled' | 'draft'
  /** Why the source status was turned into a draft, for the report. */
  draftReason?: string
  featureImage?: string
  /** The address on the former site ('/2013/01/11/slug/'), answered with a 301. */
  oldPath?: string
  authorName?: string
  /** The file the post came from, when its relative images are in the same folder or zip. */
  localFrom?: string
  /** A page of the former site, not a post: it becomes one of the owner's pages (ADR 090). */
  page?: boolean
}

/** One post ready to be written: its body is Markdown, its excerpt plain text. */
export interface SourcePost extends Omit<RawPost, 'html' | 'excerpt'> {
  markdown: string
  excerpt?: string
  /** Remarks for the report (shortcodes replaced, fields cut). */
  notes?: string[]
  /** The images its galleries show: the report says once how many came in (ADR 088). */
  galleryImages?: string[]
  /**
   * The body as it will be saved (trimmed, EMPTY_BODY for an empty post) and its HTML,
   * rendered in the worker (ADR 102); the main thread renders again only when it rewrote
   * the body (images moved into the library).
   */
  rendered?: { markdown: string; html: string }
}

/**
 * What the worker sends, in order; the main thread acknowledges each one once it has taken
 * it, and the worker keeps at most IMPORT_WINDOW of them unacknowledged (ADR 102).
 */
export type ImportMessage =
  | { type: 'post'; post: SourcePost }
  | { type: 'media'; url: string }
  | { type: 'row'; table: string; row: unknown }
  | { type: 'count'; kind: ItemKind; outcome: Outcome; by?: number; step?: boolean }
  | { type: 'note'; text: string }
  /** A former address of the site (feed, category, tag, author, archive) and its new one. */
  | { type: 'address'; oldPath: string; target: string }
  /** An item that counts for the progress only. */
  | { type: 'step' }
  | { type: 'fail'; kind: ItemKind; item: string; reason: string; step?: boolean }

/** Messages the worker may send ahead of the main thread's acknowledgements (ADR 102). */
export const IMPORT_WINDOW = 16

/**
 * How a reader hands over an item: resolves once the pipeline can take another. `handOff`
 * (the import's reader, which has a render worker beside it) says posts are sent unrendered:
 * the render worker renders them while the reader reads on (ADR 117, ADR 121).
 */
export type Emit = ((message: ImportMessage) => Promise<void>) & { handOff?: boolean }

/** A Markdown text sent to the render worker, and its HTML (none when it failed), ADR 117. */
export interface RenderRequest {
  id: number
  markdown: string
}
export interface RenderReply {
  id: number
  html?: string
}

/** The end of a reader's run, sent after its last item. */
export type WorkerEnd =
  { type: 'done' } | { type: 'refused'; message: string } | { type: 'error'; message: string }

export type ParseFormat =
  'wordpress' | 'ghost' | 'medium' | 'markdown-zip' | 'markdown-folder' | 'vitrine'

export interface ParseJob {
  file: string
  format: ParseFormat
  /** A lone Markdown file of the folder. */
  only?: string
}

export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`
}

/** The label a post (or a page) has in the report. */
export function postLabel(post: {
  title?: string
  slug?: string
  sourceKey: string
  page?: boolean
}): string {
  return `${post.page ? 'Page' : 'Article'} « ${clip(post.title || post.slug || post.sourceKey, 80)} »`
}

/** Markdown reduced to its words, for excerpts; the patterns are bounded (ADR 083). */
export function stripMarkdown(markdown: string): string {
  return markdown
    .replace(/!\[[^\][]{0,500}\]\([^()]{0,2048}\)/g, ' ')
    .replace(/\[([^\][]{0,500})\]\([^()]{0,2048}\)/g, '$1')
    .replace(/[#>*_`~|-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** The body a post is saved with: trimmed as Zod trims it, EMPTY_BODY for an empty post. */
export function savedBody(post: Pick<SourcePost, 'markdown' | 'page'>): string {
  const body = post.markdown.trim()
  return body === '' ? (post.page ? '' : EMPTY_BODY) : body
}
