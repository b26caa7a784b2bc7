import { redirect } from 'react-router'
import { LEGACY_REDIRECTS } from '#app/domain/routes.ts'
import type { Route } from './+types/legacy-redirect'
import { methodNotAllowed } from '#app/server/http/method-not-allowed.server.ts'

// The original site's paths: a permanent redirect, which replaces the history entry.
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const target = LEGACY_REDIRECTS[url.pathname.replace(/\/+$/, '')] ?? '/'
  return redirect(target + url.search, 301)
}

/** No form posts here: a French 405 (ADR 024). */
export const action = methodNotAllowed
