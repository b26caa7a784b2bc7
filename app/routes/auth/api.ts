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
])

const notFound = () =>
  new Response('Page introuvable', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  })

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url)
  if (FORWARDED_GET.has(pathname)) return auth.handler(request)
  // Better Auth's fallback when a sign-in's state is lost (expired or foreign cookie): our
  // French page instead of its English one.
  if (pathname === `${BASE}/error`) return redirect('/login?error=social')
  return notFound()
}

export function action() {
  return notFound()
}
