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
    for (const path of paths) {
      const [hit, request] = written(() => {
        log('GET', path, 200, performance.now())
        writeRequestLog('GET', path, 200, process.hrtime.bigint())
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
