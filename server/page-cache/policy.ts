// The Content-Security-Policy of a cached page (ADR 029): the same policy as a rendered page
// (app/server/http/csp.server.ts), with the sha256 hashes of the inline scripts that carried the
// render's nonce in place of the nonce. The cached bytes are then the same for every visitor,
// so they can be compressed once (brotli included), while no script that lacked the nonce
// when the page was rendered (injected markup) is trusted: only scripts the app itself marked
// with the nonce are hashed. 'strict-dynamic' stays: scripts those trusted scripts add (the
// React Router modules, the consented analytics loader) keep loading as on a rendered page.
import { createHash } from 'node:crypto'

/** Every <script> element: its attributes and its text (React escapes '>' in attributes). */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const SRC_ATTRIBUTE = /\ssrc\s*=/i
/** Beyond this, a page is not cached (a header that long would be refused by proxies). */
export const MAX_SCRIPT_HASHES = 64

export interface CachedPage {
  /** The HTML without any nonce attribute. */
  html: Buffer
  /** The policy with the hashes in place of the nonce. */
  policy: string
}

/** The sha256 source expression of a script's text, as the browser computes it (UTF-8). */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
}

/**
 * The cacheable form of a rendered page, or null when it cannot be expressed with hashes:
 * a nonce-carrying external script (a hash does not cover it), the nonce elsewhere than in
 * nonce attributes, or too many inline scripts.
 */
export function toCachedPage(body: Buffer, nonce: string, policy: string): CachedPage | null {
  const source = `'nonce-${nonce}'`
  if (!policy.includes(source)) return null
  const text = body.toString('utf8')
  const attribute = ` nonce="${nonce}"`
  const hashes = new Set<string>()
  for (const [, attributes = '', content = ''] of text.matchAll(SCRIPT)) {
    // A script without this render's nonce was never trusted: it stays refused.
    if (!attributes.includes(attribute)) continue
    if (SRC_ATTRIBUTE.test(attributes)) return null
    hashes.add(scriptHash(content))
  }
  if (hashes.size > MAX_SCRIPT_HASHES) return null
  const html = text.replaceAll(attribute, '')
  if (html.includes(nonce)) return null
  return {
    html: Buffer.from(html, 'utf8'),
    policy: policy.replace(hashes.size > 0 ? source : `${source} `, [...hashes].join(' ')),
  }
}
