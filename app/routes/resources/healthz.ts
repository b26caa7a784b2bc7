import { sql } from 'kysely'
import { getDb } from '#app/server/db/client.server.ts'
import { methodNotAllowed } from '#app/server/http/method-not-allowed.server.ts'

// Liveness and readiness: the database answers a query.
export async function loader() {
  try {
    await sql`select 1`.execute(getDb())
    return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } })
  } catch {
    return Response.json(
      { status: 'error' },
      { status: 503, headers: { 'Cache-Control': 'no-store' } },
    )
  }
}

/** No form posts here: a French 405 (ADR 024). */
export const action = methodNotAllowed
