import { describe, expect, it } from 'vitest'
import { hit, resetRateLimits, retryAfterSeconds } from './rate-limit.server.ts'

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
})
