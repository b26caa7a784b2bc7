// Uploaded media files (ADR 017): accepted types, size limits, French refusals and
// the public URL scheme of stored files. No I/O: the upload route, the pipeline and the
// <Media> component all read it.
import type { MediaCategory } from './types.ts'

/** Accepted types, decided from the file's bytes (never its name or Content-Type). */
export const ACCEPTED_TYPES: Record<string, { category: MediaCategory; ext: string }> = {
  'image/jpeg': { category: 'image', ext: 'jpg' },
  'image/png': { category: 'image', ext: 'png' },
  'image/webp': { category: 'image', ext: 'webp' },
  'image/avif': { category: 'image', ext: 'avif' },
  'image/gif': { category: 'image', ext: 'gif' },
  'image/heic': { category: 'image', ext: 'heic' },
  'image/heif': { category: 'image', ext: 'heic' },
  'video/mp4': { category: 'video', ext: 'mp4' },
  'video/webm': { category: 'video', ext: 'webm' },
  'application/pdf': { category: 'document', ext: 'pdf' },
}

/** What the file picker offers (a hint for the browser; the server sniffs the bytes). */
export const UPLOAD_ACCEPT =
  'image/jpeg,image/png,image/webp,image/avif,image/gif,image/heic,video/mp4,video/webm,application/pdf'

/** Defaults of MEDIA_MAX_IMAGE_MB, MEDIA_MAX_VIDEO_MB, MEDIA_MAX_PDF_MB. */
export const DEFAULT_MEDIA_LIMITS_MB: Record<MediaCategory, number> = {
  image: 20,
  video: 200,
  document: 10,
}

/** The upload route's URL: the route config, the uploader, the Express body limits and the tests. */
export const MEDIA_UPLOAD_PATH = '/api/media/upload'
/** Where a field's image gets its text alternative in the library (ADR 093). */
export const MEDIA_ALT_PATH = '/api/media/texte-alternatif'

export const UPLOAD_ERRORS = {
  empty: 'Le fichier est vide.',
  unknownType:
    'Type de fichier non pris en charge : seuls les images (JPEG, PNG, WebP, AVIF, GIF, HEIC), les vidéos (MP4, WebM) et les PDF sont acceptés.',
  svg: 'Les fichiers SVG sont refusés : ils peuvent contenir du code exécutable.',
  unreadableImage: "Cette image n'a pas pu être lue. Essayez un fichier JPEG ou PNG.",
  unreadableVideo:
    "Cette vidéo n'a pas pu être lue : le fichier est incomplet ou abîmé. Essayez un fichier MP4 ou WebM complet.",
  noFile: 'Aucun fichier reçu.',
  interrupted: "Le téléversement a été interrompu : rien n'a été enregistré.",
  notAllowed: 'Seuls les administrateurs peuvent téléverser des fichiers.',
  /** A field or target that takes only these kinds ("…de type PDF ou image."). */
  wrongKind: (expected: readonly MediaCategory[]) =>
    `Ce champ attend un fichier de type ${expected.map((c) => CATEGORY_NAMES[c]).join(' ou ')}.`,
  tooLarge: (category: MediaCategory, maxMb: number) =>
    `Fichier trop volumineux : ${CATEGORY_NOUN[category]} ${maxMb} Mo au maximum.`,
} as const

/** A category as a field names what it expects ("Ce champ attend un fichier de type …"). */
export const CATEGORY_NAMES: Record<MediaCategory, string> = {
  image: 'image',
  video: 'vidéo',
  document: 'PDF',
}

const CATEGORY_NOUN: Record<MediaCategory, string> = {
  image: 'une image fait',
  video: 'une vidéo fait',
  document: 'un PDF fait',
}

/** Responsive widths generated for an image (never wider than the original). */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const
export const VARIANT_FORMATS = ['avif', 'webp'] as const

/**
 * A processed image's public URL carries what a page needs to render it without a database
 * read: `/media/<hash>-<width>x<height>.<jpg|png>` (the fallback, metadata stripped), with
 * variants beside it at `/media/<hash>-w<width>.<avif|webp|jpg|png>`.
 */
const IMAGE_URL = /^\/media\/([0-9a-f]{32})-(\d{1,5})x(\d{1,5})\.(jpg|png)$/

export interface ParsedImageUrl {
  hash: string
  width: number
  height: number
  fallback: 'jpg' | 'png'
}

export function parseImageUrl(url: string): ParsedImageUrl | undefined {
  const match = IMAGE_URL.exec(url)
  if (!match) return undefined
  const [, hash = '', width = '0', height = '0', fallback = 'jpg'] = match
  return { hash, width: Number(width), height: Number(height), fallback: fallback as 'jpg' | 'png' }
}

/** The widths generated for an image `width` px wide: the steps below it, then min(width, 1920). */
export function variantWidths(width: number): number[] {
  const largest = Math.min(width, VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1] ?? width)
  return [...VARIANT_WIDTHS.filter((w) => w < largest), largest]
}

/**
 * AVIF stops at 1280 px: a 1920 px AVIF encode costs ~80 MB of memory and most of the CPU
 * of an upload (bench:media); wider screens get WebP or the fallback at 1920.
 */
export const AVIF_MAX_WIDTH = 1280

/** The widths stored in `format` for an image `width` px wide. */
export function formatWidths(width: number, format: string): number[] {
  const widths = variantWidths(width)
  return format === 'avif' ? widths.filter((w) => w <= AVIF_MAX_WIDTH) : widths
}

export function variantKey(hash: string, width: number, ext: string): string {
  return `${hash}-w${width}.${ext}`
}

export function mediaUrl(key: string): string {
  return `/media/${key}`
}

/** The `srcset` of one format of a library image (public pages and Markdown bodies). */
export function variantSrcSet(hash: string, width: number, ext: string): string {
  return formatWidths(width, ext)
    .map((w) => `${mediaUrl(variantKey(hash, w, ext))} ${w}w`)
    .join(', ')
}

export const VARIANT_MIME: Record<string, string> = { avif: 'image/avif', webp: 'image/webp' }

/** The storage key behind a /media/ URL (undefined for any other address). */
export function storageKeyOf(url: string): string | undefined {
  const match = /^\/media\/([0-9a-f]{32}[-.][\w.-]*)$/.exec(url)
  return match?.[1]
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} o`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} Ko`
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} Mo`
}
