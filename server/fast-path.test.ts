// The page cache's hit log (ADR 035) writes the request log's very line (server/middleware.ts),
// built without an intermediate object.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { hitLogger } from './fast-path.ts'
import { flushLogLines } from './log-lines.ts'
import { writeRequestLog } from './middleware.ts'

function written(write: () => void): string[] {
  const lines: string[] = []
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(...String(chunk).split(/(?<=\n)/))
    return true
  })
  try {
    write()
    flushLogLines()
  } finally {
    spy.mockRestore()
  }
  return lines
}

afterEach(() => vi.unstubAllEnvs())

describe('hit log', () => {
  it('writes the request log line of the same request, key for key', () => {
    vi.stubEnv('LOG_LEVEL', 'info')
    const log = hitLogger()!
    const paths = [
      '/blog/un-billet',
      '/projets/"guillemets"\\é',
      '/setup/jeton-secret-jeton-secret-0123',
    ]
    // Twice each: the second line is built from what the first kept (ADR 042).
    for (const [method, path, status] of [
      ...paths.map((path) => ['GET', path, 200] as const),
      ...paths.map((path) => ['GET', path, 200] as const),
      ['HEAD', paths[0]!, 200] as const,
      ['GET', paths[0]!, 304] as const,
    ]) {
      const [hit, request] = written(() => {
        log(method, path, status, performance.now())
        writeRequestLog(method, path, status, process.hrtime.bigint())
      })
      expect(hit).toMatch(/\n$/)
      const same = (line: string) => {
        const { time, ms, ...rest } = JSON.parse(line) as Record<string, unknown>
        expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
        expect(typeof ms).toBe('number')
        return [Object.keys(JSON.parse(line) as object), rest]
      }
      expect(same(hit!)).toEqual(same(request!))
    }
    expect(written(() => log('HEAD', paths[2]!, 304, performance.now())).join('')).not.toContain(
      'jeton-secret',
    )
  })

  it('is off when the request log is', () => {
    vi.stubEnv('LOG_LEVEL', 'error')
    expect(hitLogger()).toBeUndefined()
  })
})
