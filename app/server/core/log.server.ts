// The one logger of the process (ADR 078): one JSON line per event, the app's events and the
// Express layer's request lines alike (warnings and errors on stderr). Request lines are
// written once per event-loop turn (ADR 035: one system call for a turn's lines, same lines
// in the same order; what is pending is written before the process exits). LOG_LEVEL is read
// through the environment schema, once.
import { envField } from './env.server.ts'

type Level = 'debug' | 'info' | 'warn' | 'error'
const ORDER: Record<Level | 'silent', number> = {
  debug: 10,
  info: 20,
  warn: 30,
  error: 40,
  silent: 99,
}

/** The threshold from LOG_LEVEL. */
function threshold(): number {
  return ORDER[envField('LOG_LEVEL')]
}

let pending = ''
let scheduled = false
/** Past this, pending lines are written at once (a very busy turn). */
const MAX_PENDING = 64 * 1024

/** Writes the pending stdout lines now (at exit, and for tests). */
export function flushLogLines() {
  scheduled = false
  if (pending === '') return
  const text = pending
  pending = ''
  process.stdout.write(text)
}

function queue(line: string) {
  pending += line
  if (pending.length >= MAX_PENDING) return flushLogLines()
  if (!scheduled) {
    scheduled = true
    setImmediate(flushLogLines)
  }
}

process.on('exit', flushLogLines)

function write(at: Level, msg: string, extra?: Record<string, unknown>) {
  if (ORDER[at] < threshold()) return
  const line = JSON.stringify({ time: new Date().toISOString(), level: at, msg, ...extra }) + '\n'
  // Written at once, after the request lines queued before it (their order kept).
  flushLogLines()
  if (at === 'error' || at === 'warn') process.stderr.write(line)
  else process.stdout.write(line)
}

/** The path as logged: a first-admin setup token is a credential, never written out. */
export function loggedPath(path: string): string {
  return /^\/setup\/./i.test(path) ? '/setup/…' : path
}

export const log = {
  debug: (msg: string, extra?: Record<string, unknown>) => write('debug', msg, extra),
  info: (msg: string, extra?: Record<string, unknown>) => write('info', msg, extra),
  warn: (msg: string, extra?: Record<string, unknown>) => write('warn', msg, extra),
  error: (msg: string, extra?: Record<string, unknown>) => write('error', msg, extra),
  /** Whether request lines (info) are written. */
  logsRequests: () => ORDER.info >= threshold(),
  /** One request's line: method, path (setup tokens hidden), status and duration in ms. */
  request(method: string, path: string, status: number, ms: number) {
    if (ORDER.info < threshold()) return
    const line = {
      time: new Date().toISOString(),
      level: 'info',
      method,
      path: loggedPath(path),
      status,
      ms: Math.round(ms * 10) / 10,
    }
    queue(JSON.stringify(line) + '\n')
  },
}
