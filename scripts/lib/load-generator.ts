// The load generator of the HTTP benchmarks (`bench:http`, its `--postgres` part): wrk when the
// machine has it, autocannon from npm otherwise, and the five public pages they load.
import { spawn, spawnSync } from 'node:child_process'
import autocannon from 'autocannon'

export const HAS_WRK = spawnSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' }).status === 0

export interface LoadRun {
  rps: number
  p50: number
  p99: number
  errors: number
  non2xx: number
  total: number
}

/** A wrk latency ("850.00us", "1.20ms", "2.00s") in milliseconds. */
export function parseWrkDuration(text: string): number {
  const m = /([\d.]+)(us|ms|s)/.exec(text)
  if (!m) return NaN
  const value = Number(m[1])
  return m[2] === 'us' ? value / 1000 : m[2] === 's' ? value * 1000 : value
}

/** The figures of `wrk --latency` output. */
export function parseWrkOutput(out: string): LoadRun {
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
    // Lines of the latency distribution only ("75.99%" in the thread stats is no p99).
    p50: parseWrkDuration(/^\s*50%\s+(\S+)/m.exec(out)?.[1] ?? ''),
    p99: parseWrkDuration(/^\s*99%\s+(\S+)/m.exec(out)?.[1] ?? ''),
    errors: Number(/Socket errors:.*timeout (\d+)/.exec(out)?.[1] ?? 0),
    non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0),
    total: Number(/(\d+) requests in/.exec(out)?.[1] ?? 0),
  }
}

/** `connections` connections on one URL for `seconds` seconds. */
export async function runLoad(url: string, seconds: number, connections: number): Promise<LoadRun> {
  if (HAS_WRK) {
    const child = spawn('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', url])
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d))
    await new Promise((resolve) => child.once('exit', resolve))
    return parseWrkOutput(out)
  }
  const result = await autocannon({ url, connections, duration: seconds })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  }
}

/** The five measured pages: `/`, `/projects`, a project, `/blog` and a post of the demo. */
export async function discoverPaths(origin: string): Promise<string[]> {
  const projects = await (await fetch(`${origin}/projects`)).text()
  const blog = await (await fetch(`${origin}/blog`)).text()
  const project = /href="(\/projects\/[^"/?#]+)"/.exec(projects)?.[1]
  const post = /href="(\/blog\/[^"/?#]+)"/.exec(blog)?.[1]
  if (!project || !post) throw new Error('no project or post link found in the demo content')
  return ['/', '/projects', project, '/blog', post]
}
