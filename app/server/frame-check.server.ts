// Live preview of a project (audit point 11): a site that forbids framing (X-Frame-Options,
// CSP frame-ancestors) shows a blank frame. Before rendering the preview, the server asks
// the site once (HEAD, or GET when HEAD is refused; short timeout; body never read) and
// caches the verdict, so the page can say so and offer a link instead.
import { getEnv } from './env.server.ts'
import { log } from './log.server.ts'

export type FramingVerdict = 'allowed' | 'blocked' | 'unknown'

export const FRAME_CHECK_TIMEOUT_MS = 2000
const CACHE_TTL_MS = 10 * 60_000
const CACHE_MAX = 500

const cache = new Map<string, { verdict: FramingVerdict; at: number }>()

/** Whether the response's headers let `embedder` (an origin) show the page in a frame. */
export function framingVerdict(headers: Headers, embedder: string): FramingVerdict {
  const csp = headers.get('content-security-policy') ?? ''
  const directive = csp
    .split(/[;,]/)
    .map((d) => d.trim())
    .find((d) => /^frame-ancestors(\s|$)/i.test(d))
  if (directive) {
    // frame-ancestors wins over X-Frame-Options (CSP Level 2).
    const sources = directive.split(/\s+/).slice(1)
    if (sources.some((s) => s === '*')) return 'allowed'
    const { protocol, host } = new URL(embedder)
    const fits = sources.some((source) => {
      const s = source.replace(/\/+$/, '').toLowerCase()
      if (s === `${protocol}`) return true
      if (s === `${protocol}//${host}` || s === host) return true
      const wildcard = /^(?:(https?:)\/\/)?\*\.(.+)$/.exec(s)
      return (
        !!wildcard && (!wildcard[1] || wildcard[1] === protocol) && host.endsWith(`.${wildcard[2]}`)
      )
    })
    return fits ? 'allowed' : 'blocked'
  }
  const xfo = headers.get('x-frame-options')?.trim().toUpperCase()
  // SAMEORIGIN means the site's own origin, which is never this one for an external URL.
  if (xfo === 'DENY' || xfo === 'SAMEORIGIN') return 'blocked'
  return 'allowed'
}

async function ask(url: string, method: 'HEAD' | 'GET'): Promise<Response> {
  const response = await fetch(url, {
    method,
    redirect: 'follow',
    signal: AbortSignal.timeout(FRAME_CHECK_TIMEOUT_MS),
    headers: { accept: 'text/html,*/*;q=0.8', 'user-agent': 'Vitrine-preview-check' },
  })
  // Only the headers matter: never download the page.
  await response.body?.cancel().catch(() => {})
  return response
}

/** The verdict for an external http(s) URL, cached; 'unknown' when the site does not answer. */
export async function checkFraming(url: string): Promise<FramingVerdict> {
  let target: URL
  try {
    target = new URL(url)
  } catch {
    return 'unknown'
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return 'unknown'
  const key = target.href
  const hit = cache.get(key)
  if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.verdict
  let verdict: FramingVerdict
  try {
    let response = await ask(key, 'HEAD')
    if (response.status === 405 || response.status === 501) response = await ask(key, 'GET')
    verdict = framingVerdict(response.headers, getEnv().PUBLIC_URL)
  } catch (error) {
    log.warn('Aperçu : le site du projet ne répond pas', {
      url: key,
      error: error instanceof Error ? error.message : String(error),
    })
    verdict = 'unknown'
  }
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!)
  cache.set(key, { verdict, at: Date.now() })
  return verdict
}

/** For tests: forget the cached verdicts. */
export function clearFramingCache() {
  cache.clear()
}
