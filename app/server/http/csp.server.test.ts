import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, createNonce } from './csp.server.ts'

describe('document nonces and policy', () => {
  it('gives every document its own 144-bit nonce, across refills of the random pool', () => {
    const nonces = Array.from({ length: 1_000 }, () => createNonce())
    expect(new Set(nonces).size).toBe(nonces.length)
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{24}$/)
      expect(Buffer.from(nonce, 'base64')).toHaveLength(18)
    }
    // Bytes are drawn fresh: no nonce is the pool's first one again after a refill.
    expect(nonces.slice(256)).not.toContain(nonces[0])
  })

  it('allows scripts by that nonce only, and keeps every other directive', () => {
    expect(contentSecurityPolicy('bm9uY2U')).toBe(
      [
        "default-src 'self'",
        "script-src 'nonce-bm9uY2U' 'strict-dynamic' 'self' https:",
        "style-src 'self' 'unsafe-inline'",
        'img-src * data: blob:',
        'media-src * data: blob:',
        "font-src 'self' data:",
        "connect-src 'self' https:",
        'frame-src *',
        "worker-src 'self' blob:",
        "object-src 'none'",
        "base-uri 'self'",
        "frame-ancestors 'self'",
      ].join('; '),
    )
  })
})
