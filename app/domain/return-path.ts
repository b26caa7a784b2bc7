// Where a sign-in goes back to : the admin page a signed-out visitor
// asked for, such as the message an alert e-mail links to, instead of the hub's first tab.
// Only a path of this site is followed, never another origin (no open redirect).

/** The query parameter of /login and the second-factor step that carries it. */
export const RETURN_PARAM = 'retour'

/** `value` when it is a path of the admin hub here, else undefined. */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value || value.length > 1000) return undefined
  // One leading slash, no scheme or host (`//evil`, `/\evil`), no control characters.
  if (!/^\/(?![/\\])[^\s\\]*$/.test(value)) return undefined
  const path = value.split(/[?#]/)[0]!
  return path === '/admin' || path.startsWith('/admin/') ? value : undefined
}

/** `base` with the return path added, when there is one. */
export function withReturnPath(base: string, returnPath: string | undefined): string {
  if (!returnPath) return base
  const separator = base.includes('?') ? '&' : '?'
  return `${base}${separator}${RETURN_PARAM}=${encodeURIComponent(returnPath)}`
}
