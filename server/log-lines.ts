// The request log's output (ADR 035): lines written during one event-loop turn go out in one
// write at the end of the turn instead of one write (a system call: stdout is synchronous on
// files and pipes) per request. Same lines, same order; what is pending is written before the
// process exits.

let pending = ''
let scheduled = false
/** Past this, pending lines are written at once (a very busy turn). */
const MAX_PENDING = 64 * 1024

/** Writes the pending lines now (at exit, and for tests). */
export function flushLogLines() {
  scheduled = false
  if (pending === '') return
  const text = pending
  pending = ''
  process.stdout.write(text)
}

/** Queues one line (with its newline) for stdout. */
export function writeLogLine(line: string) {
  pending += line
  if (pending.length >= MAX_PENDING) return flushLogLines()
  if (!scheduled) {
    scheduled = true
    setImmediate(flushLogLines)
  }
}

process.on('exit', flushLogLines)
