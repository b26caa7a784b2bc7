// A post's excerpt is optional (ADR 087): where one is shown and none was written, the first
// paragraph of the rendered text stands in, as plain text (no Markdown, no HTML).

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00A0',
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const point =
        code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1))
      return Number.isFinite(point) && point > 0 && point <= 0x10ffff
        ? String.fromCodePoint(point)
        : whole
    }
    return ENTITIES[code.toLowerCase()] ?? whole
  })
}

/** The first non-empty paragraph of sanitised HTML, as one line of text, at most `max` characters. */
export function firstParagraphText(html: string, max = 300): string {
  for (const match of html.matchAll(/<p(?:\s[^>]*)?>([\s\S]*?)<\/p>/gi)) {
    const text = decodeEntities(match[1]!.replace(/<[^>]*>/g, ''))
      .replace(/\s+/g, ' ')
      .trim()
    if (!text) continue
    return clipText(text, max)
  }
  return ''
}

/** `text` cut at a word boundary to at most `max` characters, with an ellipsis when cut. */
export function clipText(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, max - 1).replace(/\s+\S*$/, '') + '…'
}

/**
 * A card shows three lines of its excerpt (`line-clamp-3`): about 125 characters in the two-
 * and three-column grids and on a phone, more only on a single-column card wider than a
 * phone. A list page sends no more than this (ADR 100).
 */
export const CARD_EXCERPT_MAX = 180

/** The excerpt a visitor reads: the owner's, else the text's first paragraph. */
export function excerptOrFirstParagraph(excerpt: string, html: string | null | undefined): string {
  return excerpt.trim() || (html ? firstParagraphText(html) : '')
}
