// The French 503 of a service that is down for a moment (the database, ADR 069; file storage,
// ADR 084): JSON for the API and scripts that ask for it, an HTML page for a browser, plain text
// otherwise; never cached, with Retry-After.

/** Network errors that say a service is out of reach (refused, reset, timed out, unresolved). */
export const NETWORK_ERROR_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
])

export function serviceUnavailableResponse(
  request: Request,
  {
    title,
    message,
    retryAfterSeconds,
  }: { title: string; message: string; retryAfterSeconds: number },
): Response {
  const headers = { 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' }
  const url = new URL(request.url)
  const accept = request.headers.get('accept') ?? ''
  if (url.pathname.startsWith('/api/') || accept.includes('application/json'))
    return Response.json({ error: message }, { status: 503, headers })
  if (accept.includes('text/html')) {
    const html =
      '<!doctype html><html lang="fr"><head><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width, initial-scale=1">' +
      `<title>${title}</title></head>` +
      '<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:20vh auto;padding:0 1rem;text-align:center">' +
      `<h1>${title}</h1><p>${message}</p></body></html>`
    return new Response(html, {
      status: 503,
      headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' },
    })
  }
  return new Response(message, {
    status: 503,
    headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
  })
}
