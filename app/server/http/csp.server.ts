// Content-Security-Policy of every HTML response (defence in depth behind React's escaping).
// Scripts run only with this response's nonce: React Router's hydration scripts, the theme
// boot script, and the admin's custom JS and analytics snippet (settings, admin-only: see the
// README). 'strict-dynamic' lets those trusted scripts load what they need (the analytics
// library); 'self' and https: are ignored by browsers that understand it. Images, media and
// frames may come from anywhere (project previews, URLs typed in the back office); plugins,
// <base> and framing by other sites are off.
import { randomFillSync } from 'node:crypto'

const NONCE_BYTES = 18
// Random bytes drawn from the CSPRNG for 256 nonces at a time (as Node does for randomUUID):
// one system call per 256 documents instead of one each. Each nonce uses its own bytes once.
const pool = Buffer.alloc(NONCE_BYTES * 256)
let offset = pool.length

/** 18 bytes (144 bits) from the CSPRNG, base64: a new one for every document. */
export function createNonce(): string {
  if (offset === pool.length) {
    randomFillSync(pool)
    offset = 0
  }
  const nonce = pool.toString('base64', offset, offset + NONCE_BYTES)
  offset += NONCE_BYTES
  return nonce
}

const POLICY_BEFORE_NONCE = "default-src 'self'; script-src 'nonce-"
const POLICY_AFTER_NONCE = [
  "' 'strict-dynamic' 'self' https:",
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
].join('; ')

export function contentSecurityPolicy(nonce: string): string {
  return POLICY_BEFORE_NONCE + nonce + POLICY_AFTER_NONCE
}
