// GET /auth/social/:provider — start a Google or Facebook sign-in (popup or full page).
import { data } from 'react-router'
import { isSocialProvider, startSocialSignIn } from '#app/server/auth/social.server.ts'
import type { Route } from './+types/social'
import { methodNotAllowed } from '#app/server/http/method-not-allowed.server.ts'

export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isSocialProvider(params.provider)) {
    throw data('Fournisseur de connexion inconnu', { status: 404 })
  }
  return startSocialSignIn(request, params.provider)
}

/** No form posts here: a French 405 (ADR 024). */
export const action = methodNotAllowed
