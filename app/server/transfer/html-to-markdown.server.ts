// HTML (WordPress, Ghost, Medium) → our Markdown, with turndown and its GFM plugin (ADR 066).
// The Markdown is then saved like the editor's and rendered through the sanitising pipeline
// (ADR 020): nothing here has to make the HTML safe, only readable. Script-like elements are
// dropped outright so their text does not show up as words in the post. The HTML is first read
// in linear time and rewritten balanced and at most MAX_HTML_DEPTH deep (ADR 083), and every
// pattern here is bounded, so a hostile body costs time in proportion to its length.
import TurndownService from 'turndown'
import { gfm } from 'turndown-plugin-gfm'
import { HtmlWriter, VOID_ELEMENTS, walkHtml } from './html-walk.server.ts'

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

// Attribute runs are bounded and stop at the next bracket: each character is looked at a
// bounded number of times, whatever the text (ADR 083).
const SHORTCODE_ATTRS =
  /(\w{1,40})\s{0,20}=\s{0,20}(?:"([^"]{0,500})"|'([^']{0,500})'|(\S{1,500}))/g
const PAIR_OPEN = /\[(caption|embed)\b([^\][]{0,500})\]/gi
const GALLERY = /\[gallery\b([^\][]{0,500})\]/gi
const SHORTCODE = /\[([a-z][\w-]{0,60})(?:\s[^\][]{0,500})?\]/gi
const CAPTION_IMAGE = /(<a\b[^<>]{0,2000}>\s{0,200})?<img\b[^<>]{0,4000}>(\s{0,200}<\/a>)?/i

function attributes(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const m of text.matchAll(SHORTCODE_ATTRS))
    out[m[1]!.toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? ''
  return out
}

export interface ShortcodeResult {
  html: string
  /** Shortcodes that were replaced by something approximate or removed, once per kind. */
  notes: string[]
  /** The images of the post's galleries, for the report's one note per post (ADR 088). */
  galleryImages: string[]
}

export interface ShortcodeContext {
  /** The image addresses a `[gallery]` shows (its `ids`, else the post's attachments). */
  gallery?: (attrs: Record<string, string>) => string[]
}

/**
 * `[name …]…[/name]` pairs replaced by `replace`, in one pass: the closing tag is searched
 * with indexOf from the opening one, and once it is missing no later pair can close either.
 */
function replacePairs(html: string, replace: (name: string, inner: string) => string): string {
  const lower = html.toLowerCase()
  const out: string[] = []
  const missing = new Set<string>()
  let from = 0
  PAIR_OPEN.lastIndex = 0
  for (let m = PAIR_OPEN.exec(html); m; m = PAIR_OPEN.exec(html)) {
    const name = m[1]!.toLowerCase()
    if (missing.has(name)) continue
    const closeTag = `[/${name}]`
    const close = lower.indexOf(closeTag, m.index + m[0].length)
    if (close < 0) {
      missing.add(name)
      continue
    }
    out.push(html.slice(from, m.index), replace(name, html.slice(m.index + m[0].length, close)))
    from = close + closeTag.length
    PAIR_OPEN.lastIndex = from
  }
  out.push(html.slice(from))
  return out.join('')
}

const VIDEO_HOST = '(?:(?:www\\.|m\\.)?youtube\\.com|youtu\\.be|(?:www\\.|player\\.)?vimeo\\.com)'
/** A YouTube or Vimeo address alone on its line: WordPress shows it as an embed. */
const BARE_VIDEO_LINE = new RegExp(
  `^([ \\t]{0,40})(https?://${VIDEO_HOST}/[^\\s<>"'\\][]{1,2000})[ \\t]{0,40}$`,
  'gim',
)
const CLOSING_SHORTCODE = /\[\/([a-z][\w-]{0,60})\]/gi

const escapeAttr = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/**
 * The site's Markdown has no embeds and drops raw HTML (ADR 020): a video WordPress embedded
 * becomes a link on its own line, the closest the editor writes (ADR 088).
 */
function videoLink(url: string): string {
  const href = escapeAttr(url)
  return `<p><a href="${href}">${href}</a></p>`
}

/**
 * WordPress autoembed, which runs before wpautop: a YouTube or Vimeo address alone on a line
 * becomes an embed; here, a link paragraph (ADR 088).
 */
export function autoEmbed(html: string): string {
  return html.replace(
    BARE_VIDEO_LINE,
    (_all, indent: string, url: string) => `${indent}\n${videoLink(url)}\n`,
  )
}

/**
 * WordPress shortcodes (ADR 088): [caption] becomes a figure with its caption, [embed] a link
 * paragraph, [gallery] its images (the attachments it names, else the post's); any other
 * shortcode is removed (the text it encloses is kept) and reported once per kind: none is
 * ever shown raw.
 */
export function expandShortcodes(html: string, context: ShortcodeContext = {}): ShortcodeResult {
  const notes: string[] = []
  const galleryImages: string[] = []
  let out = replacePairs(html, (name, inner) => {
    if (name === 'embed') {
      const href = inner.trim()
      return /^https?:\/\/[^\s<>"]{1,2000}$/i.test(href) ? videoLink(href) : ''
    }
    const image = CAPTION_IMAGE.exec(inner)
    const caption = image ? inner.replace(image[0], '').trim() : inner.trim()
    return `<figure>${image ? image[0] : ''}<figcaption>${caption}</figcaption></figure>`
  })
  out = out.replace(GALLERY, (_all, attrs: string) => {
    const urls = context.gallery?.(attributes(attrs)) ?? []
    if (urls.length === 0) {
      notes.push('galerie [gallery] sans image retrouvée dans l’export : retirée')
      return ''
    }
    galleryImages.push(...urls)
    return `<p>${urls.map((url) => `<img src="${escapeAttr(url)}" alt="">`).join('\n')}</p>`
  })
  const others = new Set<string>()
  const kept: string[] = []
  let from = 0
  SHORTCODE.lastIndex = 0
  for (let m = SHORTCODE.exec(out); m; m = SHORTCODE.exec(out)) {
    const end = m.index + m[0].length
    // Links in Markdown-like text ([text](url)) are not shortcodes.
    if (out[end] === '(') continue
    others.add(m[1]!.toLowerCase())
    kept.push(out.slice(from, m.index))
    from = end
  }
  kept.push(out.slice(from))
  out = kept
    .join('')
    .replace(CLOSING_SHORTCODE, (all, name: string) => (others.has(name.toLowerCase()) ? '' : all))
  // wpautop's breaks and paragraphs around what was removed go with it.
  if (others.size > 0 || notes.length > 0)
    out = out
      .replace(/<p>(?:\s{0,20}<br \/>){1,20}\s{0,20}/g, '<p>')
      .replace(/(?:<br \/>\s{0,20}){1,20}<\/p>/g, '</p>')
      .replace(/<p>\s{0,200}<\/p>/g, '')
  for (const name of others)
    notes.push(`code court [${name}] retiré (le texte qu’il entourait est gardé)`)
  return { html: out, notes, galleryImages }
}

/** Block elements, as WordPress's wpautop lists them (`$allblocks`). */
const WP_BLOCKS =
  '(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|math|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary)'
// Tag runs are bounded and stop at the next bracket (ADR 083).
const WP_BLOCK_TAG = `</?${WP_BLOCKS}\\b[^<>]{0,2000}>`
const WP_OPEN_BLOCK = new RegExp(`(<${WP_BLOCKS}\\b[^<>]{0,2000}>)`, 'gi')
const WP_CLOSE_BLOCK = new RegExp(`(</${WP_BLOCKS}>)`, 'gi')
const WP_P_BEFORE_BLOCK = new RegExp(`<p>\\s{0,200}(${WP_BLOCK_TAG})`, 'gi')
const WP_P_AFTER_BLOCK = new RegExp(`(${WP_BLOCK_TAG})\\s{0,200}</p>`, 'gi')
const WP_BR_AFTER_BLOCK = new RegExp(`(${WP_BLOCK_TAG})\\s{0,200}<br />`, 'gi')
const WP_BR_BEFORE_BLOCK =
  /<br \/>(\s{0,200}<\/?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)\b[^<>]{0,2000}>)/gi
const WP_PRE = /<pre\b[^<>]{0,2000}>/gi
/** A newline inside a tag (between its brackets), kept from becoming a `<br>`. */
const WP_TAG = /<[^<>]{0,4000}>/g

/**
 * Classic-editor bodies have no `<p>`: WordPress adds them when it shows the post, with
 * `wpautop`. This follows WordPress's wpautop behaviour (wp-includes/formatting.php): `<pre>`
 * kept as is, a blank line ends a paragraph, a single line break becomes `<br />`, and no
 * paragraph or break is added around block elements. Block-editor bodies (`<!-- wp:` comments)
 * already carry their markup and WordPress skips them too (ADR 088).
 */
export function wpautop(html: string): string {
  if (html.trim() === '' || html.includes('<!-- wp:')) return html
  // <pre> blocks are set aside and put back unchanged.
  const pres: string[] = []
  let text = ''
  let from = 0
  const lower = html.toLowerCase()
  WP_PRE.lastIndex = 0
  for (let m = WP_PRE.exec(html); m; m = WP_PRE.exec(html)) {
    const end = lower.indexOf('</pre>', m.index)
    if (end < 0) break
    text += `${html.slice(from, m.index)}<pre wp-pre-tag-${pres.length}></pre>`
    pres.push(html.slice(m.index, end + 6))
    from = end + 6
    WP_PRE.lastIndex = from
  }
  text += html.slice(from)
  text = `${text.replace(/\r\n?/g, '\n')}\n`
  text = text.replace(/<br \/>\s{0,200}<br \/>/gi, '\n\n')
  text = text.replace(WP_OPEN_BLOCK, '\n\n$1').replace(WP_CLOSE_BLOCK, '$1\n\n')
  text = text.replace(/<hr\s{0,20}?\/?>/gi, '<hr />\n\n')
  // Newlines inside tags are not line breaks.
  text = text.replace(WP_TAG, (tag) => tag.replace(/\n/g, ' '))
  text = text.replace(/\n\n+/g, '\n\n')
  let out = text
    .split(/\n\s*\n/)
    .filter((block) => block.trim() !== '')
    .map((block) => `<p>${block.replace(/^\n+|\n+$/g, '')}</p>\n`)
    .join('')
  out = out
    .replace(/<p>\s{0,200}<\/p>/g, '')
    .replace(/<p>([^<]{0,200})<\/(div|address|form)>/gi, '<p>$1</p></$2>')
    .replace(WP_P_BEFORE_BLOCK, '$1')
    .replace(WP_P_AFTER_BLOCK, '$1')
    .replace(/<p>(<li\b)/gi, '$1')
    .replace(/<p><blockquote\b([^<>]{0,2000})>/gi, '<blockquote$1><p>')
    .replace(/<\/blockquote><\/p>/gi, '</p></blockquote>')
  // A single line break is a <br />, unless it follows one already.
  out = out.replace(/(<br \/>)?[ \t]{0,200}\n/g, (all, br: string | undefined) =>
    br ? all : '<br />\n',
  )
  out = out.replace(WP_BR_AFTER_BLOCK, '$1').replace(WP_BR_BEFORE_BLOCK, '$1')
  return out.replace(/<pre wp-pre-tag-(\d+)><\/pre>/g, (_all, n: string) => pres[Number(n)]!)
}

/** Script-like elements turndown would drop anyway, dropped while the HTML is rewritten. */
const DROPPED = new Set([
  'script',
  'style',
  'noscript',
  'iframe',
  'object',
  'embed',
  'form',
  'button',
  'template',
])

/** `html` rewritten balanced, at most MAX_HTML_DEPTH deep, without script-like elements. */
export function normaliseHtml(html: string): string {
  const writer = new HtmlWriter(Number.POSITIVE_INFINITY)
  let hidden = 0
  walkHtml(html, {
    open(name, attrs) {
      if (DROPPED.has(name)) {
        if (!VOID_ELEMENTS.has(name)) hidden++
      } else if (hidden === 0) writer.open(name, attrs)
    },
    close(name) {
      if (DROPPED.has(name)) hidden--
      else if (hidden === 0) writer.close(name)
    },
    text(text) {
      if (hidden === 0) writer.text(text)
    },
  })
  return writer.toString()
}

/** An address in the Markdown (bounded run, ADR 083). */
const ADDRESS = /https?:\/\/[^\s<>()[\]]{1,2000}/g

export function htmlToMarkdown(html: string): string {
  if (html.trim() === '') return ''
  return (
    turndown()
      .turndown(normaliseHtml(html))
      .replace(/\n{3,}/g, '\n\n')
      // Turndown escapes '_' in text, and in a bare address the autolink keeps the backslash:
      // 'instagram.com/my_name' became 'my%5C_name'. Inside an address it is not needed
      // (intraword '_' never starts emphasis), so it goes (ADR 088).
      .replace(ADDRESS, (address) => address.replace(/\\_/g, '_'))
      .trim()
  )
}

/** Plain text of some HTML, for excerpts: at most about `max` characters are kept. */
export function htmlToText(html: string, max = 2000): string {
  const parts: string[] = []
  let length = 0
  let hidden = 0
  walkHtml(html, {
    open(name) {
      if (name === 'script' || name === 'style') hidden++
      parts.push(' ')
    },
    close(name) {
      if (name === 'script' || name === 'style') hidden--
      parts.push(' ')
    },
    text(text) {
      if (hidden > 0 || length > max) return
      length += text.length
      parts.push(text.length > max ? text.slice(0, max) : text)
    },
  })
  return parts.join('').replace(/\s+/g, ' ').trim()
}
