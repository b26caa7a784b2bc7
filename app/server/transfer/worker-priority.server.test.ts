// The import's reader and render worker run below the main thread's priority on Linux: under
// load the thread that answers requests gets a core first (ADR 121).
import { readdirSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/fixtures/db.ts'
import { importFile } from './import.server.ts'

useTestDatabase()

/** This process's threads: their name and nice value (/proc/self/task/<tid>/stat). */
function threads(): { name: string; nice: number }[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return {
      name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      nice: Number(fields[16]),
    }
  })
}

describe.runIf(os.platform() === 'linux')('import worker priority', () => {
  it('runs the reader and the render worker at a lower priority than the main thread', async () => {
    const before = threads().filter((t) => t.nice === 10).length
    const report = await importFile(path.resolve('tests/fixtures/import/wordpress-classic.xml'), {
      fetchMedia: false,
    })
    expect(report.counts.post?.created).toBeGreaterThan(0)
    // Both workers stay idle a while after the import, for the next one (ADR 102).
    expect(threads().filter((t) => t.nice === 10).length - before).toBe(2)
    expect(threads().find((t) => t.name === 'MainThread')?.nice ?? 0).toBe(0)
  }, 60_000)
})
