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
  it('allows `limit` hits per window, refuses the next, and resets after the window', async () => {
    await resetRateLimits()
    const rule = { limit: 3, windowMs: 1000 }
    const t0 = 1_000_000
    expect([await hit('k', rule, t0), await hit('k', rule, t0), await hit('k', rule, t0)]).toEqual([
      true,
      true,
      true,
    ])
    expect(await hit('k', rule, t0 + 10)).toBe(false)
    expect(await retryAfterSeconds('k', t0 + 10)).toBe(1)
    expect(await hit('other', rule, t0 + 10)).toBe(true)
    expect(await hit('k', rule, t0 + 1000)).toBe(true)
  })

  it('never forgets a live block when more than MAX_KEYS other keys are added', async () => {
    await resetRateLimits()
    const t0 = 5_000_000
    const rule = { limit: 8, windowMs: 15 * 60_000 }
    for (let i = 0; i < 9; i++)
      await hit('sign-in:account-ip:owner@exemple.fr|198.51.100.7', rule, t0)
    expect(await isOver('sign-in:account-ip:owner@exemple.fr|198.51.100.7', rule, t0)).toBe(true)
    // Before the fix, the sweep past MAX_KEYS cleared every bucket, this block included.
    for (let i = 0; i < MAX_KEYS + 8_000; i++) {
      await hit(`sign-up:account:n${i}@exemple.fr`, rule, t0 + 1)
    }
    expect(await isOver('sign-in:account-ip:owner@exemple.fr|198.51.100.7', rule, t0 + 2)).toBe(
      true,
    )
    expect(await hit('sign-in:account-ip:owner@exemple.fr|198.51.100.7', rule, t0 + 2)).toBe(false)
    await resetRateLimits()
  })

  it('evicts expired and idle buckets, least recently used first, never live blocks', async () => {
    const store = createMemoryStore({ maxKeys: 10, hardMaxKeys: 20 })
    const rule = { limit: 1, windowMs: 1000 }
    const t0 = 0
    await store.increment('blocked', rule, t0)
    await store.increment('blocked', rule, t0) // count 2 > limit 1: a live block
    for (let i = 0; i < 50; i++)
      await store.increment(`idle-${i}`, { limit: 5, windowMs: 1000 }, t0)
    expect(await store.size()).toBeLessThanOrEqual(20)
    expect((await store.peek('blocked', t0))?.count).toBe(2)
    // Once every bucket is a live block and the hard bound is met, new keys are refused.
    const full = createMemoryStore({ maxKeys: 2, hardMaxKeys: 3 })
    for (const key of ['a', 'b', 'c']) {
      await full.increment(key, rule, t0)
      await full.increment(key, rule, t0)
    }
    expect(await full.increment('d', rule, t0)).toBeNull()
    expect((await full.peek('a', t0))?.count).toBe(2)
    // Expired buckets make room again.
    expect(await full.increment('d', rule, t0 + 1000)).not.toBeNull()
  })

  it('caps the live keys one owner may create, without creating the refused ones', async () => {
    await resetRateLimits()
    const rule = { limit: 8, windowMs: 60_000 }
    const t0 = 9_000_000
    for (let i = 0; i < MAX_KEYS_PER_OWNER; i++) {
      expect(await hit(`sign-up:account:${i}@x.fr`, rule, t0, { owner: '203.0.113.9' })).toBe(true)
    }
    expect(await hit('sign-up:account:one-more@x.fr', rule, t0, { owner: '203.0.113.9' })).toBe(
      false,
    )
    expect(await isOver('sign-up:account:one-more@x.fr', { limit: 1, windowMs: 60_000 }, t0)).toBe(
      false,
    )
    // Another client is not affected, and the owner's keys free up with their windows.
    expect(await hit('sign-up:account:one-more@x.fr', rule, t0, { owner: '203.0.113.10' })).toBe(
      true,
    )
    expect(
      await hit('sign-up:account:later@x.fr', rule, t0 + 60_000, { owner: '203.0.113.9' }),
    ).toBe(true)
    await resetRateLimits()
  })

  it('gives a Retry-After for every refusal', async () => {
    await resetRateLimits()
    const rule = { limit: 1, windowMs: 90_000 }
    await hit('r', rule, 0)
    await hit('r', rule, 0)
    expect(await retryAfterHeader('r', 60, 1000)).toBe('89')
    expect(await retryAfterHeader('unknown', 60, 1000)).toBe('60')
    await resetRateLimits()
  })

  it('keeps long keys apart without storing them whole', async () => {
    await resetRateLimits()
    const rule = { limit: 1, windowMs: 1000 }
    const long = (c: string) =>
      `activity-anonymous:203.0.113.1|access_denied|/admin/${c.repeat(10_000)}`
    expect(await hit(long('a'), rule, 0)).toBe(true)
    expect(await hit(long('a'), rule, 0)).toBe(false)
    expect(await isOver(long('a'), rule, 0)).toBe(true)
    expect(await hit(long('b'), rule, 0)).toBe(true)
    await resetRateLimits()
  })
})
