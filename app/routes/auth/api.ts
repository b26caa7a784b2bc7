// Better Auth's endpoints under /api/auth/* (sessions, social sign-in callbacks).
import { auth } from '#app/server/auth/auth.server.ts'
import type { Route } from './+types/api'

export function loader({ request }: Route.LoaderArgs) {
  return auth.handler(request)
}

export function action({ request }: Route.ActionArgs) {
  return auth.handler(request)
}
