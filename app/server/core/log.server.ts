// Minimal structured logger: one JSON line per event on stdout (stderr for errors).
type Level = 'debug' | 'info' | 'warn' | 'error'
const ORDER: Record<Level | 'silent', number> = {
  debug: 10,
  info: 20,
  warn: 30,
  error: 40,
  silent: 99,
}

function threshold(): number {
  const level = (process.env.LOG_LEVEL ?? 'info') as Level | 'silent'
  return ORDER[level] ?? ORDER.info
}

function write(level: Level, msg: string, extra?: Record<string, unknown>) {
  if (ORDER[level] < threshold()) return
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...extra })
  if (level === 'error' || level === 'warn') process.stderr.write(line + '\n')
  else process.stdout.write(line + '\n')
}

export const log = {
  debug: (msg: string, extra?: Record<string, unknown>) => write('debug', msg, extra),
  info: (msg: string, extra?: Record<string, unknown>) => write('info', msg, extra),
  warn: (msg: string, extra?: Record<string, unknown>) => write('warn', msg, extra),
  error: (msg: string, extra?: Record<string, unknown>) => write('error', msg, extra),
}
