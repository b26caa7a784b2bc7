// The action of an admin route that takes no form (the hub itself, its index, the activity
// log): a POST is guarded like every admin action, so a signed-out client is sent to
// /login (and logged, within the anonymous bound) instead of getting the hub's frame in a
// 405 page; an admin gets a plain 405.
import { data } from 'react-router'
import { requireAdmin } from '../auth/guard.server.ts'
import { METHOD_NOT_ALLOWED } from '../http/method-not-allowed.server.ts'

export async function readOnlyAdminAction(request: Request): Promise<never> {
  await requireAdmin(request)
  throw data(METHOD_NOT_ALLOWED, { status: 405, headers: { Allow: 'GET, HEAD' } })
}
