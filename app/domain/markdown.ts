// Markdown helpers shared by the editor (browser) and the server (ADR 020): word count and
// reading time computed the same way on both sides, so the figure the editor shows is the
// one stored when the owner leaves the reading time blank.

/** Words a visitor reads per minute (French prose, a common 200–230 estimate). */
export const WORDS_PER_MINUTE = 200

/** Words of a Markdown text: link targets, image URLs and Markdown punctuation not counted. */
export function countWords(markdown: string): number {
  const text = markdown
    // [label](url) and ![alt](url): keep the label, drop the URL
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_~`|[\]()-]+/g, ' ')
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu)
  return words ? words.length : 0
}

/** Minutes to read this many words, at least 1. */
export function minutesFor(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE))
}

/** Minutes to read, at least 1. */
export function readingTime(markdown: string): number {
  return minutesFor(countWords(markdown))
}

export const IMAGE_URL_MESSAGE =
  "L'image doit être une adresse https:// ou un chemin de ce site (commençant par /)"

/** Images inside Markdown: same-site paths and https only (no http, data:, //host). */
export function isAllowedImageUrl(url: string): boolean {
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\')
  return /^https:\/\/[^/\\\s]/i.test(url)
}

/**
 * The title that marks a Markdown image decorative: `![](/media/… "décorative")` renders with
 * an empty alt and no title (ADR 093). An empty alt without it is refused by the hub.
 */
export const DECORATIVE_IMAGE_TITLE = 'décorative'

export const IMAGE_ALT_MISSING_MESSAGE =
  'Une image n’a pas de texte alternatif : décrivez-la entre les crochets, ou marquez-la décorative : ![](adresse "décorative")'

// Bounded runs that stop at the next bracket or quote: linear in the text's length.
const EMPTY_ALT_IMAGE =
  /!\[\s{0,20}\]\(\s{0,20}<?[^()\s<>]{1,2048}>?(?:\s{1,20}"([^"()]{0,500})")?\s{0,20}\)/g

/** Whether a Markdown text holds an image with an empty alt not marked decorative. */
export function hasImageWithoutAlt(markdown: string): boolean {
  for (const match of markdown.matchAll(EMPTY_ALT_IMAGE))
    if (match[1]?.trim() !== DECORATIVE_IMAGE_TITLE) return true
  return false
}
