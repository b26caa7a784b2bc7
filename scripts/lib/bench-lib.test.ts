// The benchmark helpers that decide what is measured and what counts as an aim met (ADR 030).
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { AIMS, GHOST_SHARE_OF_REFERENCE, printSummary } from './bench-summary.ts'
import { parseStartScript, startCommand } from './start-flags.ts'
import { SERVER_ENTRY } from '../build-server-entry.ts'

describe('start-flags', () => {
  it('reads the Node flags and variables npm start uses', () => {
    expect(
      parseStartScript(
        'sh scripts/ensure-build.sh && MALLOC_ARENA_MAX=2 node --max-semi-space-size=4 --max-old-space-size=512 build/server-entry.js',
      ),
    ).toEqual({
      nodeFlags: ['--max-semi-space-size=4', '--max-old-space-size=512'],
      env: { MALLOC_ARENA_MAX: '2' },
      entry: 'build/server-entry.js',
    })
    expect(parseStartScript('node server/index.ts')).toEqual({
      nodeFlags: [],
      env: {},
      entry: 'server/index.ts',
    })
    expect(() => parseStartScript('vite preview')).toThrow()
  })

  it('understands the real start script: production runs the built JavaScript entry', () => {
    const root = path.resolve(import.meta.dirname, '../..')
    const start = startCommand(root)
    expect(start.nodeFlags.every((flag) => flag.startsWith('--'))).toBe(true)
    // ADR 037: no TypeScript module at run time, so Node never loads its type stripper.
    expect(start.entry).toBe(SERVER_ENTRY)
  })
})

describe('bench summary', () => {
  const figures = (rps: number, p99: number) => ({ rps, p99, cpuPerRequest: 1 })
  const target = (key: string, pageCache: boolean | undefined, rssAfterMb: number) => ({
    key,
    name: key,
    ...(pageCache === undefined ? {} : { pageCache }),
    readyMs: 500,
    idleRssMb: 90,
    rssAfterMb,
    soakRssMb: [140, 145],
  })

  function missed(table: Parameters<typeof printSummary>[0]['table'], rssAfterMb = 120) {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    try {
      return printSummary({
        paths: ['/'],
        targets: [target('ref', undefined, 80), target('off', false, rssAfterMb)],
        table,
        referenceKey: 'ref',
        loadAverage: '1.00',
      })
    } finally {
      log.mockRestore()
    }
  }

  it('counts Ghost-equivalents against the reference of the same run', () => {
    const ghost = 10_000 * GHOST_SHARE_OF_REFERENCE
    const ref = { '/': figures(10_000, 5) }
    expect(missed({ ref, off: { '/': figures(ghost * 10 + 1, 100) } })).toBe(0)
    expect(missed({ ref, off: { '/': figures(ghost * 9, 100) } })).toBe(1)
    expect(missed({ ref, off: { '/': figures(ghost * 11, AIMS.p99Ms + 1) } })).toBe(1)
    expect(missed({ ref, off: { '/': figures(ghost * 11, 100) } }, 151)).toBe(1)
    // No answer at all: req/s and p99 both missed, whatever wrk printed for the latency.
    expect(missed({ ref, off: { '/': figures(0, 0) } })).toBe(2)
  })
})
