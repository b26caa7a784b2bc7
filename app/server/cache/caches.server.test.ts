// The one cache module (ADR 081): every cache is named and bounded, and one call empties all.
import { describe, expect, it } from 'vitest'
import { cacheSizes, getCache, resetCaches } from './caches.server.ts'
import { bumpContentGeneration, cachedRead } from './generation.server.ts'

describe('caches', () => {
  it('gives the same cache for a name and holds no more than its bound', () => {
    const cache = getCache<string, number>('test-bounded', { max: 2 })
    expect(getCache<string, number>('test-bounded', { max: 2 })).toBe(cache)
    cache.set('a', 1)
    cache.set('b', 2)
    cache.set('c', 3)
    expect(cache.size).toBe(2)
    expect(cache.has('a')).toBe(false)
    expect(cacheSizes()).toContainEqual({ name: 'test-bounded', size: 2, bound: 2 })
  })

  it('bounds a cache by size when asked', () => {
    const cache = getCache<string, string>('test-sized', {
      maxSize: 10,
      sizeCalculation: (value) => value.length,
    })
    cache.set('a', 'xxxxxx')
    cache.set('b', 'yyyyyy')
    expect([...cache.keys()]).toEqual(['b'])
  })

  it('empties every cache, generation-keyed reads included, with one reset', async () => {
    const plain = getCache<string, number>('test-reset', { max: 10 })
    plain.set('a', 1)
    let reads = 0
    const read = cachedRead('test-reset-read', async () => ++reads)
    bumpContentGeneration()
    expect(await read()).toBe(1)
    expect(await read()).toBe(1)
    resetCaches()
    expect(plain.size).toBe(0)
    expect(await read()).toBe(2)
    expect(cacheSizes().find((c) => c.name === 'read:test-reset-read')?.bound).toBe(1)
  })

  it('lists the caches of the modules loaded, each with its bound', async () => {
    await Promise.all([
      import('../activity/activity.server.ts'),
      import('../analytics/collect.server.ts'),
      import('../content/frame-check.server.ts'),
      import('../content/markdown.server.ts'),
      import('../repositories/settings.server.ts'),
    ])
    const names = cacheSizes().map((c) => c.name)
    for (const name of [
      'activity-client-info',
      'activity-just-saved',
      'analytics-dictionary',
      'framing-verdicts',
      'geo-locations',
      'highlighted-code',
      'read:site-settings',
      'rendered-markdown',
      'user-agents',
    ])
      expect(names).toContain(name)
    expect(cacheSizes().every((c) => c.bound > 0)).toBe(true)
  })
})
