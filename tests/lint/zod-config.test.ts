// Zod's configuration (jitless under our CSP, French messages) is applied by
// app/domain/zod-config.ts, which the root no longer imports so that a public page building no
// schema loads no Zod (ADR 086). Every browser-reachable module that imports Zod must then
// import the configuration itself, directly or through app/domain/common.ts, so it runs before
// that module's schemas are built. Server modules are covered by app/entry.server.tsx.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.(test|server)\.tsx?$/.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)))
    .filter((file) => !file.includes(`${path.sep}server${path.sep}`))
}

describe('Zod configuration', () => {
  const files = ['app/domain', 'app/ui', 'app/routes'].flatMap(sources)
  const usingZod = files.filter((file) =>
    /from 'zod'/.test(readFileSync(path.join(ROOT, file), 'utf8')),
  )

  it('finds the browser modules that build schemas', () => {
    expect(usingZod).toContain('app/domain/common.ts')
  })

  it.each(usingZod.filter((file) => !file.endsWith('zod-config.ts')))(
    '%s imports the configuration before building a schema',
    (file) => {
      const text = readFileSync(path.join(ROOT, file), 'utf8')
      expect(text).toMatch(
        /import '(\.\/|#app\/domain\/)zod-config\.ts'|from '(\.\/|#app\/domain\/)common\.ts'/,
      )
    },
  )
})
