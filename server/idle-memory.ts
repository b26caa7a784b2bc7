// Memory given back when traffic stops (ADR 045).
//
// Under load V8's old generation grows ahead of what is live: with 50 concurrent cache-off
// renders the heap commits 80–110 MB for ~27 MB of live objects, and the malloc'ed backing
// stores of dead buffers wait for the same collection. V8's own memory reducer gives it back
// about ten seconds after the load stops; until then the process holds 190–230 MB instead of
// ~115 MB. This checks once a second (a timer that does not keep the process alive): when the
// event loop was almost idle for the whole second and the heap has grown well past its size
// after the last compaction, it runs one memory-reducing collection (`compactHeap`, 50–100 ms)
// — at most once per burst, never while requests keep coming.
import { performance, type EventLoopUtilization } from 'node:perf_hooks'
import { getHeapStatistics } from 'node:v8'
import { compactHeap } from './heap-compaction.ts'

export interface IdleMemoryOptions {
  /** How often to look, in ms (default 1,000). */
  intervalMs?: number
  /** Event-loop utilisation below which an interval counts as quiet (default 0.02). */
  quietUtilization?: number
  /** Heap growth over its size after the last compaction that is worth one (default 16 MB). */
  growthBytes?: number
  /** Called after each compaction (tests, logs). */
  onCompact?: (figures: { ms: number; beforeBytes: number; afterBytes: number }) => void
}

/** The decision alone: compact when the last interval was quiet and the heap grew enough. */
export function shouldCompact(
  utilization: number,
  heapBytes: number,
  baselineBytes: number,
  options: { quietUtilization: number; growthBytes: number },
): boolean {
  return utilization < options.quietUtilization && heapBytes - baselineBytes >= options.growthBytes
}

const heapBytes = () => getHeapStatistics().total_physical_size

/** Starts the check; returns the function that stops it. */
export function startIdleMemoryReducer(options: IdleMemoryOptions = {}): () => void {
  const settings = {
    quietUtilization: options.quietUtilization ?? 0.02,
    growthBytes: options.growthBytes ?? 16 * 1024 * 1024,
  }
  let baseline = heapBytes()
  let last: EventLoopUtilization = performance.eventLoopUtilization()
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization()
    const { utilization } = performance.eventLoopUtilization(now, last)
    last = now
    const before = heapBytes()
    // A heap smaller than the baseline (V8 shrank it itself) lowers the bar for the next burst.
    if (before < baseline) baseline = before
    if (!shouldCompact(utilization, before, baseline, settings)) return
    const ms = compactHeap()
    baseline = heapBytes()
    // The collection's own time is not counted as traffic in the next interval.
    last = performance.eventLoopUtilization()
    options.onCompact?.({ ms, beforeBytes: before, afterBytes: baseline })
  }, options.intervalMs ?? 1000)
  timer.unref()
  return () => clearInterval(timer)
}
