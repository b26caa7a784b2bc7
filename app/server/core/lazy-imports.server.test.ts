// ADR 030: packages only an admin action or a rare route needs are imported at first use
// (dynamic import()), never by a module the server loads at start-up. A static import of one
// of them anywhere in app/ would bring its memory and loading time back into every process.
// ADR 037 adds Better Auth (needed only by a request with a session cookie, sign-in, the
// admin) and pg (only with DATABASE_URL). A lazy module may import them statically, as long
// as no other module imports that lazy module statically (only import() or `import type`).
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
  'better-auth',
  'pg',
  // Only with S3_BUCKET (ADR 068).
  '@aws-sdk/client-s3',
  '@aws-sdk/lib-storage',
]

/** Modules loaded only through import(), which may therefore import lazy packages. */
const LAZY_MODULES = ['server/auth/better-auth.server.ts']

const APP = path.resolve(import.meta.dirname, '../..')

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
    expect(isLazyPackage('better-auth/crypto')).toBe(true)
    // Better Auth's SQLite dialect for Kysely is a small separate package (no Better Auth).
    expect(isLazyPackage('@better-auth/kysely-adapter/node-sqlite-dialect')).toBe(false)
    expect(isLazyPackage('pg')).toBe(true)
    expect(isLazyPackage('pg-protocol')).toBe(false)
  })

  it('no application module imports one of them statically', () => {
    const offenders = sourceFiles(APP)
      .filter((file) => !LAZY_MODULES.includes(path.relative(APP, file)))
      .flatMap((file) =>
        staticImports(readFileSync(file, 'utf8'))
          .filter(isLazyPackage)
          .map((specifier) => `${path.relative(APP, file)}: ${specifier}`),
      )
    expect(offenders).toEqual([])
  })

  it('no application module imports a lazy module statically', () => {
    const lazyNames = LAZY_MODULES.map((module) => path.basename(module))
    const offenders = sourceFiles(APP).flatMap((file) =>
      staticImports(readFileSync(file, 'utf8'))
        .filter((specifier) => lazyNames.includes(path.basename(specifier)))
        .map((specifier) => `${path.relative(APP, file)}: ${specifier}`),
    )
    expect(offenders).toEqual([])
  })

  it('the lazy modules exist and still hold what they make lazy', () => {
    for (const module of LAZY_MODULES) {
      expect(staticImports(readFileSync(path.join(APP, module), 'utf8')).some(isLazyPackage)).toBe(
        true,
      )
    }
  })
})
