// Build step (ADR 027): writes a brotli (.br) and a gzip (.gz) copy next to every text file
// of the client build, once, at maximum quality, so the server never compresses a static
// file per request (server/static-files.ts). A copy not smaller than its source is skipped.
// Usage: node scripts/compress-assets.ts [build/client]
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { COMPRESSIBLE } from '../server/static-files.ts'

const root = path.resolve(process.argv[2] ?? 'build/client')

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(full)
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) yield full
  }
}

let before = 0
let afterBr = 0
let count = 0
for (const file of walk(root)) {
  const source = readFileSync(file)
  if (source.length < 256) continue
  const br = brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  })
  const gz = gzipSync(source, { level: 9 })
  if (br.length < source.length) writeFileSync(`${file}.br`, br)
  if (gz.length < source.length) writeFileSync(`${file}.gz`, gz)
  before += source.length
  afterBr += Math.min(br.length, source.length)
  count += 1
}
console.log(
  `Assets compressés : ${count} fichiers, ${(before / 1024).toFixed(0)} Ko → ${(afterBr / 1024).toFixed(0)} Ko (brotli)`,
)
