// Content-Security-Policy of every HTML response (defence in depth behind React's escaping).
// Scripts run only with this response's nonce: React Router's hydration scripts, the theme
// boot script, and the admin's custom JS and analytics snippet (settings, admin-only: see the
// README). 'strict-dynamic' lets those trusted scripts load what they need (the analytics
// library); 'self' and https: are ignored by browsers that understand it. Images, media and
// frames may come from anywhere (project previews, URLs typed in the back office); plugins,
// <base> and framing by other sites are off.
import { randomBytes } from 'node:crypto'

export function createNonce(): string {
  return randomBytes(18).toString('base64')
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self' https:`,
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
}
