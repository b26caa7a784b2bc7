import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// In a fresh process with npm start's young-generation size: the young generation grown by
// surviving allocations is shrunk, and `gc` stays out of the application's global scope.
const SCRIPT = `
import v8 from 'node:v8'
import { compactHeapAfterStartup } from ${JSON.stringify(path.resolve(import.meta.dirname, 'heap-compaction.ts'))}
const newSpace = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size
let keep = []
for (let i = 0; i < 400_000; i++) {
  keep.push({ i, text: 'x' + i })
  if (keep.length > 50_000) keep = []
}
const before = newSpace()
keep = null
const ms = compactHeapAfterStartup()
console.log(JSON.stringify({ before, after: newSpace(), ms, globalGc: typeof globalThis.gc }))
`

describe('compactHeapAfterStartup', () => {
  it('shrinks the young generation and exposes no global gc', () => {
    const result = spawnSync(
      process.execPath,
      ['--max-semi-space-size=4', '--input-type=module', '-e', SCRIPT],
      { encoding: 'utf8' },
    )
    expect(result.stderr).toBe('')
    const figures = JSON.parse(result.stdout) as {
      before: number
      after: number
      ms: number
      globalGc: string
    }
    expect(figures.before).toBeGreaterThan(2 * 1024 * 1024)
    expect(figures.after).toBeLessThan(figures.before / 2)
    expect(figures.globalGc).toBe('undefined')
  })
})
