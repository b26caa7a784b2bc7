import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { shouldCompact } from './idle-memory.ts'

const MB = 1024 * 1024
const settings = { quietUtilization: 0.02, growthBytes: 16 * MB }

describe('shouldCompact', () => {
  it('compacts only a heap grown past the threshold after a quiet interval', () => {
    expect(shouldCompact(0.001, 120 * MB, 30 * MB, settings)).toBe(true)
    expect(shouldCompact(0.001, 46 * MB, 30 * MB, settings)).toBe(true)
    // Still busy: never in the middle of traffic.
    expect(shouldCompact(0.5, 120 * MB, 30 * MB, settings)).toBe(false)
    expect(shouldCompact(0.02, 120 * MB, 30 * MB, settings)).toBe(false)
    // Quiet, but not enough growth to be worth a pause.
    expect(shouldCompact(0, 45 * MB, 30 * MB, settings)).toBe(false)
  })
})

// In a fresh process with npm start's young-generation size: a burst of allocation that keeps
// the event loop busy is left alone while it lasts, and the grown heap is given back once the
// loop goes quiet.
const SCRIPT = `
import { startIdleMemoryReducer } from ${JSON.stringify(path.resolve(import.meta.dirname, 'idle-memory.ts'))}
const events = []
let phase = 'busy'
const stop = startIdleMemoryReducer({
  intervalMs: 50,
  growthBytes: 8 * 1024 * 1024,
  onCompact: (figures) => events.push({ phase, ...figures }),
})
// A burst: 600 ms of back-to-back work that keeps ~40 MB reachable for a while, as renders in
// flight do, so it reaches the old generation.
let kept = []
const started = performance.now()
await new Promise((resolve) => {
  const work = () => {
    for (let i = 0; i < 20_000; i++) kept.push({ i, text: 'x'.repeat(20) + i })
    if (kept.length > 400_000) kept = []
    if (performance.now() - started < 600) setImmediate(work)
    else resolve()
  }
  work()
})
kept = null
phase = 'quiet'
await new Promise((resolve) => setTimeout(resolve, 1000))
stop()
console.log(JSON.stringify(events))
`

describe('startIdleMemoryReducer', () => {
  it('waits for the traffic to stop, then gives the grown heap back', () => {
    const result = spawnSync(
      process.execPath,
      ['--max-semi-space-size=4', '--input-type=module', '-e', SCRIPT],
      { encoding: 'utf8' },
    )
    expect(result.stderr).toBe('')
    const events = JSON.parse(result.stdout) as {
      phase: string
      beforeBytes: number
      afterBytes: number
    }[]
    expect(events.filter((e) => e.phase === 'busy')).toEqual([])
    const quiet = events.filter((e) => e.phase === 'quiet')
    // Once per burst: the compacted heap is the new baseline.
    expect(quiet).toHaveLength(1)
    expect(quiet[0]!.beforeBytes - quiet[0]!.afterBytes).toBeGreaterThan(8 * MB)
  })
})
