// /api/auth/* — only the Better Auth endpoints the app itself uses. Sign-in, sign-up and
// account changes go through our own actions (/login, /register, /logout, /setup, the admin
// hub), which validate, rate-limit and log; Better Auth's own versions of them would bypass
// all of that, so everything not listed here answers 404.
import { redirect } from 'react-router'
import { auth, SOCIAL_PROVIDERS } from '#app/server/auth/auth.server.ts'
import type { Route } from './+types/api'

const BASE = '/api/auth'

/** GET paths forwarded to Better Auth. */
const FORWARDED_GET = new Set([
  // The popup sign-in asks whether a session exists (app/ui/auth/social-sign-in.tsx).
  `${BASE}/get-session`,
  // Where Google and Facebook send the browser back (genericOAuth providers use the core
  // /callback/:providerId endpoint; README "Google and Facebook sign-in").
  ...SOCIAL_PROVIDERS.map((provider) => `${BASE}/callback/${provider}`),
  // The link of the e-mail verification asked for from /cv (ADR 018 amendment).
  `${BASE}/verify-email`,
])

const notFound = () =>
  new Response('Page introuvable', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  })

/** Credentials Better Auth may put in a JSON answer: never readable by a page's script. */
const SECRET_KEYS = new Set(['token', 'accessToken', 'refreshToken', 'idToken'])

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets)
  if (!value || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_KEYS.has(key))
      .map(([key, inner]) => [key, withoutSecrets(inner)]),
  )
}

/**
 * Better Auth's answer with every credential taken out of its JSON body (ADR 060): the
 * session token is the session cookie's value, which is HttpOnly so that no script, ours or
 * an injected one, can read it; get-session used to hand it out anyway.
 */
async function forward(request: Request): Promise<Response> {
  const response = await auth.handler(request)
  if (!/^application\/json\b/i.test(response.headers.get('content-type') ?? '')) return response
  const text = await response.text()
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  headers.delete('content-encoding')
  let body = text
  try {
    if (text) body = JSON.stringify(withoutSecrets(JSON.parse(text)))
  } catch {
    // Not JSON after all: nothing of ours to take out.
  }
  return new Response(body || null, {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url)
  if (FORWARDED_GET.has(pathname)) return forward(request)
  // Better Auth's fallback when a sign-in's state is lost (expired or foreign cookie): our
  // French page instead of its English one.
  if (pathname === `${BASE}/error`) return redirect('/login?error=social')
  return notFound()
}

export function action() {
  return notFound()
}
