// GET /compte/donnees: the signed-in user's data as a JSON file (GDPR art. 15 and 20,
// ADR 025's amendment). Nothing is cached; no form posts here.
import type { Route } from './+types/data'
import { ownData } from '#app/server/auth/account-self-service.server.ts'
import { requireUser } from '#app/server/auth/guard.server.ts'
import { getCurrentSession } from '#app/server/auth/session.server.ts'
import { methodNotAllowed } from '#app/server/http/method-not-allowed.server.ts'

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const current = await getCurrentSession(request)
  const body = JSON.stringify(await ownData(user, current?.session.id ?? null), null, 2)
  return new Response(body, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': 'attachment; filename="mes-donnees.json"',
      'Cache-Control': 'no-store',
    },
  })
}

export const action = methodNotAllowed
