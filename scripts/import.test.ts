// `npm run import` exit codes (ADR 088): 0 when every item came in (media that could not be
// fetched are reported, not failures), 1 when an item failed, 2 when nothing could be read.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { createDatabaseFromTemplate, dropDatabase } from '../tests/setup/postgres.ts'

// Under `npm run test:postgres` only the PostgreSQL case runs; the others are SQLite's.
const TEST_POSTGRES = process.env.VITRINE_TEST_POSTGRES

const root = mkdtempSync(path.join(os.tmpdir(), 'vitrine-import-cli-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

function run(file: string, dataDir: string) {
  const result = spawnSync(process.execPath, ['scripts/import.ts', file, '--sans-medias'], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  })
  return { code: result.status, out: result.stdout, err: result.stderr }
}

describe.skipIf(TEST_POSTGRES)('npm run import', () => {
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

// Each thread's loaded modules and its nice value as it loads them (Linux's
// /proc/thread-self/stat, "-" elsewhere), written by a module hook that runs in every thread.
const TRACE = `import { registerHooks } from 'node:module'
import { appendFileSync, readFileSync } from 'node:fs'
import { threadId } from 'node:worker_threads'
const nice = () => {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]
  } catch {
    return '-'
  }
}
registerHooks({ load(url, context, next) {
  appendFileSync(process.env.TRACE_FILE, threadId + ' ' + nice() + ' ' + url + '\\n')
  return next(url, context)
} })`

describe.skipIf(TEST_POSTGRES)('npm run import’s threads', () => {
  it(
    'reads and writes in one worker: the main thread loads neither Kysely nor Zod, the render worker no Zod (ADR 124), no thread below the process’s priority (ADR 129)',
    {
      timeout: 120_000,
    },
    () => {
      const trace = path.join(root, 'trace.txt')
      writeFileSync(trace, '')
      const result = spawnSync(
        process.execPath,
        [
          `--import=data:text/javascript,${encodeURIComponent(TRACE)}`,
          'scripts/import.ts',
          path.resolve('tests/fixtures/import/wordpress-classic.xml'),
          '--sans-medias',
        ],
        {
          env: {
            ...process.env,
            DATA_DIR: path.join(root, 'trace'),
            DATABASE_URL: '',
            TRACE_FILE: trace,
          },
          encoding: 'utf8',
        },
      )
      expect([result.status, result.stderr]).toEqual([0, ''])
      expect(result.stdout).toContain('Articles : 5 créés')
      const threads = new Map<string, string[]>()
      const nices = new Set<string>()
      for (const line of readFileSync(trace, 'utf8').split('\n').filter(Boolean)) {
        const [thread, nice, url] = line.split(' ') as [string, string, string]
        threads.set(thread, [...(threads.get(thread) ?? []), url])
        nices.add(nice)
      }
      const loads = (urls: string[], name: string) =>
        urls.some((url) => url.includes(`/node_modules/${name}/`))
      const main = threads.get('0')!
      expect(main.some((url) => url.endsWith('/scripts/import.ts'))).toBe(true)
      expect([loads(main, 'kysely'), loads(main, 'zod')]).toEqual([false, false])
      // One worker reads the file and writes, one renders: three threads in all.
      const all = [...threads.values()]
      const writer = all.find((urls) => loads(urls, 'kysely'))!
      const renderer = all.find((urls) => loads(urls, 'unified'))!
      expect(loads(writer, 'saxes')).toBe(true)
      expect(new Set([main, writer, renderer]).size).toBe(3)
      expect(threads.size).toBe(3)
      expect(loads(renderer, 'zod')).toBe(false)
      // No thread gives way: the renderer loads its pipeline after it would have lowered its
      // priority, and the command has no server to give way to (ADR 129).
      if (os.platform() === 'linux') expect([...nices]).toEqual(['0'])
    },
  )
})

describe.runIf(TEST_POSTGRES)('npm run import on PostgreSQL', () => {
  it('writes into DATABASE_URL from its worker (ADR 124)', { timeout: 120_000 }, async () => {
    const url = await createDatabaseFromTemplate(TEST_POSTGRES!)
    try {
      const result = spawnSync(
        process.execPath,
        [
          'scripts/import.ts',
          path.resolve('tests/fixtures/import/wordpress-classic.xml'),
          '--sans-medias',
        ],
        {
          env: { ...process.env, DATA_DIR: path.join(root, 'pg'), DATABASE_URL: url },
          encoding: 'utf8',
        },
      )
      expect([result.status, result.stderr]).toEqual([0, ''])
      expect(result.stdout).toContain('Articles : 5 créés (3 publiés, 1 brouillon, 1 programmé)')
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        const posts = await client.query<{ n: number }>('select count(*)::int as n from blog_posts')
        const pages = await client.query<{ n: number }>('select count(*)::int as n from pages')
        expect([posts.rows[0]!.n, pages.rows[0]!.n]).toEqual([5, 2])
      } finally {
        await client.end()
      }
    } finally {
      await dropDatabase(TEST_POSTGRES!, url)
    }
  })
})
