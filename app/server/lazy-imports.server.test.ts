// ADR 030: packages only an admin action or a rare route needs are imported at first use
// (dynamic import()), never by a module the server loads at start-up. A static import of one
// of them anywhere in app/ would bring its memory and loading time back into every process.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const LAZY_PACKAGES = [
  'sharp',
  'shiki',
  '@shikijs/rehype',
  'pdf-lib',
  'qrcode',
  'nodemailer',
  'file-type',
  'diff',
  'unified',
  'remark-parse',
  'remark-gfm',
  'remark-rehype',
  'rehype-sanitize',
  'rehype-slug',
  'rehype-stringify',
  'rehype-autolink-headings',
  'rehype-external-links',
]

const APP = path.resolve(import.meta.dirname, '..')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    if (!/\.(ts|tsx)$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return []
    return [full]
  })
}

/** `import x from 'pkg'`, `import { a } from 'pkg/sub'`, `export … from 'pkg'` (not `import type`). */
function staticImports(source: string): string[] {
  const found: string[] = []
  const pattern = /^\s*(?:import|export)\s+(?!type\b)[^'"]*?\bfrom\s+['"]([^'"]+)['"]/gm
  for (const match of source.matchAll(pattern)) found.push(match[1]!)
  for (const match of source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) found.push(match[1]!)
  return found
}

const isLazyPackage = (specifier: string) =>
  LAZY_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`))

describe('heavy packages are loaded at first use (ADR 030)', () => {
  it('finds the static imports the check relies on', () => {
    expect(staticImports("import sharp from 'sharp'\nimport type { Sharp } from 'sharp'")).toEqual([
      'sharp',
    ])
    expect(staticImports("import { diffLines } from 'diff'")).toEqual(['diff'])
    expect(staticImports("export { x } from 'qrcode'")).toEqual(['qrcode'])
  })

  it('no application module imports one of them statically', () => {
    const offenders = sourceFiles(APP).flatMap((file) =>
      staticImports(readFileSync(file, 'utf8'))
        .filter(isLazyPackage)
        .map((specifier) => `${path.relative(APP, file)}: ${specifier}`),
    )
    expect(offenders).toEqual([])
  })
})
