// `npm run import` exit codes (ADR 088): 0 when every item came in (media that could not be
// fetched are reported, not failures), 1 when an item failed, 2 when nothing could be read.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = mkdtempSync(path.join(os.tmpdir(), 'vitrine-import-cli-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

function run(file: string, dataDir: string) {
  const result = spawnSync(process.execPath, ['scripts/import.ts', file, '--sans-medias'], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  })
  return { code: result.status, out: result.stdout, err: result.stderr }
}

describe('npm run import', () => {
  it('exits 0, 1 or 2 as the import went', { timeout: 120_000 }, () => {
    const classic = path.resolve('tests/fixtures/import/wordpress-classic.xml')
    const ok = run(classic, path.join(root, 'ok'))
    expect([ok.code, ok.err]).toEqual([0, ''])
    expect(ok.out).toContain('Articles : 5 créés (3 publiés, 1 brouillon, 1 programmé)')
    expect(ok.out).toContain('Pages : 2 créées')
    expect(ok.out).toContain('À faire ensuite :')

    const bad = path.join(root, 'bad.json')
    writeFileSync(
      bad,
      JSON.stringify({
        db: [
          {
            data: {
              posts: [
                { id: '1', title: 'Bon', slug: 'bon', html: '<p>Oui.</p>', status: 'published' },
                { id: '2', title: '', slug: '', html: '', status: 'published' },
              ],
            },
          },
        ],
      }),
    )
    expect(run(bad, path.join(root, 'bad')).code).toBe(1)

    const unreadable = path.join(root, 'broken.xml')
    writeFileSync(unreadable, '<rss><channel><item>')
    const refused = run(unreadable, path.join(root, 'refused'))
    expect(refused.code).toBe(2)
    expect(refused.err).toContain('Rien n’a été importé')
  })
})
