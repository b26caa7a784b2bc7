// TOTP (RFC 6238) checked against the RFC's own test vectors, the ±1 step window and replay.
import { describe, expect, it } from 'vitest'
import {
  base32Decode,
  base32Encode,
  generateTotpSecret,
  hotp,
  otpauthUri,
  totpAt,
  verifyTotp,
} from './totp.server.ts'

// RFC 6238 appendix B: SHA-1 key "12345678901234567890", 8 digits.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'))
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
]

describe('TOTP', () => {
  it('matches the RFC 6238 SHA-1 vectors and RFC 4226 HOTP values', () => {
    for (const [seconds, code] of RFC_VECTORS) {
      expect(totpAt(RFC_SECRET, seconds * 1000, 8)).toBe(code)
    }
    // RFC 4226 appendix D, counters 0 and 9.
    const key = Buffer.from('12345678901234567890')
    expect(hotp(key, 0)).toBe('755224')
    expect(hotp(key, 9)).toBe('520489')
  })

  it('round-trips base32 and refuses what is not base32', () => {
    const secret = generateTotpSecret()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(base32Encode(base32Decode(secret)!)).toBe(secret)
    expect(base32Decode('abc 1')).toBeUndefined()
  })

  it('accepts the previous, current and next step only', () => {
    const secret = generateTotpSecret()
    const now = 1_800_000_015_000
    const at = (offsetSteps: number) => totpAt(secret, now + offsetSteps * 30_000)
    const step = Math.floor(now / 30_000)
    expect(verifyTotp(secret, at(0), { nowMs: now })).toBe(step)
    expect(verifyTotp(secret, at(-1), { nowMs: now })).toBe(step - 1)
    expect(verifyTotp(secret, at(1), { nowMs: now })).toBe(step + 1)
    // Two steps away is refused (unless the six digits happen to collide).
    if (![at(-1), at(0), at(1)].includes(at(-2))) {
      expect(verifyTotp(secret, at(-2), { nowMs: now })).toBeNull()
    }
    if (![at(-1), at(0), at(1)].includes(at(2))) {
      expect(verifyTotp(secret, at(2), { nowMs: now })).toBeNull()
    }
  })

  it('never accepts a step already used, nor an older one', () => {
    const secret = generateTotpSecret()
    const now = 1_800_000_015_000
    const step = Math.floor(now / 30_000)
    const code = totpAt(secret, now)
    expect(verifyTotp(secret, code, { nowMs: now, lastStep: step - 1 })).toBe(step)
    expect(verifyTotp(secret, code, { nowMs: now, lastStep: step })).toBeNull()
    expect(
      verifyTotp(secret, totpAt(secret, now - 30_000), { nowMs: now, lastStep: step }),
    ).toBeNull()
  })

  it('refuses malformed codes without throwing', () => {
    const secret = generateTotpSecret()
    for (const code of ['', '12345', '1234567', 'abcdef', '12 34 5x', '١٢٣٤٥٦']) {
      expect(verifyTotp(secret, code)).toBeNull()
    }
    // Spaces are allowed inside a code.
    const now = Date.now()
    const code = totpAt(secret, now)
    expect(
      verifyTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, { nowMs: now }),
    ).not.toBeNull()
  })

  it('builds the otpauth URI authenticator apps read', () => {
    const uri = otpauthUri({ secret: 'JBSWY3DPEHPK3PXP', account: 'a@b.fr', issuer: 'Mon site' })
    expect(uri).toBe(
      'otpauth://totp/Mon%20site%3Aa%40b.fr?secret=JBSWY3DPEHPK3PXP&issuer=Mon+site&algorithm=SHA1&digits=6&period=30',
    )
  })
})
