// sharp (libvips, ~20 MB of native code and memory) loaded at the first image operation, not
// at start-up: most processes never touch an image after the demo import (ADR 030).
import type SharpModule from 'sharp'

export type SharpFunction = typeof SharpModule

let loaded: Promise<SharpFunction> | undefined

/**
 * The sharp function, configured once. Bounded memory (ADR 017: under 250 MB while a
 * 24-megapixel photo is processed): no libvips operation cache, one libvips thread per image.
 */
export function loadSharp(): Promise<SharpFunction> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false)
    sharp.concurrency(1)
    return sharp
  })
  return loaded
}
