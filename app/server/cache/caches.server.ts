// Every in-memory cache of the app server is made here, under a name and with a bound
// (ADR 081): an `lru-cache` LRU, never a hand-written `Map` with its own eviction. The
// registry lets one call (`resetCaches`) empty them all (tests, a database switch) and lets
// a test or a diagnostic list them. Ghost's `getCache(name)` is the model.
//
// Values that follow the content (settings, a post by slug…) are not kept here directly but
// through `cachedRead` / `cachedReadByKey` (generation.server.ts), which take their cache from
// this module and empty it on every content write (ADR 026).
import { LRUCache } from 'lru-cache'

/** What lru-cache accepts as a key or a value: anything but null and undefined. */
type Some = NonNullable<unknown>

/** Every cache needs a bound: a number of entries, or a total size with its measure. */
export type CacheOptions<K extends Some, V extends Some> = LRUCache.Options<K, V, unknown> &
  ({ max: number } | { maxSize: number; sizeCalculation: (value: V, key: K) => number })

const caches = new Map<string, LRUCache<Some, Some>>()

/**
 * The cache called `name`, made at the first call with `options`. A later call with the same
 * name (the module evaluated again in development) gets the same cache: names are unique in
 * the app, one per use.
 */
export function getCache<K extends Some, V extends Some>(
  name: string,
  options: CacheOptions<K, V>,
): LRUCache<K, V> {
  let cache = caches.get(name) as LRUCache<K, V> | undefined
  if (!cache) {
    cache = new LRUCache<K, V>(options)
    caches.set(name, cache as unknown as LRUCache<Some, Some>)
  }
  return cache
}

/** Empties every cache (tests between cases, a switch of database). */
export function resetCaches(): void {
  for (const cache of caches.values()) cache.clear()
}

/**
 * Each cache's name, number of entries and bound (entries, or total size for a cache bounded
 * by size), sorted by name (tests, diagnostics).
 */
export function cacheSizes(): { name: string; size: number; bound: number }[] {
  return [...caches]
    .map(([name, cache]) => ({ name, size: cache.size, bound: cache.max || cache.maxSize }))
    .sort((a, b) => a.name.localeCompare(b.name))
}
