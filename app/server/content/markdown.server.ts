// Markdown → safe HTML for blog posts and project texts (ADR 020).
//
// CommonMark + GFM (tables, task lists, strikethrough, autolinks, footnotes), parsed by
// remark, turned into HTML by rehype. Raw HTML typed in the text is dropped (remark-rehype
// without allowDangerousHtml), then the tree is sanitised with an allow-list BEFORE our own
// trusted steps add heading ids and anchors, external-link rel, lazy images, the table of
// contents and Shiki's highlighting (inline CSS variables the sanitiser would otherwise strip).
// Highlighting is costly (~ms per block): callers store the HTML at save time; renderMarkdown
// also memoises by content hash for the few places that render on the fly (preview).
// The pipeline (unified, remark, rehype) is imported at the first render, not at start-up:
// pages show stored HTML (ADR 030); Shiki and its grammars (~45 MB, ~0.5 s) at the first code
// block that names a language (ADR 108).
import type { Locale } from '#app/domain/i18n/locale.ts'
import { createHash } from 'node:crypto'
import type { Element, ElementContent, Root, RootContent } from 'hast'
import { getCache } from '../cache/caches.server.ts'
import type { Options as SanitizeSchema } from 'rehype-sanitize'
import type { Highlighter } from 'shiki'
import type { Processor } from 'unified'
import { countWords, DECORATIVE_IMAGE_TITLE, isAllowedImageUrl } from '#app/domain/markdown.ts'
import { GOAL_NAME_PATTERN } from '#app/domain/analytics-beacon.ts'
import {
  VARIANT_FORMATS,
  VARIANT_MIME,
  mediaUrl,
  parseImageUrl,
  variantKey,
  variantSrcSet,
  variantWidths,
} from '#app/domain/media-file.ts'

/** Code languages highlighted; any other fence renders as plain (escaped) text. */
export const CODE_LANGUAGES = [
  'bash',
  'c',
  'cpp',
  'css',
  'diff',
  'go',
  'html',
  'java',
  'javascript',
  'json',
  'jsx',
  'markdown',
  'php',
  'python',
  'ruby',
  'rust',
  'sql',
  'tsx',
  'typescript',
  'xml',
  'yaml',
] as const

/** Matching pair: the public site is dark, the admin preview is light (CSS picks, ADR 020). */
export const CODE_THEMES = { light: 'github-light', dark: 'github-dark' } as const

/** A post gets a table of contents from this many h2/h3 headings and this many words. */
export const TOC_MIN_HEADINGS = 3
export const TOC_MIN_WORDS = 600
export const TOC_TITLE = 'Sommaire'

/**
 * Allow-list: GitHub's schema (what rehype-sanitize ships) minus anything that could load or
 * run something: links only http(s)/mailto, images only https or same-site paths (checked
 * again in renderImage), no `<input>` but the disabled task-list checkbox.
 */
const schemaFrom = (defaultSchema: SanitizeSchema): SanitizeSchema => ({
  ...defaultSchema,
  // Raw HTML is dropped before sanitising, so the only ids in the tree are remark-rehype's
  // footnote ids, already prefixed "user-content-": prefixing again would break their links.
  clobberPrefix: '',
  protocols: {
    ...defaultSchema.protocols,
    href: ['http', 'https', 'mailto'],
    src: ['https'],
    cite: ['http', 'https'],
  },
  // A link marked as a click goal (ADR 103): only a name of the safe pattern.
  attributes: {
    ...defaultSchema.attributes,
    a: [...(defaultSchema.attributes?.a ?? []), ['dataGoal', GOAL_NAME_PATTERN]],
  },
})

/** A link's title « objectif:nom » marks it as a click goal (ADR 103). */
const GOAL_TITLE = /^objectif\s*:\s*(.*)$/i

/**
 * `[texte](/adresse "objectif:nom")`: the title becomes `data-goal="nom"` (raw HTML is
 * dropped, so Markdown's title is the way to mark a link). Runs before the sanitiser, which
 * lets the attribute through only when the name has the safe pattern.
 */
function rehypeGoalLinks() {
  return (tree: Root) => {
    walk(tree, (element) => {
      if (element.tagName !== 'a' || typeof element.properties.title !== 'string') return
      const goal = GOAL_TITLE.exec(element.properties.title.trim())
      if (!goal) return
      delete element.properties.title
      element.properties.dataGoal = goal[1]!.trim()
    })
  }
}

export interface TocEntry {
  id: string
  text: string
  depth: 2 | 3
}

export interface RenderedMarkdown {
  html: string
  words: number
  toc: TocEntry[]
}

function textOf(node: ElementContent | RootContent | Root): string {
  if (node.type === 'text') return node.value
  if (node.type === 'element' && String(node.properties.className) === 'heading-anchor') return ''
  if ('children' in node) return node.children.map((child) => textOf(child)).join('')
  return ''
}

function walk(
  node: Root | Element,
  visit: (element: Element, parent: Root | Element, index: number) => void,
) {
  node.children.forEach((child, index) => {
    if (child.type !== 'element') return
    visit(child, node, index)
    walk(child, visit)
  })
}

/**
 * THE place where an image of a post or project is rendered (integration point for the media
 * library, ADR 017): today a plain lazy `<img>` with no width/height; a library URL can later
 * become a responsive `<picture>`/srcset here. An image whose URL is not allowed becomes its
 * alternative text, so nothing loads from `http:`, `data:` or another scheme.
 */
export function renderImage(image: Element): ElementContent {
  const src = typeof image.properties.src === 'string' ? image.properties.src : ''
  const alt = typeof image.properties.alt === 'string' ? image.properties.alt : ''
  if (!isAllowedImageUrl(src)) return { type: 'text', value: alt }
  const given = typeof image.properties.title === 'string' ? image.properties.title : undefined
  // `![](… "décorative")`: an empty alt on purpose, the marker is no tooltip (ADR 093).
  const decorative = alt.trim() === '' && given?.trim() === DECORATIVE_IMAGE_TITLE
  const title = given !== undefined && !decorative ? { title: given } : {}
  const library = parseImageUrl(src)
  if (!library) {
    return {
      type: 'element',
      tagName: 'img',
      properties: { src, alt, ...title, loading: 'lazy', decoding: 'async' },
      children: [],
    }
  }
  // A media-library image (ADR 017): the same <picture> as <ResponsiveImage>, sized to the
  // article column, with width and height so nothing shifts while it loads.
  const sizes = MARKDOWN_IMAGE_SIZES
  const widths = variantWidths(library.width)
  const largest = widths[widths.length - 1] ?? library.width
  return {
    type: 'element',
    tagName: 'picture',
    properties: {},
    children: [
      ...VARIANT_FORMATS.map((format): Element => ({
        type: 'element',
        tagName: 'source',
        properties: {
          type: VARIANT_MIME[format],
          srcSet: variantSrcSet(library.hash, library.width, format),
          sizes,
        },
        children: [],
      })),
      {
        type: 'element',
        tagName: 'img',
        properties: {
          src: mediaUrl(variantKey(library.hash, largest, library.fallback)),
          srcSet: variantSrcSet(library.hash, library.width, library.fallback),
          sizes,
          alt,
          ...title,
          width: library.width,
          height: library.height,
          loading: 'lazy',
          decoding: 'async',
        },
        children: [],
      },
    ],
  }
}

/** How wide an image shows in an article or project text (the reading column). */
const MARKDOWN_IMAGE_SIZES = '(min-width: 768px) 720px, calc(100vw - 48px)'

function rehypeImages() {
  return (tree: Root) => {
    walk(tree, (element, parent, index) => {
      if (element.tagName === 'img') parent.children[index] = renderImage(element) as Element
    })
  }
}

/**
 * What one render reads and writes besides its text (the word count it is given, the table of
 * contents it finds) travels in the document's own file data, never in the processor, which
 * every render of a language shares (ADR 108).
 */
interface RenderFile {
  data: Record<string, unknown>
}

/** Collects h2/h3 (after rehype-slug) and, for a long post, prepends a <nav> listing them. */
function rehypeToc() {
  return (tree: Root, file: RenderFile) => {
    const toc: TocEntry[] = []
    walk(tree, (element) => {
      if (
        (element.tagName === 'h2' || element.tagName === 'h3') &&
        typeof element.properties.id === 'string' &&
        !isFootnoteLabel(element)
      ) {
        toc.push({
          id: element.properties.id,
          text: textOf(element).trim(),
          depth: element.tagName === 'h2' ? 2 : 3,
        })
      }
    })
    file.data.toc = toc
    const words = typeof file.data.words === 'number' ? file.data.words : 0
    if (toc.length < TOC_MIN_HEADINGS || words < TOC_MIN_WORDS) return
    const items: Element[] = []
    for (const entry of toc) {
      const item: Element = {
        type: 'element',
        tagName: 'li',
        properties: {},
        children: [
          {
            type: 'element',
            tagName: 'a',
            properties: { href: `#${entry.id}` },
            children: [{ type: 'text', value: entry.text }],
          },
        ],
      }
      const parent = items.at(-1)
      if (entry.depth === 3 && parent) {
        let sub = parent.children.find(
          (c): c is Element => c.type === 'element' && c.tagName === 'ol',
        )
        if (!sub) {
          sub = { type: 'element', tagName: 'ol', properties: {}, children: [] }
          parent.children.push(sub)
        }
        sub.children.push(item)
      } else items.push(item)
    }
    tree.children.unshift({
      type: 'element',
      tagName: 'nav',
      properties: { className: ['toc'], ariaLabel: TOC_TITLE },
      children: [
        {
          type: 'element',
          tagName: 'p',
          properties: { className: ['toc-title'] },
          children: [{ type: 'text', value: TOC_TITLE }],
        },
        { type: 'element', tagName: 'ol', properties: {}, children: items },
      ],
    })
  }
}

/** The hidden "Notes" heading remark-rehype puts above footnotes: no anchor, not in the TOC. */
function isFootnoteLabel(heading: Element): boolean {
  return (
    heading.properties.id === 'footnote-label' && String(heading.properties.className) === 'sr-only'
  )
}

/** Highlighted code blocks by language + code: an edit elsewhere in a post re-highlights nothing. */
const CODE_CACHE_SIZE = 2000
const codeCache = getCache<string, Root>('highlighted-code', { max: CODE_CACHE_SIZE })

let highlighter: Promise<Highlighter> | undefined

function getHighlighter(): Promise<Highlighter> {
  highlighter ??= import('shiki').then(({ createHighlighter }) =>
    createHighlighter({ themes: Object.values(CODE_THEMES), langs: [...CODE_LANGUAGES] }),
  )
  return highlighter
}

/** Shiki's options: both themes as CSS variables, unknown languages as plain text. */
const SHIKI_OPTIONS = {
  themes: CODE_THEMES,
  defaultColor: false,
  fallbackLanguage: 'text',
  addLanguageClass: true,
  cache: codeCache,
} as const

/**
 * Whether some `<pre>` starts with a `<code>` that names a language: Shiki's step changes
 * nothing else (a block without a language stays plain, whatever Shiki has loaded).
 */
function hasLanguageCode(node: Root | Element): boolean {
  return node.children.some((child) => {
    if (child.type !== 'element') return false
    const head = child.children[0]
    if (
      child.tagName === 'pre' &&
      head?.type === 'element' &&
      head.tagName === 'code' &&
      Array.isArray(head.properties.className) &&
      head.properties.className.some((name) => String(name).startsWith('language-'))
    )
      return true
    return hasLanguageCode(child)
  })
}

/**
 * Shiki's step, run only on a document with a code block that names a language: Shiki and its
 * grammars (about 45 MB and half a second) load at the first such block, so a reader worker
 * or a server that renders no code never pays for them (ADR 108). The output is Shiki's own.
 */
function rehypeCode(pluginOf: () => Promise<Processor<undefined, Root, Root>>) {
  let highlight: Promise<Processor<undefined, Root, Root>> | undefined
  return () => async (tree: Root) => {
    if (!hasLanguageCode(tree)) return
    highlight ??= pluginOf()
    await (await highlight).run(tree)
  }
}

/** The unified plugins, imported once at the first render. */
let pipeline: ReturnType<typeof importPipeline> | undefined

async function importPipeline() {
  const [
    { unified },
    { default: remarkParse },
    { default: remarkGfm },
    { default: remarkRehype },
    { default: rehypeSanitize, defaultSchema },
    { default: rehypeSlug },
    { default: rehypeAutolinkHeadings },
    { default: rehypeExternalLinks },
    { default: rehypeShikiFromHighlighter },
    { default: rehypeStringify },
  ] = await Promise.all([
    import('unified'),
    import('remark-parse'),
    import('remark-gfm'),
    import('remark-rehype'),
    import('rehype-sanitize'),
    import('rehype-slug'),
    import('rehype-autolink-headings'),
    import('rehype-external-links'),
    import('@shikijs/rehype/core'),
    import('rehype-stringify'),
  ])
  return {
    unified,
    remarkParse,
    remarkGfm,
    remarkRehype,
    rehypeSanitize,
    schema: schemaFrom(defaultSchema),
    rehypeSlug,
    rehypeAutolinkHeadings,
    rehypeExternalLinks,
    rehypeShikiFromHighlighter,
    rehypeStringify,
  }
}

/**
 * The words the pipeline itself writes into a body, per language: an English body (a page
 * under /en/, the English feed) never carries a French label (ADR 089).
 */
const PIPELINE_WORDS = {
  fr: {
    footnotes: 'Notes',
    backToText: 'Retour au texte',
    anchor: (title: string) => `Lien vers la section « ${title} »`,
  },
  en: {
    footnotes: 'Notes',
    backToText: 'Back to text',
    anchor: (title: string) => `Link to the section “${title}”`,
  },
} as const satisfies Record<Locale, unknown>

type MarkdownProcessor = Processor<Root, Root, Root, Root, string>

/**
 * One frozen processor per language, built at its first render and shared by every later one
 * (ADR 108): attaching the plugins (GFM's syntax extensions, the sanitiser's schema, Shiki)
 * cost as much as rendering a short post. No plugin keeps a document's state between runs:
 * rehype-slug resets its slugger per tree, and the table of contents lives in the file's data.
 */
const processors = new Map<Locale, Promise<MarkdownProcessor>>()

function processorFor(locale: Locale): Promise<MarkdownProcessor> {
  let processor = processors.get(locale)
  if (!processor) {
    processor = createProcessor(locale)
    // A failed build (an import that failed) is tried again at the next render.
    processor.catch(() => processors.delete(locale))
    processors.set(locale, processor)
  }
  return processor
}

async function createProcessor(locale: Locale): Promise<MarkdownProcessor> {
  const words = PIPELINE_WORDS[locale]
  pipeline ??= importPipeline()
  const p = await pipeline
  const {
    unified,
    remarkParse,
    remarkGfm,
    remarkRehype,
    rehypeSanitize,
    rehypeSlug,
    rehypeAutolinkHeadings,
    rehypeExternalLinks,
    rehypeShikiFromHighlighter,
    rehypeStringify,
  } = p
  return unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype, { footnoteLabel: words.footnotes, footnoteBackLabel: words.backToText })
    .use(rehypeGoalLinks)
    .use(rehypeSanitize, p.schema)
    .use(rehypeSlug)
    .use(rehypeAutolinkHeadings, {
      behavior: 'append',
      test: (heading: Element) => !isFootnoteLabel(heading),
      properties: (heading: Element) => ({
        className: ['heading-anchor'],
        ariaLabel: words.anchor(textOf(heading).trim()),
      }),
      content: { type: 'text', value: '#' },
    })
    .use(rehypeExternalLinks, { rel: ['noopener', 'noreferrer'] })
    .use(rehypeImages)
    .use(rehypeToc)
    .use(
      rehypeCode(async () =>
        unified()
          .use(rehypeShikiFromHighlighter, await getHighlighter(), SHIKI_OPTIONS)
          .freeze(),
      ),
    )
    .use(rehypeStringify)
    .freeze() as unknown as MarkdownProcessor
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

/** Last resort when the pipeline throws (pathological input): escaped text, one <p> per line. */
function plainFallback(markdown: string): string {
  return markdown
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('\n')
}

async function renderUncached(markdown: string, locale: Locale): Promise<RenderedMarkdown> {
  const words = countWords(markdown)
  try {
    const processor = await processorFor(locale)
    const file = await processor.process({ value: markdown, data: { words } })
    const { toc } = (file as RenderFile).data
    return { html: String(file), words, toc: Array.isArray(toc) ? (toc as TocEntry[]) : [] }
  } catch {
    return { html: plainFallback(markdown), words, toc: [] }
  }
}

/** Distinct Markdown texts whose rendering is kept. */
const CACHE_SIZE = 200
const cache = getCache<string, Promise<RenderedMarkdown>>('rendered-markdown', {
  max: CACHE_SIZE,
})

/**
 * Markdown → sanitised, highlighted HTML (memoised by content hash and language, bounded).
 * `locale` is the language of the page or feed the body goes into (ADR 089).
 */
export function renderMarkdown(markdown: string, locale: Locale = 'fr'): Promise<RenderedMarkdown> {
  const key = `${locale}:${createHash('sha256').update(markdown).digest('base64url')}`
  const hit = cache.get(key)
  if (hit) return hit
  const rendered = renderUncached(markdown, locale)
  cache.set(key, rendered)
  return rendered
}

/**
 * A save's Markdown rendered before its write transaction (ADR 081), so the write lock waits
 * for no render. Inside the transaction, `htmlOf(content, stored)` gives that HTML when the
 * text to write is the one rendered; otherwise (a patch without text whose row's text changed
 * in between) the text is the row's own, and so is its stored HTML.
 */
export async function renderBefore(content: string): Promise<{
  htmlOf(current: string, stored: () => Promise<string | null>): Promise<string | null>
}> {
  const { html } = await renderMarkdown(content)
  return { htmlOf: async (current, stored) => (current === content ? html : stored()) }
}

/** Same as renderMarkdown without any memo, code blocks included (benchmarks measure the real cost). */
export function renderMarkdownUncached(markdown: string): Promise<RenderedMarkdown> {
  codeCache.clear()
  return renderUncached(markdown, 'fr')
}
