// One form of a request's path for every path rule (ADR 059): the page cache's
// never-cached paths, the secret pages' no-store, the public images' cross-origin reading.
// React Router matches a path case-insensitively, after the URL parser resolved its
// dot-segments (`%2e%2e` counts as `..`) and after percent-decoding; a rule reading the raw
// path would let `/Reset-Password` or `/media/%2e%2e/cv/fichier` past it. Any rule that
// decides on a path calls normalizedPath, and nothing else.

const BASE = 'http://n'
/** What a path needs for its normal form to differ from itself. */
const NEEDS_WORK = /[%.\\A-Z]|\/\//

/** Dot-segments resolved, backslashes as slashes (the WHATWG URL parser's own rules). */
function resolved(path: string): string {
  try {
    return new URL(`${BASE}${path.startsWith('/') ? '' : '/'}${path}`).pathname
  } catch {
    return path
  }
}

/**
 * The path (any query is dropped) as the router matches it: dot-segments resolved,
 * percent-decoded (then resolved again: `..%2f` decodes to a dot-segment), repeated slashes
 * collapsed, lower-cased. A path that does not decode keeps its undecoded form.
 */
export function normalizedPath(url: string): string {
  const end = url.indexOf('?')
  const path = end === -1 ? url : url.slice(0, end)
  if (!NEEDS_WORK.test(path)) return path
  let form = resolved(path)
  if (form.includes('%')) {
    try {
      form = resolved(decodeURIComponent(form).replace(/[?#]/g, encodeURIComponent))
    } catch {
      // Not decodable: server/request-guard.ts answers 400 before any route runs.
    }
  }
  return form.replace(/\/{2,}/g, '/').toLowerCase()
}
