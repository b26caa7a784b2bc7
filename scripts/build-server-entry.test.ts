// ADR 037: `npm start` runs build/server-entry.js, the server wrapper bundled into plain
// JavaScript, so production never loads Node's TypeScript stripper (18 MB of RSS).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildServerEntry, IMPORT_WORKER } from './build-server-entry.ts'

const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-entry-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('server entry build', () => {
  it('bundles every module of server/ and app/ and imports only packages', async () => {
    const outfile = path.join(dir, 'server-entry.js')
    const imports = await buildServerEntry(outfile)
    // Express and React Router's packages, its Express adapter included (ADR 078), stay in
    // node_modules; no source module is left.
    expect(imports).toContain('express')
    expect(imports).toContain('@react-router/express')
    expect(imports.filter((specifier) => /^[.#/]|\.tsx?$/.test(specifier))).toEqual([])
    const code = readFileSync(outfile, 'utf8')
    // The wrapper's own code is inside (the page cache, fair start, proxy trust parsing).
    expect(code).toContain('function fairStart')
    expect(code).toContain('function parseTrustProxy')
    expect(code).toContain('function pageCacheMiddleware')
    expect(code).not.toMatch(/^\s*import\s+type\b/m)
    // The import's worker (ADR 083) is built beside it, without TypeScript sources.
    const worker = path.join(dir, IMPORT_WORKER)
    expect(existsSync(worker)).toBe(true)
    expect(readFileSync(worker, 'utf8')).not.toMatch(/from\s+["'][^"']*\.ts["']/)
  })
})
