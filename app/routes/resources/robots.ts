import { getEnv } from '#app/server/core/env.server.ts'
import { methodNotAllowed } from '#app/server/http/method-not-allowed.server.ts'

// Public pages are indexable; the back office and account pages are not.
export function loader() {
  const origin = getEnv().PUBLIC_URL
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /login',
    'Disallow: /register',
    'Disallow: /setup/',
    'Disallow: /api/',
    'Disallow: /cv/telecharger',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n')
  return new Response(body, {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  })
}

/** No form posts here: a French 405 (ADR 024). */
export const action = methodNotAllowed
