// The benchmark helpers that decide what is measured and what counts as an aim met (ADR 030).
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import {
  AIMS,
  GHOST_SHARE_OF_REACT,
  GHOST_SHARE_OF_REFERENCE,
  printSummary,
} from './bench-summary.ts'
import { parseWrkOutput } from './load-generator.ts'
import { nginxConfig } from './nginx-reference.ts'
import { startReactReference } from './react-reference.ts'
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
  const target = (key: string, pageCache: boolean | undefined, loadRssMb = 120) => ({
    key,
    name: key,
    ...(pageCache === undefined ? {} : { pageCache }),
    readyMs: 500,
    idleRssMb: 90,
    loadRssMb,
    soakRssMb: [140, 145],
  })
  type Options = Parameters<typeof printSummary>[0]

  /** The aims not met, the printed lines thrown away. */
  function missed(options: Partial<Options> & Pick<Options, 'table' | 'targets'>): number {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    try {
      return printSummary({ paths: ['/'], referenceKey: 'ref', loadAverage: '1.00', ...options })
    } finally {
      log.mockRestore()
    }
  }

  // ADR 076: the cache off is recorded (beside the baseline build of the same run), never
  // judged; the memory aims judge the default, the cache on.
  it('records the cache off without a verdict, and judges memory with the cache on', () => {
    const ref = { '/': figures(10_000, 5) }
    const base = { '/': figures(1_000, 50) }
    const off = (rps: number) => ({ '/': figures(rps, 50) })
    const heavyOff = [target('ref', undefined), target('off', false, AIMS.loadRssMb + 1)]
    expect(
      missed({ targets: heavyOff, table: { ref, base, off: off(10) }, baselineKey: 'base' }),
    ).toBe(0)
    const on = { '/': figures(10_000, 5) }
    const heavyOn = [target('ref', undefined), target('on', true, AIMS.loadRssMb + 1)]
    expect(missed({ targets: heavyOn, table: { ref, on } })).toBe(1)
    const lightOn = [target('ref', undefined), target('on', true, AIMS.loadRssMb)]
    expect(missed({ targets: lightOn, table: { ref, on } })).toBe(0)
  })

  it('judges the cache on against nginx when it was measured, else against bare Node', () => {
    const targets = [target('ref', undefined), target('on', true)]
    const ref = { '/': figures(40_000, 2) }
    // A slow Ghost measured beside them: only the share of nginx (or bare Node) decides here.
    const ghost = figures(10, 600)
    // 22.5 % of bare Node: under a quarter of it (ADR 078), but a quarter of an nginx at 36,000.
    const on = { '/': figures(9_000, 5) }
    const nginx = (rps: number) => ({ '/': figures(rps, 2) })
    expect(missed({ targets, table: { ref, on }, ghost })).toBe(1)
    expect(
      missed({ targets, table: { ref, on, nginx: nginx(36_000) }, nginxKey: 'nginx', ghost }),
    ).toBe(0)
    expect(
      missed({ targets, table: { ref, on, nginx: nginx(36_001) }, nginxKey: 'nginx', ghost }),
    ).toBe(1)
    expect(missed({ targets, table: { ref, on: { '/': figures(10_000, 5) } }, ghost })).toBe(0)
    // ×75 Ghost-equivalent (0.47 % of the reference's req/s, 75 times): 35 % of it.
    const ghostEquivalent = 40_000 * GHOST_SHARE_OF_REFERENCE
    expect(missed({ targets, table: { ref, on: { '/': figures(ghostEquivalent * 75, 5) } } })).toBe(
      0,
    )
    expect(missed({ targets, table: { ref, on: { '/': figures(ghostEquivalent * 74, 5) } } })).toBe(
      1,
    )
  })

  // The second conversion, through the React reference, is printed but does not judge.
  it('prints the Ghost multiple through the React reference without changing the verdict', () => {
    const lines: string[] = []
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line))
    let notMet: number
    try {
      notMet = printSummary({
        paths: ['/'],
        targets: [target('ref', undefined), target('on', true)],
        // 400 req/s: ×0.85 Ghost through bare Node (0.47 % of 100,000), ×3.9 through React.
        table: {
          ref: { '/': figures(100_000, 2) },
          react: { '/': figures(3_000, 50) },
          on: { '/': figures(400, 100) },
        },
        referenceKey: 'ref',
        reactKey: 'react',
        loadAverage: '1.00',
      })
    } finally {
      log.mockRestore()
    }
    const row = lines.find((line) => line.startsWith('/ ') && line.includes('cache on'))!
    expect(row).toContain(`×${(400 / 3_000 / GHOST_SHARE_OF_REACT).toFixed(1)}`)
    expect(row).toContain(`×${(400 / 100_000 / GHOST_SHARE_OF_REFERENCE).toFixed(1)}`)
    expect(notMet).toBe(1) // req/s judged through bare Node only
  })

  // ADR 048: a Ghost measured in the same run replaces the conversion.
  it('judges against a Ghost measured in the same run when there is one', () => {
    const targets = [target('ref', undefined), target('on', true)]
    // 4,000 req/s would be ×8.5 through bare Node: the measured Ghost decides instead.
    const table = (rps: number) => ({
      ref: { '/': figures(100_000, 2) },
      on: { '/': figures(rps, 5) },
    })
    const ghost = figures(40, 600)
    expect(missed({ targets, table: table(40_000), ghost })).toBe(0)
    expect(missed({ targets, table: table(3_999), ghost })).toBe(1)
  })

  it('generates an nginx configuration that needs no root and serves each page exactly', () => {
    const config = nginxConfig('/tmp/b', 4321, { '/': '/tmp/b/pages/0.html' }, ['uwsgi'])
    expect(config).toContain('daemon off;')
    expect(config).toContain('worker_processes 1;')
    expect(config).toContain('access_log off;')
    expect(config).toContain('pid /tmp/b/nginx.pid;')
    expect(config).toContain('listen 127.0.0.1:4321;')
    expect(config).toContain('location = / { try_files /0.html =404; }')
    expect(config).toContain('client_body_temp_path /tmp/b/temp/client_body;')
    expect(config).not.toContain('uwsgi_temp_path')
  })

  it('reads p50 and p99 from the latency distribution, not from the thread stats', () => {
    const out = [
      'Running 3s test @ http://127.0.0.1:1/',
      '  1 threads and 50 connections',
      '  Thread Stats   Avg      Stdev     Max   +/- Stdev',
      '    Latency     2.10ms    5.30ms  90.12ms   75.99%',
      '    Req/Sec    20.81k    12.46k   41.78k    50.00%',
      '  Latency Distribution',
      '     50%    1.90ms',
      '     75%    2.20ms',
      '     90%    3.00ms',
      '     99%    1.02s',
      '  62000 requests in 3.00s, 2.00GB read',
      'Requests/sec:  20666.67',
    ].join('\n')
    expect(parseWrkOutput(out)).toMatchObject({ rps: 20666.67, p50: 1.9, p99: 1020, total: 62000 })
  })
})

describe('React reference (renderToString of a 19 KB page, no data)', () => {
  it('renders the same 19 KB React page on every request, whatever the path', async () => {
    const root = path.resolve(import.meta.dirname, '../..')
    const reference = await startReactReference(process.execPath, root)
    try {
      const first = await fetch(`${reference.origin}/blog/un-article`)
      const html = await first.text()
      expect(first.status).toBe(200)
      expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(Buffer.byteLength(html)).toBeGreaterThan(18.5 * 1024)
      expect(Buffer.byteLength(html)).toBeLessThan(19.5 * 1024)
      expect(html).toMatch(/^<!DOCTYPE html><html lang="fr">/)
      expect(html).toContain('<h1>Une page de démonstration</h1>')
      expect(await (await fetch(`${reference.origin}/`)).text()).toBe(html)
    } finally {
      reference.child.kill()
    }
  })
})
