import { describe, expect, it } from 'vitest'
import {
  createMemoryStore,
  hit,
  isOver,
  MAX_KEYS,
  MAX_KEYS_PER_OWNER,
  resetRateLimits,
  retryAfterHeader,
  retryAfterSeconds,
} from './rate-limit.server.ts'

describe('rate limiter', () => {
  it('allows `limit` hits per window, refuses the next, and resets after the window', () => {
    resetRateLimits()
    const rule = { limit: 3, windowMs: 1000 }
    const t0 = 1_000_000
    expect([hit('k', rule, t0), hit('k', rule, t0), hit('k', rule, t0)]).toEqual([true, true, true])
    expect(hit('k', rule, t0 + 10)).toBe(false)
    expect(retryAfterSeconds('k', t0 + 10)).toBe(1)
    expect(hit('other', rule, t0 + 10)).toBe(true)
    expect(hit('k', rule, t0 + 1000)).toBe(true)
  })

  it('never forgets a live block when more than MAX_KEYS other keys are added (finding 1)', () => {
    resetRateLimits()
    const t0 = 5_000_000
    const rule = { limit: 8, windowMs: 15 * 60_000 }
    for (let i = 0; i < 9; i++) hit('sign-in:account-ip:owner@exemple.fr|198.51.100.7', rule, t0)
    expect(isOver('sign-in:account-ip:owner@exemple.fr|198.51.100.7', rule, t0)).toBe(true)
    // Before the fix, the sweep past MAX_KEYS cleared every bucket, this block included.
    for (let i = 0; i < MAX_KEYS + 8_000; i++) {
      hit(`sign-up:account:n${i}@exemple.fr`, rule, t0 + 1)
    }
    expect(isOver('sign-in:account-ip:owner@exemple.fr|198.51.100.7', rule, t0 + 2)).toBe(true)
    expect(hit('sign-in:account-ip:owner@exemple.fr|198.51.100.7', rule, t0 + 2)).toBe(false)
    resetRateLimits()
  })

  it('evicts expired and idle buckets, least recently used first, never live blocks', () => {
    const store = createMemoryStore({ maxKeys: 10, hardMaxKeys: 20 })
    const rule = { limit: 1, windowMs: 1000 }
    const t0 = 0
    store.increment('blocked', rule, t0)
    store.increment('blocked', rule, t0) // count 2 > limit 1: a live block
    for (let i = 0; i < 50; i++) store.increment(`idle-${i}`, { limit: 5, windowMs: 1000 }, t0)
    expect(store.size()).toBeLessThanOrEqual(20)
    expect(store.peek('blocked', t0)?.count).toBe(2)
    // Once every bucket is a live block and the hard bound is met, new keys are refused.
    const full = createMemoryStore({ maxKeys: 2, hardMaxKeys: 3 })
    for (const key of ['a', 'b', 'c']) {
      full.increment(key, rule, t0)
      full.increment(key, rule, t0)
    }
    expect(full.increment('d', rule, t0)).toBeNull()
    expect(full.peek('a', t0)?.count).toBe(2)
    // Expired buckets make room again.
    expect(full.increment('d', rule, t0 + 1000)).not.toBeNull()
  })

  it('caps the live keys one owner may create, without creating the refused ones', () => {
    resetRateLimits()
    const rule = { limit: 8, windowMs: 60_000 }
    const t0 = 9_000_000
    for (let i = 0; i < MAX_KEYS_PER_OWNER; i++) {
      expect(hit(`sign-up:account:${i}@x.fr`, rule, t0, { owner: '203.0.113.9' })).toBe(true)
    }
    expect(hit('sign-up:account:one-more@x.fr', rule, t0, { owner: '203.0.113.9' })).toBe(false)
    expect(isOver('sign-up:account:one-more@x.fr', { limit: 1, windowMs: 60_000 }, t0)).toBe(false)
    // Another client is not affected, and the owner's keys free up with their windows.
    expect(hit('sign-up:account:one-more@x.fr', rule, t0, { owner: '203.0.113.10' })).toBe(true)
    expect(hit('sign-up:account:later@x.fr', rule, t0 + 60_000, { owner: '203.0.113.9' })).toBe(
      true,
    )
    resetRateLimits()
  })

  it('gives a Retry-After for every refusal', () => {
    resetRateLimits()
    const rule = { limit: 1, windowMs: 90_000 }
    hit('r', rule, 0)
    hit('r', rule, 0)
    expect(retryAfterHeader('r', 60, 1000)).toBe('89')
    expect(retryAfterHeader('unknown', 60, 1000)).toBe('60')
    resetRateLimits()
  })

  it('keeps long keys apart without storing them whole', () => {
    resetRateLimits()
    const rule = { limit: 1, windowMs: 1000 }
    const long = (c: string) =>
      `activity-anonymous:203.0.113.1|access_denied|/admin/${c.repeat(10_000)}`
    expect(hit(long('a'), rule, 0)).toBe(true)
    expect(hit(long('a'), rule, 0)).toBe(false)
    expect(isOver(long('a'), rule, 0)).toBe(true)
    expect(hit(long('b'), rule, 0)).toBe(true)
    resetRateLimits()
  })
})
