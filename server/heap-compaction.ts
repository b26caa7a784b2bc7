// One memory-reducing garbage collection once start-up is done (ADR 041).
//
// Start-up (loading the modules, migrations, the demo check) grows V8's young generation to
// its full size and leaves the old generation with the garbage of module evaluation. V8's
// memory reducer gives that back only after some ten seconds of idleness; until then the
// process holds ~10 MB it no longer needs (new space 8 MB committed for 1 MB used). A "last
// resort" collection — the one V8 runs itself before giving up on an allocation — shrinks the
// young generation and compacts the old one at once. It takes 50–200 ms, once, before the
// server listens; nothing runs while it does.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

type GarbageCollector = (options: {
  type: 'major'
  execution: 'sync'
  flavor: 'last-resort'
}) => void

/** V8's `gc` function, from a fresh context (it is not made global in this one). */
function garbageCollector(): GarbageCollector | undefined {
  setFlagsFromString('--expose-gc')
  try {
    return runInNewContext('typeof gc === "function" ? gc : undefined') as
      GarbageCollector | undefined
  } finally {
    // Contexts created later (none in the application) do not get it.
    setFlagsFromString('--no-expose-gc')
  }
}

/** Collects and compacts the whole heap, shrinking the young generation; returns its ms. */
export function compactHeapAfterStartup(): number {
  const started = performance.now()
  garbageCollector()?.({ type: 'major', execution: 'sync', flavor: 'last-resort' })
  return performance.now() - started
}
