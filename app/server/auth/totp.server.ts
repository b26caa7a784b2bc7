// TOTP (RFC 6238) over HOTP (RFC 4226) with node:crypto: HMAC-SHA1, 6 digits, 30-second
// steps, the authenticator-app defaults (ADR 025).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

export const TOTP_PERIOD_SECONDS = 30
export const TOTP_DIGITS = 6
/** Steps accepted either side of the server's clock (a phone a little early or late). */
export const TOTP_WINDOW = 1

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31]
  return out
}

/** Decodes base32 (case, spaces and padding ignored); undefined if it is not base32. */
export function base32Decode(text: string): Buffer | undefined {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '')
  let bits = 0
  let value = 0
  const out: number[] = []
  for (const char of clean) {
    const index = BASE32.indexOf(char)
    if (index < 0) return undefined
    value = ((value << 5) | index) & 0xffff
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  return Buffer.from(out)
}

/** A new random secret (160 bits, RFC 4226's recommended length), base32. */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(20))
}

/** The HOTP value of `counter` for `key`. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8)
  message.writeBigUInt64BE(BigInt(counter))
  const mac = createHmac('sha1', key).update(message).digest()
  const offset = mac[mac.length - 1]! & 0x0f
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits
  return binary.toString().padStart(digits, '0')
}

/** The time step of a moment (milliseconds since the epoch). */
export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS)
}

export function totpAt(secret: string, nowMs: number, digits = TOTP_DIGITS): string {
  const key = base32Decode(secret)
  if (!key) throw new Error('TOTP secret is not base32')
  return hotp(key, totpStep(nowMs), digits)
}

/**
 * The time step `code` matches within ±TOTP_WINDOW steps of `nowMs`, only if later than
 * `lastStep` (a code already used, or an older one, is refused: no replay), else null.
 */
export function verifyTotp(
  secret: string,
  code: string,
  opts: { nowMs?: number; lastStep?: number } = {},
): number | null {
  const key = base32Decode(secret)
  const wanted = code.replace(/\s/g, '')
  if (!key || key.length === 0 || !/^\d{6}$/.test(wanted)) return null
  const current = totpStep(opts.nowMs ?? Date.now())
  let found: number | null = null
  // Every candidate is compared (constant work whatever matches).
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
    const candidate = Buffer.from(hotp(key, step))
    if (timingSafeEqual(candidate, Buffer.from(wanted)) && found === null) found = step
  }
  if (found === null || found <= (opts.lastStep ?? 0)) return null
  return found
}

/** The otpauth:// URI authenticator apps read from the QR code (Key Uri Format). */
export function otpauthUri(opts: { secret: string; account: string; issuer: string }): string {
  const label = encodeURIComponent(`${opts.issuer}:${opts.account}`)
  const params = new URLSearchParams({
    secret: opts.secret,
    issuer: opts.issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  })
  return `otpauth://totp/${label}?${params.toString()}`
}
