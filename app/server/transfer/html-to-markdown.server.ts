// HTML (WordPress, Ghost, Medium) → our Markdown, with turndown and its GFM plugin (ADR 066).
// The Markdown is then saved like the editor's and rendered through the sanitising pipeline
// (ADR 020): nothing here has to make the HTML safe, only readable. Script-like elements are
// dropped outright so their text does not show up as words in the post.
import TurndownService from 'turndown'
import { gfm } from 'turndown-plugin-gfm'

let service: TurndownService | undefined

function turndown(): TurndownService {
  if (service) return service
  service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
  })
  service.use(gfm)
  service.remove(['script', 'style', 'noscript', 'iframe', 'object', 'embed', 'form', 'button'])
  // A figure's caption in italics under its image.
  service.addRule('figcaption', {
    filter: 'figcaption',
    replacement: (content) => (content.trim() ? `\n\n*${content.trim()}*\n\n` : ''),
  })
  return service
}

const SHORTCODE_ATTRS = /(\w+)\s*=\s*(?:"([^"]*)"|'([^']*)'|(\S+))/g

function attributes(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const m of text.matchAll(SHORTCODE_ATTRS))
    out[m[1]!.toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? ''
  return out
}

export interface ShortcodeResult {
  html: string
  /** Shortcodes that were replaced by something approximate or left as text. */
  notes: string[]
}

/**
 * WordPress shortcodes: [caption] becomes a figure with its caption, [embed] and a URL alone
 * on a line a link, [gallery] a note naming its images' ids (the images themselves are in the
 * media library when they were attachments); any other shortcode is left as text and reported.
 */
export function expandShortcodes(html: string): ShortcodeResult {
  const notes: string[] = []
  let out = html.replace(
    /\[caption([^\]]*)\]([\s\S]*?)\[\/caption\]/gi,
    (_all, _attrs: string, inner: string) => {
      const image = /(<a\b[^>]*>\s*)?<img\b[^>]*>(\s*<\/a>)?/i.exec(inner)
      const caption = image ? inner.replace(image[0], '').trim() : inner.trim()
      return `<figure>${image ? image[0] : ''}<figcaption>${caption}</figcaption></figure>`
    },
  )
  out = out.replace(/\[embed[^\]]*\]([\s\S]*?)\[\/embed\]/gi, (_all, url: string) => {
    const href = url.trim()
    return /^https?:\/\//i.test(href) ? `<p><a href="${href}">${href}</a></p>` : ''
  })
  out = out.replace(/\[gallery([^\]]*)\]/gi, (_all, attrs: string) => {
    const ids = attributes(attrs).ids
    notes.push('galerie [gallery] remplacée par une mention (ses images sont dans la médiathèque)')
    return `<p><em>Galerie${ids ? ` (images ${ids})` : ''}</em></p>`
  })
  const others = new Set<string>()
  for (const m of out.matchAll(/\[([a-z][\w-]*)(?:\s[^\]]*)?\](?:[\s\S]*?\[\/\1\])?/gi)) {
    // Links in Markdown-like text ([text](url)) are not shortcodes.
    if (out[m.index + m[0].length] === '(') continue
    others.add(m[1]!)
  }
  for (const name of others) notes.push(`code court [${name}] laissé tel quel`)
  return { html: out, notes }
}

/** WordPress keeps paragraphs as blank lines in `content:encoded` (wpautop at display time). */
export function autoParagraphs(html: string): string {
  if (/<p[\s>]/i.test(html)) return html
  return html
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) =>
      /^<(?:h[1-6]|ul|ol|blockquote|pre|figure|table|div|hr)\b/i.test(block)
        ? block
        : `<p>${block.replace(/\n/g, '<br>')}</p>`,
    )
    .join('\n')
}

export function htmlToMarkdown(html: string): string {
  if (html.trim() === '') return ''
  return turndown()
    .turndown(html)
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** Plain text of some HTML, for excerpts. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&#8217;/g, '’')
    .replace(/\s+/g, ' ')
    .trim()
}
