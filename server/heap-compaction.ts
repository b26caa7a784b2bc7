// Memory-reducing garbage collections: once start-up is done (ADR 041), and when traffic
// stops after a burst (ADR 045, `idle-memory.ts`).
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

let collector: GarbageCollector | null | undefined

/** V8's `gc` function, taken once from a fresh context (it is not made global in this one). */
function garbageCollector(): GarbageCollector | undefined {
  if (collector !== undefined) return collector ?? undefined
  setFlagsFromString('--expose-gc')
  try {
    collector =
      (runInNewContext('typeof gc === "function" ? gc : undefined') as
        GarbageCollector | undefined) ?? null
  } finally {
    // Contexts created later (none in the application) do not get it.
    setFlagsFromString('--no-expose-gc')
  }
  return collector ?? undefined
}

/** Collects and compacts the whole heap, shrinking the young generation; returns its ms. */
export function compactHeap(): number {
  const started = performance.now()
  garbageCollector()?.({ type: 'major', execution: 'sync', flavor: 'last-resort' })
  return performance.now() - started
}

/** The collection before the server listens (ADR 041). */
export const compactHeapAfterStartup = compactHeap
