// The benchmark helpers that decide what is measured and what counts as an aim met (ADR 030).
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import {
  AIMS,
  GHOST_SHARE_OF_REACT,
  GHOST_SHARE_OF_REFERENCE,
  HALF_NGINX_SHARE_OF_REFERENCE,
  printSummary,
  type PageFigures,
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

  // ADR 035: "half of nginx" against nginx measured in the same run, else 78 % of bare Node.
  it('judges the cache on against nginx when it was measured, else against the conversion', () => {
    const summary = (table: Parameters<typeof printSummary>[0]['table'], nginx: boolean) => {
      const log = vi.spyOn(console, 'log').mockImplementation(() => {})
      try {
        return printSummary({
          paths: ['/'],
          targets: [target('ref', undefined, 80), target('on', true, 120)],
          table,
          referenceKey: 'ref',
          ...(nginx ? { nginxKey: 'nginx' } : {}),
          loadAverage: '1.00',
        })
      } finally {
        log.mockRestore()
      }
    }
    const ref = { '/': figures(40_000, 2) }
    // 60 % of bare Node: under the 78 % conversion, but over half of an nginx at 100,000.
    const on = { '/': figures(24_000, 5) }
    expect(summary({ ref, on }, false)).toBe(1)
    expect(summary({ ref, on, nginx: { '/': figures(40_000, 2) } }, true)).toBe(0)
    expect(summary({ ref, on, nginx: { '/': figures(48_001, 2) } }, true)).toBe(1)
    expect(
      summary({ ref, on: { '/': figures(40_000 * HALF_NGINX_SHARE_OF_REFERENCE, 5) } }, false),
    ).toBe(0)
  })

  // The second conversion, through the React reference, is printed but does not judge.
  it('prints the Ghost multiple through the React reference without changing the verdict', () => {
    const lines: string[] = []
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line))
    let notMet: number
    try {
      notMet = printSummary({
        paths: ['/'],
        targets: [target('ref', undefined, 80), target('off', false, 120)],
        // 400 req/s: ×0.85 Ghost through bare Node (0.47 % of 100,000), ×3.9 through React.
        table: {
          ref: { '/': figures(100_000, 2) },
          react: { '/': figures(3_000, 50) },
          off: { '/': figures(400, 100) },
        },
        referenceKey: 'ref',
        reactKey: 'react',
        loadAverage: '1.00',
      })
    } finally {
      log.mockRestore()
    }
    const row = lines.find((line) => line.startsWith('/ ') && line.includes('cache off'))!
    expect(row).toContain(`×${(400 / 3_000 / GHOST_SHARE_OF_REACT).toFixed(1)}`)
    expect(row).toContain(`×${(400 / 100_000 / GHOST_SHARE_OF_REFERENCE).toFixed(1)}`)
    expect(notMet).toBe(1) // req/s judged through bare Node only
  })

  // ADR 048: a Ghost measured in the same run replaces the conversion, req/s and p99 alike.
  it('judges against a Ghost measured in the same run when there is one', () => {
    const summary = (off: PageFigures, ghost: PageFigures) => {
      const log = vi.spyOn(console, 'log').mockImplementation(() => {})
      try {
        return printSummary({
          paths: ['/'],
          targets: [target('ref', undefined, 80), target('off', false, 120)],
          // 400 req/s would be ×0.85 through bare Node: the measured Ghost decides instead.
          table: { ref: { '/': figures(100_000, 2) }, off: { '/': off } },
          referenceKey: 'ref',
          ghost,
          loadAverage: '1.00',
        })
      } finally {
        log.mockRestore()
      }
    }
    expect(summary(figures(400, 50), figures(40, 600))).toBe(0)
    expect(summary(figures(399, 50), figures(40, 600))).toBe(1)
    // p99: a tenth of the measured Ghost's (60 ms here), never looser than the reference table's 150 ms (ADR 048).
    expect(summary(figures(400, 61), figures(40, 600))).toBe(1)
    expect(summary(figures(400, 149), figures(40, 3_000))).toBe(0)
    expect(summary(figures(400, 151), figures(40, 3_000))).toBe(1)
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
