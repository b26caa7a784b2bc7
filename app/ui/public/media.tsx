// The one way public pages render an image (ADR 017). An uploaded image's
// URL names its size (/media/<hash>-<w>x<h>.jpg), so the variants are known without a
// database read: <picture> with AVIF and WebP sources, a srcset of widths, `sizes`, width
// and height (no layout shift), lazy below the fold, fetchpriority high for the main image,
// which is also preloaded from <head> (ADR 114).
// Any other address (an external URL, a shipped /demo/ file) renders as a plain <img>.
import type { CSSProperties } from 'react'
import { preload } from 'react-dom'
import {
  parseImageUrl,
  VARIANT_FORMATS,
  variantKey,
  variantWidths,
  mediaUrl,
  variantSrcSet,
  VARIANT_MIME,
} from '#app/domain/media-file.ts'

export interface ResponsiveImageProps {
  src: string
  /** '' for a decorative image (screen readers skip it). */
  alt: string
  /** How wide the image shows, as for <img sizes> (default: full viewport width). */
  sizes?: string
  /** The page's main image: loaded at once with fetchpriority="high". */
  priority?: boolean
  className?: string
  style?: CSSProperties
  draggable?: boolean
  /** Known size of an image that is not in the library (avoids layout shift). */
  width?: number
  height?: number
}

export const srcSet = variantSrcSet

/**
 * The file behind a blurred, faded hero backdrop or a small thumbnail: a library image's
 * smallest WebP variant (the blur or the size hides the difference; the backdrop is often
 * the page's largest paint, so it must be light, ADR 032); any other address as it is.
 */
export function backdropSrc(src: string): string {
  const parsed = parseImageUrl(src)
  if (!parsed) return src
  return mediaUrl(variantKey(parsed.hash, variantWidths(parsed.width)[0] ?? parsed.width, 'webp'))
}

interface Variants {
  /** One srcset per VARIANT_FORMATS entry. */
  sources: string[]
  src: string
  srcSet: string
}

/** A library image's URLs, from its address alone (a few string joins: no memo, ADR 081). */
function variantsOf(parsed: NonNullable<ReturnType<typeof parseImageUrl>>): Variants {
  const widths = variantWidths(parsed.width)
  const largest = widths[widths.length - 1] ?? parsed.width
  return {
    sources: VARIANT_FORMATS.map((format) => srcSet(parsed.hash, parsed.width, format)),
    src: mediaUrl(variantKey(parsed.hash, largest, parsed.fallback)),
    srcSet: srcSet(parsed.hash, parsed.width, parsed.fallback),
  }
}

/**
 * A `<link rel="preload" as="image">` in <head> for the page's main image, with the srcset and
 * sizes of the <picture>'s first source and its type, so the browser fetches the very file the
 * <picture> will pick (a browser without that format skips the preload), ahead of the module
 * preloads that come before the <body> (ADR 114). React writes it in <head> while rendering on
 * the server (images inside a <picture> get no automatic preload) and dedupes repeated calls;
 * on the client it adds the same link once, harmlessly.
 */
function preloadFirstSource(variants: Variants, sizes: string) {
  const format = VARIANT_FORMATS[0]
  preload(variants.src, {
    as: 'image',
    type: VARIANT_MIME[format],
    imageSrcSet: variants.sources[0],
    imageSizes: sizes,
    fetchPriority: 'high',
  })
}

export function ResponsiveImage({
  src,
  alt,
  sizes = '100vw',
  priority = false,
  className,
  style,
  draggable,
  width,
  height,
}: ResponsiveImageProps) {
  // The same in both renderings, after each one's source and size. The main image is decoded
  // in step with the frame that shows it: an asynchronous decode lets a frame go out without
  // it, which delays the largest paint (ADR 114).
  const shared = {
    loading: priority ? 'eager' : 'lazy',
    fetchPriority: priority ? 'high' : undefined,
    decoding: priority ? undefined : 'async',
    draggable,
    className,
    style,
  } as const
  const parsed = parseImageUrl(src)
  if (!parsed) {
    return <img src={src} alt={alt} width={width} height={height} {...shared} />
  }
  const variants = variantsOf(parsed)
  if (priority) preloadFirstSource(variants, sizes)
  return (
    <picture>
      {VARIANT_FORMATS.map((format, i) => (
        <source
          key={format}
          type={VARIANT_MIME[format]}
          srcSet={variants.sources[i]}
          sizes={sizes}
        />
      ))}
      <img
        src={variants.src}
        srcSet={variants.srcSet}
        sizes={sizes}
        alt={alt}
        width={parsed.width}
        height={parsed.height}
        {...shared}
      />
    </picture>
  )
}

/** How wide a card's picture shows in the three-column grid. */
export const CARD_IMAGE_SIZES =
  '(min-width: 1024px) 360px, (min-width: 640px) 50vw, calc(100vw - 48px)'

/**
 * A card's decorative picture in the three-column grid, filling its frame and zooming while
 * the card is hovered (`zoom`: the group-hover scale class, written whole for Tailwind).
 */
export function CardImage({
  src,
  priority,
  zoom,
}: {
  src: string
  priority: boolean
  zoom: string
}) {
  return (
    <ResponsiveImage
      src={src}
      alt=""
      priority={priority}
      sizes={CARD_IMAGE_SIZES}
      className={`size-full object-cover transition duration-500 ${zoom}`}
    />
  )
}
